// Text no C++ compiler accepts stays a syntax error: two declarators with nothing between them.
int main() {
    int a b; // expected-error {{expected ';' or ',' before 'b' [syntax-error]}}
    return 0;
}
