// Writing the program's own types to streams: a free `std::ostream& operator<<(std::ostream&,
// const V&)` and a friend one defined in its class, in the middle of a `std::cout` chain and on
// a std::ostringstream and a std::ofstream; a function taking any output stream (`std::ostream&`).
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>

struct V { float x, y; };
std::ostream& operator<<(std::ostream& os, const V& v) { os << "(" << v.x << ", " << v.y << ")"; return os; }

class Tag {
    std::string name;
    int id;
public:
    Tag(const std::string& n, int i) : name(n), id(i) {}
    friend std::ostream& operator<<(std::ostream& os, const Tag& t) { return os << t.name << "#" << t.id; }
};

void report(std::ostream& os, const V& v, int k) { os << "k=" << k << " v=" << v << "\n"; }

int main() {
    V a = {1.5f, 2};
    Tag t("unit", 7);
    std::cout << "a = " << a << ", tag " << t << " done" << std::endl;
    std::ostringstream ss;
    ss << a << " and " << t;
    report(std::cout, a, 3);
    report(ss, V{0.25f, -1}, 4);
    std::cout << ss.str();
    {
        std::ofstream out("stream_operators.txt");
        out << t << " " << a << std::endl;
    }
    std::ifstream in("stream_operators.txt");
    std::string line;
    std::getline(in, line);
    std::cout << "file: " << line << std::endl;
    in.close();
    std::remove("stream_operators.txt");
    return 0;
}
