// An accelerator_view and an accelerator held as class members (set in the member-initializer
// list) and used to launch a kernel on that view.
#include <amp.h>
#include <iostream>
using namespace concurrency;
class Runner {
public:
    Runner(accelerator_view view) : m_view(view), m_acc(view.get_accelerator()) {}
    void run(array_view<int, 1> a) {
        parallel_for_each(m_view, a.extent, [=](index<1> i) restrict(amp) { a[i] = i[0] * 2; });
        a.synchronize();
    }
    bool same() const { return m_acc == m_view.get_accelerator(); }
private:
    accelerator_view m_view;
    accelerator m_acc;
};
int main() {
    std::vector<int> v(4);
    array_view<int, 1> a(4, v);
    Runner r(accelerator().default_view);
    r.run(a);
    std::cout << v[3] << " " << r.same() << "\n";
}
