"""What a module translated for `amppy.load` exports (issue 44): a table at its end, plain data.

    __amppy_exports__ = (
        ('saxpy', 'saxpy', 'void saxpy(float a, array_view<const float, 1> x, array_view<float, 1> y)',
         'kernels.cpp:6', (('a', ('scalar', 'float32'), 'float'),
                          ('x', ('view', 'float32', 1, True), 'array_view<const float, 1>'),
                          ('y', ('view', 'float32', 1, False), 'array_view<float, 1>')), ('void',)),
        ...
    )

One entry per free function with external linkage that the host can call (restrict(cpu)): its
C++ name, its Python name in the module, its C++ signature and place, each parameter's name, how
a Python value becomes it and its C++ type, how its result comes back, and which parameters'
new values the translation returns after the result (numbers and strings by non-const reference:
`codegen/refs.py`).  `amppy.library` reads the table
(a cached module is loaded without translating again, so what the loader needs must be in it).

Parameter kinds:
  ('scalar', dtype)                  a number or bool, by value or const reference
  ('scalar_ref', dtype)              ... by non-const reference: a 0-d or one-element NumPy array
                                     gets the new value (a plain number: none)
  ('string_ref',)                    std::string&: a one-element list gets the new text
  ('view', dtype, rank, const)       array_view<T, N>: a NumPy array over which the view is made
  ('array', dtype, rank, const)      array<T, N>& / const&: copied in, and back unless const
  ('vector', dtype, const)           std::vector<T>& / const& / by value: copied in, and back
                                     when a non-const reference
  ('string',)                        std::string by value or const reference: a `str`
  ('pointer', dtype, const)          T* / const T*: a 1-D NumPy array, passed as it is (the
                                     translation's pointers to numbers are NumPy arrays)
  ('carray', dtype, dims, const)     T (&a)[N]...: a NumPy array of that shape, passed as it is
  ('struct', py_class, by_ref)       a struct of numbers (a numpy-record class of the module):
                                     a record, a 0-d structured array (written through when by
                                     non-const reference), a tuple or a dict
  ('unsupported', cpp_type)          not convertible yet: calling the function says so
Results: ('void',), ('scalar', dtype), ('string',), ('vector', dtype), ('struct', py_class) (a
NumPy record), ('unsupported', cpp_type).
"""
from __future__ import annotations

from .. import ir

_NAMES = ("main", "_tmain", "wmain")
#: by-reference parameters a host function returns the new values of (`HostWriter.writeback_types`)
_RETURNED = (ir.Scalar, ir.StdString, ir.Pointer, ir.Index, ir.Extent)


def exports_table(program: ir.Program, where) -> list[str]:
    """Lines of `__amppy_exports__` for `program` (`where(span)` gives `file.cpp:LINE`)."""
    rows = []
    for f in program.functions:
        s = f.sym
        if not s.external or s.owner or "cpu" not in f.restrict or s.name in _NAMES or s.template_env:
            continue
        params = tuple((p.name, param_kind(p), _param_text(p, named=False)) for p in f.params)
        sig = f"{f.ret} {s.name}({', '.join(_param_text(p) for p in f.params)})"
        # the parameters whose new values the translation returns after its result (codegen/refs.py)
        changed = tuple(i for i, p in enumerate(f.params) if p.by_ref and (isinstance(p.type, _RETURNED) or p.rebound))
        rows.append((s.name, s.py_name, sig, where(f.span), params, result_kind(f.ret), changed))
    out = ["# what amppy.load exports (codegen/exports.py)", "__amppy_exports__ = ("]
    out += [f"    {row!r}," for row in rows]
    return out + [")"]


def _param_text(p: ir.Symbol, named: bool = True) -> str:
    t = p.type
    if isinstance(t, ir.CArray) and (p.by_ref or p.const_ref):     # `int (&a)[4]`
        return f"{'const ' if p.const_ref else ''}{t.elem} (&{p.name if named else ''}){''.join(f'[{d}]' for d in t.dims)}"
    ref = "&" if p.by_ref or p.const_ref else ""
    const = "const " if p.const_ref else ""
    return f"{const}{t}{ref}" + (f" {p.name}" if named else "")


def _dtype(t) -> str | None:
    return ir.SCALARS[t.name][0].rstrip("_") if isinstance(t, ir.Scalar) else None


def param_kind(p: ir.Symbol) -> tuple:
    t = p.type
    if p.rebound:                       # (an array_view& the function assigns whole: not from Python)
        return ("unsupported", _param_text(p))
    if isinstance(t, ir.Scalar):
        return ("scalar_ref" if p.by_ref else "scalar", _dtype(t))
    if isinstance(t, ir.StdString) and p.by_ref:
        return ("string_ref",)
    if isinstance(t, ir.ArrayView) and _dtype(t.elem):
        return ("view", _dtype(t.elem), t.rank, bool(t.const))
    if isinstance(t, ir.AmpArray) and _dtype(t.elem) and (p.by_ref or p.const_ref):
        return ("array", _dtype(t.elem), t.rank, bool(p.const_ref))
    if isinstance(t, ir.Vector) and t.size is None and _dtype(t.elem):
        return ("vector", _dtype(t.elem), not p.by_ref)
    if isinstance(t, ir.StdString) and not p.by_ref:
        return ("string",)
    if isinstance(t, ir.Pointer) and not t.owner and _dtype(t.elem):
        return ("pointer", _dtype(t.elem), bool(t.const))
    if isinstance(t, ir.CArray) and _dtype(t.elem):
        return ("carray", _dtype(t.elem), tuple(t.dims), not (p.by_ref or p.const_ref) or bool(p.const_ref))
    if isinstance(t, ir.StructType):
        return ("struct", t.py, bool(p.by_ref))
    return ("unsupported", _param_text(p))


def result_kind(t: ir.Type) -> tuple:
    if isinstance(t, ir.Void):
        return ("void",)
    if isinstance(t, ir.Scalar):
        return ("scalar", _dtype(t))
    if isinstance(t, ir.StdString):
        return ("string",)
    if isinstance(t, ir.Vector) and t.size is None and _dtype(t.elem):
        return ("vector", _dtype(t.elem))
    if isinstance(t, ir.StructType):
        return ("struct", t.py)
    return ("unsupported", str(t))
