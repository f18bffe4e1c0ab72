// Rule amp-tile-static-context: tile_static in an ordinary host function.
#include <iostream>

int accumulate(int n) {
    tile_static int total; // expected-error {{[amp-tile-static-context]}}
    total = 0;
    for (int i = 0; i < n; i++) total += i;
    return total;
}

int main() {
    std::cout << accumulate(5) << std::endl;
    return 0;
}
