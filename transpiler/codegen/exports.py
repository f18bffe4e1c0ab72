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
  ('struct', py_class, by_ref)       a class of the module: an object of the library's class for
                                     it; a struct of numbers also a record, a 0-d structured
                                     array (written through when by non-const reference), a
                                     tuple or a dict
  ('accelerator_view',)              an accelerator_view (by value or reference): None for the
  ('accelerator',)                   default accelerator's default view, or the runtime's object
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
    """Lines of `__amppy_exports__` and `__amppy_classes__` for `program` (`where(span)` gives
    `file.cpp:LINE`)."""
    rows = []
    for f in program.functions:
        s = f.sym
        if not s.external or s.owner or "cpu" not in f.restrict or s.name in _NAMES or s.template_env:
            continue
        rows.append((s.name, s.py_name, _signature(f, s.name), where(f.span), *_call_facts(f)))
    out = ["# what amppy.load exports (codegen/exports.py)", "__amppy_exports__ = ("]
    out += [f"    {row!r}," for row in rows]
    out += [")", "__amppy_classes__ = ("]
    out += [f"    {row!r}," for row in classes_table(program, where)]
    return out + [")"]


def _signature(f: ir.FunctionDef, name: str) -> str:
    """`float f(int a)`; a member function's as declared in its class (`int get() const`)."""
    params, const = f.params, ""
    if f.sym.member == "method":        # (its first parameter is `this`: by reference unless const)
        params, const = params[1:], "" if params[0].by_ref else " const"
    ret = "" if f.sym.member == "ctor" else f"{f.ret} "
    return f"{'static ' if f.sym.member == 'static' else ''}{ret}{name}({', '.join(_param_text(p) for p in params)}){const}"


def _call_facts(f: ir.FunctionDef) -> tuple:
    """(params, result, changed) of a function's row: each parameter's (name, kind, C++ type), how
    the result comes back, and the parameters whose new values the translation returns after its
    result (codegen/refs.py)."""
    params = tuple((p.name, param_kind(p), _param_text(p, named=False)) for p in f.params)
    changed = tuple(i for i, p in enumerate(f.params) if p.by_ref and (isinstance(p.type, _RETURNED) or p.rebound))
    return params, result_kind(f.ret), changed


def classes_table(program: ir.Program, where) -> list[tuple]:
    """One row per class with a public member Python can use: (C++ name, Python class, place,
    fields, constructors, member functions, aggregate).  Fields: (C++ name, attribute, kind (a
    result kind), C++ type); a constructor: (signature, Python name, place, params, changed); a member function:
    (C++ name, Python method, signature, place, params, result, changed, static); aggregate: the
    class takes C++'s aggregate initialisation (its public fields in order).  Only public
    members (`StructDef.nonpublic`), the base classes' included; constructors that change a
    reference parameter are left out (the translation returns only the object)."""
    structs = {sd.name: sd for sd in program.structs}
    defined: dict = {}
    for f in program.functions:
        s = f.sym
        if s.owner and s.member in ("ctor", "method", "static") and "cpu" in f.restrict and not s.template_env \
                and not s.name.startswith("operator"):
            defined.setdefault(s.owner, []).append(f)
    rows = []
    for sd in program.structs:
        if sd.hidden or not sd.name.split("<", 1)[0].isidentifier() or sd.name.startswith("anonymous_"):
            continue                    # (a class template's instances are the program's: `Box<4>`)
        chain = _bases(sd, structs)
        hidden = {n for c in chain for n in c.nonpublic}
        fields = tuple((cpp, py, result_kind(t), str(t)) for cpp, py, t in _fields(sd)
                       if cpp not in hidden and result_kind(t)[0] != "unsupported")
        own_ctors = [f for f in defined.get(sd.name, ()) if f.sym.member == "ctor"]
        ctors = tuple((_signature(f, sd.name), f.sym.method_py, where(f.span), *_call_facts(f)[::2])
                      for f in own_ctors if sd.name not in sd.nonpublic)
        ctors = tuple(c for c in ctors if not c[4])
        seen, methods = set(), []
        for c in chain:
            for f in defined.get(c.name, ()):
                s = f.sym
                if s.member == "ctor" or s.name in c.nonpublic or s.method_py in seen:
                    continue
                seen.add(s.method_py)
                params, result, changed = _call_facts(f)
                this = 1 if s.member == "method" else 0      # (`this` is the first parameter)
                methods.append((s.name, s.method_py, _signature(f, s.name), where(f.span), params[this:], result,
                                tuple(i - this for i in changed), s.member == "static"))
        # (C++'s aggregate initialisation: no constructor, no private or protected field, no base)
        aggregate = not own_ctors and not (hidden & set(sd.cxx_fields)) and not sd.base
        if fields or ctors or methods:
            rows.append((sd.name, sd.py_name, where(sd.span), fields, ctors, tuple(methods), aggregate))
    return rows


def _bases(sd, structs) -> list:
    """`sd` and its base classes, nearest first."""
    out = [sd]
    while out[-1].base in structs and len(out) < 64:
        out.append(structs[out[-1].base])
    return out


def _fields(sd) -> list:
    """(C++ name, attribute, type) of `sd`'s fields, its bases' first (as `StructDef.fields` lists them)."""
    names = {py: cpp for cpp, py in sd.cxx_fields.items()}
    return [(names[py], py, t) for py, t in sd.fields if py in names]


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
    if t in (ir.Library("accelerator_view"), ir.Library("accelerator")):
        return (t.name,)
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
