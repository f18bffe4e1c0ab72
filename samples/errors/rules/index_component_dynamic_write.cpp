// Valid C++ amppy does not translate yet: assigning an index's component chosen by a run-time
// subscript (reading one is translated: samples/kernels/index_loops.cpp).
#include <amp.h>
using namespace concurrency;

int main() {
    index<2> corner(0, 0);
    for (int d = 0; d < 2; d++)
        corner[d] = 7; // expected-error {{assigning a component of an index or extent chosen by a non-constant subscript is not supported yet [unsupported]}}
    return corner[0] == 7 ? 0 : 1;
}
