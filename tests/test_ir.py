"""The IR's shape is declared once: every node kind names its child fields, `ir.walk` and
`ir.Visitor` go through them, and every emitter has a method for every kind (or names it in
its short list of kinds it does not take).  A node kind added without that fails here."""
from __future__ import annotations

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


def test_complete_visitors_handle_every_kind():
    def subclasses(c):
        for s in c.__subclasses__():
            yield s
            yield from subclasses(s)
    for v in subclasses(ir.Visitor):
        if v.complete:
            assert missing_methods(v, lambda k: "visit_", ()) == [], v.__name__


def test_a_new_kind_without_methods_is_caught():
    """The checks above can fail: a kind added to the IR and to no emitter is reported."""
    class Fresh(ir.Expr):
        children = ()
    try:
        kinds = ir.node_kinds()
        assert Fresh in kinds
        KINDS.append(Fresh)
        assert missing_methods(HostWriter, _host_prefix, HostWriter.KERNEL_ONLY) == ["Fresh"]
        assert missing_methods(KernelExprEmitter, _kernel_prefix, KernelExprEmitter.NOT_IN_KERNELS) == ["Fresh"]
    finally:
        KINDS.remove(Fresh)


def test_visitor_dispatch_and_generic_visit():
    seen = []

    class Vars(ir.Visitor):
        def visit_Var(self, n):
            seen.append(n.sym.name)

    _, program = analyse(str(ROOT / "samples/matrix/matmul_tiled.cpp"), Options(), DiagnosticSink())
    Vars().visit(program.kernels[0].body)
    assert "sum" in seen and "locA" in seen
