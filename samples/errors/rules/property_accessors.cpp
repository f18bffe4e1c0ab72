// A property without a `get` accessor cannot be read, one without `put` cannot be assigned
// (Visual C++'s C3734/C3735); amppy says which accessor is missing.
#include <iostream>

struct Gauge {
    int raw;
    int get_level() const { return raw / 10; }
    void set_target(int t) { raw = t; }
    __declspec(property(get = get_level)) int level;
    __declspec(property(put = set_target)) int target;
};

int main() {
    Gauge g;
    g.target = 50;
    g.level = 3; // expected-error {{property 'level' has no 'put' accessor: it cannot be assigned [not-assignable]}}
    std::cout << g.target << std::endl; // expected-error {{property 'target' has no 'get' accessor: it cannot be read [no-member]}}
    return 0;
}
