"""`<amp_short_vectors.h>` / `<amp_graphics.h>`: C++ AMP's short vectors, as C++ that amppy translates.

C++ AMP's `concurrency::graphics` namespace has the scalar types `norm` (a float clamped to
[-1, 1]) and `unorm` (clamped to [0, 1]) and eighteen short vectors `S_N` (S one of `int`, `uint`,
`float`, `double`, `norm`, `unorm`; N one of 2, 3, 4), with `short_vector<S, N>::type` and
`short_vector_traits<V>` to name them generically.  amppy gives a program that includes the header
the text `header_text()` makes here: ordinary C++ classes and operators (every one
`restrict(cpu, amp)`), so sema, the host emitter and both kernel targets translate them as they
translate the program's own classes (struct locals are scalar-replaced in kernels, array elements
are numpy records, `av[i].x` is a field).  What a class cannot express is sema's
(`sema/short_vectors.py`): swizzles (`v.zyx`, `v.xy = ...`) and `get_`/`set_` become calls of
member functions generated here on first use (`member_text`), `r g b a` name `x y z w`, and a
`norm`/`unorm` converts to `float` where C++ AMP's `operator float()` would.

Written from the documented interface (Microsoft's C++ AMP reference for `float_4`, `norm`,
`short_vector`, `short_vector_traits`, ... and its "Short Vector Library" page), not from
Microsoft's header:

* constructors: `S_N()` (zeros), `S_N(S v0, ..., S vN-1)`, `S_N(S v)` (every component; implicit,
  so `v * 2.0f` converts the scalar), `explicit S_N(const T_N&)` from the other five vectors of the
  same size (component by component, as C++ converts the scalars; a norm/unorm clamps);
  `norm_N`/`unorm_N` also take floats and the other of norm/unorm per component, and their
  one-float constructor is explicit;
* `+ - * /` and `+= -= *= /=` for every vector, `% & | ^ << >>` and their compound forms and `~`
  for the int and uint vectors, unary `-` for all but uint and unorm vectors, prefix and postfix
  `++ --`, `== !=`; `size`, `value_type`;
* `norm`/`unorm`: explicit from float, int, unsigned int, double (converted to float, then
  clamped; NaN, which C++ AMP leaves undefined, stays NaN here on every target: the clamping
  comparisons are false for it), `unorm` -> `norm` implicit, `norm` -> `unorm` explicit, both ->
  `float` implicit; `+ - * /` compute in float and clamp, `+= -= *= /=`, `++ --`, comparisons,
  unary `-` for norm only.

The C++ is valid C++ (tests compile it with g++), and its names are C++ AMP's, so the Python
reads `float_4.new(a, b, c, d)`, `v.x`, `float_4_add(a, b)`.
"""
from __future__ import annotations

import functools
import itertools
import re

#: The scalar kinds, in the order their vectors are declared; C++ spelling of each component.
KINDS = ("uint", "int", "float", "double", "norm", "unorm")
COMPONENT = {"uint": "unsigned int", "int": "int", "float": "float", "double": "double", "norm": "norm",
             "unorm": "unorm"}
SIZES = (2, 3, 4)
XYZW, RGBA = "xyzw", "rgba"

#: Every class the header defines: vector name -> (kind, size); `norm`/`unorm` -> (kind, 1).
VECTORS = {f"{k}_{n}": (k, n) for n in SIZES for k in KINDS}
CLASSES = {"norm": ("norm", 1), "unorm": ("unorm", 1), **VECTORS}

#: The header's name in diagnostics (and in spans of its code).
HEADER = "<amp_short_vectors.h>"
#: The macro `#include <amp_short_vectors.h>` (or `<amp_graphics.h>`) defines: the preprocessor
#: emits no text for the header, and `preprocess.preprocessor.attach_short_vectors` puts the classes the program uses before its text.
GUARD = "_AMPPY_AMP_SHORT_VECTORS_H"
VIRTUAL_TEXT = f"#ifndef {GUARD}\n#define {GUARD} 1\n#endif\n"

_ARITH = ("+", "-", "*", "/")
_INTEGRAL_ONLY = ("%", "&", "|", "^", "<<", ">>")
#: The Python name part of each operator a free function of the header implements (`float_4_add`).
OP_WORDS = {"+": "add", "-": "sub", "*": "mul", "/": "div", "%": "mod", "&": "bitand", "|": "bitor",
            "^": "xor", "<<": "shl", ">>": "shr", "==": "eq", "!=": "ne", "<": "lt", ">": "gt", "<=": "le",
            ">=": "ge"}
_R = "restrict(cpu, amp)"


def is_integral(kind: str) -> bool:
    return kind in ("int", "uint")


def components(n: int) -> str:
    return XYZW[:n]


def swizzle(name: str, n: int) -> str | None:
    """The `xyzw` letters a member name of an N-vector names (`"bgr"` -> `"zyx"`), if it is a
    swizzle C++ AMP has: 1 to N distinct components, all `xyzw` or all `rgba`; else None."""
    if not 1 <= len(name) <= n or len(set(name)) != len(name):
        return None
    for letters in (XYZW, RGBA):
        if all(c in letters[:n] for c in name):
            return "".join(XYZW[letters.index(c)] for c in name)
    return None


def repeated_swizzle(name: str, n: int) -> bool:
    """`v.xx`, `v.rgrg`: component letters of an N-vector with one repeated (C++ AMP has none)."""
    return 2 <= len(name) <= 4 and len(set(name)) < len(name) and any(
        all(c in letters[:n] for c in name) for letters in (XYZW, RGBA))


def vector_of(kind: str, n: int) -> str:
    return kind if n == 1 else f"{kind}_{n}"


# ---- the header ----------------------------------------------------------------------------------
#: The operator tokens a program may write, longest first (what `used` looks for).
_OP_TOKENS = re.compile(r"<<=|>>=|<<|>>|\+\+|--|[-+*/%&|^]=|==|!=|<=|>=|&&|\|\||[-+*/%&|^~<>!]")
_NAMES = re.compile(r"\b(?:(?:u?int|float|double|u?norm)_[234]|u?norm|short_vector(?:_traits)?|sampler"
                    r"|filter_(?:mode|point|linear|unknown)|address_(?:mode|wrap|mirror|clamp|border|unknown))\b")
_SAMPLES = re.compile(r"\.\s*(?:sample|gather_(?:red|green|blue|alpha))\s*[(<]")
#: the names that make the header define `sampler` and its enumerations (`sample<filter_point>`)
SAMPLER_NAMES = frozenset({"sampler", "filter_mode", "address_mode"} |
                          {f"filter_{m}" for m in ("point", "linear", "unknown")} |
                          {f"address_{m}" for m in ("wrap", "mirror", "clamp", "border", "unknown")})
_SWIZZLES = re.compile(r"(?:\.|->)\s*(?:[gs]et_)?(?:[xyzw]{2,3}|[rgba]{2,3})\b")
_SHORT_VECTOR_ARGS = re.compile(r"\bshort_vector\s*<\s*(unsigned\s+int|uint|int|float|double|u?norm)\s*,"
                                r"\s*([1-4])\s*>")


def used(text: str) -> tuple[frozenset, frozenset]:
    """The classes and operators of the header that program text `text` may use: the classes it
    names (with `norm` and `unorm` for any norm/unorm vector, every class where it names
    `short_vector<...>` with arguments other than a scalar type and a number), and the operator
    tokens it contains.  The header defines only those: an operator the program never writes
    cannot be called (the header's own code calls only the operators it defines)."""
    names = set(_NAMES.findall(text))
    classes = {n for n in names if n in CLASSES}
    if names & SAMPLER_NAMES:
        classes |= {"sampler", "float_4"}   # (a sampler's border colour is a float_4)
    if _SAMPLES.search(text):               # coordinates, gathered texels: whatever the texture
        classes |= {"float_2", "float_3", "float_4"} | {vector_of(k, 4) for k in KINDS if k != "double"}
    if "short_vector" in names:
        literal = _SHORT_VECTOR_ARGS.findall(text)
        if len(literal) < len(re.findall(r"\bshort_vector\s*<", text)):
            classes |= set(CLASSES)         # `short_vector<T, N>` in a template: any of them
        for scalar, n in literal:
            kind = "uint" if scalar.startswith(("unsigned", "uint")) else scalar
            if n != "1":
                classes.add(vector_of(kind, int(n)))
            elif kind in ("norm", "unorm"):
                classes.add(kind)
    if _SWIZZLES.search(text):             # `v.xy` of a float_4 is a float_2
        classes |= {vector_of(CLASSES[c][0], k) for c in classes & set(CLASSES) for k in range(2, CLASSES[c][1])}
    if any(CLASSES[c][0] in ("norm", "unorm") for c in classes & set(CLASSES)):
        classes |= {"norm", "unorm"}
    traits = frozenset(n for n in ("short_vector", "short_vector_traits") if n in names)
    ops = set(_OP_TOKENS.findall(text))
    ops |= {op[:-1] for op in ops if op.endswith("=") and op not in ("==", "!=", "<=", ">=")}
    return frozenset(classes) | traits, frozenset(ops)     # (`v.xy += w` is `v.xy = v.xy + w`)


def _clamp(kind: str, v: str) -> str:
    """`v` (a float) clamped as a norm/unorm; NaN stays NaN (both comparisons are false)."""
    lo = "-1.0f" if kind == "norm" else "0.0f"
    return f"{v} < {lo} ? {lo} : ({v} > 1.0f ? 1.0f : {v})"


def _scalar_class(kind: str, ops: frozenset) -> list[str]:
    """`norm` / `unorm`: one float, clamped on every construction and operation."""
    out = [f"class {kind} {{", "public:", "    float value;",
           f"    {kind}() {_R} : value(0.0f) {{}}",
           f"    explicit {kind}(float v) {_R} : value({_clamp(kind, 'v')}) {{}}"]
    for t in ("unsigned int", "int", "double"):
        out.append(f"    explicit {kind}({t} v) {_R} {{ float f = (float)v; value = {_clamp(kind, 'f')}; }}")
    if kind == "norm":
        out.append(f"    norm(const unorm& other) {_R} : value(other.value) {{}}")
    else:
        out.append(f"    explicit unorm(const norm& other) {_R};")
    for op in _ARITH:
        if op + "=" in ops:
            out.append(f"    {kind}& operator{op}=(const {kind}& b) {_R} "
                       f"{{ float f = value {op} b.value; value = {_clamp(kind, 'f')}; return *this; }}")
    if kind == "norm" and "-" in ops:
        out.append(f"    norm operator-() const {_R} {{ return norm(-value); }}")
    for op in ("++", "--"):
        if op in ops:
            step = f"float f = value {op[0]} 1.0f; value = {_clamp(kind, 'f')};"
            out.append(f"    {kind}& operator{op}() {_R} {{ {step} return *this; }}")
            out.append(f"    {kind} operator{op}(int) {_R} {{ {kind} old = *this; {step} return old; }}")
    out.append("};")
    return out


def _vector_class(kind: str, n: int, classes: frozenset, ops: frozenset) -> list[str]:
    name, comp, cs = vector_of(kind, n), COMPONENT[kind], components(n)
    out = [f"class {name} {{", "public:"]
    out += [f"    {comp} {c};" for c in cs]
    out += [f"    typedef {comp} value_type;", f"    static const int size = {n};"]
    params = ", ".join(f"{comp} v{i}" for i in range(n))
    inits = ", ".join(f"{c}(v{i})" for i, c in enumerate(cs))
    out.append(f"    {name}({params}) {_R} : {inits} {{}}")            # first: Python `S_N.new(...)`
    if kind in ("norm", "unorm"):
        out.append(f"    {name}() {_R} {{}}")                          # (a norm starts at 0)
    else:
        zero = "0.0f" if kind == "float" else "0.0" if kind == "double" else "0"
        out.append(f"    {name}() {_R} : {', '.join(f'{c}({zero})' for c in cs)} {{}}")
    broadcast = ", ".join(f"{c}(v)" for c in cs)
    out.append(f"    {name}({comp} v) {_R} : {broadcast} {{}}")
    if kind in ("norm", "unorm"):
        other = "unorm" if kind == "norm" else "norm"
        out.append(f"    {name}({', '.join(f'float v{i}' for i in range(n))}) {_R} : {inits} {{}}")
        out.append(f"    {name}({', '.join(f'{other} v{i}' for i in range(n))}) {_R} : {inits} {{}}")
        out.append(f"    explicit {name}(float v) {_R} : {broadcast} {{}}")
    for other in KINDS:
        if other != kind and vector_of(other, n) in classes:
            out.append(f"    explicit {name}(const {vector_of(other, n)}& other) {_R};")
    for op in _ARITH + (_INTEGRAL_ONLY if is_integral(kind) else ()):
        if op + "=" in ops:
            body = " ".join(f"{c} {op}= b.{c};" for c in cs)
            out.append(f"    {name}& operator{op}=(const {name}& b) {_R} {{ {body} return *this; }}")
    if kind not in ("uint", "unorm") and "-" in ops:
        out.append(f"    {name} operator-() const {_R} {{ return {name}({', '.join('-' + c for c in cs)}); }}")
    if is_integral(kind) and "~" in ops:
        out.append(f"    {name} operator~() const {_R} {{ return {name}({', '.join('~' + c for c in cs)}); }}")
    for op in ("++", "--"):
        if op in ops:
            step = " ".join(f"{op}{c};" for c in cs)
            out.append(f"    {name}& operator{op}() {_R} {{ {step} return *this; }}")
            out.append(f"    {name} operator{op}(int) {_R} {{ {name} old = *this; {step} return old; }}")
    out.append("};")
    return out


def _convert_component(kind: str, other: str, v: str) -> str:
    """The C++ that converts component `v` of an `other` vector to a `kind` component."""
    if kind in ("norm", "unorm"):
        return f"{kind}({v})"                   # explicit (clamps); norm(unorm) is implicit anyway
    if other in ("norm", "unorm"):
        return f"({COMPONENT[kind]}){v}.value"
    return f"({COMPONENT[kind]}){v}"


def _conversions(kind: str, n: int, classes: frozenset) -> list[str]:
    name, cs = vector_of(kind, n), components(n)
    out = []
    for other in KINDS:
        if other != kind and vector_of(other, n) in classes:
            inits = ", ".join(f"{c}({_convert_component(kind, other, 'other.' + c)})" for c in cs)
            out.append(f"{name}::{name}(const {vector_of(other, n)}& other) {_R} : {inits} {{}}")
    return out


def _free_operators(kind: str, n: int, ops: frozenset) -> list[str]:
    name, cs = vector_of(kind, n), components(n)
    sig = f"(const {name}& a, const {name}& b) {_R}"
    out = []
    for op in _ARITH + (_INTEGRAL_ONLY if is_integral(kind) else ()):
        if op not in ops:
            continue
        if n == 1:
            body = f"return {name}(a.value {op} b.value);"
        else:
            body = f"return {name}({', '.join(f'a.{c} {op} b.{c}' for c in cs)});"
        out.append(f"inline {name} operator{op}{sig} {{ {body} }}")
    for op in ("==", "!=") + (("<", ">", "<=", ">=") if n == 1 else ()):
        if op not in ops:
            continue
        if n == 1:
            test = f"a.value {op} b.value"
        elif op == "==":
            test = " && ".join(f"a.{c} == b.{c}" for c in cs)
        else:
            test = " || ".join(f"a.{c} != b.{c}" for c in cs)
        out.append(f"inline bool operator{op}{sig} {{ return {test}; }}")
    return out


def _traits(classes: frozenset) -> list[str]:
    out = []
    if "short_vector" in classes:
        out.append("template <typename _Scalar_type, int _Size> struct short_vector {};")
    if "short_vector_traits" in classes:
        out.append("template <typename _Type> struct short_vector_traits {};")
    for kind in KINDS:
        comp = COMPONENT[kind]
        for n in (1,) + SIZES:
            v = comp if n == 1 else vector_of(kind, n)
            if kind in ("norm", "unorm") and n == 1 and "norm" not in classes or n > 1 and v not in classes:
                continue
            if "short_vector" in classes:
                out.append(f"template <> struct short_vector<{comp}, {n}> {{ typedef {v} type; }};")
            if "short_vector_traits" in classes:
                out.append(f"template <> struct short_vector_traits<{v}> {{ typedef {comp} value_type; "
                           f"static const int size = {n}; }};")
    return out


@functools.lru_cache(maxsize=64)
def header_text(classes: frozenset = frozenset(CLASSES) | {"short_vector", "short_vector_traits"},
                ops: frozenset = frozenset(OP_WORDS) | {"+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=",
                                                        "<<=", ">>=", "++", "--", "~"}) -> str:
    """The header's C++ for the classes and operators `used` found (default: all of them): the
    classes, their conversions, the free operators, the traits."""
    parts = []                              # (no comments: this text is not preprocessed)
    vectors = [(k, n) for n in SIZES for k in KINDS if vector_of(k, n) in classes]
    parts += [f"class {vector_of(k, n)};" for k, n in vectors]
    if "norm" in classes:
        parts += ["class norm;"] + _scalar_class("unorm", ops) + _scalar_class("norm", ops)
        parts.append(f"unorm::unorm(const norm& other) {_R} : value({_clamp('unorm', 'other.value')}) {{}}")
        parts += _free_operators("unorm", 1, ops) + _free_operators("norm", 1, ops)
    for k, n in vectors:
        parts += _vector_class(k, n, classes, ops)
    for k, n in vectors:
        parts += _conversions(k, n, classes) + _free_operators(k, n, ops)
    parts += _traits(classes)
    if "sampler" in classes:
        parts += _sampler()
    return "\n".join(parts) + "\n"


def _sampler() -> list[str]:
    """`concurrency::graphics::sampler` and its enumerations (values as C++ AMP's: Direct3D's).
    C++ AMP's `filter_mode`/`address_mode`/`border_color` properties are sema's
    (`sema/short_vectors.member`): they read the getters."""
    zero = "float_4(0.0f, 0.0f, 0.0f, 0.0f)"
    init = "m_filter_mode({}), m_address_mode({}), m_border_color({})"
    ctor = "sampler({}) restrict(cpu) : " + init + " {{}}"
    return [
        "enum filter_mode { filter_point = 0, filter_linear = 0x15, filter_unknown = 0xFFFFFFFF };",
        "enum address_mode { address_wrap = 1, address_mirror = 2, address_clamp = 3, address_border = 4, "
        "address_unknown = 0xFFFFFFFF };",
        "class sampler {",
        "public:",
        "    " + ctor.format("", "filter_linear", "address_clamp", zero),
        # amppy's enumerations are ints, so `sampler(filter_mode)` and `sampler(address_mode)` are
        # one constructor here, telling the modes apart by their values (1 to 4 address one)
        "    " + ctor.format("filter_mode m", "m >= 1 && m <= 4 ? filter_linear : m",
                             "m >= 1 && m <= 4 ? (address_mode)m : address_clamp", zero),
        "    " + ctor.format("address_mode a, float_4 border", "filter_linear", "a", "border"),
        "    " + ctor.format(f"filter_mode f, address_mode a, float_4 border = {zero}", "f", "a", "border"),
        f"    filter_mode get_filter_mode() const {_R} {{ return m_filter_mode; }}",
        f"    address_mode get_address_mode() const {_R} {{ return m_address_mode; }}",
        f"    float_4 get_border_color() const {_R} {{ return m_border_color; }}",
        "private:",
        "    filter_mode m_filter_mode;",
        "    address_mode m_address_mode;",
        "    float_4 m_border_color;",
        "};",
    ]


# ---- members made on first use -------------------------------------------------------------------
def member_text(cls: str, name: str) -> str | None:
    """The C++ definition of member function `name` of class `cls` that the header declares only
    when the program uses it (`get_zyx`, `set_xy`, `get_x`), or None: `get_S`/`set_S` for each
    swizzle S of distinct `xyzw` components (C++ AMP's names; `v.zyx` and `v.bgr` read
    `get_zyx()`, `v.xy = ...` calls `set_xy(...)`)."""
    kind, n = VECTORS.get(cls, (None, 0))
    if kind is None or name[:4] not in ("get_", "set_"):
        return None
    sw = name[4:]
    if sw != swizzle(sw, n) or any(c not in XYZW for c in sw):
        return None
    comp = COMPONENT[kind]
    if name.startswith("get_"):
        if len(sw) == 1:
            return f"{comp} {name}() const {_R} {{ return {sw}; }}"
        return f"{vector_of(kind, len(sw))} {name}() const {_R} {{ return {vector_of(kind, len(sw))}({', '.join(sw)}); }}"
    if len(sw) == 1:
        return f"void {name}({comp} value) {_R} {{ {sw} = value; }}"
    sets = " ".join(f"{c} = value.{XYZW[i]};" for i, c in enumerate(sw))
    return f"void {name}({vector_of(kind, len(sw))} value) {_R} {{ {sets} }}"


def all_swizzles(n: int) -> list[str]:
    """Every `xyzw` swizzle of an N-vector, 2 to N components (for tests)."""
    return ["".join(p) for k in range(2, n + 1) for p in itertools.permutations(XYZW[:n], k)]
