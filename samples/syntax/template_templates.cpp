// Template template parameters: a container template passed by name (std::vector, a class
// template of the program, C++ AMP's array_view), given explicitly or deduced from an argument,
// with a default argument std::allocator<T> as the standard containers declare it; an operator<<
// template chosen for an extent; overloaded function templates told apart by C++'s partial
// ordering (f(It, It) is more specialised than f(B, E)) and by the kinds of explicit arguments.
#include <amp.h>
#include <iostream>
#include <memory>
#include <vector>
using namespace concurrency;

template <typename T>
struct Stack
{
    std::vector<T> items;
    void push(T v) { items.push_back(v); }
    int size() const { return (int)items.size(); }
};

// a container of n copies of value, made by whichever template C names
template <typename T, template <typename U, typename = std::allocator<U>> class C>
T sum_of_copies(int n, T value)
{
    C<T> c(n, value);
    T sum = 0;
    for (int i = 0; i < n; i++)
        sum += c[i];
    return sum;
}

// C deduced from the argument: Stack<int> gives C = Stack, T = int
template <typename T, template <typename> class C>
int count_of(const C<T>& c)
{
    return c.size();
}

// C deduced as array_view, N as its rank
template <typename T, int N, template <typename, int> class C>
T first_of(const C<T, N>& view)
{
    return view[index<N>()];
}

template <int N>
std::ostream& operator<<(std::ostream& os, const extent<N>& e)
{
    os << "extent<" << N << ">(";
    for (int i = 0; i < N; i++)
        os << (i == 0 ? "" : ", ") << e[i];
    return os << ")";
}

// two ends of one type: the more specialised overload
template <typename T, typename It>
int span_kind(It first, It last)
{
    return 1;
}

// two ends of any types
template <typename T, typename B, typename E>
int span_kind(B first, E last)
{
    return 2;
}

// an explicit constant picks the overload whose parameter is a constant
template <typename T, int N>
int sized(T value)
{
    return N * (int)value;
}

template <typename T, typename U>
int sized(T value)
{
    return -(int)value;
}

template <typename T, int N>
int scaled_twice(T value)
{
    return sized<T, N>(value) * 2;          // N: a constant of this template
}

int main()
{
    std::cout << sum_of_copies<int, std::vector>(5, 3) << "\n";
    std::cout << sum_of_copies<double, std::vector>(4, 0.5) << "\n";

    Stack<int> s;
    s.push(1);
    s.push(2);
    s.push(3);
    std::cout << count_of(s) << "\n";

    std::vector<float> data(6);
    for (int i = 0; i < 6; i++)
        data[i] = 1.5f * (i + 1);
    array_view<float, 2> view(2, 3, data);
    std::cout << first_of(view) << "\n";
    std::cout << view.extent << " " << extent<1>(7) << "\n";

    std::vector<int> v(3);
    std::cout << span_kind<int>(v.begin(), v.end()) << span_kind<int>(v.begin(), 5) << "\n";
    std::cout << sized<int, 4>(3) << " " << sized<int, float>(3) << " " << scaled_twice<int, 5>(2) << "\n";
    return 0;
}
