// Function pointers and references on the host: a pointer variable assigned and called
// (`op(a, b)`, `(*op)(a, b)`), `&f` or the bare name, a typedef and a `using` alias of the
// type, an array of them as a dispatch table, a callback parameter (a pointer, and a reference
// to a function), a global and a struct member of the type, NULL, `0`, `if (op)`, `p ? p : f`
// and comparisons, `sizeof`, a template's parameter; the function a pointer picks may launch a kernel (the
// conformance suite's Grouped tests choose their invokers this way).  A restrict(cpu, amp)
// function has a pointer on the host (the pointer's type is restrict(cpu)).
#include <amp.h>
#include <cstdio>
#include <iostream>
#include <vector>
using namespace concurrency;

typedef int (*binary_op)(int, int);
using unary_op = int (*)(int);

int add(int a, int b) { return a + b; }
int sub(int a, int b) { return a - b; }
int mul(int a, int b) { return a * b; }
int square(int x) { return x * x; }
int negate(int x) { return -x; }

int triple(int x) restrict(cpu, amp) { return 3 * x; }

unary_op fallback = negate;         // a global initialised with a function
int (*late_bound)(int);             // a null global

struct Handler {
    int id;
    int (*on_event)(int);
};

int fold(const std::vector<int>& v, int start, binary_op op) {
    int acc = start;
    for (size_t i = 0; i < v.size(); i++)
        acc = op(acc, v[i]);
    return acc;
}

int apply_twice(int (&f)(int), int x) { return f(f(x)); }

template <typename F>
int call_with(F f, int x) { return f(x); }

void map_in_place(std::vector<int>& v, int (*f)(int)) {
    for (size_t i = 0; i < v.size(); i++)
        v[i] = (*f)(v[i]);
}

void gpu_double(const std::vector<int>& in, std::vector<int>& out) {
    array_view<const int, 1> a((int)in.size(), in);
    array_view<int, 1> b((int)out.size(), out);
    b.discard_data();
    parallel_for_each(b.extent, [=](index<1> i) restrict(amp) { b[i] = triple(a[i]) - a[i]; });
    b.synchronize();
}

void cpu_square(const std::vector<int>& in, std::vector<int>& out) {
    for (size_t i = 0; i < in.size(); i++)
        out[i] = in[i] * in[i];
}

int run(void (*invoker)(const std::vector<int>&, std::vector<int>&), const char* name) {
    std::vector<int> in(5), out(5);
    for (int i = 0; i < 5; i++)
        in[i] = i + 1;
    invoker(in, out);
    int sum = 0;
    for (int i = 0; i < 5; i++)
        sum += out[i];
    printf("%s: %d\n", name, sum);
    return sum;
}

int main() {
    int (*op)(int, int) = add;
    std::cout << "add " << op(7, 5) << ", (*op) " << (*op)(1, 2) << std::endl;
    op = &mul;
    std::cout << "mul " << op(7, 5) << std::endl;

    binary_op table[3] = {add, sub, &mul};
    for (int i = 0; i < 3; i++)
        std::cout << "table[" << i << "](9, 4) = " << table[i](9, 4) << std::endl;

    std::vector<int> v(4);
    for (int i = 0; i < 4; i++)
        v[i] = i + 2;
    std::cout << "sum " << fold(v, 0, add) << ", product " << fold(v, 1, table[2]) << std::endl;

    unary_op u = square;
    std::cout << "square twice " << apply_twice(square, 3) << ", u(12) " << u(12) << std::endl;
    map_in_place(v, negate);
    std::cout << "negated " << v[0] << " " << v[3] << std::endl;

    int (*pick)(int) = &triple;
    std::cout << "triple on the host " << pick(10) << ", through a template " << call_with(pick, 4)
              << ", sizeof " << sizeof(int (*)(int)) << std::endl;

    unary_op none = NULL;
    if (none == NULL && u != NULL && u == square && op != table[0])
        std::cout << "comparisons hold" << std::endl;
    int (*maybe)(int) = 0;
    if (!maybe && !late_bound)
        maybe = late_bound ? late_bound : fallback;
    if (maybe)
        std::cout << "maybe(8) " << maybe(8) << std::endl;

    Handler handlers[2] = {{1, square}, {2, &negate}};
    Handler h;
    h.id = 7;
    h.on_event = triple;
    std::cout << "handlers " << handlers[0].on_event(handlers[1].id) << " "
              << handlers[1].on_event(h.on_event(h.id)) << std::endl;

    int total = run(gpu_double, "gpu_double") + run(cpu_square, "cpu_square");
    return total == 85 ? 0 : 1;
}
