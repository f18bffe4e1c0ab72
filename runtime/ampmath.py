"""Math functions of C++ AMP (`precise_math`, `fast_math`, the `direct3d` intrinsics) and of
`<cmath>` that neither Python's `math` nor Numba provides, for `amppy.cxx.mathfuncs`' spellings.

Every function is ``register_jitable``: the same code runs in host code, in ``numba.njit``
kernels and in CUDA device code (where `amppy.cxx.mathfuncs` prefers a libdevice function, the GPU
uses that instead).  Floating functions compute in double; the generated code converts the
result to the C++ type (exact for the float versions of `remainder`, `modf`, `fdim`, ...; within
an ulp for `sinpi`, `erfinv`, ...).  Functions with out parameters return a tuple: the result,
then the out values (`modf(x)` -> `(fraction, integral part)`).

The `direct3d` bit functions work on the 32-bit pattern of their argument (an int64 in here):
`countbits`, `reversebits`, `firstbitlow` (the lowest set bit, -1 for 0) and `firstbithigh`
(HLSL's signed form: the highest bit that differs from the sign bit, -1 for 0 and -1).

`fma` is an LLVM intrinsic for CPU kernels (one rounding, as C++ promises); `fma_host` computes
the exact value with fractions and rounds it once.
"""
import math
import struct
from fractions import Fraction

import numpy as np
from llvmlite import ir as llvm
from numba.core import cgutils, types
from numba.extending import intrinsic, overload, register_jitable

__all__: list[str] = []            # reached as `ampmath.<name>` (the module is one runtime name)

_INT_MIN = -2147483648
_INT_MAX = 2147483647
_SQRT2 = 1.4142135623730951
_TWO_OVER_SQRT_PI = 1.1283791670955126
_WINITZKI_A = 0.147                # a in Winitzki's closed-form estimate of erfinv


# ---------------------------------------------------------------- fmod on every target
def _fmod(x, y):
    """C's fmod (exact).  Numba's CPU target has no math.fmod, its CUDA target no np.fmod."""
    return math.fmod(x, y)


@overload(_fmod, target="cpu")
def _fmod_cpu(x, y):
    return lambda x, y: np.fmod(x, y)


try:
    @overload(_fmod, target="cuda")
    def _fmod_cuda(x, y):
        return lambda x, y: math.fmod(x, y)
except Exception:                   # pragma: no cover - a Numba without the CUDA target
    pass


# ---------------------------------------------------------------- trigonometry of pi * x
@register_jitable
def _pi_reduce(x):
    """(quadrant k in 0..3, r in [-0.25, 0.25]) with |x| = 2m + k/2 + r, all exact."""
    y = _fmod(abs(x), 2.0)
    k = math.floor(y * 2.0 + 0.5)
    return k % 4, y - k * 0.5


@register_jitable
def sinpi(x):
    x = float(x)
    if not math.isfinite(x):
        return math.nan
    k, r = _pi_reduce(x)
    s = math.sin(math.pi * r)
    c = math.cos(math.pi * r)
    v = s if k == 0 else c if k == 1 else -s if k == 2 else -c
    if v == 0.0:
        return math.copysign(0.0, x)        # sinpi(n) is +0 for n >= 0, -0 for n < 0
    return v if x > 0.0 else -v


@register_jitable
def cospi(x):
    x = float(x)
    if not math.isfinite(x):
        return math.nan
    k, r = _pi_reduce(x)
    s = math.sin(math.pi * r)
    c = math.cos(math.pi * r)
    v = c if k == 0 else -s if k == 1 else -c if k == 2 else s
    return v + 0.0                  # cospi(0.5) is +0


@register_jitable
def tanpi(x):
    return sinpi(x) / cospi(x)


@register_jitable
def sincos(x):
    x = float(x)
    return math.sin(x), math.cos(x)


# ---------------------------------------------------------------- inverse error functions
@register_jitable
def _winitzki(log_term):
    """|erfinv| estimated from log(1 - y*y) (relative error below 0.2%)."""
    t = 2.0 / (math.pi * _WINITZKI_A) + 0.5 * log_term
    return math.sqrt(math.sqrt(t * t - log_term / _WINITZKI_A) - t)


@register_jitable
def erfinv(y):
    y = float(y)
    if y != y or y < -1.0 or y > 1.0:
        return math.nan
    if y == 0.0:
        return y
    a = abs(y)
    if a == 1.0:
        return math.copysign(math.inf, y)
    x = _winitzki(math.log((1.0 - a) * (1.0 + a)))
    if a <= 0.5:
        for _ in range(4):                  # Newton on erf(x) = a
            x -= (math.erf(x) - a) / (_TWO_OVER_SQRT_PI * math.exp(-x * x))
    else:
        q = 1.0 - a                         # exact for a >= 0.5
        for _ in range(6):                  # Newton on erfc(x) = 1 - a, accurate in the tail
            x += (math.erfc(x) - q) / (_TWO_OVER_SQRT_PI * math.exp(-x * x))
    return math.copysign(x, y)


@register_jitable
def _erfcinv_upper(y):
    """erfcinv for y in (0, 1]: x >= 0."""
    if y >= 0.5:
        return erfinv(1.0 - y)              # 1 - y is exact here
    x = _winitzki(math.log(y * (2.0 - y)))  # 1 - (1 - y)^2 without cancellation
    for _ in range(6):                      # Newton on erfc(x) = y
        x += (math.erfc(x) - y) / (_TWO_OVER_SQRT_PI * math.exp(-x * x))
    return x


@register_jitable
def erfcinv(y):
    y = float(y)
    if y != y or y < 0.0 or y > 2.0:
        return math.nan
    if y == 0.0:
        return math.inf
    if y == 2.0:
        return -math.inf
    return -_erfcinv_upper(2.0 - y) if y > 1.0 else _erfcinv_upper(y)


@register_jitable
def phi(x):
    """The standard normal distribution function."""
    return 0.5 * math.erfc(-float(x) / _SQRT2)


@register_jitable
def probit(p):
    """The inverse of `phi`."""
    return -_SQRT2 * erfcinv(2.0 * float(p))


# ---------------------------------------------------------------- exponents, remainders, parts
@register_jitable
def ilogb(x):
    """The unbiased exponent as an int; MSVC's FP_ILOGB0 (INT_MIN) for 0, INT_MAX for inf and NaN."""
    x = float(x)
    if x == 0.0:
        return _INT_MIN
    if not math.isfinite(x):
        return _INT_MAX
    return math.frexp(x)[1] - 1


@register_jitable
def logb(x):
    x = float(x)
    if x == 0.0:
        return -math.inf
    if not math.isfinite(x):
        return abs(x)
    return float(math.frexp(x)[1] - 1)


@register_jitable
def modf(x):
    """(signed fraction, signed integral part) of x."""
    x = float(x)
    if math.isinf(x):
        return math.copysign(0.0, x), x
    frac = _fmod(x, 1.0)
    return frac, math.copysign(x - frac, x)


@register_jitable
def remquo(x, y):
    """(IEEE remainder x - n*y with n = x/y rounded to even, the low three bits of n with the
    sign of x/y).  Every step is exact: fmod is, and so are the comparisons."""
    x = float(x)
    y = float(y)
    if x != x or y != y or math.isinf(x) or y == 0.0:
        return math.nan, 0
    if math.isinf(y):
        return x, 0
    ax = abs(x)
    ay = abs(y)
    r8 = _fmod(ax, 8.0 * ay)            # ax mod 8ay, then the quotient's bits one by one
    r4 = _fmod(ax, 4.0 * ay)
    r2 = _fmod(ax, 2.0 * ay)
    r = _fmod(ax, ay)
    q = (4 if r8 >= 4.0 * ay else 0) + (2 if r4 >= 2.0 * ay else 0) + (1 if r2 >= ay else 0)
    if r > ay - r or (r == ay - r and q % 2 == 1):
        r -= ay
        q += 1
    q %= 8
    if x < 0.0:
        r = -r
    return r, (-q if (x < 0.0) != (y < 0.0) else q)


@register_jitable
def remainder(x, y):
    return remquo(x, y)[0]


@register_jitable
def fdim(x, y):
    x = float(x)
    y = float(y)
    if x != x or y != y:
        return x + y
    return x - y if x > y else 0.0


@register_jitable
def scalb(x, y):
    """x * 2**y for an integral y (NaN otherwise)."""
    x = float(x)
    y = float(y)
    if x != x or y != y:
        return x + y
    if math.isinf(y):
        return x * y if y > 0.0 else x / -y
    if abs(y) < 4503599627370496.0 and y != math.floor(y):     # (beyond 2**52 y is integral)
        return math.nan
    return math.ldexp(x, int(max(-100000.0, min(100000.0, y))))


@register_jitable
def lgamma_r(x):
    """(log|gamma(x)|, the sign of gamma(x))."""
    x = float(x)
    sign = 1
    if -9007199254740992.0 < x < 0.0:      # beyond 2**53 every double is an even integer
        f = math.floor(x)
        if f != x and f % 2.0 != 0.0:
            sign = -1
    return math.lgamma(x), sign


# ---------------------------------------------------------------- classification
@register_jitable
def isnormal(x, tiny):
    return math.isfinite(x) and abs(x) >= tiny


@register_jitable
def fpclassify(x, tiny):
    """MSVC's values: FP_NAN 2, FP_INFINITE 1, FP_ZERO 0, FP_NORMAL -1, FP_SUBNORMAL -2."""
    if x != x:
        return 2
    if math.isinf(x):
        return 1
    if x == 0.0:
        return 0
    return -1 if abs(x) >= tiny else -2


# ---------------------------------------------------------------- fused multiply-add
@intrinsic
def fma(typingctx, a, b, c):
    """x * y + z rounded once (LLVM's llvm.fma), for CPU kernels."""
    if not (isinstance(a, types.Float) and a == b == c):
        return None

    def codegen(context, builder, sig, args):
        t = context.get_value_type(sig.return_type)
        name = "llvm.fma.f32" if sig.return_type == types.float32 else "llvm.fma.f64"
        f = cgutils.get_or_insert_function(builder.module, llvm.FunctionType(t, [t, t, t]), name)
        return builder.call(f, args)
    return a(a, b, c), codegen


def fma_host(a, b, c):
    """x * y + z rounded once, for host code: the exact value, rounded to double (to float for
    float arguments, through a round-to-odd double so that it is rounded once)."""
    single = isinstance(a, np.float32)
    if not all(math.isfinite(float(v)) for v in (a, b, c)):
        r = float(a) * float(b) + float(c)
        return np.float32(r) if single else r
    exact = Fraction(float(a)) * Fraction(float(b)) + Fraction(float(c))
    d = float(exact)
    if not single:
        return d
    if Fraction(d) != exact and math.isfinite(d):
        if abs(Fraction(d)) > abs(exact):
            d = math.nextafter(d, 0.0)
        bits = struct.unpack("<q", struct.pack("<d", d))[0] | 1
        d = struct.unpack("<d", struct.pack("<q", bits))[0]
    return np.float32(d)



# ---------------------------------------------------------------- direct3d intrinsics
@register_jitable
def clamp(x, lo, hi):
    """HLSL's clamp: max(x, lo), then min(., hi), where a NaN gives way to the other value."""
    r = lo if (x < lo or x != x) else x
    return hi if (r > hi or r != r) else r


@register_jitable
def smoothstep(lo, hi, x):
    """Hermite interpolation in float arithmetic: t = saturate((x - lo) / (hi - lo)),
    t * t * (3 - 2 * t)."""
    t = np.float32(np.float32(x - lo) / np.float32(hi - lo))
    if t < np.float32(0.0) or t != t:
        t = np.float32(0.0)
    if t > np.float32(1.0):
        t = np.float32(1.0)
    return t * t * (np.float32(3.0) - np.float32(2.0) * t)


@register_jitable
def sign(x):
    return 1 if x > 0 else -1 if x < 0 else 0


@register_jitable
def countbits(x):
    v = np.int64(x) & 0xFFFFFFFF
    v = v - ((v >> 1) & 0x55555555)
    v = (v & 0x33333333) + ((v >> 2) & 0x33333333)
    v = (v + (v >> 4)) & 0x0F0F0F0F
    return ((v * 0x01010101) & 0xFFFFFFFF) >> 24


@register_jitable
def reversebits(x):
    v = np.int64(x) & 0xFFFFFFFF
    v = ((v >> 1) & 0x55555555) | ((v & 0x55555555) << 1)
    v = ((v >> 2) & 0x33333333) | ((v & 0x33333333) << 2)
    v = ((v >> 4) & 0x0F0F0F0F) | ((v & 0x0F0F0F0F) << 4)
    v = ((v >> 8) & 0x00FF00FF) | ((v & 0x00FF00FF) << 8)
    return ((v >> 16) | (v << 16)) & 0xFFFFFFFF


@register_jitable
def firstbitlow(x):
    v = np.int64(x) & 0xFFFFFFFF
    if v == 0:
        return -1
    n = 0
    while v & 1 == 0:
        v >>= 1
        n += 1
    return n


@register_jitable
def sign_fold(x):
    """x with its bits flipped when negative (x ^ (x >> 31)) as an int32: firstbithigh's search
    for the highest bit that differs from the sign bit becomes one for the highest set bit."""
    v = np.int64(np.int32(x))
    return np.int32(~v if v < 0 else v)


@register_jitable
def firstbithigh(x):
    v = np.int64(sign_fold(x))
    n = -1
    while v != 0:
        v >>= 1
        n += 1
    return n
