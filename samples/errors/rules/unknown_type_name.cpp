// A declaration that starts with a name nothing declares is "unknown type name", with the
// question a C++ programmer asks first (a missing include); never a bare syntax error.
struct Timing {
    SDKTimer timer; // expected-error {{unknown type name 'SDKTimer' [unknown-type]}}
};

int main() { return 0; }
