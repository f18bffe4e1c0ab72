"""C++ math functions (`<cmath>`, C++ AMP's `fast_math`, `precise_math` and the `direct3d`
intrinsics): the one table that sema, the host emitter and both kernel emitters read.

Each entry is a base name and a `MathFn`:

- `result`: `"float"` (the call's floating type T), `"same"` (the arguments' common type,
  integers promoted: `abs`, `min`, `max`, `mad`), `"bool"` (`isnan`, ...), `"int"` (`ilogb`,
  `fpclassify`) or `"void"` (`sincos`);
- `arity`: how many arguments it takes;
- `host`: the host Python spelling, a template over the argument texts (numpy keeps float32);
  None for the restrict(amp)-only `direct3d` intrinsics;
- `kernel`: the spelling in Numba kernels, CPU and CUDA alike;
- `libdevice`: the CUDA libdevice function (float version, double version) used on the GPU
  instead, where Python's math module has no equivalent or rounds differently;
- `params`: one letter per parameter where not every one is T: `x` T, `i` int, `o` an out
  parameter `T*`, `n` an out parameter `int*` (`frexp(x, &e)`: params "xn");
- `cuda`: the GPU spelling where neither `kernel` nor a plain libdevice call fits.

Templates may use `{one}` (1 in the call's type), `{tiny}` (the type's smallest normal value).
A function with out parameters is spelled as a call that returns a tuple: its result first (none
for `void`), then the values of the out parameters in order; the emitters assign those.
`ampmath` is `amppy.runtime.ampmath`, the helpers Python and Numba lack.

The float overload of every floating function is also known with an `f` suffix (`sinf`,
`sqrtf`): sema reads it as the base function with float arguments and result.  Which namespace
declares which function is `NAMESPACES`; `DIRECT3D` gives the intrinsics' overloads.
"""
from __future__ import annotations

from typing import NamedTuple


class MathFn(NamedTuple):
    result: str
    arity: int
    host: str | None
    kernel: str
    libdevice: tuple[str, str] | None = None
    params: str = ""
    cuda: str | None = None

    def param_kinds(self) -> str:
        return self.params or "x" * self.arity


def _f(host: str, kernel: str, arity: int = 1, libdevice=None, params: str = "", result: str = "float",
       cuda: str | None = None) -> MathFn:
    return MathFn(result, len(params) or arity, host, kernel, libdevice, params, cuda)


def _lib(name: str) -> tuple[str, str]:
    return (name + "f", name)


def _amp(name: str, values: int = 1, libdevice=None, params: str = "", result: str = "float",
         extra: str = "") -> MathFn:
    """A function of `amppy.runtime.ampmath` (on the host and in kernels) of `values` values."""
    call = f"ampmath.{name}({', '.join('{%d}' % i for i in range(values))}{extra})"
    return _f(call, call, values, libdevice, params, result)


def _d3d(kernel: str, arity: int = 1, result: str = "same", cuda: str | None = None, libdevice=None) -> MathFn:
    """A direct3d intrinsic: restrict(amp) only, so no host spelling."""
    return MathFn(result, arity, None, kernel, libdevice, "", cuda)


FUNCTIONS: dict[str, MathFn] = {
    "sqrt": _f("np.sqrt({0})", "math.sqrt({0})"),
    "rsqrt": _f("{one} / np.sqrt({0})", "1.0 / math.sqrt({0})", libdevice=_lib("rsqrt")),
    "cbrt": _f("np.cbrt({0})", "np.cbrt({0})", libdevice=_lib("cbrt")),
    "rcbrt": _f("{one} / np.cbrt({0})", "1.0 / np.cbrt({0})", libdevice=_lib("rcbrt")),
    "fabs": _f("np.abs({0})", "abs({0})"),
    "exp": _f("np.exp({0})", "math.exp({0})"),
    "exp2": _f("np.exp2({0})", "math.pow(2.0, {0})", libdevice=_lib("exp2")),
    "exp10": _f("math.pow(10.0, {0})", "math.pow(10.0, {0})", libdevice=_lib("exp10")),
    "expm1": _f("np.expm1({0})", "math.expm1({0})"),
    "log": _f("np.log({0})", "math.log({0})"),
    "log2": _f("np.log2({0})", "math.log2({0})"),
    "log10": _f("np.log10({0})", "math.log10({0})"),
    "log1p": _f("np.log1p({0})", "math.log1p({0})"),
    "logb": _amp("logb", libdevice=_lib("logb")),
    "ilogb": _amp("ilogb", result="int"),
    "pow": _f("np.power({0}, {1})", "math.pow({0}, {1})", 2),
    "sin": _f("np.sin({0})", "math.sin({0})"),
    "cos": _f("np.cos({0})", "math.cos({0})"),
    "tan": _f("np.tan({0})", "math.tan({0})"),
    "sinpi": _amp("sinpi", libdevice=_lib("sinpi")),
    "cospi": _amp("cospi", libdevice=_lib("cospi")),
    "tanpi": _amp("tanpi"),
    "sincos": _amp("sincos", 1, _lib("sincos"), "xoo", "void"),
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
    "erfinv": _amp("erfinv", libdevice=_lib("erfinv")),
    "erfcinv": _amp("erfcinv", libdevice=_lib("erfcinv")),
    "phi": _amp("phi", libdevice=_lib("normcdf")),
    "probit": _amp("probit", libdevice=_lib("normcdfinv")),
    "tgamma": _f("math.gamma({0})", "math.gamma({0})"),
    "lgamma": _f("math.lgamma({0})", "math.lgamma({0})"),
    # precise_math::lgamma(x, &sign): sema's name for the two-argument form
    "lgamma_r": _amp("lgamma_r", 1, None, "xn"),
    "floor": _f("np.floor({0})", "np.floor({0})", libdevice=_lib("floor")),
    "ceil": _f("np.ceil({0})", "np.ceil({0})", libdevice=_lib("ceil")),
    "trunc": _f("np.trunc({0})", "np.trunc({0})", libdevice=_lib("trunc")),
    "round": _f("cround({0})", "cround({0})", libdevice=_lib("round")),   # halves away from zero
    "nearbyint": _f("np.rint({0})", "np.rint({0})", libdevice=_lib("nearbyint")),  # halves to even
    "fmod": _f("np.fmod({0}, {1})", "np.fmod({0}, {1})", 2, _lib("fmod")),
    "remainder": _amp("remainder", 2, libdevice=_lib("remainder")),
    "remquo": _amp("remquo", 2, _lib("remquo"), "xxn"),
    "modf": _amp("modf", 1, _lib("modf"), "xo"),
    "frexp": _f("math.frexp({0})", "math.frexp({0})", params="xn", libdevice=_lib("frexp")),
    "ldexp": _f("math.ldexp({0}, {1})", "math.ldexp({0}, {1})", 2, _lib("ldexp"), "xi"),
    "scalbn": _f("math.ldexp({0}, {1})", "math.ldexp({0}, {1})", 2, _lib("scalbn"), "xi"),
    "scalb": _amp("scalb", 2),
    "fmin": _f("np.fmin({0}, {1})", "np.fmin({0}, {1})", 2, _lib("fmin")),
    "fmax": _f("np.fmax({0}, {1})", "np.fmax({0}, {1})", 2, _lib("fmax")),
    "fdim": _amp("fdim", 2, libdevice=_lib("fdim")),
    "fma": _f("ampmath.fma_host({0}, {1}, {2})", "ampmath.fma({0}, {1}, {2})", 3, _lib("fma")),
    "copysign": _f("np.copysign({0}, {1})", "math.copysign({0}, {1})", 2),
    "nextafter": _f("np.nextafter({0}, {1})", "np.nextafter({0}, {1})", 2, _lib("nextafter")),
    "nan": _f("math.nan", "math.nan", params="i"),
    "isnan": MathFn("bool", 1, "bool(np.isnan({0}))", "math.isnan({0})"),
    "isinf": MathFn("bool", 1, "bool(np.isinf({0}))", "math.isinf({0})"),
    "isfinite": MathFn("bool", 1, "bool(np.isfinite({0}))", "math.isfinite({0})"),
    "isnormal": _amp("isnormal", result="bool", extra=", {tiny}"),
    "signbit": MathFn("bool", 1, "bool(np.signbit({0}))", "(math.copysign(1.0, {0}) < 0.0)"),
    "fpclassify": _amp("fpclassify", result="int", extra=", {tiny}"),
    "abs": MathFn("same", 1, "abs({0})", "abs({0})"),
    "min": MathFn("same", 2, "min({0}, {1})", "min({0}, {1})"),
    "max": MathFn("same", 2, "max({0}, {1})", "max({0}, {1})"),
    "mad": MathFn("same", 3, "{0} * {1} + {2}", "{0} * {1} + {2}"),          # C++ AMP: a * b + c
    # ---- concurrency::direct3d (restrict(amp) only; 32-bit integer semantics)
    "clamp": _d3d("ampmath.clamp({0}, {1}, {2})", 3),
    "countbits": _d3d("ampmath.countbits({0})", cuda="cuda.libdevice.popc(np.int32({0}))"),
    "reversebits": _d3d("ampmath.reversebits({0})", cuda="cuda.libdevice.brev(np.int32({0}))"),
    "firstbitlow": _d3d("ampmath.firstbitlow({0})", cuda="cuda.libdevice.ffs({0}) - 1"),
    "firstbithigh": _d3d("ampmath.firstbithigh({0})",
                         cuda="31 - cuda.libdevice.clz(ampmath.sign_fold({0}))"),
    "imax": _d3d("max({0}, {1})", 2),
    "imin": _d3d("min({0}, {1})", 2),
    "umax": _d3d("max({0}, {1})", 2),
    "umin": _d3d("min({0}, {1})", 2),
    "sign": _d3d("ampmath.sign({0})"),
    "radians": _d3d("{0} * float32(0.017453292519943295)"),
    "rcp": _d3d("{one} / {0}"),
    "saturate": _d3d("ampmath.clamp({0}, 0.0, 1.0)", libdevice=("saturatef", "saturatef")),
    "smoothstep": _d3d("ampmath.smoothstep({0}, {1}, {2})", 3),
    "step": _d3d("float32(1.0) if {1} >= {0} else float32(0.0)", 2),
    "noise": _d3d("", 1),
}

#: which namespace declares which base function: "std" (<cmath>, also unqualified), "precise_math",
#: "fast_math" (float only), "direct3d" (restrict(amp) only)
NAMESPACES: dict[str, frozenset[str]] = {
    "std": frozenset("""
        sqrt cbrt fabs exp exp2 expm1 log log2 log10 log1p logb ilogb pow sin cos tan asin acos atan atan2
        sinh cosh tanh asinh acosh atanh hypot erf erfc tgamma lgamma floor ceil trunc round nearbyint fmod
        remainder remquo modf frexp ldexp scalbn fmin fmax fdim fma copysign nextafter nan isnan isinf
        isfinite isnormal signbit fpclassify abs min max""".split()),
    "precise_math": frozenset("""
        acos acosh asin asinh atan atan2 atanh cbrt ceil copysign cos cosh cospi erf erfc erfcinv erfinv
        exp exp10 exp2 expm1 fabs fdim floor fma fmax fmin fmod fpclassify frexp hypot ilogb isfinite isinf
        isnan isnormal ldexp lgamma log log10 log1p log2 logb modf nan nearbyint nextafter phi pow probit
        rcbrt remainder remquo round rsqrt scalb scalbn signbit sin sincos sinh sinpi sqrt tan tanh tanpi
        tgamma trunc""".split()),
    "fast_math": frozenset("""
        acos asin atan atan2 ceil cos cosh exp exp2 fabs floor fmax fmin fmod frexp isfinite isinf isnan
        ldexp log log10 log2 modf pow round rsqrt signbit sin sincos sinh sqrt tan tanh trunc""".split()),
}

#: the direct3d intrinsics: name -> the types of its overloads (every parameter and the result
#: have the overload's type)
DIRECT3D: dict[str, tuple[str, ...]] = {
    "abs": ("int",), "clamp": ("int", "float"), "countbits": ("unsigned int",), "firstbithigh": ("int",),
    "firstbitlow": ("int",), "imax": ("int",), "imin": ("int",), "mad": ("int", "unsigned int", "float", "double"),
    "noise": ("float",), "radians": ("float",), "rcp": ("float", "double"), "reversebits": ("unsigned int",),
    "saturate": ("float",), "sign": ("int",), "smoothstep": ("float",), "step": ("float",),
    "umax": ("unsigned int",), "umin": ("unsigned int",),
}
NAMESPACES["direct3d"] = frozenset(DIRECT3D)

#: functions without an `f`-suffixed spelling
_NO_F = {"isnan", "isinf", "isfinite", "isnormal", "fpclassify", "abs", "min", "max", "mad", "lgamma_r"}

#: every C++ spelling sema accepts -> (base name in FUNCTIONS, float overload?)
NAMES: dict[str, tuple[str, bool]] = {name: (name, False) for name in FUNCTIONS if name != "lgamma_r"}
NAMES.update({name + "f": (name, True) for name in FUNCTIONS
              if name not in _NO_F and name not in DIRECT3D and name + "f" not in FUNCTIONS})
