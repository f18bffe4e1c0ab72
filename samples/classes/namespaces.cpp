// Namespaces: definitions (nested, and an unnamed one), qualified names (`geometry::cross`,
// `geometry::detail::twice`), `using namespace` of the program's own namespace,
// using-declarations (`using std::vector;`), and namespace aliases of the library's
// (`namespace amp = concurrency;`), on the host and in a kernel.
#include <amp.h>
#include <amp_math.h>
#include <iostream>
#include <vector>
namespace amp = concurrency;
namespace fm = concurrency::fast_math;
using std::vector;
using std::cout;

namespace geometry {
    struct Point { float x, y; };
    float cross(const Point& a, const Point& b) restrict(cpu, amp) { return a.x * b.y - a.y * b.x; }
    namespace detail {
        int twice(int v) { return 2 * v; }
    }
}

namespace {
    const int N = 4;
}

using namespace geometry;

int main() {
    vector<float> out(N);
    amp::array_view<float, 1> av(N, out);
    geometry::Point p = {1, 2};
    amp::parallel_for_each(av.extent, [=](amp::index<1> i) restrict(amp) {
        Point q = {(float)i[0], 1};
        av[i] = geometry::cross(p, q) + fm::sqrt(4.0f);
    });
    for (int i = 0; i < N; i++) cout << av[i] << " ";
    cout << geometry::detail::twice(21) << " " << cross(p, p) << std::endl;
    return 0;
}
