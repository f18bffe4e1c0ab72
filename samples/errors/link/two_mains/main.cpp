// expected-no-diagnostics
#include <iostream>

int main()
{
    std::cout << "main" << std::endl;
    return 0;
}
