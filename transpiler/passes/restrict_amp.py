"""restrict(amp) rules sema cannot see one node at a time  [amp-restrict].

Input: an `ir.Program`.  Output: the program unchanged, plus diagnostics for code in
kernels and in restrict(amp) / restrict(cpu, amp) functions:

    char c = 'a';                 error: type 'char' is not allowed in restrict(amp) code
    av[idx] = v * gScale;         error: restrict(amp) code cannot read the global variable 'gScale'
    gLast = idx[0];               error: restrict(amp) code cannot write the global variable 'gLast'
    return n * fact(n - 1);       error: recursive call to 'fact' in restrict(amp) code
    return isOdd(n - 1);          error: call to 'isOdd' is part of a recursion cycle
                                         (isEven -> isOdd -> isEven) in restrict(amp) code

Sema already reports goto, try/throw, static locals, and calls of functions that are not
restrict(amp); virtual calls cannot be written in amppy's C++ subset.  Const globals and
enumerators (symbol kind "const") are allowed.  What a type amp code cannot hold is
`cxx/amp_rules.type_problems` (sema asks it too, of a tile_static variable).
"""
from __future__ import annotations

from .. import ir
from ..cxx.amp_rules import type_problems


def amp_bodies(program: ir.Program):
    """(name, body, params, FunctionDef-or-None) for every kernel and restrict(amp) function."""
    for f in program.functions:
        if "amp" in f.restrict:
            yield f.sym.name, f.body, f.params, f
    for k in program.kernels:
        yield k.name, k.body, [], None


def run(program: ir.Program, sink, opts) -> None:
    found = []            # (span, message, help)
    structs = {sd.name: sd for sd in program.structs}
    for _, body, _, fd in amp_bodies(program):       # (sema checks the parameters' types)
        if fd is not None:
            found += type_problems(fd.ret, fd.span, structs)
        _check_body(found, body, structs)
    _recursion(found, program)
    seen_type_lines = set()
    for span, msg, help, key in sorted(found, key=lambda x: (x[0].line, x[0].col)):
        if key is not None:                      # one type diagnostic per line and type
            if (span.file, span.line, key) in seen_type_lines:
                continue
            seen_type_lines.add((span.file, span.line, key))
        sink.error("amp-restrict", msg, span, help=help)


def _check_body(found, body, structs=None):
    written = set()
    for n in ir.walk(body):
        if isinstance(n, (ir.Assign, ir.IncDec)):
            written.add(id(ir.root(n.target)))
        elif isinstance(n, ir.StreamIn):
            written.update(id(ir.root(t)) for t in n.targets)
    for n in ir.walk(body):
        if isinstance(n, (ir.VarDecl, ir.TileStatic)):
            found += type_problems(n.sym.type, n.span, structs)
        elif isinstance(n, ir.Convert) and n.explicit:
            found += type_problems(n.type, n.span)
        elif isinstance(n, ir.Const) and isinstance(n.type, ir.Scalar) and n.type.name in ("char", "wchar_t"):
            found += type_problems(n.type, n.span)
        elif isinstance(n, ir.Var) and n.sym.kind == "global":
            verb = "write" if id(n) in written else "read"
            found.append((n.span, f"restrict(amp) code cannot {verb} the global variable '{n.sym.name}'",
                          "capture a local copy of the value in the lambda, or declare the global const",
                          None))


def _calls(fd: ir.FunctionDef):
    return [n for n in ir.walk(fd.body) if isinstance(n, ir.Call)]


def _recursion(found, program: ir.Program):
    # sema allows restrict(amp) code to call only restrict(amp) functions: cycles stay among them
    amp = [f for f in program.functions if "amp" in f.restrict]
    defs = {id(f.sym): f for f in amp}
    edges = {id(f.sym): _calls(f) for f in amp}

    def reaches(src, dst) -> list | None:
        """A call path src -> ... -> dst as function names, or None."""
        stack, seen = [(src, [src])], {id(src)}
        while stack:
            s, path = stack.pop()
            for c in edges.get(id(s), ()):
                g = c.func
                if g is dst:
                    return path + [g]
                if id(g) not in seen and id(g) in defs:
                    seen.add(id(g))
                    stack.append((g, path + [g]))
        return None

    for f in amp:
        for c in edges[id(f.sym)]:
            g = c.func
            if g is f.sym:
                found.append((c.span, f"recursive call to '{g.name}' in restrict(amp) code",
                              "restrict(amp) functions cannot be recursive: rewrite it as a loop", None))
                continue
            back = reaches(g, f.sym)
            if back is not None:
                cycle = " -> ".join([f.sym.name] + [s.name for s in back])
                found.append((c.span, f"call to '{g.name}' is part of a recursion cycle ({cycle}) "
                                      "in restrict(amp) code",
                              "restrict(amp) functions cannot be recursive: rewrite the cycle as a loop", None))
