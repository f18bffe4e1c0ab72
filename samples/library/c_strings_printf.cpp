// printf's ... arguments get the default promotions (a char prints its code with %x,
// bool and short print as int), and a string literal ends at its first NUL.
#include <cstdio>
#include <iostream>
int main() {
    char c = 'A'; char d = (char)200; short s = -2; bool b = true; unsigned char uc = 250;
    printf("%x %d %c %d %d %u %c|\n", c, d, c, s, b, uc, 66);
    std::cout << "a\0b" << "|" << std::endl;
    printf("%s|\n", "x\0yz");
    return 0;
}
