"""C++ math functions (`<cmath>`, C++ AMP's `fast_math` and `precise_math`): the one table that
sema, the host emitter and both kernel emitters read.

Each entry is a C++ name and a `MathFn`:

- `result`: `"float"` (the argument's floating type; integer arguments become double), `"same"`
  (the arguments' common type, integers promoted: `abs`, `min`, `max`), `"bool"` (`isnan`, ...);
- `arity`: how many arguments it takes;
- `host`: the host Python spelling, a template over the argument texts (numpy keeps float32);
- `kernel`: the spelling in Numba kernels, CPU and CUDA alike;
- `libdevice`: the CUDA libdevice function (float version, double version) used on the GPU
  instead, where Python's math module has no equivalent or rounds differently.

The float overload of every floating function is also known with an `f` suffix (`sinf`,
`sqrtf`): sema reads it as the base function with float arguments and result.
"""
from __future__ import annotations

from typing import NamedTuple


class MathFn(NamedTuple):
    result: str
    arity: int
    host: str
    kernel: str
    libdevice: tuple[str, str] | None = None


def _f(host: str, kernel: str, arity: int = 1, libdevice=None) -> MathFn:
    return MathFn("float", arity, host, kernel, libdevice)


FUNCTIONS: dict[str, MathFn] = {
    "sqrt": _f("np.sqrt({0})", "math.sqrt({0})"),
    "rsqrt": _f("{one} / np.sqrt({0})", "1.0 / math.sqrt({0})", libdevice=("rsqrtf", "rsqrt")),
    "cbrt": _f("np.cbrt({0})", "np.cbrt({0})", libdevice=("cbrtf", "cbrt")),
    "fabs": _f("np.abs({0})", "abs({0})"),
    "exp": _f("np.exp({0})", "math.exp({0})"),
    "exp2": _f("np.exp2({0})", "math.pow(2.0, {0})", libdevice=("exp2f", "exp2")),
    "expm1": _f("np.expm1({0})", "math.expm1({0})"),
    "log": _f("np.log({0})", "math.log({0})"),
    "log2": _f("np.log2({0})", "math.log2({0})"),
    "log10": _f("np.log10({0})", "math.log10({0})"),
    "log1p": _f("np.log1p({0})", "math.log1p({0})"),
    "pow": _f("np.power({0}, {1})", "math.pow({0}, {1})", 2),
    "sin": _f("np.sin({0})", "math.sin({0})"),
    "cos": _f("np.cos({0})", "math.cos({0})"),
    "tan": _f("np.tan({0})", "math.tan({0})"),
    "asin": _f("np.arcsin({0})", "math.asin({0})"),
    "acos": _f("np.arccos({0})", "math.acos({0})"),
    "atan": _f("np.arctan({0})", "math.atan({0})"),
    "atan2": _f("np.arctan2({0}, {1})", "math.atan2({0}, {1})", 2),
    "sinh": _f("np.sinh({0})", "math.sinh({0})"),
    "cosh": _f("np.cosh({0})", "math.cosh({0})"),
    "tanh": _f("np.tanh({0})", "math.tanh({0})"),
    "asinh": _f("np.arcsinh({0})", "math.asinh({0})"),
    "acosh": _f("np.arccosh({0})", "math.acosh({0})"),
    "atanh": _f("np.arctanh({0})", "math.atanh({0})"),
    "hypot": _f("np.hypot({0}, {1})", "math.hypot({0}, {1})", 2),
    "erf": _f("math.erf({0})", "math.erf({0})"),
    "erfc": _f("math.erfc({0})", "math.erfc({0})"),
    "tgamma": _f("math.gamma({0})", "math.gamma({0})"),
    "lgamma": _f("math.lgamma({0})", "math.lgamma({0})"),
    "floor": _f("np.floor({0})", "math.floor({0})"),
    "ceil": _f("np.ceil({0})", "math.ceil({0})"),
    "trunc": _f("np.trunc({0})", "math.trunc({0})"),
    "round": _f("cround({0})", "cround({0})", libdevice=("roundf", "round")),   # halves away from zero
    "fmod": _f("np.fmod({0}, {1})", "math.fmod({0}, {1})", 2),
    "fmin": _f("np.fmin({0}, {1})", "min({0}, {1})", 2),
    "fmax": _f("np.fmax({0}, {1})", "max({0}, {1})", 2),
    "copysign": _f("np.copysign({0}, {1})", "math.copysign({0}, {1})", 2),
    "mad": _f("{0} * {1} + {2}", "{0} * {1} + {2}", 3),          # C++ AMP: a * b + c
    "isnan": MathFn("bool", 1, "bool(np.isnan({0}))", "math.isnan({0})"),
    "isinf": MathFn("bool", 1, "bool(np.isinf({0}))", "math.isinf({0})"),
    "isfinite": MathFn("bool", 1, "bool(np.isfinite({0}))", "math.isfinite({0})"),
    "abs": MathFn("same", 1, "abs({0})", "abs({0})"),
    "min": MathFn("same", 2, "min({0}, {1})", "min({0}, {1})"),
    "max": MathFn("same", 2, "max({0}, {1})", "max({0}, {1})"),
}

#: every C++ spelling sema accepts -> (base name in FUNCTIONS, float overload?)
NAMES: dict[str, tuple[str, bool]] = {name: (name, False) for name in FUNCTIONS}
NAMES.update({name + "f": (name, True) for name, fn in FUNCTIONS.items()
              if fn.result == "float" and name + "f" not in FUNCTIONS})
