// std::string on the host: construction, concatenation, comparison, the members that
// search and cut, writing one character, to_string and the sto* conversions, and a
// vector of strings.  The report line is built the way such programs build file names
// and log messages.
#include <iostream>
#include <string>
#include <vector>

using namespace std;

// A name for the n-th result file: "result_007.txt"
string file_name(const string& stem, int n) {
    string digits = to_string(n);
    while (digits.size() < 3) digits = "0" + digits;
    return stem + "_" + digits + ".txt";
}

int main() {
    string device = "NVIDIA H100";
    std::string empty;
    string stars(5, '*');
    string copy = device;
    copy += " (copy)";
    cout << device << " | " << copy << " | " << stars << " | [" << empty << "] " << empty.empty() << endl;

    // Searching and cutting
    size_t space = device.find(' ');
    string vendor = device.substr(0, space);
    string model = device.substr(space + 1);
    cout << vendor << "/" << model << " " << device.length() << " " << device.find("H1") << " "
         << (device.find("AMD") == string::npos) << " " << device.rfind('I') << endl;

    // Comparison is by characters, like strcmp (compare gives only a sign)
    string a = "apple", b = "apricot";
    cout << (a < b) << (a == "apple") << (b != a) << (a > b) << " " << (a.compare(b) < 0) << (b.compare(b) == 0) << endl;

    // Changing characters and the string itself
    string word = "kernel";
    word[0] = 'K';
    word.push_back('s');
    word.insert(0, "[");
    word.append("]");
    cout << word << " " << word[1] << word.front() << word.back() << " " << word.size() << endl;
    word.erase(0, 1);
    word.pop_back();
    word.clear();
    cout << "[" << word << "] " << word.size() << endl;

    // Numbers to text and back
    cout << to_string(42) << " " << to_string(-7LL) << " " << to_string(2.5f) << " "
         << to_string(1.0 / 3.0) << " " << to_string(1u << 31) << endl;
    int n = stoi("  123 apples");
    float f = stof("2.75");
    double d = stod("-1.5e3");
    long long big = stoll("9000000000");
    cout << n + 1 << " " << f * 2 << " " << d << " " << big << " " << stoi("ff", nullptr, 16) << endl;

    vector<string> files;
    for (int i = 1; i <= 12; i += 5) files.push_back(file_name("result", i));
    for (size_t i = 0; i < files.size(); i++) cout << files[i] << (i + 1 < files.size() ? ", " : "\n");

    printf("%s has %d characters\n", device.c_str(), (int)device.size());
    return 0;
}
