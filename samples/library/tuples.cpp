// std::tuple and std::pair as records of the host program: make_tuple, get<k> (read and written),
// tuples in a vector, a tuple made from its values, and char fields read back as characters.
#include <iostream>
#include <tuple>
#include <utility>
#include <vector>

struct Tag
{
    int id;
    char grade;                     // a char field: printed as a character, not as its code
};

typedef std::tuple<int, float, char> Reading;

float total(const std::vector<Reading>& readings)
{
    float sum = 0.0f;
    for (const Reading& r : readings)
        sum += std::get<1>(r);
    return sum;
}

int main()
{
    std::vector<Reading> readings;
    readings.push_back(std::make_tuple(1, 2.5f, 'a'));
    readings.push_back(std::make_tuple(2, 0.25f, 'b'));
    readings.push_back(Reading(3, 4.0f, 'c'));

    std::get<0>(readings[1]) += 40;         // get<k> names the value itself
    std::get<2>(readings[2]) = 'z';

    for (auto r : readings)
        std::cout << std::get<0>(r) << " " << std::get<1>(r) << " " << std::get<2>(r) << "\n";
    std::cout << "total " << total(readings) << "\n";

    std::tuple<int, bool, double> t(7, true, 0.5);
    std::get<0>(t) *= 3;
    std::cout << std::get<0>(t) << " " << std::get<1>(t) << " " << std::get<2>(t) << "\n";

    std::pair<int, char> p(4, 'q');
    std::cout << std::get<0>(p) << std::get<1>(p) << " " << p.second << "\n";

    Tag tag;
    tag.id = 9;
    tag.grade = 'B';
    tag.grade++;
    std::cout << tag.id << tag.grade << "\n";
    return 0;
}
