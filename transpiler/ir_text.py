"""The IR as text: `amppy translate --emit ir` (`dump`) and the C++ wording diagnostics use for
a node kind (`describe`, `_CXX`; tests/test_ir.py checks every kind has one)."""
from __future__ import annotations

from .ir import (
    Program, Block, Stmt, Expr, VarDecl, TileStatic, ExprStmt, If, While, DoWhile, For, Switch,
    Return, Barrier, ParallelForEach, Const, StringConst, Var, Convert, Unary, Binary, Conditional,
    ThreadIndex, MakeIndex, IndexComponent, ElementRef, FieldRef, Call, MathCall, AtomicCall,
    LibCall, Construct, Copy, StreamOut, Manipulator, StreamIn, Assign, IncDec,
)


#: How a diagnostic names an IR node kind: the C++ construct, never the Python class.
_CXX = {
    "Const": "a literal", "StringConst": "a string literal", "Var": "a variable",
    "Convert": "a conversion", "Unary": "a unary operator", "Binary": "a binary operator",
    "Conditional": "the '?:' operator", "ThreadIndex": "a thread index", "MakeIndex": "an index value",
    "IndexComponent": "an index component", "ElementRef": "an element access",
    "FieldRef": "a member access", "Call": "a function call", "MathCall": "a math function call",
    "AtomicCall": "an atomic operation", "LibCall": "a library call", "LibAttr": "a library member",
    "ExtentOf": "an extent", "Construct": "constructing a value", "Copy": "a copy of a value",
    "StreamOut": "stream output ('<<')", "Manipulator": "a stream manipulator",
    "StreamIn": "stream input ('>>')", "Assign": "an assignment", "IncDec": "'++'/'--'",
    "Block": "a block", "VarDecl": "a declaration",
    "TileStatic": "a tile_static declaration", "ExprStmt": "an expression statement",
    "If": "'if'", "While": "'while'", "DoWhile": "'do'-'while'", "For": "'for'",
    "Switch": "'switch'", "Return": "'return'", "Break": "'break'", "Continue": "'continue'",
    "Barrier": "a barrier", "Delete": "'delete'", "ParallelForEach": "parallel_for_each",
}


def describe(node) -> str:
    """The C++ construct `node` stands for, as diagnostics name it (`constructing a value of type
    'extent<1>'`, `stream output ('<<')`)."""
    kind = type(node).__name__
    text = _CXX.get(kind, "this construct")
    if kind in ("Construct", "Copy") and isinstance(node, Expr):
        text += f" of type '{node.type}'"
    elif kind in ("LibCall", "MathCall", "AtomicCall"):
        text = f"a call of '{node.name}'"
    return text


def dump(program: Program) -> str:
    out = [f"Program {program.file}"]
    for s in program.structs:
        out.append(f"  Struct {s.name} {{ " + "; ".join(f"{t} {n}" for n, t in s.fields) + " }")
    for g in program.globals:
        out.append(f"  Global {g.sym.name}: {g.sym.type}" + (f" = {_e(g.init)}" if g.init else ""))
    for f in program.functions:
        ps = ", ".join(f"{p.type} {p.name}" for p in f.params)
        out.append(f"  Function {f.sym.name}({ps}) -> {f.ret} restrict({', '.join(f.restrict)})")
        _block(f.body, 2, out)
    for k in program.kernels:
        tiled = f" tiled={k.tile_dims}" if k.tile_dims else f" rank={k.rank}"
        out.append(f"  Kernel {k.name}{tiled} index={k.index.name}")
        caps = ", ".join(f"{c.inner.name}: {c.inner.type} ({'by reference' if c.by_ref else 'by value'})"
                         for c in k.captures)
        out.append(f"    captures: {caps}")
        _block(k.body, 2, out)
    return "\n".join(out) + "\n"


def _block(b: Block, depth: int, out: list[str]) -> None:
    for s in b.body:
        _stmt(s, depth, out)


def _stmt(s: Stmt, depth: int, out: list[str]) -> None:
    pad = "  " * depth
    at = f"  @{s.span.line}"
    if isinstance(s, Block):
        out.append(pad + "Block" + at)
        _block(s, depth + 1, out)
    elif isinstance(s, VarDecl):
        out.append(f"{pad}Var {s.sym.name}: {s.sym.type}" + (f" = {_e(s.init)}" if s.init else "") + at)
    elif isinstance(s, TileStatic):
        out.append(f"{pad}TileStatic {s.sym.name}: {s.sym.type}{at}")
    elif isinstance(s, ExprStmt):
        out.append(f"{pad}{_e(s.expr)}{at}")
    elif isinstance(s, If):
        out.append(f"{pad}If {_e(s.cond)}{at}")
        _block(s.then, depth + 1, out)
        if s.else_:
            out.append(f"{pad}Else")
            _block(s.else_, depth + 1, out)
    elif isinstance(s, (While, DoWhile)):
        out.append(f"{pad}{type(s).__name__} {_e(s.cond)}{at}")
        _block(s.body, depth + 1, out)
    elif isinstance(s, For):
        out.append(f"{pad}For{at}")
        for i in s.init:
            _stmt(i, depth + 2, out)
        out.append(f"{pad}  cond {_e(s.cond) if s.cond else '-'}; step {', '.join(_e(x) for x in s.step)}")
        _block(s.body, depth + 1, out)
    elif isinstance(s, Switch):
        out.append(f"{pad}Switch {_e(s.cond)}{at}")
        for vals, body, ft in s.cases:
            out.append(f"{pad}  Case {', '.join(_e(v) for v in vals) or 'default'}{' (falls through)' if ft else ''}")
            _block(body, depth + 2, out)
    elif isinstance(s, Return):
        out.append(f"{pad}Return {_e(s.value) if s.value else ''}{at}")
    elif isinstance(s, Barrier):
        out.append(f"{pad}Barrier {s.kind}{at}")
    elif isinstance(s, ParallelForEach):
        out.append(f"{pad}ParallelForEach {s.kernel.name} over {_e(s.domain)} with ({', '.join(_e(a) for a in s.capture_args)}){at}")
    else:
        out.append(f"{pad}{type(s).__name__}{at}")


def _e(e: Expr) -> str:
    if isinstance(e, Const):
        return repr(e.value)
    if isinstance(e, StringConst):
        return repr(e.value)
    if isinstance(e, Var):
        return e.sym.name
    if isinstance(e, Convert):
        return f"({e.type})({_e(e.operand)})"
    if isinstance(e, Unary):
        return f"{e.op}{_e(e.operand)}"
    if isinstance(e, Binary):
        return f"({_e(e.left)} {e.op} {_e(e.right)})"
    if isinstance(e, Conditional):
        return f"({_e(e.cond)} ? {_e(e.then)} : {_e(e.else_)})"
    if isinstance(e, ThreadIndex):
        return f"{e.which}[{e.dim}]"
    if isinstance(e, MakeIndex):
        return f"index({', '.join(map(_e, e.components))})"
    if isinstance(e, IndexComponent):
        return f"{_e(e.base)}[{e.dim}]"
    if isinstance(e, ElementRef):
        return f"{_e(e.base)}[{', '.join(map(_e, e.indices))}]"
    if isinstance(e, FieldRef):
        return f"{_e(e.base)}{'->' if e.arrow else '.'}{e.field}"
    if isinstance(e, Call):
        return f"{e.func.name}({', '.join(map(_e, e.args))})"
    if isinstance(e, (MathCall, AtomicCall)):
        args = ((e.target,) if isinstance(e, AtomicCall) else ()) + e.args
        return f"{e.name}({', '.join(map(_e, args))})"
    if isinstance(e, LibCall):
        obj = f"{_e(e.obj)}." if e.obj is not None else ""
        return f"{obj}{e.name}({', '.join(map(_e, e.args))})"
    if isinstance(e, Construct):
        return f"{'new ' if e.heap else ''}{e.type}({', '.join(map(_e, e.args))})"
    if isinstance(e, Copy):
        return f"copy({_e(e.operand)})"
    if isinstance(e, StreamOut):
        return " << ".join([e.stream] + [_e(i) for i in e.items])
    if isinstance(e, Manipulator):
        return e.name + (f"({', '.join(map(_e, e.args))})" if e.args else "")
    if isinstance(e, StreamIn):
        return " >> ".join(["cin"] + [_e(t) for t in e.targets])
    if isinstance(e, Assign):
        return f"{_e(e.target)} {'' if e.op == '=' else e.op}= {_e(e.value)}"
    if isinstance(e, IncDec):
        return f"{e.op}{_e(e.target)}" if e.prefix else f"{_e(e.target)}{e.op}"
    return type(e).__name__
