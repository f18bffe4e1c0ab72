// C++ errors in host code that uses the standard library: each is reported where Visual
// Studio reports it, with the rule that names it.
#include <algorithm>
#include <chrono>
#include <memory>
#include <vector>
#include <ppl.h>

virtual int helper(); // expected-error {{[bad-specifier]}}

int main() {
    std::unique_ptr<float[]> owner(new float[4]);
    std::unique_ptr<float[]> copy = owner; // expected-error {{[deleted-copy]}}
    std::chrono::milliseconds ms(1500);
    std::chrono::seconds s = ms; // expected-error {{[type-mismatch]}}
    int x = 3;
    delete x; // expected-error {{[type-mismatch]}}
    std::vector<int> v(3);
    int* p = v.data();
    concurrency::critical_section cs;
    concurrency::critical_section cs2 = cs; // expected-error {{[deleted-copy]}}
    cs.unlock_all(); // expected-error {{[no-member]}}
    std::vector<float> fs(3);
    bool same = fs.begin() == fs.rbegin(); // expected-error {{[type-mismatch]}}
    std::for_each(fs.begin(), fs.end(), [](double& d) { d = 1; }); // expected-error {{[type-mismatch]}}
    auto q = owner + 1; // expected-error {{[type-mismatch]}}
    return p[0];
}
