// Rule amp-tile-shape: tiles have rank 1, 2 or 3, also in the tiled_index type of a
// restrict(amp) helper's parameter (no rank-4 extent needed to write it).
#include <iostream>
#include <vector>
#include <amp.h>
using namespace concurrency;

int corner(tiled_index<1, 2, 2, 2> t) restrict(amp) { // expected-error {{a tile has rank 1, 2 or 3, not 4 [amp-tile-shape]}}
    return 0;
}

int main() {
    std::cout << 1 << std::endl;
    return 0;
}
