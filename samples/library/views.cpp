// Views of views: sections (every overload), projections, view_as, reinterpret_as, get_ref,
// on the host and in kernels; concurrency::copy in its overloads, `array = array_view`, copy_async and completion_future.
#include <amp.h>
#include <iostream>
#include <vector>
using namespace concurrency;

void show(const char* title, array_view<int, 2> v) {
    std::cout << title << ":";
    for (int i = 0; i < v.extent[0]; i++) {
        std::cout << " [";
        for (int j = 0; j < v.extent[1]; j++) std::cout << (j ? " " : "") << v(i, j);
        std::cout << "]";
    }
    std::cout << "\n";
}

int main() {
    std::vector<int> grid(6 * 8);
    for (int i = 0; i < 48; i++) grid[i] = i;
    array_view<int, 2> g(6, 8, grid);

    // a kernel over a section: only the 3x4 block from (1, 2) changes
    array_view<int, 2> block = g.section(index<2>(1, 2), extent<2>(3, 4));
    parallel_for_each(block.extent, [=](index<2> idx) restrict(amp) {
        block[idx] = -block[idx];
    });
    show("block", block);
    std::cout << "g(1,2)=" << g(1, 2) << " g(0,2)=" << g(0, 2) << " g(4,5)=" << g(4, 5) << "\n";

    // the other overloads: from an origin to the end, an extent from 0, integers
    array_view<int, 2> tail = g.section(index<2>(4, 5));
    array_view<int, 2> head = g.section(extent<2>(2, 2));
    array_view<int, 2> ints = g.section(2, 6, 2, 2);
    show("tail", tail);
    show("head", head);
    show("ints", ints);
    std::cout << "tail extent " << tail.extent[0] << "x" << tail.extent[1] << "\n";

    // a projection: row 5 as a rank-1 view, written by a kernel
    array_view<int, 1> row = g[5];
    parallel_for_each(row.extent, [=](index<1> i) restrict(amp) {
        row[i] = row[i] * 100;
    });
    std::cout << "row:";
    for (int j = 0; j < 8; j++) std::cout << " " << row[j];
    std::cout << "  g(5,7)=" << g(5, 7) << "\n";

    // sections and projections made inside a kernel
    std::vector<int> sums(6);
    array_view<int, 1> rowsum(6, sums);
    parallel_for_each(rowsum.extent, [=](index<1> i) restrict(amp) {
        array_view<int, 1> r = g[i[0]];
        array_view<int, 2> corner = g.section(index<2>(i[0], 6), extent<2>(1, 2));
        int s = 0;
        for (int j = 0; j < r.extent[0]; j++) s += r[j];
        rowsum[i] = s + corner(0, 0) * 1000 + corner.extent[1];
    });
    std::cout << "rowsum:";
    for (int i = 0; i < 6; i++) std::cout << " " << rowsum[i];
    std::cout << "\n";

    // view_as and reinterpret_as
    std::vector<float> f(12);
    for (int i = 0; i < 12; i++) f[i] = 0.5f * i;
    array_view<float, 1> flat(12, f);
    array_view<float, 2> as34 = flat.view_as(extent<2>(3, 4));
    std::cout << "as34(2,1)=" << as34(2, 1) << " rank " << as34.rank << "\n";
    array_view<int, 1> bits = flat.reinterpret_as<int>();
    std::cout << "bits of 1.0f: " << bits[2] << " (" << bits.extent[0] << " ints)\n";
    float& ref = flat.get_ref(index<1>(3));
    ref = 42.0f;
    std::cout << "f[3]=" << f[3] << "\n";

    // arrays: sections, projections and view_as of an array are array_views
    array<int, 2> arr(3, 4, grid.begin());
    array_view<int, 2> arrsec = arr.section(index<2>(1, 1), extent<2>(2, 3));
    show("arrsec", arrsec);
    array_view<int, 1> arrflat = arr.view_as(extent<1>(12));
    std::cout << "arrflat[11]=" << arrflat[11] << "\n";

    // copy in its overloads
    std::vector<int> out(12, 0);
    copy(arr, out.begin());                              // array -> iterator
    std::cout << "out[5]=" << out[5] << "\n";
    array<int, 2> arr2(3, 4);
    copy(arr, arr2);                                     // array -> array
    array_view<int, 2> inside = g.section(index<2>(0, 0), extent<2>(3, 4));
    copy(arr2, inside);                                  // array -> a section of a view
    show("inside", g.section(index<2>(0, 0), extent<2>(3, 5)));
    std::vector<int> src(12);
    for (int i = 0; i < 12; i++) src[i] = 7 * i;
    copy(src.begin(), src.end(), arr2);                  // iterators -> array
    copy(src.begin(), inside);                           // iterator -> view
    std::vector<int> back(12);
    copy(inside, back.begin());                          // a section -> iterator
    std::cout << "back[11]=" << back[11] << " g(2,3)=" << g(2, 3) << "\n";
    arr2.copy_to(inside);                                // copy_to
    block.copy_to(arr2.section(index<2>(0, 0), extent<2>(3, 4)));
    std::vector<int> v2 = arr2;
    std::cout << "v2[0]=" << v2[0] << " v2[5]=" << v2[5] << "\n";
    arr2 = g.section(index<2>(1, 1), extent<2>(3, 4));   // array = array_view: a copy of its elements
    std::cout << "assigned " << arr2(0, 0) << " " << arr2(2, 3) << " " << g(3, 4) << "\n";

    // copy_async and the completion_future it returns
    std::vector<int> done(12, 0);
    completion_future cf = copy_async(arr, done.begin());
    cf.then([]() { std::cout << "copy finished\n"; });
    cf.get();
    std::cout << "done[4]=" << done[4] << " valid " << cf.valid() << "\n";
    completion_future sf = g.synchronize_async();
    sf.wait();
    std::cout << "grid[47]=" << grid[47] << "\n";
    return 0;
}
