// The emulated accelerators as C++ AMP programs use them: REF (the reference rasterizer, for
// debugging and comparing results) and WARP (the CPU rasteriser) made by path, compared with ==,
// their properties printed; REF made the default accelerator and a kernel run on the default; a
// kernel run on a view of WARP; and a reduction that skips its warp-synchronous (unrolled) steps
// on an emulated device. Nothing that differs between machines (memory, the GPU's name) is printed.
#include <amp.h>
#include <iostream>
#include <vector>
using namespace concurrency;

static const int TILE = 64;

void describe(const accelerator& a) {
    std::wcout << a.device_path << L": " << a.description << L"\n";
    std::cout << "  emulated " << a.is_emulated << ", doubles " << a.supports_double_precision
              << ", limited doubles " << a.supports_limited_double_precision << ", display " << a.has_display
              << ", debug " << a.is_debug << ", memory " << a.dedicated_memory << " KB, version "
              << (a.version >> 16) << "." << (a.version & 0xFFFF) << "\n";
}

// Sum of each tile of 64; the last 32 threads' steps without barriers only where a warp of 32
// runs in lock step (hardware); an emulated device keeps the barrier at every step.
int tiled_sum(const accelerator_view& view, const std::vector<int>& data, bool unrolled) {
    int tiles = int(data.size()) / TILE;
    array_view<const int, 1> in(int(data.size()), data);
    std::vector<int> sums(tiles);
    array_view<int, 1> out(tiles, sums);
    out.discard_data();
    parallel_for_each(view, in.extent.tile<TILE>(), [=](tiled_index<TILE> t) restrict(amp) {
        tile_static int part[TILE];
        int i = t.local[0];
        part[i] = in[t.global];
        t.barrier.wait();
        for (int s = TILE / 2; s > 0; s /= 2) {
            if (unrolled && s <= 16) break;          // the rest is one warp's business
            if (i < s) part[i] += part[i + s];
            t.barrier.wait();
        }
        if (unrolled && i < 16) {                     // (not taken on an emulated device)
            for (int s = 16; s > 0; s /= 2) part[i] += part[i + s];
        }
        if (i == 0) out[t.tile] = part[0];
    });
    out.synchronize();
    int total = 0;
    for (int s : sums) total += s;
    return total;
}

int main() {
    std::cout << std::boolalpha << "the emulated accelerators:\n";
    accelerator ref(accelerator::direct3d_ref), warp(accelerator::direct3d_warp);
    describe(warp);
    describe(ref);
    std::cout << "ref == ref: " << (ref == accelerator(accelerator::direct3d_ref))
              << ", warp != ref: " << (warp != ref) << "\n";

    // listed by get_all(), as Windows listed them
    int listed = 0;
    for (const accelerator& a : accelerator::get_all())
        if (a == ref || a == warp) listed++;
    std::cout << "listed by get_all: " << listed << "\n";

    // REF as the default accelerator (allowed once, before the default is used)
    bool set = accelerator::set_default(accelerator::direct3d_ref);
    accelerator chosen;
    if (chosen == accelerator(accelerator::direct3d_ref))
        std::cout << "warning: running on the reference rasterizer (slow)\n";
    std::cout << "set_default: " << set << ", again: " << accelerator::set_default(accelerator::direct3d_warp)
              << ", default is " << (chosen == ref ? "REF" : "another") << "\n";

    std::vector<int> v(8);
    array_view<int, 1> av(8, v);
    parallel_for_each(av.extent, [=](index<1> i) restrict(amp) { av[i] = i[0] * i[0]; });   // on the default
    av.synchronize();
    std::cout << "squares on the default:";
    for (int x : v) std::cout << " " << x;
    std::cout << "\n";

    // a kernel on a view of WARP; the data is where the kernel needs it
    accelerator_view wv = warp.create_view();
    std::vector<float> f(6, 1.5f);
    array_view<float, 1> fv(6, f);
    parallel_for_each(wv, fv.extent, [=](index<1> i) restrict(amp) { fv[i] = fv[i] * float(i[0] + 1); });
    fv.synchronize();
    std::cout << "on WARP's view (" << (wv.get_accelerator() == warp) << "):";
    for (float x : f) std::cout << " " << x;
    std::cout << "\n";

    // pick the default accelerator; skip warp-synchronous code where it is emulated
    std::vector<int> data(4 * TILE);
    for (size_t i = 0; i < data.size(); i++) data[i] = int(i % 7) - 2;
    accelerator best;
    bool unrolled = !best.is_emulated;
    std::cout << "unrolled reduction: " << unrolled << ", sum " << tiled_sum(best.default_view, data, unrolled)
              << ", on REF " << tiled_sum(ref.default_view, data, false) << "\n";
    return 0;
}
