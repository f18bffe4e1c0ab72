"""The IR as text: `amppy translate --emit ir` (`dump`) and the C++ wording diagnostics use for
a node kind (`describe`, `_CXX`; tests/test_ir.py checks every kind has one)."""
from __future__ import annotations

from .nodes import (
    Program, Block, Stmt, Expr, VarDecl, TileStatic, ExprStmt, If, While, DoWhile, For, Switch,
    Return, Barrier, Fence, ParallelForEach, Const, StringConst, Var, Convert, Unary, Binary, Conditional,
    ThreadIndex, MakeIndex, IndexComponent, ElementRef, FieldRef, Call, MathCall, AtomicCall,
    LibCall, Construct, Copy, StreamOut, Manipulator, StreamIn, Assign, IncDec, Lambda, Invoke, Throw,
    Try, Scoped,
)


#: How a diagnostic names an IR node kind: the C++ construct, never the Python class.
_CXX = {
    "Const": "a literal", "StringConst": "a string literal", "Var": "a variable",
    "Convert": "a conversion", "Unary": "a unary operator", "Binary": "a binary operator",
    "Conditional": "the '?:' operator", "ThreadIndex": "a thread index", "MakeIndex": "an index value",
    "IndexComponent": "an index component", "ElementRef": "an element access",
    "FieldRef": "a member access", "Call": "a function call", "MathCall": "a math function call",
    "AtomicCall": "an atomic operation", "LibCall": "a library call", "LibAttr": "a library member",
    "ExtentOf": "an extent", "Section": "a section of a view", "Construct": "constructing a value", "Copy": "a copy of a value",
    "StreamOut": "stream output ('<<')", "Manipulator": "a stream manipulator",
    "StreamIn": "stream input ('>>')", "Assign": "an assignment", "IncDec": "'++'/'--'",
    "Block": "a block", "VarDecl": "a declaration",
    "TileStatic": "a tile_static declaration", "ExprStmt": "an expression statement",
    "If": "'if'", "While": "'while'", "DoWhile": "'do'-'while'", "For": "'for'",
    "Switch": "'switch'", "Return": "'return'", "Break": "'break'", "Continue": "'continue'",
    "Barrier": "a barrier", "Fence": "a memory fence", "Delete": "'delete'", "ParallelForEach": "parallel_for_each",
    "Lambda": "a lambda", "Invoke": "a call of a function object", "Throw": "'throw'",
    "Try": "'try'/'catch'", "Scoped": "an object with a destructor",
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
        ps = ", ".join(f"{p.type}{'&' if p.by_ref else ''} {p.name}" for p in f.params)
        name = f"{f.sym.owner}::{f.sym.name}" if f.sym.owner else f.sym.name
        out.append(f"  Function {name}({ps}) -> {f.ret} restrict({', '.join(f.restrict)})")
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
    head = _STMT.get(type(s))
    out.append(f"{pad}{head(s) if head is not None else type(s).__name__}  @{s.span.line}")
    if isinstance(s, Block):
        _block(s, depth + 1, out)
    elif isinstance(s, If):
        _block(s.then, depth + 1, out)
        if s.else_:
            out.append(f"{pad}Else")
            _block(s.else_, depth + 1, out)
    elif isinstance(s, (While, DoWhile)):
        _block(s.body, depth + 1, out)
    elif isinstance(s, For):
        for i in s.init:
            _stmt(i, depth + 2, out)
        out.append(f"{pad}  cond {_e(s.cond) if s.cond else '-'}; step {_list(s.step)}")
        _block(s.body, depth + 1, out)
    elif isinstance(s, Switch):
        for vals, body, ft in s.cases:
            out.append(f"{pad}  Case {_list(vals) or 'default'}{' (falls through)' if ft else ''}")
            _block(body, depth + 2, out)
    elif isinstance(s, Scoped):
        _block(s.body, depth + 1, out)
        out.append(f"{pad}  Finally")
        _block(s.cleanup, depth + 2, out)
    elif isinstance(s, Try):
        _block(s.body, depth + 1, out)
        for t, sym, body in s.handlers:
            what = "..." if t is None else f"{t}" + (f" {sym.name}" if sym else "")
            out.append(f"{pad}  Catch {what}")
            _block(body, depth + 2, out)


#: The line `--emit ir` writes for a statement (before its `@line`; its nested statements follow).
_STMT = {
    VarDecl: lambda s: f"Var {s.sym.name}: {s.sym.type}" + (f" = {_e(s.init)}" if s.init else ""),
    TileStatic: lambda s: f"TileStatic {s.sym.name}: {s.sym.type}",
    ExprStmt: lambda s: _e(s.expr),
    If: lambda s: f"If {_e(s.cond)}",
    While: lambda s: f"While {_e(s.cond)}",
    DoWhile: lambda s: f"DoWhile {_e(s.cond)}",
    Switch: lambda s: f"Switch {_e(s.cond)}",
    Return: lambda s: f"Return {_e(s.value) if s.value else ''}",
    Barrier: lambda s: f"Barrier {s.kind}",
    Fence: lambda s: f"Fence {s.kind}",
    Throw: lambda s: f"Throw {_e(s.value) if s.value else ''}",
    Try: lambda s: "Try",
    Scoped: lambda s: "Scoped",
    ParallelForEach: lambda s: f"ParallelForEach {s.kernel.name} over {_e(s.domain)} with ({_list(s.capture_args)})"
                               + (f" on {_e(s.view)}" if s.view is not None else ""),
}


def _e(e: Expr) -> str:
    text = _EXPR.get(type(e))
    return text(e) if text is not None else type(e).__name__


def _list(es) -> str:
    return ", ".join(map(_e, es))


#: How `--emit ir` writes each expression kind (one not listed is written as its kind's name).
_EXPR = {
    Const: lambda e: repr(e.value),
    StringConst: lambda e: repr(e.value),
    Var: lambda e: e.sym.name,
    Convert: lambda e: f"({e.type})({_e(e.operand)})",
    Unary: lambda e: f"{e.op}{_e(e.operand)}",
    Binary: lambda e: f"({_e(e.left)} {e.op} {_e(e.right)})",
    Conditional: lambda e: f"({_e(e.cond)} ? {_e(e.then)} : {_e(e.else_)})",
    ThreadIndex: lambda e: f"{e.which}[{e.dim}]",
    MakeIndex: lambda e: f"index({_list(e.components)})",
    IndexComponent: lambda e: f"{_e(e.base)}[{e.dim}]",
    ElementRef: lambda e: f"{_e(e.base)}[{_list(e.indices)}]",
    FieldRef: lambda e: f"{_e(e.base)}{'->' if e.arrow else '.'}{e.field}",
    Call: lambda e: f"{e.func.name}({_list(e.args)})",
    MathCall: lambda e: f"{e.name}({', '.join([_e(x) for x in e.args] + ['&' + _e(o) for o in e.outs])})",
    AtomicCall: lambda e: f"{e.name}({_list((e.target,) + e.args)})",
    LibCall: lambda e: f"{_e(e.obj) + '.' if e.obj is not None else ''}{e.name}({_list(e.args)})",
    Construct: lambda e: f"{'new ' if e.heap else ''}{e.type}({_list(e.args)})",
    Copy: lambda e: f"copy({_e(e.operand)})",
    StreamOut: lambda e: " << ".join([_e(e.stream)] + [_e(i) for i in e.items]),
    Manipulator: lambda e: e.name + (f"({_list(e.args)})" if e.args else ""),
    StreamIn: lambda e: " >> ".join([_e(e.stream)] + [_e(t) for t in e.targets]),
    Assign: lambda e: f"{_e(e.target)} {'' if e.op == '=' else e.op}= {_e(e.value)}",
    IncDec: lambda e: f"{e.op}{_e(e.target)}" if e.prefix else f"{_e(e.target)}{e.op}",
    Lambda: lambda e: f"[]({', '.join(f'{p.type} {p.name}' for p in e.params)}) {{...}}",
    Invoke: lambda e: f"{_e(e.callee)}({_list(e.args)})",
}
