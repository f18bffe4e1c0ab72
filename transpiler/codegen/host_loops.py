"""A computing host loop as a compiled function (issue 14; `lower/host_loops.py` picks the loops).

The loop is written by the kernel dialect of the emitter core (`kernel_exprs.py`: numpy scalars,
`float` as float32, integer results wrapped to their C++ width, truncating `/` and `%`, each
statement under its C++ line) as a `numba.njit(cache=True)` function named after the C++
function and the loop's line; the host calls it where the loop stood:

    @numba.njit(cache=True, error_model="numpy")
    def main_loop_23(a, b, c, errors, n):  # prog.cpp:23: a loop of main, compiled
        # prog.cpp:23: for (int i = 0; i < n; i++) {
        for i in range(n):
            ...
        return errors

    errors = main_loop_23(a.data(), b.data(), c.data(), errors, n)  # prog.cpp:23

It takes what the loop reads from outside (a vector as its numpy buffer, `v.data()`; C arrays
and pointers are numpy arrays already) and the scalar variables it assigns that were declared
before it (a loop may leave one unassigned), and returns those.  A `float` comes back from Numba as a Python float and is made float32
again; a 64-bit unsigned argument is made `np.uint64` inside (Numba types a Python int as
int64, and int64 with uint64 arithmetic gives float64).  Global variables the loop assigns are
assigned by the call (`global` in the host function, as host code does).
"""
from __future__ import annotations

from .. import ir
from ..diagnostics import KernelCodegenError
from . import CodegenUnsupported
from .cpu import PART
from ..lower.host_loops import HostCode, amp_container
from .kernel_exprs import KernelExprEmitter, np_scalar
from .outline import whole_variables
from .pyexprs import P_ATOM
from .text import comment_text, where

#: the compiled loop's decorator: sequential, as the C++ loop is
DECORATOR = PART

#: what compiled loops may use (the module imports the names its code uses)
PRELUDE = ["import math", "import numba", "import numpy as np", "from numpy import float32",
           "from amppy.runtime.intmath import cdiv, cmod, cround",
           "from amppy.runtime.cstdlib import rand_next, rand_state"]


#: the runtime's `rand()` state (amppy.runtime.cstdlib): a compiled loop that calls `rand()` takes it
RAND_STATE = "rand_state"


class HostLoopEmitter(KernelExprEmitter):
    """The kernel dialect over host data: vectors are their buffers, `v.size()` their length."""

    unpack_through_temp = True
    part_decorator = PART
    kernel_pointers = False         # a host pointer is a numpy view (amppy.runtime.memory)

    def e_LibCall(self, e: ir.LibCall):
        if e.name == "size" and isinstance(e.obj, ir.Var) and isinstance(e.obj.type, ir.Vector):
            return f"{np_scalar(e.type)}(len({self.expr(e.obj)}))", P_ATOM
        if e.name == "rand" and e.obj is None and not e.args:      # the CRT's generator, one state
            self.use(RAND_STATE)
            return f"rand_next({RAND_STATE})", P_ATOM
        return super().e_LibCall(e)


class CompiledHost:
    """What a module's compiled host code needs once: the analysis (`lower/host_loops.py`), the
    names compiled code calls user functions by, and which of those it has written."""

    def __init__(self, writer):
        self.code = HostCode(writer.program)
        self.names: dict[int, str] = {}         # id(function Symbol) -> its compiled version's name
        self.written: set[int] = set()
        in_kernels = writer.kernel_functions()
        for f in self.code.functions.values():
            if id(f) in in_kernels and not writer.backend.needs_host_version(f):
                self.names[id(f.sym)] = f.sym.py_name      # the CPU target's kernel version: njit
                self.written.add(id(f.sym))
                continue
            name = f"{f.sym.py_name}_compiled"
            while name in writer.module_names:
                name += "_"
            writer.module_names.add(name)
            self.names[id(f.sym)] = name

    def functions(self, writer, stmts) -> list[str]:
        """The compiled versions of the functions `stmts` call (directly or not) not yet written."""
        out, new = [], [f for f in self.code.reachable(stmts) if id(f.sym) not in self.written]
        for f in new:
            em = self.emitter(writer)
            em.version_note = "  (compiled, for compiled loops; host code calls the plain name)"
            out += em.function(f, DECORATOR) + ["", ""]     # (raises when it cannot: none is kept)
        self.written.update(id(f.sym) for f in new)
        return out

    def emitter(self, writer) -> HostLoopEmitter:
        em = HostLoopEmitter(writer.program, writer.sources)
        em.device_names = self.names
        return em


def emit(writer, s: ir.Stmt, name: str) -> tuple[list[str], list[str]] | None:
    """(the compiled function's lines, the host lines calling it) for loop `s` of the host
    function `writer` is writing; None when the kernel dialect cannot write it (the loop then
    stays Python: compiling is an optimisation, never an error)."""
    compiled = writer.compiled_host
    em = compiled.emitter(writer)
    em.owner = name
    em.names_used = set(writer.names_used) | {name}
    em._comment_line[s.span.file] = writer.last_line
    body: list[str] = []
    declared, assigned = whole_variables([s])
    for call in (x for x in ir.walk(s) if isinstance(x, ir.Call)):
        for a in em.writebacks(call):           # a value passed by reference: assigned too
            if isinstance(a, ir.Var):
                assigned.add(a.sym)
    objects = {x.sym: None for x in ir.walk(s) if isinstance(x, ir.Var) and x.sym not in declared
               and isinstance(x.type, ir.StructType)}       # (in order, each once)
    leaves = {}                                 # a leaf of an object from outside -> (its host value, type)
    for sym in objects:
        if sym in assigned:                     # (its members would go back one by one: Python)
            return None
        host = writer.expr(ir.Var(s.span, sym.type, sym))
        for n, (path, t) in zip(em.declare_struct(sym), em.struct_leaves(sym.type, s.span)):
            leaves[n] = (".".join((host,) + path) + (".dims" if isinstance(t, (ir.Index, ir.Extent)) else ""), t)
    leaves[RAND_STATE] = (RAND_STATE, None)     # (a reserved name: the program's are renamed)
    em.frames.append(set())
    try:
        em.stmt(s, body, 1)
    except (KernelCodegenError, CodegenUnsupported):
        return None
    refs = em.frames.pop()
    symbols = {x.sym.py_name: x.sym for x in ir.walk(s) if isinstance(x, ir.Var)}
    local = {sym.py_name for sym in declared}
    results = sorted((sym for sym in assigned if sym not in declared), key=lambda sym: sym.py_name)
    symbols.update((r.py_name, r) for r in results)
    # what it reads, and what it assigns (a variable the loop may leave unassigned keeps its value)
    params = sorted(n for n in (refs - local) | {r.py_name for r in results} if n in symbols or n in leaves)
    head = [f"{em.indent_unit}{p} = np.uint64({p})  # size_t: unsigned 64-bit arithmetic"
            for p in params if _unsigned64(leaves[p][1] if p in leaves else symbols[p].type)]
    if results:
        body.append(f"{em.indent_unit}return {', '.join(r.py_name for r in results)}")
    where_ = where(s.span.file, s.span.line)
    owner = comment_text(writer.cxx_owner)
    fn = [DECORATOR, f"def {name}({', '.join(params)}):  # {where_}: a loop of {owner}, compiled"]
    try:
        fn = compiled.functions(writer, [s]) + em.helpers + fn + head + body + ["", ""]
    except (KernelCodegenError, CodegenUnsupported):
        return None

    args = []
    stored = _stored(s)
    for p in params:
        if p in leaves:
            args.append(leaves[p][0])
            continue
        t = symbols[p].type
        arg = writer.expr(ir.Var(s.span, t, symbols[p]))
        if isinstance(t, ir.Vector):
            arg += ".data()"
        elif amp_container(t):      # synchronised as element access is; marked written when stored to
            arg += f".host_buffer({'True' if symbols[p] in stored and not getattr(t, 'const', False) else 'False'})"
        elif isinstance(t, (ir.Index, ir.Extent)):
            arg += ".dims"
        args.append(arg)
    call = f"{name}({', '.join(args)})"
    targets = [writer.lvalue(ir.Var(s.span, r.type, r), "w") for r in results]
    floats = [t for r, t in zip(results, targets) if isinstance(r.type, ir.Scalar) and r.type.name == "float"]
    made = [f"{t} = {_HOST_TYPE[type(r.type)]}({t})  # (compiled code gives an {_HOST_TYPE[type(r.type)]} back as a tuple)"
            for r, t in zip(results, targets) if type(r.type) in _HOST_TYPE]
    if len(results) == 1 and floats:
        return fn, [f"{targets[0]} = float32({call})"]
    lines = [f"{', '.join(targets)} = {call}" if targets else call]
    return fn, lines + made + [f"{t} = float32({t})  # (a float: Numba gives it back as a Python float)"
                               for t in floats]


#: an index or extent comes back from compiled code as a tuple: the host's object again
_HOST_TYPE = {ir.Index: "index", ir.Extent: "extent"}


def _stored(s: ir.Stmt) -> set:
    """The containers loop `s` may store into: element targets, and those it passes to calls."""
    out = set()
    for x in ir.walk(s):
        if isinstance(x, (ir.Assign, ir.IncDec)) and isinstance(x.target, ir.ElementRef) \
                and isinstance(x.target.base, ir.Var):
            out.add(x.target.base.sym)
        elif isinstance(x, ir.Call):
            out.update(a.sym for a in x.args if isinstance(a, ir.Var) and amp_container(a.type))
    return out


def _unsigned64(t) -> bool:
    return isinstance(t, ir.Scalar) and t.is_unsigned and ir.SCALARS[t.name][1] == 8
