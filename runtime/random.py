"""C++ ``<random>`` as the Microsoft STL (Visual Studio's standard library) computes it.

What the C++ standard pins and what it does not
-----------------------------------------------
The *engines* are fully specified by the standard ([rand.eng]): ``mt19937``, ``mt19937_64``,
``minstd_rand`` and ``minstd_rand0`` give the same numbers with every library (the standard even
fixes the 10000th output of a default-constructed engine, [rand.predef]).  The *distributions*
are not: [rand.dist] only says which distribution the results follow, so every library draws its
own way and libstdc++ (g++), libc++ (clang) and the Microsoft STL print different numbers for the
same program.  A Windows program printed what the Microsoft STL computes, so this module follows
the Microsoft STL source (github.com/microsoft/STL, ``stl/inc/random`` and ``stl/inc/algorithm``)
step by step: the same engine calls, in the same order, and the same arithmetic, with ``float``
results rounded where MSVC rounds (each ``float`` operation, x64 SSE, no FMA contraction).

* ``uniform_int_distribution`` follows ``uniform_int_distribution::_Eval`` and
  ``_Rng_from_urng_v2`` (Lemire's multiply-and-reject, "Fast Random Integer Generation in an
  Interval", 2019), including how many engine words one result needs, which depends on the
  engine's *result type* (32 bits for ``mt19937``/``minstd_rand``/``random_device``, 64 for
  ``mt19937_64``) and on the distribution's type.
* ``uniform_real_distribution``, ``normal_distribution`` and ``bernoulli_distribution`` take their
  ``[0, 1)`` values from ``_Nrand_impl`` = ``generate_canonical<T, digits>`` in the P0952R2 form
  (an integer made of ``k`` engine words, rejected when too large, then scaled by ``2**-digits``):
  for ``double`` that is two ``mt19937`` words or one ``mt19937_64`` word per value, for ``float``
  one word of either.
* ``normal_distribution`` is ``normal_distribution::_Eval``: Marsaglia's polar method (Knuth vol. 2
  alg. P) that keeps the second value of each pair for the next call (``reset()`` drops it).
* ``default_random_engine`` is ``mt19937`` in the Microsoft STL (``minstd_rand0`` in libstdc++).

Older Visual Studio versions
----------------------------
The Microsoft STL changed some of these algorithms over the years.  The version followed is chosen
by the library's ``_MSVC_STL_UPDATE`` value (``set_msstl_update``; default the newest, or the
environment variable ``AMPPY_MSSTL_UPDATE``):

* before 202209 (the change is dated September 2022, so about VS 2022 17.4 and older):
  ``uniform_int_distribution`` used ``_Rng_from_urng`` (mask-and-reject, ``ret % index``) instead
  of Lemire's method;
* before 202406 (dated June 2024, so about VS 2022 17.11 and older): ``generate_canonical`` summed
  the words in floating point, ``(w0 + w1 * 2**32) / 2**64``, which can round to 1.0.

Microsoft STLs before 202010 (VS 2019 16.7 and older) computed ``normal_distribution<float>``'s
scale factor differently; that is not modelled.

Known limits: ``normal_distribution<float>`` takes ``log`` as the correctly rounded ``float`` of the
``double`` logarithm (MSVC calls the UCRT's ``logf``, whose last-bit behaviour is not published);
``double`` logarithms come from the platform's C library, like Python's ``math.log``.

Layout: the engines are in ``random_engines``, the distributions, ``generate_canonical`` and the
version selection in ``random_distributions`` (above the engines); this module re-exports both
(``<random>`` is one header) and is what the package exports.
"""
from __future__ import annotations

from .random_distributions import (MSSTL_UPDATE_NEWEST, bernoulli_distribution,  # noqa: F401
                                   generate_canonical, get_msstl_update, normal_distribution,
                                   set_msstl_update, uniform_int_distribution,
                                   uniform_real_distribution)
from .random_engines import (default_random_engine, minstd_rand, minstd_rand0, mt19937,  # noqa: F401
                             mt19937_64, random_device)

__all__ = [
    "mt19937", "mt19937_64", "default_random_engine", "minstd_rand", "minstd_rand0",
    "random_device", "uniform_int_distribution", "uniform_real_distribution",
    "normal_distribution", "bernoulli_distribution", "generate_canonical",
    "set_msstl_update", "get_msstl_update",
]
