// `static` locals keep their value from call to call (and from one loop iteration to the next),
// initialised once, as C++ does.
#include <iostream>

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

int main() {
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
