// Text in and out through streams: building strings with std::ostringstream, parsing them with
// std::istringstream, and writing and reading a data file with std::ofstream/std::ifstream --
// the way programs load their input and save their results around a kernel.
#include <amp.h>
#include <cstdio>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>
using namespace concurrency;

std::string describe(const std::vector<float>& v) {
    std::ostringstream out;
    out << std::fixed << std::setprecision(2);
    for (int i = 0; i < (int)v.size(); i++) out << (i ? ", " : "") << v[i];
    return "[" + out.str() + "]";
}

int main() {
    const char* path = "amppy_streams_sample.txt";

    // write the input: a count, then the values, then a comment line
    {
        std::ofstream file(path);
        if (!file) {
            std::cout << "cannot write " << path << std::endl;
            return 1;
        }
        file << 6 << std::endl;
        for (int i = 0; i < 6; i++) file << i * 1.5f << (i % 3 == 2 ? "\n" : " ");
        file << "# scaled by the accelerator" << std::endl;
    }

    // read it back: numbers with >>, then the rest of the file line by line
    std::ifstream in(path);
    int n = 0;
    in >> n;
    std::vector<float> values(n);
    for (int i = 0; i < n; i++) in >> values[i];
    std::string rest, line;
    std::getline(in, rest);                 // the end of the last number's line
    int lines = 0;
    while (std::getline(in, line)) {
        lines++;
        rest = line;
    }
    in.close();
    std::cout << "read " << n << " values and " << lines << " more line(s): '" << rest << "'" << std::endl;
    std::cout << "before " << describe(values) << std::endl;

    array_view<float, 1> av(n, values);
    parallel_for_each(av.extent, [=](concurrency::index<1> i) restrict(amp) { av[i] = av[i] * 2.0f + 0.25f; });
    av.synchronize();
    std::cout << "after  " << describe(values) << std::endl;

    // append a result line, then count the words in the whole file
    std::ofstream log(path, std::ios::app);
    log << "total " << values[0] + values[n - 1] << std::endl;
    log.close();
    std::ifstream words(path);
    std::string word;
    int count = 0;
    while (words >> word) count++;
    std::cout << count << " words, the last one '" << word << "'" << std::endl;
    words.close();

    // parse a comma-separated record
    std::istringstream record("7,alpha,,2.5");
    std::string field;
    std::vector<std::string> fields;
    while (std::getline(record, field, ',')) fields.push_back(field);
    std::stringstream number(fields[0] + " " + fields[3]);
    int id;
    double weight;
    number >> id >> weight;
    std::cout << fields.size() << " fields: id " << id << ", name " << fields[1] << ", weight " << weight
              << ", empty field " << fields[2].empty() << std::endl;
    std::istringstream bad("12x");
    int value = -1;
    bad >> value;
    char next = ' ';
    bad >> next;
    int more = 5;
    bad >> more;
    std::cout << "partial read " << value << " then '" << next << "', then " << (bad.fail() ? "failed" : "ok")
              << " with eof " << bad.eof() << std::endl;

    std::ifstream missing("amppy_no_such_file.txt");
    std::cout << "missing file open: " << missing.is_open() << std::endl;
    std::remove(path);

    // format flags set and cleared as a set: setf, unsetf, flags
    std::ostringstream flagged;
    flagged.setf(std::ios::showpoint | std::ios::fixed);
    flagged << 1.5f << " " << 2.0;
    std::ios::fmtflags old = std::cout.setf(std::ios::scientific, std::ios::floatfield);
    std::cout << flagged.str() << " " << 1234.5;
    std::cout.flags(old);
    std::cout << " " << 1234.5;
    std::cout.setf(std::ios::hex, std::ios::basefield);
    std::cout.setf(std::ios::uppercase);
    std::cout << " " << 255;
    std::cout.unsetf(std::ios::uppercase);
    std::cout << " " << 255 << std::dec << std::endl;
    return 0;
}
