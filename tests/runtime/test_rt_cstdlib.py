"""amppy.runtime.cstdlib: rand() is the Microsoft C runtime's generator."""
from amppy.runtime import cstdlib


def test_rand_after_srand_1_is_the_msvc_sequence():
    # The first ten values every MSVC program prints without seeding (the CRT starts at seed 1),
    # as widely published for Visual C++'s rand().
    cstdlib.srand(1)
    assert [cstdlib.rand() for _ in range(10)] == [41, 18467, 6334, 26500, 19169, 15724, 11478,
                                                   29358, 26962, 24464]


def test_rand_stays_within_rand_max_and_srand_restarts():
    cstdlib.srand(42)
    first = [cstdlib.rand() for _ in range(1000)]
    assert all(0 <= v <= 32767 for v in first)
    cstdlib.srand(42)
    assert [cstdlib.rand() for _ in range(1000)] == first
    cstdlib.srand(2**32 + 42)            # unsigned int seed: only its low 32 bits count
    assert cstdlib.rand() == first[0]
