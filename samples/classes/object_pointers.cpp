// Pointers to class objects on the host: `&obj`, `p->f()`, `*p` (read, copied, assigned), a
// pointer moved from object to object, pointers compared with each other and with nullptr,
// C arrays and std::vectors of pointers (virtual calls dispatch on the object), a linked list,
// `&v[i]` of a vector of classes, `static_cast<Derived&>` of a base reference, a reference bound
// to what a member function returns by reference (`auto& a = h.arr();`, used by a kernel), and a
// pointer to an array captured by reference in a kernel; `new` with constructor arguments and
// `delete` running the destructors (a virtual one: the object's class's first); pointers to a
// global number and to a static local; `new` of a C++ AMP array and of a std::vector.
#include <amp.h>
#include <iostream>
#include <vector>
using namespace concurrency;

struct Shape {
    virtual ~Shape() {}
    virtual float area() const { return 0.0f; }
};

struct Rect : Shape {
    float w, h;
    Rect(float a, float b) : w(a), h(b) {}
    float area() const { return w * h; }
};

struct Circle : Shape {
    float r;
    explicit Circle(float x) : r(x) {}
    float area() const { return 3.0f * r * r; }       // (a coarse pi keeps the output exact)
};

struct Counter {
    int n;
    void add(int k) { n += k; }
    int get() const { return n; }
};

struct Registry {
    std::vector<const Shape*> items;
    void add(const Shape* s) { items.push_back(s); }
    float total() const {
        float t = 0;
        for (const Shape* p : items) t += p->area();
        return t;
    }
};

struct Link { int value; Link* next; };

struct Owner {
    virtual ~Owner() {}
    virtual int size() const { return 0; }
};

struct Buffer : Owner {
    int n;
    explicit Buffer(int count) : n(count) { std::cout << "Buffer(" << n << ")\n"; }
    ~Buffer() { std::cout << "~Buffer " << n << "\n"; }
    int size() const { return n; }
};

struct Holder {
    array<int, 1> data;
    Holder() : data(4) {}
    array<int, 1>& arr() { return data; }
};

void bump(Counter* c) { c->add(1); }

struct Tally { int n; Tally() : n(10) {} };

int total_calls = 5;
int* calls() { return &total_calls; }
float* scale() { static float s = 1.5f; return &s; }

void enroll(Registry& reg, const Shape* s) { reg.add(s); }

int main() {
    Counter a = {1};
    Counter b = {10};
    Counter* p = &a;
    p->add(2);
    bump(&b);
    const Counter* q = nullptr;
    std::cout << "null: " << (q == nullptr) << "\n";
    if (a.get() > 2) q = &b; else q = &a;
    std::cout << a.n << " " << b.n << " " << q->get() << " " << (*p).n << "\n";
    Counter c = *q;                 // a copy: changing it leaves b alone
    c.n = 99;
    *p = b;                         // assigns a from b
    std::cout << b.n << " " << a.n << " " << (p == &a) << " " << (p != &b) << "\n";

    Rect r(2.0f, 3.0f);
    Circle ci(1.0f);
    Shape* s = &r;
    std::cout << "area " << s->area() << "\n";
    Shape* shapes[2] = { &r, &ci };
    for (int i = 0; i < 2; ++i) std::cout << shapes[i]->area() << " ";
    std::cout << "\n";
    Registry reg;
    reg.add(&r);
    enroll(reg, &ci);
    r.w = 10.0f;                    // the registry holds pointers: it sees the change
    std::cout << "total " << reg.total() << " of " << reg.items.size() << "\n";
    Rect& back = static_cast<Rect&>(*s);
    back.h = 0.5f;
    std::cout << "rect " << r.h << " " << s->area() << "\n";

    std::vector<Counter> counters(3);
    Counter* middle = &counters[1];
    middle->n = 7;
    std::vector<Counter*> slots(2);
    std::cout << counters[1].n << " " << (slots[0] == nullptr) << "\n";
    slots[0] = &counters[2];
    slots[0]->n = 4;
    std::cout << counters[2].n << "\n";

    Link first = {1, nullptr};
    Link second = {2, &first};
    Link third = {3, &second};
    int sum = 0;
    for (Link* it = &third; it != nullptr; it = it->next) sum += it->value;
    std::cout << "list " << sum << "\n";

    int* tc = calls();
    *tc += 2;
    total_calls *= 10;
    *scale() *= 2.0f;
    std::cout << "globals " << total_calls << " " << *tc << " " << *scale() << "\n";

    Tally* tally = new Tally;               // its default constructor runs
    std::cout << "tally " << tally->n << "\n";
    delete tally;

    Owner* owned = new Buffer(12);
    std::cout << "size " << owned->size() << "\n";
    delete owned;
    Owner* none = nullptr;
    delete none;

    Holder h;
    auto& data = h.arr();           // a name for the member array itself
    parallel_for_each(data.extent, [=, &data](index<1> idx) restrict(amp) {
        array<int, 1>* target = &data;
        (*target)[idx] = idx[0] * 5;
    });
    std::vector<int> out(4);
    copy(h.arr(), out.begin());
    for (int x : out) std::cout << x << " ";
    std::cout << "\n";

    std::vector<int> ones(8, 1);
    array<int, 1>* pa = new array<int, 1>(8, ones.begin());
    array<int, 1>& heap = *pa;
    parallel_for_each(heap.extent, [&heap](index<1> i) restrict(amp) { heap[i] += i[0]; });
    std::vector<int> copied(8);
    copy(*pa, copied.begin());
    std::cout << copied[7] << " " << pa->get_extent()[0] << "\n";
    delete pa;
    std::vector<int>* pv = new std::vector<int>(3, 5);
    pv->push_back(6);
    std::cout << pv->size() << " " << (*pv)[3] << "\n";
    delete pv;
    return 0;
}
