// `static` locals keep their value from call to call (and from one loop iteration to the next),
// initialised once, as C++ does: one initialised from a call or from other variables gets its
// value the first time control passes its declaration (not before main starts), and a `char`
// that never changes can be handed out as a one-character C string.
#include <iostream>
#include <string>

int next_id() {
    static int id = 100;
    id += 1;
    return id;
}

double running_mean(double x) {
    static double sum;
    static int count = 0;
    sum += x;
    count++;
    return sum / count;
}

int made = 0;

int make_serial(const char* why) {
    ++made;
    std::cout << "make_serial(" << why << ") call " << made << std::endl;
    return 1000 + made * 10;
}

int serial() {
    static int first = make_serial("serial");    // runs on the first call only
    return first;
}

struct Greeter {
    std::string text;
    Greeter(const std::string& who) : text("hello, " + who) { std::cout << "Greeter made" << std::endl; }
};

const std::string& greeting() {
    static Greeter g("static");                  // constructed on the first call
    return g.text;
}

int scaled(int x) {
    static const int factor = made * 3 + 1;      // from a variable: its value at the first call
    return x * factor;
}

const char* separator() {
    static char sep(';');
    return &sep;
}

int main() {
    std::cout << "main starts, made = " << made << std::endl;
    std::cout << serial() << " " << serial() << " made = " << made << std::endl;
    std::cout << greeting() << " / " << greeting() << std::endl;
    std::cout << scaled(2) << " " << make_serial("main") << " " << scaled(2) << std::endl;
    std::cout << "a" << separator() << "b" << separator() << "c" << std::endl;
    std::cout << next_id() << " " << next_id() << " " << next_id() << std::endl;
    for (int i = 1; i <= 4; i++) std::cout << running_mean(i * 2.5) << " ";
    std::cout << std::endl;
    for (int round = 0; round < 3; round++) {
        static int seen = 0;
        seen += round;
        int fresh = 0;
        fresh += round;
        std::cout << "round " << round << ": seen " << seen << ", fresh " << fresh << std::endl;
    }
    return 0;
}
