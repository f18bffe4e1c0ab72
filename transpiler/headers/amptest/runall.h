// amptest/runall.h (amppy): a test's result, as the exit status the suite's driver reads
#pragma once
#include <amp.h>
#include <string>
#include <iostream>
#include <amptest/platform.h>
#include <amptest/restrict.h>

using namespace concurrency;

static const int runall_pass = 0;
static const int runall_fail = 1;
static const int runall_skip = 2;
static const int runall_cascade_fail = 3;
static const int runall_no_value = 4;

inline std::string runall_result_name(int result)
{
    switch (result) {
    case 0: return "PASS";
    case 1: return "FAIL";
    case 2: return "SKIP";
    case 3: return "CASCADE_FAIL";
    case 4: return "NO_VALUE";
    }
    return "UNKNOWN";
}

inline std::string runall_result_name(bool passed)
{
    return passed ? "PASS" : "FAIL";
}

inline bool is_runall_exit_code(int code) restrict(cpu,amp)
{
    return code >= 0 && code <= 4;
}

// combining two results: the worse one wins (cascade failure, failure, skip, no value, pass)
inline int runall_combine(int a, int b) restrict(cpu,amp)
{
    if (a == b) return a;
    if (a == 3 || b == 3) return 3;
    if (a == 1 || b == 1) return 1;
    if (a == 2 || b == 2) return 2;
    if (a == 4 || b == 4) return 4;
    return 0;
}

struct runall_result
{
    int _exit_code;

    runall_result() restrict(cpu,amp) : _exit_code(0) {}
    runall_result(int result) restrict(cpu,amp) : _exit_code(is_runall_exit_code(result) ? result : 1) {}
    runall_result(bool passed) restrict(cpu,amp) : _exit_code(passed ? 0 : 1) {}

    runall_result operator&(const runall_result& other) const restrict(cpu,amp)
    {
        return runall_result(runall_combine(_exit_code, other._exit_code));
    }
    runall_result& operator&=(const runall_result& other) restrict(cpu,amp)
    {
        _exit_code = runall_combine(_exit_code, other._exit_code);
        return *this;
    }
    bool operator==(const runall_result& other) const restrict(cpu,amp) { return _exit_code == other._exit_code; }
    bool operator!=(const runall_result& other) const restrict(cpu,amp) { return _exit_code != other._exit_code; }

    int get_exit_code() const restrict(cpu,amp) { return _exit_code; }
    bool get_is_pass() const restrict(cpu,amp) { return _exit_code == 0; }
    bool get_is_failure() const restrict(cpu,amp) { return _exit_code == 1; }
    bool get_is_skip() const restrict(cpu,amp) { return _exit_code == 2; }
    bool get_is_cascade_failure() const restrict(cpu,amp) { return _exit_code == 3; }
    bool get_is_no_value() const restrict(cpu,amp) { return _exit_code == 4; }
    std::string get_name() const { return runall_result_name(_exit_code); }
    runall_result treat_skip_as_pass() const restrict(cpu,amp)
    {
        return runall_result(_exit_code == 2 ? 0 : _exit_code);
    }
};

inline bool operator==(int lhs, const runall_result& rhs) restrict(cpu,amp) { return rhs == runall_result(lhs); }
inline bool operator!=(int lhs, const runall_result& rhs) restrict(cpu,amp) { return rhs != runall_result(lhs); }
inline runall_result operator&(int lhs, const runall_result& rhs) restrict(cpu,amp) { return runall_result(lhs) & rhs; }

inline std::ostream& operator<<(std::ostream& os, const runall_result& result)
{
    os << result.get_name();
    return os;
}
