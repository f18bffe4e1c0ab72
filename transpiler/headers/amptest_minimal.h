// amptest_minimal.h (amppy): the harness without the comparison and data helpers
#pragma once
#include <amptest/platform.h>
#include <amptest/restrict.h>
#include <amptest/runall.h>
#include <amptest/logging.h>
#include <amptest/device.h>
