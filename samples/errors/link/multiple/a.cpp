// The first definitions: b.cpp defines the same function and variable again.
// expected-no-diagnostics
#include <iostream>

int shared_count = 0;

int total()
{
    return shared_count + 1;
}

static int local() { return 1; }    // static: a.cpp's own, not a second definition

int main()
{
    std::cout << total() + local() << std::endl;
    return 0;
}
