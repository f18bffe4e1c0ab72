// Link errors: a function and a variable declared here and defined in no file of the program.
// helper.cpp defines compute(float), another function than compute(int) (C++ links by the
// parameter types too).
#include <iostream>

int compute(int n);
extern float scale;

int main()
{
    std::cout << compute(3) << std::endl;  // expected-error {{undefined reference to 'compute' [undefined-function]}}
    std::cout << scale << std::endl;       // expected-error {{undefined reference to 'scale' [undefined-variable]}}
    return 0;
}
