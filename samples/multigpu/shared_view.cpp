// One array_view used on two accelerators in turn: written on the first, read and written on the
// last, read by the host.  C++ AMP moves the data to where it is used; nothing is stale.
#include <amp.h>
#include <iostream>
#include <vector>
using namespace concurrency;

int main()
{
    std::vector<accelerator_view> views;
    for (const accelerator& acc : accelerator::get_all()) {
        if (!acc.is_emulated) views.push_back(acc.create_view());   // a queue of our own on each
    }
    if (views.empty()) views.push_back(accelerator().create_view());   // no hardware: the default
    accelerator_view writer = views[0], reader = views[views.size() - 1];

    std::vector<int> data(8);
    for (int i = 0; i < 8; i++) data[i] = i;
    array_view<int, 1> shared(8, data);
    std::vector<int> sums(8, 0);
    array_view<int, 1> out(8, sums);

    parallel_for_each(writer, shared.extent, [=](index<1> i) restrict(amp) {
        shared[i] = shared[i] * 10;
    });
    completion_future written = writer.create_marker();
    written.wait();                                                   // the first queue is done

    parallel_for_each(reader, shared.extent, [=](index<1> i) restrict(amp) {
        out[i] = shared[i] + shared[7 - i];                          // reads the first one's writes
    });
    parallel_for_each(reader, shared.extent, [=](index<1> i) restrict(amp) {
        shared[i] = shared[i] + 1;                                   // then writes on the last one
    });
    reader.wait();

    std::cout << "shared:";
    for (int i = 0; i < 8; i++) std::cout << " " << shared[i];
    std::cout << std::endl;
    out.synchronize();
    std::cout << "sums:";
    for (int v : sums) std::cout << " " << v;
    std::cout << std::endl;

    shared[3] = -1;                                                   // a host write: copied in again
    parallel_for_each(writer, shared.extent, [=](index<1> i) restrict(amp) {
        shared[i] = shared[i] * 2;
    });
    std::cout << "after a host write: " << shared[2] << " " << shared[3] << " " << shared[4] << std::endl;
    return 0;
}
