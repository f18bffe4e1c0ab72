// Valid C++ amppy does not translate yet: a pointer to an array (`int (*rows)[2]`, what a 2-D
// array decays to, also written `int rows[][2]`), reported `[unsupported]` where the array is
// converted.  A reference to the array (`int (&rows)[3][2]`) is translated.
#include <iostream>

int rows_total(int (*rows)[2], int n) { return n; }
int rows_sum(const int (&rows)[3][2]) { return rows[0][0] + rows[2][1]; }

int main() {
    int grid[3][2] = {{1, 2}, {3, 4}, {5, 6}};
    std::cout << rows_sum(grid) << std::endl;
    std::cout << rows_total(grid, 3) << std::endl; // expected-error {{a pointer to an array ('int[3][2]' as 'int (*)[2]') is not supported yet [unsupported]}}
    return 0;
}
