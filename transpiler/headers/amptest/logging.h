// amptest/logging.h (amppy): the harness's log streams and result reports
#pragma once
#include <amptest/platform.h>
#include <amptest/runall.h>
#include <iostream>
#include <iomanip>
#include <string>
#include <cstdlib>

namespace Concurrency
{
    namespace Test
    {
        enum class LogType
        {
            Silent = 0,
            Error = 1,
            Warning = 2,
            Info = 3
        };

        // errors and warnings go to standard error, the rest to standard output
        inline std::ostream& Log(LogType type = LogType::Info, bool print_line_prefix = true)
        {
            if (type == LogType::Error || type == LogType::Warning) {
                return std::cerr;
            }
            return std::cout;
        }

        inline std::ostream& Log(runall_result result)
        {
            if (result.get_is_pass() || result.get_is_no_value()) {
                return std::cout;
            }
            return std::cerr;
        }

        inline std::ostream& WLog(LogType type = LogType::Info, bool print_line_prefix = true)
        {
            return Log(type, print_line_prefix);
        }

        // one line of text (the harness's printf-style forms without further arguments)
        inline void Log_writeline(LogType type, const char* msg)
        {
            Log(type, true) << msg << std::endl;
        }

        inline void Log_writeline(const char* msg)
        {
            Log(LogType::Info, true) << msg << std::endl;
        }

        // a new line in the log of that type
        inline void Log_writeline(LogType type)
        {
            Log(type, false) << std::endl;
        }

        inline void Log_writeline()
        {
            Log_writeline(LogType::Info);
        }

        inline std::ostream& LogStream()
        {
            return std::cout;
        }

        // The C++ spelling of a test's element type, for its log lines (`get_type_name<float>()`).
        template <typename T> inline std::string get_type_name() { return "T"; }
        template <> inline std::string get_type_name<int>() { return "int"; }
        template <> inline std::string get_type_name<unsigned int>() { return "unsigned int"; }
        template <> inline std::string get_type_name<long>() { return "long"; }
        template <> inline std::string get_type_name<unsigned long>() { return "unsigned long"; }
        template <> inline std::string get_type_name<float>() { return "float"; }
        template <> inline std::string get_type_name<double>() { return "double"; }
        template <> inline std::string get_type_name<bool>() { return "bool"; }

        inline bool report_result(const std::string& description, bool passed)
        {
            Log(passed ? LogType::Info : LogType::Error, true) << description << ": " << runall_result_name(passed) << std::endl;
            return passed;
        }

        inline runall_result report_result(const std::string& description, const runall_result& result)
        {
            Log(result) << description << ": " << result << std::endl;
            return result;
        }

        inline runall_result report_result(const std::string& description, int result)
        {
            return report_result(description, runall_result(result));
        }

        inline void skip_if(const std::string& description, bool condition)
        {
            if (condition) {
                Log(LogType::Info, true) << description << ": Skipping..." << std::endl;
                exit(runall_skip);
            }
        }
    }
}

#define REPORT_RESULT(_testExp) Concurrency::Test::report_result(#_testExp, (_testExp))
#define SKIP_IF(_testExp) Concurrency::Test::skip_if(#_testExp, (_testExp))
#define STREAM_EXPECTED_ACTUAL(_exp, _act) "expected = " << (_exp) << ", actual = " << (_act)
