// What a pointer to const points at cannot be assigned through it (Visual Studio's C3490 for a
// member, C3892 for the object), on the host and in kernels; nor can the pointer become a pointer
// to non-const without a cast (C2440).
#include <amp.h>
using namespace concurrency;

struct Sample { int count; float weight; };

int main() {
    std::vector<int> v(4);
    array_view<int, 1> av(4, v);
    parallel_for_each(av.extent, [=](index<1> idx) restrict(amp) {
        const Sample fixed = {1, 2.0f};
        const Sample* ps = &fixed;
        ps->count = 1; // expected-error {{cannot assign through 'const Sample*': what it points at is const [not-assignable]}}
        const int* pi = &av[idx];
        *pi = 2; // expected-error {{[not-assignable]}}
        Sample open = {3, 4.0f};
        const Sample* view = &open;
        int read = view->count + *pi;       // reading through them is fine
        av[idx] = read;
    });
    const int limit = 3;
    const int* pl = &limit;
    (*pl)++; // expected-error {{[not-assignable]}}
    Sample s = {1, 2.0f};
    const Sample* cs = &s;
    cs->weight += 1.0f; // expected-error {{[not-assignable]}}
    int* writable = pl; // expected-error {{cannot convert 'const int*' to 'int*': the conversion drops 'const' [type-mismatch]}}
    int* cast_away = const_cast<int*>(pl);      // a cast may
    const int* again = cast_away;               // adding const is fine
    return 0;
}
