// Struct fields named like Python keywords or like the runtime struct's own attributes
// (`copy`, `dtype`, `_rec`, `assign`): they must not overwrite the struct's machinery.
#include <amp.h>
#include <iostream>
#include <vector>
using namespace concurrency;

struct Rec {
    int None;
    float copy;
    int dtype;
    int _rec;
    int assign;
    int lambda;
};

int main()
{
    std::vector<Rec> data(4);
    for (int i = 0; i < 4; i++) {
        data[i].None = i;
        data[i].copy = 0.5f * i;
        data[i].dtype = 10 * i;
        data[i]._rec = 0;
        data[i].assign = 1;
        data[i].lambda = -i;
    }
    Rec first = data[0];
    first.None = 99;
    array_view<Rec, 1> view(4, data);
    parallel_for_each(view.extent, [=](index<1> idx) restrict(amp) {
        view[idx]._rec = view[idx].None + view[idx].dtype + view[idx].assign;
        view[idx].lambda = view[idx].lambda * 2;
        view[idx].copy = view[idx].copy + 1.0f;
    });
    view.synchronize();
    for (int i = 0; i < 4; i++)
        std::cout << data[i].None << " " << data[i].copy << " " << data[i].dtype << " "
                  << data[i]._rec << " " << data[i].lambda << "\n";
    std::cout << first.None << " " << data[0].None << std::endl;
    return 0;
}
