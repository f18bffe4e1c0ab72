// A second program's entry point added to the same build.
#include <iostream>

int main(int argc, char** argv)     // expected-error {{multiple definition of 'main' [multiple-definition]}}
{
    std::cout << argc << std::endl;
    return 0;
}
