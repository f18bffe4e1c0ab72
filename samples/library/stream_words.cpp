// A stream's own settings through std::ios_base::xalloc and iword: a `Columns` manipulator
// stores how many values per line an operator<< for vectors prints, separately for each stream
// (std::cout and a std::ostringstream here).  A stream that was never given the setting reads 0.
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

namespace fmt {
    inline int columns_slot() {
        static int slot = std::ios_base::xalloc();   // one index for the whole program
        return slot;
    }

    struct Columns {
        long n;
        explicit Columns(long count) : n(count) {}
    };

    std::ostream& operator<<(std::ostream& os, const Columns& c) {
        os.iword(columns_slot()) = c.n;
        return os;
    }

    std::ostream& operator<<(std::ostream& os, const std::vector<int>& v) {
        long per_line = os.iword(columns_slot());
        if (per_line <= 0) per_line = 4;                // the default
        for (size_t i = 0; i < v.size(); i++) {
            os << v[i];
            os << ((i + 1) % per_line == 0 || i + 1 == v.size() ? "\n" : " ");
        }
        return os;
    }
}
using namespace fmt;

int main() {
    int a = std::ios_base::xalloc();
    int b = std::ios::xalloc();
    std::cout << "slots are consecutive: " << (b - a) << ", ours is new: " << (columns_slot() > b) << std::endl;
    std::cout << "the same slot each time: " << (columns_slot() == columns_slot()) << std::endl;

    std::vector<int> values;
    for (int i = 1; i <= 9; i++) values.push_back(i * i);
    std::cout << "unset: " << std::cout.iword(columns_slot()) << std::endl << values;
    std::cout << Columns(3) << values;

    std::ostringstream text;
    text << values;                                     // this stream keeps its own (unset) word
    text << Columns(5) << values;
    long& word = text.iword(columns_slot());
    word += 4;                                          // iword is a long& that can be changed
    text << values;
    std::cout << "ostringstream:" << std::endl << text.str();
    std::cout << "cout still " << std::cout.iword(columns_slot()) << ", text now " << text.iword(columns_slot())
              << ", an unused slot " << std::cout.iword(a) << std::endl;
    return 0;
}
