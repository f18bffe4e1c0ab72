// <stdlib.h> as Visual C++'s: the C library's, with MSVC's rand() and _countof/__max/__min
// (tests/cpp_emu/cstdlib).
#pragma once
#include_next <stdlib.h>
#include "cstdlib"
