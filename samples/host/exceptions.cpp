// try/catch/throw on the host: the standard exception classes (a handler for a base class
// catches the derived ones), what(), values of other types (int, const char*), a rethrow
// with `throw;`, catch (...), and the exceptions the library throws (vector::at, stoi, substr).
#include <iostream>
#include <stdexcept>
#include <string>
#include <vector>

using namespace std;

float checked_ratio(int a, int b) {
    if (b == 0) throw invalid_argument("division by zero: " + to_string(a) + "/0");
    if (a < 0) throw -1;
    if (a > 1000) throw "too large";
    return (float)a / b;
}

int parse_all(const vector<string>& texts) {
    int sum = 0;
    for (const string& t : texts) {
        try {
            sum += stoi(t);
        } catch (const invalid_argument&) {
            cout << "  not a number: '" << t << "'" << endl;
        }
    }
    return sum;
}

int main() {
    int cases[5][2] = {{6, 4}, {1, 0}, {-3, 2}, {5000, 2}, {7, 7}};
    for (auto& c : cases) {
        try {
            cout << checked_ratio(c[0], c[1]) << endl;
        } catch (const logic_error& e) {
            cout << "logic_error: " << e.what() << endl;
        } catch (int code) {
            cout << "int " << code << endl;
        } catch (const char* message) {
            cout << "message " << message << endl;
        }
    }

    vector<string> texts;
    texts.push_back("12");
    texts.push_back("x");
    texts.push_back(" 30 kg");
    cout << "sum " << parse_all(texts) << endl;

    try {
        vector<int> v(3);
        v.at(1) = 5;
        cout << "v.at(1) = " << v.at(1) << endl;
        v.at(3) = 1;
        cout << "not reached" << endl;
    } catch (const out_of_range&) {
        cout << "vector::at out of range" << endl;
    }
    try {
        string s = "abc";
        cout << s.substr(4) << endl;
    } catch (const exception&) {
        cout << "substr out of range" << endl;
    }

    try {
        try {
            throw runtime_error("inner failure");
        } catch (const runtime_error& e) {
            cout << "handling " << e.what() << ", then rethrowing" << endl;
            throw;
        }
    } catch (...) {
        cout << "caught by catch (...)" << endl;
    }
    return 0;
}
