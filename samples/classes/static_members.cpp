// Static data members: one variable of the class, defined outside it ('int Counter::made = 100;'),
// read and changed by constructors and static member functions and as 'Counter::name' outside;
// one without an initializer starts at zero.
#include <iostream>
#include <string>
struct Counter {
    static int made;
    static std::string last;
    static float ratio;
    int id;
    Counter() : id(++made) { last = "c" + std::to_string(id); }
    static int count() { return made; }
};
int Counter::made = 100;
std::string Counter::last = "none";
float Counter::ratio;
int main() {
    std::cout << Counter::made << " " << Counter::last << std::endl;
    Counter a, b;
    Counter::ratio = 0.5f;
    std::cout << a.id << " " << b.id << " " << Counter::count() << " " << Counter::last << " " << Counter::ratio << std::endl;
}
