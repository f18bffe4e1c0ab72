"""Every production of the grammar is exercised by a test input (issue 41).

The inputs are every sample (`samples/**/*.cpp`, positive and negative, those that parse) and the
snippets below, for the productions no sample needs (most are constructs amppy parses only to
report them as not supported yet). Each is parsed on Lark's path, whose tree names the rule (or
the alternative's alias) of every node; a production counts as exercised when a node of it
appears. Productions that never make a node of their own (an `_inlined` rule, a `?rule`
alternative with one child kept) are not counted. A new production without an input fails here,
with its name.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from amppy.diagnostics import DiagnosticSink
from amppy.parse import parser as P
from amppy.preprocess.preprocessor import preprocess
from amppy.sema.areas import lexer_names

SAMPLES = Path(__file__).resolve().parent.parent / "samples"

#: (what it exercises, text) for productions no sample needs
SNIPPETS = [
    ("comma, typeid_type, noexcept_spec",
     "#include <typeinfo>\nint f() noexcept { int a = 1, b = 2; a = (a++, b); return typeid(int) == typeid(a); }\n"),
    ("array_abstract, function_template_type, function_type",
     "#include <functional>\ntemplate<class T> struct Holder {};\nHolder<int (&)[4]> h;\n"
     "std::function<int(int)> g;\nusing Fn = int(int);\n"),
    ("decltype_template_id, typename_type",
     "template<class T> struct Box { typedef T value_type; };\n"
     "template<class C> typename C::value_type first(C c) { decltype(Box<int>) b; return 0; }\n"),
    ("destructor_call, pack_expansion, tparam_template",
     "template<class T> void end(T& t) { t.~T(); }\n"
     "template<class... Ts> int count(Ts... ts) { return f(ts...); }\n"
     "template<template<class, int> class C> struct Use {};\n"),
    ("empty_decl, friend_class, qualified_operator",
     "template<class T> class It;\nstruct S { friend class It<int>; bool operator==(const S&) const; };;\n"
     "bool S::operator==(const S&) const { return true; }\n"),
]


def _productions(lark) -> set[str]:
    out = set()
    for r in lark.rules:
        name = str(getattr(r.origin.name, "value", r.origin.name))
        if name.startswith("_"):
            continue                        # inlined: never a node of its own
        kept = [s for s in r.expansion if not (s.is_term and s.filter_out)]
        if r.options.expand1 and len(kept) == 1 and not r.alias:
            continue                        # `?rule` with one child: the child takes its place
        out.add(str(r.alias or name))
    return out


def _used(lark, postlex, text: str) -> set[str]:
    postlex.text = text
    postlex.library_types, postlex.library_templates = lexer_names()
    stack, seen = [lark.parse(text)], set()
    while stack:
        t = stack.pop()
        if hasattr(t, "data") and hasattr(t, "children"):
            seen.add(str(t.data))
            stack.extend(t.children)
    return seen


@pytest.mark.slow
def test_every_production_is_exercised(tmp_path, capsys):
    lark, postlex = P._parser()
    expected = _productions(lark)
    used: set[str] = set()
    parsed = 0
    for src in sorted(SAMPLES.rglob("*.cpp")):
        pp = preprocess(str(src), sink=DiagnosticSink())
        try:
            used |= _used(lark, postlex, pp.text)
            parsed += 1
        except Exception:                   # noqa: BLE001 - a negative sample's syntax error
            continue
    for what, text in SNIPPETS:
        f = tmp_path / "snippet.cpp"
        f.write_text(text)
        pp = preprocess(str(f), sink=DiagnosticSink())
        got = _used(lark, postlex, pp.text)
        for name in what.split(", "):
            assert name in got, f"the snippet for {what} no longer exercises {name}"
        used |= got
    missing = sorted(expected - used)
    with capsys.disabled():
        print(f"\ngrammar coverage: {len(expected & used)} of {len(expected)} productions "
              f"({parsed} samples, {len(SNIPPETS)} snippets)")
    assert not missing, f"productions no test input exercises: {missing}"
