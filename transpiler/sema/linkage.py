"""Several translation units, one program: C++'s linkage, checked as a linker checks it.

One `Analyser` reads the units in order (the command line's, or the project's `ClCompile`
order).  Each unit gets a scope of its own (`begin_unit`): its macros were its own already
(each unit is preprocessed alone), and now its names, typedefs and templates are too.  What a
program shares is shared by symbol identity, so the stages after sema see one program:

* a function or variable with **external linkage** is one `Symbol` in every unit that declares
  it (`Analyser.external`, keyed by name and parameter types: C++'s mangled name); a unit that
  only declares it calls the definition another unit gives;
* **internal linkage** (`static`, an anonymous namespace, a namespace-scope `const`) keeps a
  unit's own symbol: the same name in two units is two entities (the second's Python name gets
  a suffix);
* a **class** defined in a header that several units include is the first unit's class; its
  member functions, and an `inline` function or a template instance from a shared header, are
  analysed once (`same_place`: the same file, line and column);
* `link` then reports what a linker reports: `undefined reference to 'f'` at a call of a function
  no unit defines (with a note at its declaration), the same for a variable declared `extern`
  and never defined, and `multiple definition of 'f'` (`defined_elsewhere`) at a second
  definition, with a note at the first.

C++ AMP compiles a kernel with every function it calls *inlined* (Visual Studio's "full inlining
requirement"): a `restrict(amp)` function defined in another unit can be called from `restrict(amp)`
code only with link-time code generation (`/GL`, a project's `WholeProgramOptimization`; amppy's
`--ltcg`); without it Visual Studio reports C3930 at the call, and so does amppy
(`amp-definition-elsewhere`).

Dynamic initialisation of globals runs unit by unit, in the units' order, and in each unit in
the order of its definitions (the global list is built in that order).
"""
from __future__ import annotations

import os

from .. import ir
from ..diagnostics import Note
from ..source import Span
from .scope import Scope

#: the program's entry points: one of each name in the whole program, whatever its parameters
MAINS = ("main", "_tmain", "wmain")


def same_place(a: Span, b: Span) -> bool:
    """Do two spans name the same text (a definition in a header that two units include,
    whatever path each unit reached it by)?"""
    return (a.line, a.col) == (b.line, b.col) and os.path.abspath(a.file) == os.path.abspath(b.file)


def begin_unit(a, k: int, pp) -> None:
    """Start unit `k`: a scope of its own; the program's classes, symbols and output stay."""
    a.unit = k
    a.pp = pp
    a.unit_files.append({os.path.abspath(name) for name in pp.sources.names()})
    a.unit_start = (len(a.functions), len(a.global_vars), len(a.struct_order), len(a.kernels))
    if k == 0:
        return
    a.globals = Scope(None, "global")
    a.scope = a.globals
    a.typedefs = {}
    a.namespaces = set()
    a.function_templates = {}
    a.class_templates = {}
    a.template_forwards = {}
    a.class_specs = {}
    a.function_specs = {}
    a.forward_structs = set()
    a.auto_bodies = {}
    a.body_index = 0
    a.pending_bodies = []
    a.call_sites = []
    # a name an earlier unit gave Python is not given again (a `static` helper in two units)
    a.module_names.module |= a.module_names.taken


def end_unit(a) -> None:
    """Tag what unit `a.unit` added with its index (the module's section per unit)."""
    f, g, s, k = a.unit_start
    for item in a.functions[f:] + a.global_vars[g:] + a.struct_order[s:] + a.kernels[k:]:
        item.unit = a.unit


def function_key(a, d, params) -> tuple | None:
    """The link name of free function `d` (None: internal linkage, `static` or in an anonymous
    namespace: the unit's own)."""
    if a.internal or "static" in d.storage:
        return None
    if d.name in MAINS:
        return ("function", d.name)
    return ("function", d.name, tuple(str(p) for p in params))


def shared_function(a, key, restrict):
    """The symbol another unit declared for this function (the same restriction), or None."""
    for old in a.external.get(key, ()):
        if set(old.restrict_) & set(restrict):
            return old
    return None


def defined_elsewhere(a, d, sym: ir.Symbol) -> bool:
    """Was `sym` defined by an earlier unit?  The same definition (a header's `inline` function
    or member function) is skipped; another is `multiple definition`, C++'s link error."""
    first = a.definitions.get(id(sym))
    if first is None or first[0] == a.unit:
        return False
    if not same_place(first[1], d.name_span):
        a.sink.error("multiple-definition", f"multiple definition of '{qualified(sym)}'", d.name_span,
                     notes=[Note("first defined here", first[1])],
                     help=_MULTIPLE_HELP)
    return True


_MULTIPLE_HELP = ("a function or variable with external linkage is defined in one file; declare it in the "
                  "others (or make it 'static' or 'inline')")


def global_variable(a, v, kind: str):
    """`int g = 1;` / `extern int g;` at namespace scope: (symbol already declared by a unit or
    None, link key or None).  A namespace-scope `const` without `extern`, a `static` one and one in
    an anonymous namespace have internal linkage."""
    internal = a.internal or "static" in v.storage or (kind == "const" and "extern" not in v.storage)
    if internal:
        return None, None
    key = ("variable", v.name)
    found = a.external.get(key)
    return (found[0] if found else None), key


def define_variable(a, sym: ir.Symbol, v) -> bool:
    """Record the definition of `sym` here; False (reported) when it is already defined."""
    first = a.var_definitions.get(id(sym))
    if first is not None:
        if first[0] == a.unit:
            a.sink.error("redefinition", f"redefinition of '{v.name}'", v.name_span,
                         notes=[Note("previous definition is here", first[1])])
        else:
            a.sink.error("multiple-definition", f"multiple definition of '{v.name}'", v.name_span,
                         notes=[Note("first defined here", first[1])], help=_MULTIPLE_HELP)
        return False
    a.var_definitions[id(sym)] = (a.unit, v.name_span)
    return True


def qualified(sym: ir.Symbol) -> str:
    return f"{sym.owner}::{sym.name}" if sym.owner else sym.name


def link(a) -> None:
    """The linker's checks over every unit's calls and uses (see the module docstring)."""
    reported: set[int] = set()
    several = len(a.unit_files) > 1
    for sym, span, amp, unit in a.linked_calls:
        if id(sym) in reported:
            continue
        if id(sym) not in a.defined:
            reported.add(id(sym))
            if not a.link_checks:
                continue
            a.sink.error("undefined-function", f"undefined reference to '{qualified(sym)}'", span,
                         notes=[Note(f"'{qualified(sym)}' is declared here", sym.span)],
                         help=f"define '{qualified(sym)}' in one of the program's files"
                              + (", or add the file that defines it to the program" if not several else ""))
            continue
        where = a.definitions.get(id(sym))
        if amp and several and not a.ltcg and "amp" in sym.restrict_ and where is not None \
                and os.path.abspath(where[1].file) not in a.unit_files[unit]:
            reported.add(id(sym))
            a.sink.error("amp-definition-elsewhere",
                         f"restrict(amp) function '{qualified(sym)}' is defined in another translation unit "
                         f"('{os.path.basename(where[1].file)}'), so it cannot be inlined into this kernel",
                         span, notes=[Note("defined here", where[1])],
                         help="C++ AMP inlines every function a kernel calls: define it in a header both files "
                              "include, or build with link-time code generation (/GL: WholeProgramOptimization "
                              "in the project, --ltcg on amppy's command line)")
    if a.link_checks:
        _undefined_variables(a)


def _undefined_variables(a) -> None:
    missing = {k: s for k, s in a.var_declared.items() if k not in a.var_definitions}
    if not missing:
        return
    roots = [f.body for f in a.functions] + [k.body for k in a.kernels] + \
        [g.init for g in a.global_vars if g.init is not None]
    first: dict[int, Span] = {}             # each one's first use, in source order
    for root in roots:
        for x in ir.walk(root):
            if isinstance(x, ir.Var) and id(x.sym) in missing:
                at = first.get(id(x.sym))
                if at is None or (x.span.file, x.span.line, x.span.col) < (at.file, at.line, at.col):
                    first[id(x.sym)] = x.span
    for k, span in first.items():
        sym = missing[k]
        a.sink.error("undefined-variable", f"undefined reference to '{sym.name}'", span,
                     notes=[Note(f"'{sym.name}' is declared 'extern' here", sym.span)],
                     help=f"define '{sym.name}' (without 'extern') in one of the program's files")
