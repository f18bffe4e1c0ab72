// amptest.h (amppy): the C++ AMP conformance suite's test harness, amppy's implementation
#pragma once
#include <amp.h>
#include <amptest_minimal.h>
#include <amptest/amp.compare.h>
#include <amptest/compare.h>
#include <amptest/data.h>
#include <amptest/gpuinvoke.h>
