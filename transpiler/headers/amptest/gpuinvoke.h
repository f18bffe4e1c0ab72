// amptest/gpuinvoke.h (amppy): evaluating a test function on the host and in a kernel
#pragma once
#include <amp.h>
#include <amptest/runall.h>
#include <amptest/logging.h>
#include <vector>

// GPU_INVOKE(av, T, f, args...): f(args...) evaluated in a one-thread kernel on av
#define GPU_INVOKE(gpui_av, gpui_T, gpui_func, ...) [&]() mutable { \
    std::vector<gpui_T> gpui_resultd(1); \
    concurrency::array_view<gpui_T, 1> gpui_resultv(1, gpui_resultd); \
    gpui_resultv.discard_data(); \
    concurrency::parallel_for_each(gpui_av, gpui_resultv.get_extent(), [=](concurrency::index<1> gpui_idx) restrict(amp) { \
        gpui_resultv[gpui_idx] = (gpui_func)(__VA_ARGS__); \
    }); \
    return gpui_resultv[0]; \
}()

// the test function's result on the host and in a kernel on av, each reported, combined
#define INVOKE_TEST_FUNC_ON_CPU_AND_GPU(_av, _func, ...) [&]() -> runall_result { \
    runall_result cpu_result = _func(__VA_ARGS__); \
    concurrency::Test::report_result(#_func "(" #__VA_ARGS__ ") on CPU", cpu_result); \
    std::vector<runall_result> gpu_resultd(1); \
    concurrency::array_view<runall_result, 1> gpu_resultv(1, gpu_resultd); \
    gpu_resultv.discard_data(); \
    concurrency::parallel_for_each(_av, gpu_resultv.get_extent(), [=](concurrency::index<1> idx) restrict(amp) { \
        gpu_resultv[idx] = _func(__VA_ARGS__); \
    }); \
    runall_result gpu_result = gpu_resultv[0]; \
    concurrency::Test::report_result(#_func "(" #__VA_ARGS__ ") on GPU", gpu_result); \
    return cpu_result & gpu_result; \
}()

#define EVALUATE_TEST_ON_CPU_AND_GPU(_av, _expr) [&]() -> runall_result { \
    runall_result cpu_result = (_expr); \
    concurrency::Test::report_result(#_expr " on CPU", cpu_result); \
    std::vector<runall_result> gpu_resultd(1); \
    concurrency::array_view<runall_result, 1> gpu_resultv(1, gpu_resultd); \
    gpu_resultv.discard_data(); \
    concurrency::parallel_for_each(_av, gpu_resultv.get_extent(), [=](concurrency::index<1> idx) restrict(amp) { \
        gpu_resultv[idx] = (_expr); \
    }); \
    runall_result gpu_result = gpu_resultv[0]; \
    concurrency::Test::report_result(#_expr " on GPU", gpu_result); \
    return cpu_result & gpu_result; \
}()

#define EVALUATE_IS_TRUE_ON_CPU_AND_GPU(_av, _expression) [&]() -> runall_result { \
    bool cpu_result = (_expression); \
    concurrency::Test::report_result("EVALUATE_IS_TRUE: " #_expression " on CPU", cpu_result); \
    std::vector<int> gpu_resultid(1); \
    concurrency::array_view<int, 1> gpu_resultiv(1, gpu_resultid); \
    gpu_resultiv.discard_data(); \
    concurrency::parallel_for_each(_av, gpu_resultiv.get_extent(), [=](concurrency::index<1> idx) restrict(amp) { \
        gpu_resultiv[idx] = (_expression) ? 1 : 0; \
    }); \
    bool gpu_result = gpu_resultiv[0] != 0; \
    concurrency::Test::report_result("EVALUATE_IS_TRUE: " #_expression " on GPU", gpu_result); \
    return runall_result(cpu_result && gpu_result); \
}()
