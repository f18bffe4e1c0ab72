// amptest/restrict.h (amppy): the restriction shorthands the suite's tests write
#pragma once
#ifndef __GPU
#define __GPU restrict(amp,cpu)
#define __GPU_ONLY restrict(amp)
#define __CPU_ONLY
#endif
#define __CPU_ONLY_EXPLICIT restrict(cpu)
