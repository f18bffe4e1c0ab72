"""The IR's shape is declared once: every node kind names its child fields, `ir.walk` and
`ir.Visitor` go through them, and every emitter has a method for every kind (or names it in
its short list of kinds it does not take).  A node kind added without that fails here."""
from __future__ import annotations

import gc
import re
from dataclasses import fields
from pathlib import Path

import pytest

from amppy import ir
from amppy.ir import text as ir_text
from amppy.codegen.host import HostWriter
from amppy.codegen.kernel_exprs import KernelExprEmitter
from amppy.diagnostics import DiagnosticSink
from amppy.driver import Options, analyse
from conftest import SAMPLE_SOURCES

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = [p for p in SAMPLE_SOURCES if "errors" not in p.parts]
KINDS = ir.node_kinds()
_NODE_TYPE = re.compile(r"\b(Expr|Stmt|Block|Kernel)\b")


def test_the_kinds_are_found():
    names = {k.__name__ for k in KINDS}
    assert {"Binary", "ElementRef", "For", "Switch", "ParallelForEach", "Barrier"} <= names


@pytest.mark.parametrize("kind", KINDS, ids=lambda k: k.__name__)
def test_children_are_declared_on_the_kind(kind):
    assert "children" in vars(kind), f"{kind.__name__} does not declare its child fields"
    holding_nodes = [f.name for f in fields(kind) if f.name != "span" and _NODE_TYPE.search(str(f.type))]
    assert list(kind.children) == holding_nodes


def _reflected_children(n):
    """Children found by looking at every field's value (what ir.walk used to do)."""
    out = []

    def add(v):
        if isinstance(v, (ir.Expr, ir.Stmt, ir.Kernel)):
            out.append(v)
        elif isinstance(v, tuple):
            for x in v:
                add(x)
    for f in fields(n):
        if f.name not in ("span", "type"):
            add(getattr(n, f.name))
    return out


@pytest.mark.parametrize("src", SAMPLES, ids=lambda p: p.name)
def test_walk_reaches_what_reflection_finds(src):
    _, program = analyse(str(src), Options(), DiagnosticSink())
    roots = [f.body for f in program.functions] + [k.body for k in program.kernels]
    for r in roots:
        for n in ir.walk(r):
            assert [id(c) for c in ir.children(n)] == [id(c) for c in _reflected_children(n)], type(n)


def missing_methods(cls, prefix_of, exempt) -> list[str]:
    return sorted(k.__name__ for k in KINDS
                  if k.__name__ not in exempt and not hasattr(cls, prefix_of(k) + k.__name__))


def _prefix(k):
    """One emitter core: `e_<Kind>` for expressions, `s_<Kind>` for statements, in every dialect."""
    return "e_" if issubclass(k, ir.Expr) else "s_"


_host_prefix = _kernel_prefix = _prefix


def test_every_kind_has_a_host_method():
    assert missing_methods(HostWriter, _host_prefix, HostWriter.KERNEL_ONLY) == []


def test_every_kind_has_a_kernel_method():
    assert missing_methods(KernelExprEmitter, _kernel_prefix, KernelExprEmitter.NOT_IN_KERNELS) == []


def test_every_kind_has_a_cxx_name():
    assert sorted(k.__name__ for k in KINDS if k.__name__ not in ir_text._CXX) == []


def _subclasses(c):
    for s in c.__subclasses__():
        yield s
        yield from _subclasses(s)


def complete_visitors() -> list:
    """The Visitor (and Transformer) subclasses of amppy marked `complete`: they must have a
    `visit_` method for every kind (`complete = True`), or for every statement or expression
    kind (`complete = ir.Stmt` / `ir.Expr`: they never meet the others)."""
    import amppy.passes.barriers, amppy.passes.races, amppy.lower.barrier_regions  # noqa: F401,E401
    return [v for v in _subclasses(ir.Visitor) if v.complete and v.__module__.startswith("amppy.")]


def missing_visits(v) -> list[str]:
    scope = (ir.Expr, ir.Stmt) if v.complete is True else v.complete
    return missing_methods(v, lambda k: "visit_", [k.__name__ for k in KINDS if not issubclass(k, scope)])


def test_some_visitors_are_complete():
    names = {v.__name__ for v in complete_visitors()}
    assert {"ControlFlowVisitor", "_Analyser", "_Explain"} <= names


@pytest.mark.parametrize("visitor", complete_visitors(), ids=lambda v: f"{v.__module__}.{v.__qualname__}")
def test_complete_visitors_handle_every_kind(visitor):
    assert missing_visits(visitor) == []


@pytest.mark.parametrize("visitor", complete_visitors(), ids=lambda v: f"{v.__module__}.{v.__qualname__}")
def test_a_visitor_missing_a_kind_is_caught(visitor, monkeypatch):
    """The check above can fail: a method taken away from a complete visitor (from the class
    that defines it) is reported, and so is a kind added to the IR with no method."""
    name = next(n for n in sorted(dir(visitor)) if n.startswith("visit_")
                and sum(n in vars(c) for c in visitor.__mro__) == 1)      # (not overridden)
    monkeypatch.delattr(next(c for c in visitor.__mro__ if name in vars(c)), name)
    assert missing_visits(visitor) == [name[len("visit_"):]]
    monkeypatch.undo()

    scope = ir.Expr if visitor.complete is True else visitor.complete
    Fresh = type("Fresh", (scope,), {"children": ()})
    KINDS.append(Fresh)
    try:
        assert missing_visits(visitor) == ["Fresh"]
    finally:
        KINDS.remove(Fresh)
        del Fresh
        gc.collect()                    # (out of ir.node_kinds() again)


def test_visitor_dispatch_and_generic_visit():
    seen = []

    class Vars(ir.Visitor):
        def visit_Var(self, n):
            seen.append(n.sym.name)

    _, program = analyse(str(ROOT / "samples/matrix/matmul_tiled.cpp"), Options(), DiagnosticSink())
    Vars().visit(program.kernels[0].body)
    assert "sum" in seen and "locA" in seen
