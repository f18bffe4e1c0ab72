// A two-stage pipeline across accelerators: the first stage fills an array on the first
// accelerator, concurrency::copy hands it to an array on the next one (peer to peer or through the
// host, as the devices allow), and the second stage works on it there.
#include <amp.h>
#include <iostream>
#include <vector>
using namespace concurrency;

int main()
{
    std::vector<accelerator> accs;
    for (const accelerator& acc : accelerator::get_all()) {
        if (!acc.is_emulated) accs.push_back(acc);
    }
    if (accs.empty()) accs.push_back(accelerator());    // no hardware: the default (WARP-like) one
    accelerator_view first = accs[0].default_view;
    accelerator_view second = accs[accs.size() - 1].default_view;    // the same one when there is one

    const int n = 12;
    extent<1> e(n);
    array<int, 1> stage1(e, first);
    parallel_for_each(first, e, [&stage1](index<1> i) restrict(amp) {
        stage1[i] = i[0] * i[0];                                     // squares
    });

    array<int, 1> stage2(e, second);
    copy(stage1, stage2);                                            // from one accelerator to the next
    parallel_for_each(second, e, [&stage2](index<1> i) restrict(amp) {
        stage2[i] = stage2[i] * 2 + 1;
    });

    std::vector<int> out = stage2;                                   // copied out to the host
    std::cout << "stage 2 of " << n << " squares:";
    for (int v : out) std::cout << " " << v;
    std::cout << std::endl;
    std::cout << "same accelerator view: " << (stage2.get_accelerator_view() == second) << std::endl;
    return 0;
}
