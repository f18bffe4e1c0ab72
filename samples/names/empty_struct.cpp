// An empty struct is a valid C++ type; its Python class needs a body.
#include <iostream>

struct Empty {};

struct Holder {
    int n;
};

int count(Empty e, int k) { return k + 1; }

int main()
{
    Empty e;
    Empty f = e;
    Holder h = { 41 };
    std::cout << count(f, h.n) << std::endl;
    return 0;
}
