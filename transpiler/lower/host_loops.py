"""Which host loops are compiled with Numba (issue 14: host code at native speed).

Host code is Python over `amppy.runtime`; a loop of it costs a Python bytecode round per
operation, 100-1000x what the same loop costs compiled.  A host loop that only *computes* is
emitted as a `numba.njit(cache=True)` function of its own (`codegen/host_loops.py`) and called
from the Python glue.  This pass decides which loops: plain data in, a set of statement ids out.

A loop computes when everything it does has the same meaning in the kernel dialect of the
emitter core as in host code:

- values are numbers (`bool`, the integer types, `float`, `double`; not `char`, which host
  code keeps as a one-character string), `index<N>` and `extent<N>` (tuples of ints), and
  objects of plain classes: data members of those kinds only, no destructor, no virtual
  functions, no other bases than plain ones (the kernel dialect holds one local per member);
- it reads and writes scalar variables, elements of `std::vector`/`std::array` of numbers, of C
  arrays of numbers, of plain pointers to numbers, and of C++ AMP `array`s and `array_view`s of
  numbers (all numpy buffers on the host; an array or view synchronised to the host first, as
  element access does), `v.size()`, `c.get_extent()`; it declares scalars, C arrays of numbers,
  indices, extents and plain objects;
- it uses operators, conversions, `?:`, assignments, `++`/`--`, the math functions, `rand()`
  (the Microsoft CRT's generator, its state shared with host code), and `if`,
  `for`, `while`, `do`, `switch`, `break`, `continue` (never `return`: the loop's function
  goes on after it);
- it calls functions that compute the same way (values in and out, values by reference,
  containers of numbers shared; `return` allowed there; not recursive), the constructors and
  member functions of plain classes among them (the harness's `index_iterator` loops):
  `HostCode.functions`, found as a fixed point over the program.

Everything else (I/O, strings, other calls, runtime objects, exceptions, growing a vector)
keeps the loop in Python; a computing loop nested in it is then a candidate itself.
A loop whose iterations are known to be few (constant bounds, fewer than `MIN_ITERATIONS`
rounds counting its nested loops) stays Python too: calling compiled code and loading it from
the cache costs more than a few thousand Python rounds.
"""
from __future__ import annotations

from .. import ir
from ..passes.patterns import const_int, counted_for

#: a loop known to run fewer rounds than this (nested loops multiplied) stays Python
MIN_ITERATIONS = 20_000

#: an unknown trip count (a bound computed at run time)
UNKNOWN = float("inf")

_TEXT = ("char", "wchar_t")
_LOOPS = (ir.For, ir.While, ir.DoWhile)


def number(t) -> bool:
    """A scalar type that compiled code and host code hold the same way."""
    return isinstance(t, ir.Scalar) and t.name not in _TEXT


def amp_container(t) -> bool:
    """A C++ AMP array or array_view (not a texture) of numbers: its host numpy array,
    synchronised first."""
    return type(t) in (ir.AmpArray, ir.ArrayView) and number(t.elem)


def buffer(t) -> bool:
    """A container whose host value is (or gives) one numpy buffer of numbers."""
    if isinstance(t, ir.Vector) or (isinstance(t, ir.Pointer) and not t.owner):
        return number(t.elem)
    return amp_container(t) or (isinstance(t, ir.CArray) and number(t.elem))


class Plain:
    """Which classes compiled code holds as their members (`value`)."""

    def __init__(self, structs):
        self.defs = {d.name: d for d in structs}
        self._known: dict[str, bool] = {}

    def value(self, t) -> bool:
        """A type whose values compiled code holds: a number, an index or extent, a plain class."""
        if number(t) or isinstance(t, (ir.Index, ir.Extent)):
            return True
        return isinstance(t, ir.StructType) and self.plain(t.name)

    def plain(self, name: str) -> bool:
        if name not in self._known:
            self._known[name] = False               # (a class holding itself: not plain)
            d = self.defs.get(name)
            self._known[name] = d is not None and not (     # (`host_only`: an index member too)
                d.dtor is not None or d.union or d.extra_bases or d.virtual_base
                or d.library_base is not None or d.references or d.bitfields or d.properties or d.hidden
                or any(s.virtual for syms in d.members.values() for s in syms)
            ) and all(self.value(ft) for _f, ft in d.fields)
        return self._known[name]


class HostCode:
    """The compiled parts of a program's host code: which functions compiled code may call
    (`functions`), and per host function which of its loops are compiled (`loops`)."""

    def __init__(self, program: ir.Program):
        self.functions: dict[int, ir.FunctionDef] = {}     # id(function Symbol) -> its definition
        self.plain = Plain(program.structs)
        candidates = {id(f.sym): f for f in program.functions if _signature(f, self.plain)}
        while True:             # drop what calls a dropped function, until nothing changes
            self.functions = candidates
            kept = {k: f for k, f in candidates.items() if self._computes(f.body, function=f)
                    and not any(g is f for g in self.reachable([f.body]))}   # (recursion: Numba
            if len(kept) == len(candidates):                                 # would need types)
                break
            candidates = kept

    def loops(self, body: ir.Block) -> set[int]:
        """ids of the loop statements of a host function body that are compiled (the outermost
        that compute: a compiled loop's nested loops are part of it)."""
        out: set[int] = set()
        self._visit(body.body, out)
        return out

    def reachable(self, stmts) -> list[ir.FunctionDef]:
        """The compiled functions that `stmts` call, directly or through each other (in order)."""
        seen: dict[int, ir.FunctionDef] = {}
        todo = [x.func for s in stmts for x in ir.walk(s) if isinstance(x, ir.Call)]
        while todo:
            sym = todo.pop(0)
            f = self.functions.get(id(sym))
            if f is None or id(sym) in seen:
                continue
            seen[id(sym)] = f
            todo += [x.func for x in ir.walk(f.body) if isinstance(x, ir.Call)]
        return list(seen.values())

    def _visit(self, stmts, out: set[int]) -> None:
        for s in stmts:
            if isinstance(s, _LOOPS) and trips(s) >= MIN_ITERATIONS and self._computes(s):
                out.add(id(s))
                continue
            for child in _statement_lists(s):
                self._visit(child, out)

    def _computes(self, s: ir.Stmt, function: ir.FunctionDef | None = None) -> bool:
        try:
            _Check(self.functions, function, self.plain).stmt(s)
        except _Python:
            return False
        return True


def _signature(f: ir.FunctionDef, plain: Plain) -> bool:
    """A host function compiled code could call: values in and out, values by reference
    (returned to the caller, as kernels do), containers of numbers shared (a by-value vector or
    array only when the function does not write its elements); a plain class's constructors
    and member functions (`this` is a value parameter)."""
    if "cpu" not in f.restrict or (f.sym.owner and not plain.plain(f.sym.owner)):
        return False
    if not (plain.value(f.ret) or isinstance(f.ret, ir.Void)):
        return False
    written = {id(x.target.base.sym) for x in ir.walk(f.body) if isinstance(x, (ir.Assign, ir.IncDec))
               and isinstance(x.target, ir.ElementRef) and isinstance(x.target.base, ir.Var)}
    for p in f.params:
        if plain.value(p.type):
            continue
        copied = isinstance(p.type, (ir.Vector, ir.AmpArray)) and not p.by_ref    # (a view shares)
        if not buffer(p.type) or (copied and id(p) in written):
            return False
    return True


def _statement_lists(s: ir.Stmt):
    if isinstance(s, ir.Block):
        yield s.body
    elif isinstance(s, ir.If):
        yield s.then.body
        if s.else_ is not None:
            yield s.else_.body
    elif isinstance(s, _LOOPS):
        yield s.body.body
    elif isinstance(s, ir.Switch):
        for _values, body, _falls in s.cases:
            yield body.body
    elif isinstance(s, ir.Scoped):
        yield s.body.body
        yield s.cleanup.body
    elif isinstance(s, ir.Try):
        yield s.body.body
        for _t, _sym, handler in s.handlers:
            yield handler.body


def trips(s: ir.Stmt) -> float:
    """How many rounds `s` runs at most, counting nested loops (UNKNOWN when not constant)."""
    inner = max((trips(x) for lst in _statement_lists(s) for x in lst), default=1)
    if not isinstance(s, _LOOPS):
        return inner
    if isinstance(s, ir.DoWhile) and ir.is_false(s.cond) and not ir.has_jump(s.body, ir.Continue):
        return inner                            # `do { ... } while (false)`: the body, once
    c = counted_for(s) if isinstance(s, ir.For) else None
    if c is None:
        return UNKNOWN
    start, stop = _constant(c.start), _constant(c.stop)
    if start is None or stop is None:
        return UNKNOWN
    n = max(0, (stop + c.adjust - start + (c.step - (1 if c.step > 0 else -1))) // c.step)
    return n * max(inner, 1)


def _constant(e: ir.Expr):
    """An integer bound's value when it is known before the program runs (`ROWS * COLS`)."""
    if isinstance(e, ir.Convert):
        return _constant(e.operand)
    if isinstance(e, ir.Binary) and e.op in ("+", "-", "*"):
        a, b = _constant(e.left), _constant(e.right)
        if a is None or b is None:
            return None
        return a + b if e.op == "+" else a - b if e.op == "-" else a * b
    return const_int(e)


# ---------------------------------------------------------------------------- what computes
class _Python(Exception):
    """The statement needs Python."""


def _need(ok: bool) -> None:
    if not ok:
        raise _Python


class _Check:
    """Raises `_Python` at the first thing a statement does that compiled code cannot."""

    def __init__(self, functions: dict, function: ir.FunctionDef | None, plain: Plain):
        self.functions = functions          # what may be called
        self.function = function            # a whole function being checked (it may return)
        self.value = plain.value            # a type compiled code holds

    def stmt(self, s: ir.Stmt) -> None:
        expr = self.expr
        if isinstance(s, ir.Block):
            for x in s.body:
                self.stmt(x)
        elif isinstance(s, ir.VarDecl):
            t = s.sym.type
            _need((self.value(t) or (isinstance(t, ir.CArray) and number(t.elem))) and not s.sym.addressed
                  and "static" not in s.sym.storage)
            if s.init is not None:
                if isinstance(t, ir.CArray):
                    self.array_init(s.init)
                else:
                    expr(s.init)
        elif isinstance(s, ir.ExprStmt):
            e = s.expr
            if isinstance(e, ir.Convert) and isinstance(e.type, ir.Void):
                e = e.operand
            expr(e, statement=True)
        elif isinstance(s, ir.If):
            expr(s.cond)
            self.stmt(s.then)
            if s.else_ is not None:
                self.stmt(s.else_)
        elif isinstance(s, (ir.While, ir.DoWhile)):
            expr(s.cond)
            self.stmt(s.body)
        elif isinstance(s, ir.For):
            for x in s.init:
                self.stmt(x)
            if s.cond is not None:
                expr(s.cond)
            for x in s.step:
                expr(x, statement=True)
            self.stmt(s.body)
        elif isinstance(s, ir.Switch):
            expr(s.cond)
            for values, body, _falls in s.cases:
                for v in values:
                    expr(v)
                self.stmt(body)
        elif isinstance(s, (ir.Break, ir.Continue)):
            pass
        elif isinstance(s, ir.Return) and self.function is not None:
            if s.value is not None:
                expr(s.value)
        else:
            raise _Python

    def array_init(self, e: ir.Expr) -> None:
        _need(isinstance(e, ir.Construct) and isinstance(e.type, ir.CArray))
        for a in e.args:
            if isinstance(a, ir.Construct) and isinstance(a.type, ir.CArray):
                self.array_init(a)
            else:
                self.expr(a)

    def expr(self, e: ir.Expr, statement: bool = False) -> None:
        expr, value = self.expr, self.value
        if isinstance(e, ir.Const):
            _need(number(e.type) and not isinstance(e.value, str))
        elif isinstance(e, ir.Var):
            _need(value(e.type) and e.sym.kind != "function" and "tile_static" not in e.sym.storage
                  and not e.sym.addressed)         # (a local whose address is taken is an array)
        elif isinstance(e, ir.Convert):
            _need(number(e.type) and number(e.operand.type) or (
                isinstance(e.type, ir.StructType) and value(e.type) and value(e.operand.type)))
            expr(e.operand)
        elif isinstance(e, ir.Copy):
            _need(value(e.type))
            expr(e.operand)
        elif isinstance(e, ir.Unary):
            _need(e.op in ("-", "+", "!", "~") and number(e.type))
            expr(e.operand)
        elif isinstance(e, ir.Binary):
            _need(number(e.type) and number(e.left.type) and number(e.right.type))
            expr(e.left)
            expr(e.right)
        elif isinstance(e, ir.Conditional):
            _need(number(e.type))
            for x in (e.cond, e.then, e.else_):
                expr(x)
        elif isinstance(e, ir.ElementRef):
            self.element(e)
        elif isinstance(e, ir.IndexComponent):          # `idx[0]` of an index or extent value
            _need(number(e.type) and isinstance(e.base.type, (ir.Index, ir.Extent)))
            expr(e.base)
        elif isinstance(e, ir.MakeIndex):
            for c in e.components:
                _need(number(c.type))
                expr(c)
        elif isinstance(e, ir.LibAttr):                 # `v.extent` of an array or view
            _need(e.name == "extent" and isinstance(e.obj, ir.Var) and amp_container(e.obj.type))
        elif isinstance(e, ir.ExtentOf):                # `c.get_extent()[0]` of an array or view
            _need(isinstance(e.view, ir.Var) and amp_container(e.view.type))
        elif isinstance(e, ir.FieldRef):                # a member of a plain object
            _need(not e.arrow and value(e.type) and value(e.base.type))
            expr(e.base)
        elif isinstance(e, ir.Construct):               # `index<2>(i, j)`, `extent<3>(e)`, `P{1, 2}`
            _need(value(e.type) and not e.heap and not isinstance(e.type, ir.Scalar))
            for a in e.args:
                expr(a)
        elif isinstance(e, ir.Assign):
            self.target(e.target)
            expr(e.value)
        elif isinstance(e, ir.IncDec):
            self.target(e.target)
        elif isinstance(e, ir.MathCall):
            _need(not e.outs and number(e.type))
            for a in e.args:
                _need(number(a.type))
                expr(a)
        elif isinstance(e, ir.LibCall):
            self.library(e)
        elif isinstance(e, ir.Call):
            f = self.functions.get(id(e.func))
            # (a reference it returns is a copy in compiled code: only where the value is dropped)
            _need(f is not None and len(e.args) == len(f.params) and (statement or not e.func.ret_ref))
            for a, p in zip(e.args, f.params):
                a = a.operand if isinstance(a, ir.Copy) else a
                if value(p.type):
                    if p.by_ref:
                        self.target(a)          # its new value comes back (refs.py)
                    else:
                        expr(a)
                else:                           # a container: the same buffer
                    _need(isinstance(a, ir.Var) and buffer(a.type) and a.sym.kind != "function")
        else:
            raise _Python

    def library(self, e: ir.LibCall) -> None:
        """`rand()`, `v.size()` of a vector (its buffer's length), `c.get_extent()` of an array
        or view, `ex.size()`, `==`/`!=` and arithmetic of indices and extents."""
        obj = e.obj
        if e.name == "rand" and obj is None and not e.args:
            _need(self.function is None)    # (in the loop itself: it is given the generator's state)
        elif e.name == "size" and not e.args and isinstance(obj, ir.Var) and isinstance(obj.type, ir.Vector):
            _need(buffer(obj.type))
        elif e.name in ("get_extent", "extent") and not e.args and isinstance(obj, ir.Var):
            _need(amp_container(obj.type))
        elif e.name in ("size", "contains") and obj is not None and isinstance(obj.type, ir.Extent):
            self.expr(obj)
            for a in e.args:
                self.expr(a)
        elif e.name in ("==", "!=", "+", "-", "*", "/", "%") and obj is not None \
                and isinstance(obj.type, (ir.Index, ir.Extent)) and len(e.args) == 1:
            _need(isinstance(e.args[0].type, (ir.Index, ir.Extent)))
            self.expr(obj)
            self.expr(e.args[0])
        else:
            raise _Python

    def element(self, e: ir.ElementRef) -> None:
        b = e.base
        _need(number(e.type) and isinstance(b, ir.Var) and buffer(b.type) and b.sym.kind != "function")
        _need(not amp_container(b.type) or len(e.indices) == b.type.rank)
        for i in e.indices:
            _need(number(i.type))
            self.expr(i)

    def target(self, t: ir.Expr) -> None:
        if isinstance(t, ir.ElementRef):
            self.element(t)
        elif isinstance(t, ir.Conditional):             # `(i == 0 ? idx[0] : idx[1]) = v`
            self.expr(t.cond)
            self.target(t.then)
            self.target(t.else_)
        elif isinstance(t, ir.IndexComponent):
            _need(isinstance(t.base.type, ir.Index))
            self.target(t.base)
        elif isinstance(t, ir.FieldRef):
            _need(not t.arrow and self.value(t.type))
            self.target(t.base)
        else:
            _need(isinstance(t, ir.Var) and self.value(t.type) and t.sym.kind in ("local", "param", "global"))
