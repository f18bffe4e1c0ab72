// Constructor templates: a class whose only constructor is a template (the argument's type is
// deduced at each construction), a class template with a converting constructor template next
// to its ordinary constructors (an ordinary constructor wins a tie, as C++ chooses), and a
// `pair` of the program's own in a namespace, constructed from a pair of other element types.
#include <iostream>
#include <string>

struct Meters {
    double value;
    template <typename U>
    explicit Meters(const U& amount) : value(amount * 2.0) {}
};

template <typename T>
struct Holder {
    T value;
    int made_by;
    Holder() : value(), made_by(0) {}
    Holder(const T& v) : value(v), made_by(1) {}
    template <typename U>
    Holder(const Holder<U>& other) : value(static_cast<T>(other.value)), made_by(2) {}
    template <typename U>
    Holder(U a, U b) : value(static_cast<T>(a + b)), made_by(3) {}
};

namespace geo {
    template <typename T1, typename T2>
    class pair {
    public:
        T1 first;
        T2 second;
        pair() : first(), second() {}
        pair(const T1& a, const T2& b) : first(a), second(b) {}
        template <typename U1, typename U2>
        pair(const pair<U1, U2>& other) : first(other.first), second(other.second) {}
    };
}

int main() {
    Meters a(3), b(1.25f);
    std::cout << "meters: " << a.value << " " << b.value << std::endl;

    Holder<int> plain(7);
    Holder<double> converted(plain);
    Holder<double> summed(1.5f, 2.0f);
    Holder<int> same(plain);                // the implicit copy constructor
    Holder<int> exact(9);                   // Holder(const T&) beats the template's deduction
    std::cout << "holders: " << converted.value << "/" << converted.made_by << " "
              << summed.value << "/" << summed.made_by << " "
              << same.value << "/" << same.made_by << " "
              << exact.value << "/" << exact.made_by << std::endl;

    geo::pair<int, float> p(2, 0.5f);
    geo::pair<double, double> q(p);
    geo::pair<long long, std::string> r(5, "five");
    std::cout << "pairs: " << q.first + q.second << " " << r.first << " " << r.second << std::endl;
    return 0;
}
