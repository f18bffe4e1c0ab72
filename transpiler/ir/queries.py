"""Questions about IR nodes that every stage asks: where an element chain starts, whether an
expression is an lvalue, which variable owns a value, where a loop's jumps go, a switch's arms."""
from __future__ import annotations

from ..source import Span
from .nodes import (Assign, Block, Break, Call, Conditional, Const, Convert, DoWhile, ElementRef, Expr, FieldRef, For, If, IndexComponent, MathCall,
                    IncDec, Invoke, Lambda, Switch, Unary, Var, While)
from .types import (BOOL, AmpArray, ArrayView, CArray, Container, Function, FunctionType, Library, Pointer, Scalar,
                    StdString, String, StructType, Vector, Void)
from .walk import walk


def root(e: Expr) -> Expr:
    """The expression an element/field chain starts from (`a` in `a[i].f`, `t.local[0]`)."""
    while isinstance(e, (ElementRef, FieldRef, IndexComponent)):
        e = e.base
    return e


def root_symbol(e: Expr):
    """The variable an lvalue / element chain starts from, or None."""
    e = root(e)
    return e.sym if isinstance(e, Var) else None


def changed_refs(f: Expr) -> list:
    """The `T&` parameters of numbers and strings of lambda `f` (`std::for_each`'s `[](float& x)`):
    its Python function returns their new values after its result, and the algorithm stores them."""
    if not isinstance(f, Lambda):
        return []
    return [p for p in f.params if p.by_ref and isinstance(p.type, (Scalar, StdString))]


def assigned_symbol(target: Expr):
    """The variable an assignment to `target` changes as a whole value: `x = ...` and a
    component of an index<N>/extent<N> local (`idx[0] += 1`); else None."""
    if isinstance(target, IndexComponent):
        target = target.base
    return target.sym if isinstance(target, Var) else None


def written_variables(node) -> set:
    """The variables `node` (any depth) changes as whole values: assigned, stepped, given to a
    non-const reference parameter of the program's function (`flip(a, b)` of `void flip(int&,
    int&)`), or written by an out parameter of a math function (`sincos(x, &s, &c)`)."""
    out = set()
    for n in walk(node):
        if isinstance(n, (Assign, IncDec)):
            out.add(assigned_symbol(n.target))
        elif isinstance(n, Call):
            refs = n.func.mutable_refs
            out.update(assigned_symbol(a) for a, r in zip(n.args, refs) if r)
        elif isinstance(n, MathCall):
            out.update(assigned_symbol(o) for o in n.outs)
    out.discard(None)
    return out


def has_jump(node, kind) -> bool:
    """Does `node` contain a `kind` (Break/Continue) that leaves it (not inside a nested loop)?"""
    if isinstance(node, kind):
        return True
    if isinstance(node, (For, While, DoWhile)):
        return False
    if isinstance(node, Switch) and kind is Break:
        return False
    if isinstance(node, Block):
        return any(has_jump(x, kind) for x in node.body)
    if isinstance(node, If):
        return has_jump(node.then, kind) or (node.else_ is not None and has_jump(node.else_, kind))
    if isinstance(node, Switch):
        return any(has_jump(b, kind) for _, b, _ in node.cases)
    return False


def is_false(e: Expr) -> bool:
    """Is `e` the constant false (`do { ... } while (false)`, `while (0)`)?"""
    while isinstance(e, Convert):
        e = e.operand
    return isinstance(e, Const) and not isinstance(e.value, str) and not e.value


def switch_arms(s: Switch) -> list[tuple[list, list]]:
    """A `switch` as the arms of an if-chain, in case order: (labels, statements) each.  An
    empty case's labels join the next arm; a case that falls through continues with the next
    cases' statements.  None stands for `default:` (sema has removed each case's closing
    `break`)."""
    cases = list(s.cases)
    arms, pending = [], []
    for i, (values, body, falls) in enumerate(cases):
        labels = list(values) if values else [None]
        if falls and not body.body and i + 1 < len(cases):
            pending += labels
            continue
        stmts, j = list(body.body), i
        while cases[j][2] and j + 1 < len(cases):
            j += 1
            stmts += cases[j][1].body
        arms.append((pending + labels, stmts))
        pending = []
    return arms


# ---- lvalues and owners (sema's questions, also codegen's) ----------------------------------
def negate(b: Expr, span: Span) -> Expr:
    """`!b` of a bool; `!!x` is `x` (`!stream`, whose test is `!fail()`, is `stream.fail()`)."""
    if isinstance(b, Unary) and b.op == "!":
        return b.operand
    return Unary(span, BOOL, "!", b)


def has_side_effects(e: Expr) -> bool:
    """Whether evaluating `e` may change something or call the program's code (a call, an
    assignment, a step): such an expression must be evaluated exactly once."""
    return any(isinstance(x, (Assign, Call, IncDec, Invoke)) for x in walk(e))


def is_lvalue(e: Expr) -> bool:
    return isinstance(e, (Var, ElementRef, FieldRef)) or (
        isinstance(e, IndexComponent) and is_lvalue(e.base))


#: the types whose host values are Python objects that a pointer can simply be (`&obj`, `*p`,
#: `p->f()`: sema/memory.py)
HOST_OBJECTS = (StructType, AmpArray, ArrayView, Vector, Container, Library)


def is_class_type(t) -> bool:
    """A class type of C++ (a struct of the program, `index<N>`, an iterator, a container,
    `std::string`...): not a number, pointer, C array or function."""
    return not isinstance(t, (Scalar, Pointer, CArray, Void, Function, FunctionType, String))


def returns_reference(e: Expr) -> bool:
    """`obj.arr()` of `array<T, 1>& arr()`: a call whose value is an lvalue of C++."""
    return isinstance(e, Call) and e.func.ret_ref


def is_lvalue_conditional(e: Expr) -> bool:
    """`c ? x : y` of two lvalues of one type: an lvalue in C++, which amppy binds to reference
    parameters (codegen/refs.py puts the changed value back where the condition chose)."""
    return isinstance(e, Conditional) and e.then.type == e.else_.type and all(
        is_lvalue(x) or is_lvalue_conditional(x) for x in (e.then, e.else_))


def value_parts(e: Expr):
    """`e`, then each value it is part of (`s.parts[2].x`: that, `s.parts[2]`, `s.parts`, `s`):
    through fields and elements of C arrays and vectors, not through a pointer, a view or a call."""
    while True:
        yield e
        if isinstance(e, FieldRef) and not e.arrow or \
                isinstance(e, ElementRef) and isinstance(e.base.type, (CArray, Vector)):
            e = e.base
        else:
            return


def value_owner(e: Expr) -> Var | None:
    """The variable whose value `e` is, or is part of (a field, an element of a C array or a
    vector); None when `e` is reached through a pointer, a view or a call."""
    *_, last = value_parts(e)
    return last if isinstance(last, Var) else None
