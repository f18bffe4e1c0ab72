// amptest_main.h (amppy): the test program's main: runs test_main() and exits with its result
// (0 pass, 1 fail, 2 skip, 3 cascade failure); an exception escaping test_main() is a failure
#pragma once
#include <amptest/runall.h>
#include <amptest/logging.h>

runall_result test_main();

int main(int argc, char** argv)
{
    runall_result result;
    try {
        result = test_main();
    } catch (const std::exception& e) {
        std::cerr << "test_main() threw an unhandled exception: " << e.what() << std::endl;
        result = runall_result(runall_fail);
    }
    std::cout << "test_main(): Returned " << result << std::endl;
    return result.get_exit_code();
}
