// Host lambdas and <algorithm>: predicates and comparators as lambdas (capturing by copy and
// by reference), a plain function and std::greater as comparators, range-based for loops
// over vectors, C arrays and strings, and iterators (*it, it->field, it - begin).
#include <algorithm>
#include <amp.h>
#include <functional>
#include <iostream>
#include <numeric>
#include <string>
#include <vector>

using namespace std;

struct Sample {
    int id;
    float value;
};

bool larger_value(const Sample& a, const Sample& b) { return a.value > b.value; }

int main() {
    vector<int> v(10);
    iota(v.begin(), v.end(), 1);

    // A lambda captures `limit` by copy: changing it afterwards does not change the lambda
    int limit = 4;
    auto above = [limit](int x) { return x > limit; };
    limit = 100;
    cout << count_if(v.begin(), v.end(), above) << " above 4, " << above(5) << endl;

    auto first7 = find_if(v.begin(), v.end(), [](int x) { return x % 7 == 0; });
    cout << *first7 << " at position " << (first7 - v.begin()) << ", 42 found: "
         << (find(v.begin(), v.end(), 42) != v.end()) << endl;

    sort(v.begin(), v.end(), greater<int>());
    for (int x : v) cout << x << " ";
    cout << endl;
    sort(v.begin(), v.end(), [](int a, int b) { return a % 3 < b % 3 || (a % 3 == b % 3 && a < b); });
    for (int x : v) cout << x << " ";
    cout << endl;

    // A lambda that keeps state in a variable it captures by reference
    vector<float> xs(6), squares(6);
    int step = 0;
    generate(xs.begin(), xs.end(), [&step]() { float x = 0.5f * step; step++; return x; });
    transform(xs.begin(), xs.end(), squares.begin(), [](float x) { return x * x; });
    cout << step << " steps, max " << *max_element(squares.begin(), squares.end()) << ", min "
         << *min_element(xs.begin(), xs.end()) << ", dot " << inner_product(xs.begin(), xs.end(), squares.begin(), 0.0f)
         << ", sum " << accumulate(squares.begin(), squares.end(), 0.0) << endl;
    cout << all_of(xs.begin(), xs.end(), [](float x) { return x >= 0; })
         << any_of(xs.begin(), xs.end(), [](float x) { return x > 2.4f; })
         << none_of(squares.begin(), squares.end(), [](float x) { return x < 0; }) << endl;

    vector<int> c(10);
    copy(v.begin(), v.end(), c.begin());
    cout << "equal after copy: " << equal(v.begin(), v.end(), c.begin()) << endl;
    replace(c.begin(), c.end(), 3, 33);
    fill_n(c.begin(), 2, -1);
    int total = 0;
    for_each(c.begin(), c.end(), [&](int x) { total += x; });
    cout << total << " " << c[0] << " " << c[2] << endl;

    // Vectors of structs: a function as comparator, iterators to elements, references
    vector<Sample> samples(4);
    for (int i = 0; i < 4; i++) {
        samples[i].id = i;
        samples[i].value = (i * 7) % 5 + 0.25f;
    }
    sort(samples.begin(), samples.end(), larger_value);
    for (const auto& s : samples) cout << s.id << ":" << s.value << " ";
    cout << endl;
    for (auto& s : samples) s.value *= 2;
    auto smallest = min_element(samples.begin(), samples.end(),
                                [](const Sample& a, const Sample& b) { return a.value < b.value; });
    cout << "smallest: " << smallest->id << " " << smallest->value << endl;

    int grid[2][3] = {{1, 2, 3}, {4, 5, 6}};
    int sum = 0;
    for (auto& row : grid)
        for (int x : row) sum += x;
    string word = "lambda";
    int vowels = 0;
    for (char ch : word)
        if (ch == 'a' || ch == 'e') vowels++;
    int walked = 0;
    for (auto it = v.begin(); it != v.end(); ++it) walked += *it;
    cout << sum << " " << vowels << " " << walked << endl;

    // std::equal against a pointer: a vector's values and the data an array_view shows
    std::vector<int> copy_of(v.begin(), v.end());
    concurrency::array_view<int, 1> shown((int)copy_of.size(), copy_of);
    cout << std::equal(v.begin(), v.end(), shown.data()) << " ";
    copy_of[0] += 1;
    cout << std::equal(v.begin(), v.end(), shown.data()) << endl;
    return 0;
}
