// Virtual functions that return a second result through a reference parameter, called every way
// a program reaches them: through a base pointer from `new`, a shared_ptr to the base, a base
// reference, a function template, and inside a larger expression (the call runs first, then the
// caller reads the changed argument). A pure virtual function has no body of its own: its
// overrides still give the changed parameter back to the caller, also inside a lambda that
// captures the caller's variables by reference (the C++ AMP book's timing idiom), and over a
// vector of (shared_ptr<base>, name) pairs made from pointers to the derived classes.
#include <iostream>
#include <functional>
#include <memory>
#include <utility>
#include <vector>

class Reducer {
public:
    virtual int Reduce(int n, double& seconds) const = 0;
    virtual const char* Name() const = 0;
    virtual ~Reducer() {}
};

class Doubling : public Reducer {
public:
    int Reduce(int n, double& seconds) const override { seconds = 1.25; return n * 2; }
    const char* Name() const override { return "doubling"; }
};

class Counting : public Reducer {
    int calls;
public:
    Counting() : calls(0) {}
    int Reduce(int n, double& seconds) const override { seconds = n / 4.0; return n + 1; }
    const char* Name() const override { return "counting"; }
};

int ByReference(const Reducer& r, int n, double& seconds) {
    return r.Reduce(n, seconds);
}

template <typename R>
int ByTemplate(const R& r, int n, double& seconds) {
    int result = r.Reduce(n, seconds);
    return result * 10;
}

void Report(const Reducer* r, int n) {
    double seconds = -1;
    int result = r->Reduce(n, seconds);
    std::cout << r->Name() << " " << result << " " << seconds << std::endl;
}

double Timed(const std::function<void()>& work) {
    work();
    return 0.5;
}

int main() {
    Reducer* p = new Doubling();
    double t = 0;
    int r = p->Reduce(21, t);
    std::cout << r << " " << t << std::endl;
    if (p->Reduce(5, t) == 10 && t == 1.25)
        std::cout << "PASSED" << std::endl;
    Report(p, 8);
    delete p;

    std::shared_ptr<Reducer> sp = std::make_shared<Counting>();
    double t2 = 0;
    int r2 = sp->Reduce(6, t2);
    std::cout << r2 << " " << t2 << std::endl;
    Report(sp.get(), 10);

    Counting c;
    double t3 = 0;
    std::cout << ByReference(c, 9, t3) << " " << t3 << std::endl;
    double t4 = 0;
    int r4 = ByTemplate(c, 2, t4) + 1;
    std::cout << r4 << " " << t4 << std::endl;
    int r5 = 0;
    double t5 = 0;
    double total = Timed([&]() { r5 = sp->Reduce(3, t5); });
    std::cout << r5 << " " << t5 << " " << total << std::endl;

    std::vector<std::pair<std::shared_ptr<Reducer>, int>> all;
    all.push_back(std::make_pair(std::make_shared<Doubling>(), 1));
    all.push_back(std::make_pair(std::shared_ptr<Reducer>(new Counting()), 2));
    std::pair<std::shared_ptr<Reducer>, double> weighted = std::make_pair(std::make_shared<Counting>(), 2.5f);
    for (size_t k = 0; k < all.size(); k++) {
        double seconds = 0;
        int result = all[k].first->Reduce(all[k].second * 10, seconds);
        std::cout << all[k].first->Name() << " x" << all[k].second << ": " << result << " " << seconds << std::endl;
    }
    std::cout << weighted.first->Name() << " " << weighted.second << std::endl;
    return 0;
}
