// Second definitions of a.cpp's external function and variable: the linker's error.
int shared_count = 5;                // expected-error {{multiple definition of 'shared_count' [multiple-definition]}}

int total()                          // expected-error {{multiple definition of 'total' [multiple-definition]}}
{
    return 2;
}

static int local() { return 2; }    // static in both files: two functions, no error
