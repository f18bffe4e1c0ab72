"""Front end (preprocess + parse + AST): samples, golden AST dumps, spans, grammar coverage.

Golden dumps live in tests/golden/ast/; regenerate with `pytest --update-golden`
and review the diff like code.
"""
from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from amppy.parse import ast as A
from amppy.diagnostics import CompileError, DiagnosticSink
from amppy.driver import Options, front_end
from conftest import SAMPLE_SOURCES

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"
VALID_SAMPLES = [p for p in SAMPLE_SOURCES if "errors" not in p.relative_to(SAMPLES).parts]
TILES = sorted((SAMPLES / "using-tiles").glob("*.cpp"))


# ---- helpers ------------------------------------------------------------------------------

def parse(text: str, path: str = "t.cpp"):
    """(TranslationUnit or None, diagnostics) for inline source text."""
    sink = DiagnosticSink()
    try:
        _, tu = front_end(path, Options(), sink, text=text)
    except CompileError:
        return None, sink.diagnostics
    return tu, sink.diagnostics


def ok(text: str) -> A.TranslationUnit:
    tu, diags = parse(text)
    assert tu is not None and not diags, [f"{d.span}: {d.message} [{d.code}]" for d in diags]
    return tu


def walk(node):
    """Every AST node under `node` (pre-order)."""
    if isinstance(node, A.Node):
        yield node
        for f in dataclasses.fields(node):
            if f.name != "span":
                yield from walk(getattr(node, f.name))
    elif isinstance(node, tuple):
        for x in node:
            yield from walk(x)


def nodes(tu, cls, **attrs):
    return [n for n in walk(tu) if isinstance(n, cls)
            and all(getattr(n, k) == v for k, v in attrs.items())]


def one(tu, cls, **attrs):
    found = nodes(tu, cls, **attrs)
    assert len(found) == 1, (cls.__name__, attrs, len(found))
    return found[0]


def body(text: str):
    """The statements of `void f() { text }`."""
    tu = ok("void f() {\n" + text + "\n}\n")
    return tu.decls[0].body.items


def expr(text: str):
    """The AST of one expression (names need no declarations)."""
    (stmt,) = body(text + ";")
    assert isinstance(stmt, A.ExprStmt)
    return stmt.expr


def shape(e) -> str:
    """A fully parenthesised rendering of an expression tree (for precedence checks)."""
    if isinstance(e, A.Name):
        return e.name
    if isinstance(e, (A.IntLit, A.FloatLit)):
        return e.text
    if isinstance(e, A.Binary):
        return f"({shape(e.left)} {e.op} {shape(e.right)})"
    if isinstance(e, A.Assign):
        return f"({shape(e.target)} {e.op} {shape(e.value)})"
    if isinstance(e, A.Conditional):
        return f"({shape(e.cond)} ? {shape(e.then)} : {shape(e.else_)})"
    if isinstance(e, A.Unary):
        return f"({e.op}{shape(e.operand)})"
    if isinstance(e, A.Postfix):
        return f"({shape(e.operand)}{e.op})"
    if isinstance(e, A.Comma):
        return f"({shape(e.left)}, {shape(e.right)})"
    if isinstance(e, A.Cast):
        return f"(({e.type.name}){shape(e.operand)})"
    if isinstance(e, A.Call):
        return f"{shape(e.func)}({', '.join(shape(a) for a in e.args)})"
    if isinstance(e, A.Subscript):
        return f"{shape(e.base)}[{shape(e.index)}]"
    if isinstance(e, A.Member):
        return f"{shape(e.base)}{'->' if e.arrow else '.'}{e.name}"
    return type(e).__name__


def pos(span):
    return (span.line, span.col, span.end_line, span.end_col)


# ---- samples --------------------------------------------------------------------------------

def test_there_are_samples():
    assert len(TILES) == 4
    assert VALID_SAMPLES


@pytest.mark.parametrize("path", VALID_SAMPLES, ids=lambda p: str(p.relative_to(SAMPLES)))
def test_sample_parses_without_diagnostics(path):
    sink = DiagnosticSink()
    _, tu = front_end(str(path), Options(), sink)
    assert not sink.diagnostics, [f"{d.span}: {d.message}" for d in sink.diagnostics]
    assert any(isinstance(d, A.FunctionDef) and d.name in ("main", "_tmain", "wmain") for d in tu.decls)


@pytest.mark.parametrize("path", TILES, ids=lambda p: p.name)
def test_ast_golden(path, run_amppy, golden):
    rc, out, err = run_amppy(["translate", "--emit", "ast", "-o", "-", path.name],
                             cwd=path.parent)
    assert (rc, err) == (0, "")
    golden(f"ast/{path.stem}.ast", out)


@pytest.mark.parametrize("path", TILES, ids=lambda p: p.name)
def test_ast_dump_is_stable_and_matches_cli(path):
    dumps = []
    for _ in range(2):
        sink = DiagnosticSink()
        _, tu = front_end(str(path), Options(), sink)
        dumps.append(A.dump(tu))
    assert dumps[0] == dumps[1]
    golden_file = Path(__file__).parent / "golden" / "ast" / f"{path.stem}.ast"
    if golden_file.exists():
        assert dumps[0] == golden_file.read_text(encoding="utf-8")


def test_dump_has_no_lark_objects():
    for path in TILES:
        sink = DiagnosticSink()
        _, tu = front_end(str(path), Options(), sink)
        text = A.dump(tu)
        assert "Token(" not in text and "Tree(" not in text


# ---- spans point into the user's file ----------------------------------------------------------

def _sample(name):
    sink = DiagnosticSink()
    path = str(SAMPLES / "using-tiles" / name)
    _, tu = front_end(path, Options(), sink)
    return path, tu


def test_spans_parallel_for_each_and_kernel_in_tile_average():
    path, tu = _sample("tile_average.cpp")
    call = next(n for n in walk(tu) if isinstance(n, A.Call) and isinstance(n.func, A.Name)
                and n.func.name == "parallel_for_each")
    assert call.span.file == path
    # line 31: `    parallel_for_each(matrix.extent.tile<SAMPLESIZE, SAMPLESIZE>(),`
    assert pos(call.func.span) == (31, 5, 31, 22)
    tile_call = call.args[0]
    assert tile_call.func.name == "tile" and pos(tile_call.func.base.span) == (31, 23, 31, 36)
    # template arguments come from the macro SAMPLESIZE: they point at the macro name
    a0, a1 = tile_call.func.template_args
    assert a0.value == a1.value == 2
    assert pos(a0.span) == (31, 42, 31, 52) and pos(a1.span) == (31, 54, 31, 64)
    lam = call.args[1]
    assert isinstance(lam, A.Lambda) and lam.restrict == ("amp",)
    assert pos(lam.span)[:2] == (32, 10)
    assert lam.restrict_span.line == 32 and lam.restrict_span.col == 69
    assert [c.kind for c in lam.captures] == ["=", "&name"]
    assert pos(lam.captures[1].span) == (32, 14, 32, 23)


def test_spans_tile_static_declaration():
    path, tu = _sample("tile_average.cpp")
    (decl,) = [d for d in walk(tu) if isinstance(d, A.VarDecl) and "tile_static" in d.storage]
    # line 35: `        tile_static float tileValues[SAMPLESIZE][SAMPLESIZE];`
    assert decl.name == "tileValues"
    assert pos(decl.name_span) == (35, 27, 35, 37)
    stmt = next(s for s in walk(tu) if isinstance(s, A.DeclStmt) and decl in s.decls)
    assert pos(stmt.span) == (35, 9, 35, 62)
    t = decl.type
    assert isinstance(t, A.ArrayType) and isinstance(t.base, A.ArrayType)
    assert t.base.base.name == "float"


def test_spans_barrier_in_fence_sample_and_struct_in_tiling_description():
    _, tu = _sample("tile_average_fence.cpp")
    m = one(tu, A.Member, name="wait_with_tile_static_memory_fence")
    assert pos(m.span)[:2] == (40, 9) and m.base.name == "barrier"
    _, tu = _sample("tiling_description.cpp")
    s = one(tu, A.StructDef, name="Description")
    assert s.span.line == 13 and s.span.col == 1
    assert [f.name for f in s.fields][:2] == ["value", "tileRow"]
    assert pos(s.fields[0].name_span) == (14, 9, 14, 14)
    # `const int ROWS = 8;` on line 7
    rows = one(tu, A.VarDecl, name="ROWS")
    assert pos(rows.name_span) == (7, 11, 7, 15) and rows.type.const


def test_spans_after_an_include_and_a_multiline_macro_stay_in_user_file():
    src = ('#include <amp.h>\n#define SQ(x) \\\n  ((x) * (x))\n'
           'int f(int y) {\n    return SQ(y) + 1;\n}\n')
    tu = ok(src)
    ret = one(tu, A.Return)
    assert pos(ret.span)[:2] == (5, 5)
    plus = ret.value
    assert plus.op == "+" and pos(plus.right.span) == (5, 20, 5, 21)
    # the expansion maps to the macro name, the argument to itself
    mul = plus.left
    assert isinstance(mul, A.Binary) and mul.op == "*"
    assert mul.span.line == 5 and mul.span.col == 12
    names = nodes(tu, A.Name, name="y")
    assert {pos(n.span) for n in names} == {(5, 15, 5, 16)}


# ---- grammar coverage -------------------------------------------------------------------------

def test_global_constants_and_defines():
    tu = ok("#define N 4\nconst int ROWS = 8;\nstatic const int COLS = N;\nconst float PI = 3.14f;\n"
            "int main() { return ROWS * COLS; }\n")
    rows, cols, pi = [d.decls[0] for d in tu.decls[:3]]
    assert rows.type.const and rows.init.value == 8
    assert cols.storage == ("static",) and cols.type.const and cols.init.value == 4
    assert pi.type.name == "float" and pi.init.single


def test_struct_with_aggregate_init():
    tu = ok("struct Point { int x; float y; };\nPoint origin = {0, 1.5f};\n"
            "int main() { Point p = {1, 2.0f}; Point q{3, 4}; p.x = q.x; return p.x; }\n")
    s = tu.decls[0]
    assert isinstance(s, A.StructDef) and s.kind == "struct" and s.name == "Point"
    assert [(f.name, f.type.name) for f in s.fields] == [("x", "int"), ("y", "float")]
    g = tu.decls[1].decls[0]
    assert g.type.name == "Point" and isinstance(g.init, A.InitList) and len(g.init.items) == 2
    q = one(tu, A.VarDecl, name="q")
    assert isinstance(q.init, A.InitList) and [i.value for i in q.init.items] == [3, 4]


@pytest.mark.parametrize("spec, expected", [
    ("restrict(amp)", ("amp",)),
    ("restrict(cpu, amp)", ("cpu", "amp")),
    ("restrict(cpu)", ("cpu",)),
    ("", ()),
])
def test_free_function_restrict(spec, expected):
    tu = ok(f"int sq(int x) {spec} {{ return x * x; }}\nint main() {{ return sq(2); }}\n")
    f = tu.decls[0]
    assert f.name == "sq" and f.restrict == expected
    assert [(p.name, p.type.name) for p in f.params] == [("x", "int")]
    if expected:
        assert f.restrict_span.line == 1 and f.restrict_span.col == 15


def test_function_prototype():
    tu = ok("float g(float, int n) restrict(amp);\n")
    f = tu.decls[0]
    assert f.body is None and [p.name for p in f.params] == [None, "n"]


@pytest.mark.parametrize("src, name, ret, nparams", [
    ("void main() { }", "main", "void", 0),
    ("int main() { return 0; }", "main", "int", 0),
    ("int main(int argc, char* argv[]) { return argc; }", "main", "int", 2),
    ("#include <tchar.h>\nint _tmain(int argc, _TCHAR* argv[]) { return 0; }", "_tmain", "int", 2),
    ("int _tmain(int argc, _TCHAR* argv[]) { return 0; }", "_tmain", "int", 2),
])
def test_main_variants(src, name, ret, nparams):
    tu = ok(src + "\n")
    f = tu.decls[-1]
    assert (f.name, f.return_type.name, len(f.params)) == (name, ret, nparams)
    if nparams == 2:
        argv = f.params[1].type
        assert isinstance(argv, A.ArrayType) and isinstance(argv.base, A.PointerType)
        assert argv.base.base.name in ("char", "_TCHAR")


def test_c_arrays_1_to_3_d_with_brace_initialisers():
    tu = ok("float a[3] = {1.0f, 2.0f, 3.0f};\nint b[2][3] = {{1, 2, 3}, {4, 5, 6}};\n"
            "int c[2][2][2] = {{{1, 2}, {3, 4}}, {{5, 6}, {7, 8}}};\nint d[] = {1, 2,};\n"
            "int main() { int e[4]; e[0] = b[1][2] + c[1][1][1]; return e[0]; }\n")
    a, b, c, d = [x.decls[0] for x in tu.decls[:4]]
    assert isinstance(a.type, A.ArrayType) and a.type.size.value == 3 and len(a.init.items) == 3
    assert b.type.size.value == 2 and b.type.base.size.value == 3
    assert [len(r.items) for r in b.init.items] == [3, 3]
    assert c.type.base.base.size.value == 2 and c.init.items[1].items[0].items[1].value == 6
    assert d.type.size is None and len(d.init.items) == 2
    assert len(nodes(tu, A.Subscript)) == 7


def test_operator_precedence_full_chain():
    e = expr("a + b * c << d < e == f & g ^ h | i && j || k ? l : m = n")
    assert shape(e) == ("((((((((((a + (b * c)) << d) < e) == f) & g) ^ h) | i) && j) || k)"
                        " ? l : (m = n))")
    assert isinstance(e, A.Conditional) and isinstance(e.else_, A.Assign)


@pytest.mark.parametrize("src, expected", [
    ("a = b = c", "(a = (b = c))"),
    ("a - b - c", "((a - b) - c)"),
    ("a / b % c * d", "(((a / b) % c) * d)"),
    ("-a * b", "((-a) * b)"),
    ("!a && b", "((!a) && b)"),
    ("~a | b ^ c & d", "((~a) | (b ^ (c & d)))"),
    ("a >> 1 >= b << 2", "((a >> 1) >= (b << 2))"),
    ("a != b == c", "((a != b) == c)"),
    ("a < b > c", "((a < b) > c)"),
    ("a <= b && c >= d", "((a <= b) && (c >= d))"),
    ("a ? b : c ? d : e", "(a ? b : (c ? d : e))"),
    ("a += b *= c", "(a += (b *= c))"),
    ("x -= 1, y /= 2", "((x -= 1), (y /= 2))"),
    ("a %= b <<= c >>= d &= e |= f ^= g", "(a %= (b <<= (c >>= (d &= (e |= (f ^= g))))))"),
    ("i++ + ++j", "((i++) + (++j))"),
    ("--i - j--", "((--i) - (j--))"),
    ("*p + &q", "((*p) + (&q))"),
    ("a.b->c[1](2)", "a.b->c[1](2)"),
    ("(float)a / b", "(((float)a) / b)"),
    ("-(a + b)", "(-(a + b))"),
])
def test_operator_shapes(src, expected):
    assert shape(expr(src)) == expected


def test_casts_sizeof_and_functional_casts():
    e = expr("(double)a + float(b) + sizeof(int) + sizeof a + static_cast<float>(c) + (unsigned int)d")
    found = {type(n).__name__ for n in walk(e)}
    assert {"Cast", "Construct", "SizeofType", "SizeofExpr"} <= found
    casts = nodes(e, A.Cast)
    assert sorted(c.style for c in casts) == ["c", "c", "static_cast"]
    assert {c.type.name for c in casts} == {"double", "float", "unsigned int"}
    cons = one(e, A.Construct)
    assert cons.type.name == "float" and not cons.brace
    assert one(e, A.SizeofType).type.name == "int"
    ptr_cast = expr("(float*)p")
    assert isinstance(ptr_cast.type, A.PointerType)


def test_statements():
    items = body("""
        for (int i = 0; i < 3; i++) { if (i == 1) continue; else break; }
        for (;;) break;
        for (int j = 0; ; ++j) { break; }
        for (k = 0; k < 3;) k++;
        while (a) a--;
        do { ++a; } while (a < 10);
        switch (a) { case 1: break; case 2: { a = 3; break; } default: a = 0; }
        if (a) { } else if (b) { } else { }
        return;
    """)
    kinds = [type(s).__name__ for s in items]
    assert kinds == ["For", "For", "For", "For", "While", "DoWhile", "Switch", "If", "Return"]
    f0, f1, f2, f3 = items[:4]
    assert isinstance(f0.init, A.DeclStmt) and f0.cond.op == "<" and isinstance(f0.step, A.Postfix)
    assert f1.init is None and f1.cond is None and f1.step is None
    assert f2.cond is None and isinstance(f2.step, A.Unary)
    assert f3.cond is not None and f3.step is None
    sw = items[6]
    cases = [c for c in sw.body.items if isinstance(c, A.Case)]
    assert [c.value.value if c.value else None for c in cases] == [1, 2, None]
    assert isinstance(items[7].else_, A.If)


def test_member_access_new_and_delete():
    tu = ok("struct P { int x; };\nint main() { P* p = new P(); P* q = new P; p->x = 1;\n"
            "int* a = new int[10]; P v; v.x = p->x; delete p; delete q; delete[] a; return 0; }\n")
    news = nodes(tu, A.New)
    assert [(n.type.name, n.args, n.array_size is not None) for n in news] == [
        ("P", (), False), ("P", (), False), ("int", None, True)]
    arrows = nodes(tu, A.Member, arrow=True)
    assert len(arrows) == 2 and all(m.name == "x" for m in arrows)
    assert [d.array for d in nodes(tu, A.Delete)] == [False, False, True]


def test_template_ids():
    tu = ok("""
#include <amp.h>
#include <vector>
using namespace concurrency;
struct Description { int value; };
#define SAMPLESIZE 2
void f(array_view<const float, 2> av, std::vector<Description> v, tiled_index<2, 3> t) restrict(cpu) {
    extent<2> e(4, 6);
    concurrency::index<2> idx(1, 2);
    array<float, 1> arr(e.size());
    auto te = e.tile<2, 3>();
    auto t2 = e.tile<SAMPLESIZE, SAMPLESIZE>();
    auto t3 = e.template tile<2, 3>();
    tiled_extent<2, 3> te2 = e.tile<2, 3>();
    std::vector<std::vector<int>> nested;
    std::vector<index<1>> idxs;
}
""")
    f = one(tu, A.FunctionDef, name="f")
    av, v, t = (p.type for p in f.params)
    assert av.name == "array_view" and av.args[0].name == "float" and av.args[0].const
    assert av.args[1].value == 2
    assert v.name == "vector" and v.namespace == ("std",) and v.args[0].name == "Description"
    assert t.name == "tiled_index" and [a.value for a in t.args] == [2, 3]
    tiles = nodes(tu, A.Member, name="tile")
    assert len(tiles) == 4
    assert all([a.value for a in m.template_args] in ([2, 3], [2, 2]) for m in tiles)
    idx = one(tu, A.VarDecl, name="idx")
    assert idx.type.name == "index" and idx.type.namespace == ("concurrency",)
    nested = one(tu, A.VarDecl, name="nested").type
    assert nested.args[0].name == "vector" and nested.args[0].args[0].name == "int"
    assert one(tu, A.VarDecl, name="idxs").type.args[0].args[0].value == 1
    # no Lark tokens leak into template arguments
    for n in walk(tu):
        if isinstance(n, A.TypeName) and n.args:
            assert all(isinstance(a, A.Node) for a in n.args), n


def test_comparisons_on_ordinary_names_are_not_template_ids():
    e = expr("a < b > c")
    assert shape(e) == "((a < b) > c)"
    items = body("""
        int index = 3; int array = 4; int n = 5;
        bool r = index < array > n;
        bool s = index < n && n > 0;
        for (int k = 0; array < n; k++) { array = index * 2; }
    """)
    r = items[3].decls[0].init
    assert shape(r) == "((index < array) > n)"
    s = items[4].decls[0].init
    assert shape(s) == "((index < n) && (n > 0))"


def test_variable_named_index_or_array_in_params_loops_and_members():
    tu = ok("""
#include <amp.h>
using namespace concurrency;
struct Item { int index; int array; };
int pick(int* array, int index) { return array[index] < index; }
void g(Item it, int n) {
    for (int index = 0; index < n; index++) { n = n + (it.index < index) + (it.array > n); }
    index<1> i(0);
    array<int, 1> a(n);
}
""")
    g = one(tu, A.FunctionDef, name="g")
    # after the loop's block, `index` is the C++ AMP template again
    assert one(g, A.VarDecl, name="i").type.name == "index"
    assert one(g, A.VarDecl, name="a").type.args[0].name == "int"
    pick = one(tu, A.FunctionDef, name="pick")
    ret = one(pick, A.Return).value
    assert shape(ret) == "(array[index] < index)"
    members = nodes(g, A.Member)
    assert {m.name for m in members} == {"index", "array"}


@pytest.mark.parametrize("captures, expected", [
    ("=", [("=", None)]),
    ("&", [("&", None)]),
    ("=, &averages", [("=", None), ("&name", "averages")]),
    ("a, &b", [("name", "a"), ("&name", "b")]),
    ("", []),
    ("this", [("this", None)]),
])
def test_lambda_captures(captures, expected):
    lam = expr(f"l = [{captures}](int x) {{ return x; }}").value
    assert isinstance(lam, A.Lambda)
    assert [(c.kind, c.name) for c in lam.captures] == expected


def test_lambda_mutable_return_type_and_restrict():
    lam = expr("l = [a]() mutable -> float { a++; return 1.0f; }").value
    assert lam.mutable and lam.return_type.name == "float" and lam.restrict == ()
    lam = expr("l = [=] { return 0; }").value
    assert lam.params == () and not lam.mutable
    lam = expr("l = [=](index<1> i) restrict(amp) -> int { return i[0]; }").value
    assert lam.restrict == ("amp",) and lam.return_type.name == "int"
    assert lam.params[0].type.name == "index"


def test_tile_static_and_barriers():
    tu = ok("""
#include <amp.h>
using namespace concurrency;
void k(array_view<float, 2> av) {
    parallel_for_each(av.extent.tile<4, 4>(), [=](tiled_index<4, 4> t_idx) restrict(amp) {
        tile_static float s[4][4];
        tile_static int total;
        s[t_idx.local[0]][t_idx.local[1]] = av[t_idx];
        t_idx.barrier.wait();
        t_idx.barrier.wait_with_all_memory_fence();
        t_idx.barrier.wait_with_global_memory_fence();
        t_idx.barrier.wait_with_tile_static_memory_fence();
        av[t_idx.global] = s[0][0] + total;
    });
}
""")
    ts = [d for d in walk(tu) if isinstance(d, A.VarDecl) and d.storage == ("tile_static",)]
    assert [d.name for d in ts] == ["s", "total"]
    waits = [m.name for m in nodes(tu, A.Member) if isinstance(m.base, A.Member)
             and m.base.name == "barrier"]
    assert waits == ["wait", "wait_with_all_memory_fence", "wait_with_global_memory_fence",
                     "wait_with_tile_static_memory_fence"]
    for m in nodes(tu, A.Member, name="barrier"):
        assert m.base.name == "t_idx"


def test_streams_setw_and_cin():
    items = body('std::cout << std::setw(5) << x << " " << std::endl;\n'
                 'char c; std::cin >> c;\nstd::cout << std::setprecision(3) << std::fixed << 1.5 << "\\n";')
    out = items[0].expr
    assert shape(out) == "((((cout << setw(5)) << x) << StringLit) << endl)"
    assert out.left.left.left.left.namespace == ("std",)
    cin = items[2].expr
    assert cin.op == ">>" and cin.left.name == "cin" and cin.right.name == "c"


@pytest.mark.parametrize("src, value", [
    (r'"plain"', "plain"),
    (r'"tab\tnew\nline"', "tab\tnew\nline"),
    (r'"quote \" backslash \\ "', 'quote " backslash \\ '),
    (r'"a" "b"', "ab"),
    (r'"\x41\101"', "AA"),
    (r'"percent %d %%"', "percent %d %%"),
])
def test_string_literals(src, value):
    s = expr(src)
    assert isinstance(s, A.StringLit) and s.value == value and not s.wide


@pytest.mark.parametrize("src, value", [
    ("'a'", "a"), (r"'\n'", "\n"), (r"'\''", "'"), (r"'\\'", "\\"), (r"'\0'", "\0"),
    (r"'\x41'", "A"), (r"'\t'", "\t"), ("'\"'", '"'),
])
def test_char_literals(src, value):
    c = expr(src)
    assert isinstance(c, A.CharLit) and c.value == value


@pytest.mark.parametrize("src, cls, value, extra", [
    ("1.0f", A.FloatLit, 1.0, {"single": True}),
    ("1.5", A.FloatLit, 1.5, {"single": False}),
    ("1e-3", A.FloatLit, 1e-3, {"single": False}),
    ("2.5e+2f", A.FloatLit, 250.0, {"single": True}),
    (".5", A.FloatLit, 0.5, {}),
    ("3.", A.FloatLit, 3.0, {}),
    ("8U", A.IntLit, 8, {"unsigned": True, "long": 0}),
    ("0x1F", A.IntLit, 31, {"unsigned": False}),
    ("10ul", A.IntLit, 10, {"unsigned": True, "long": 1}),
    ("10LL", A.IntLit, 10, {"unsigned": False, "long": 2}),
    ("017", A.IntLit, 15, {}),
    ("0", A.IntLit, 0, {}),
    ("4294967295u", A.IntLit, 4294967295, {"unsigned": True}),
])
def test_numeric_literals(src, cls, value, extra):
    n = expr(src)
    assert isinstance(n, cls) and n.value == value and n.text == src
    for k, v in extra.items():
        assert getattr(n, k) == v


def test_misc_declarations():
    tu = ok("""
typedef float real;
typedef unsigned int uint32;
enum Color { RED, GREEN = 2, BLUE };
using Real2 = double;
real twice(real x) { return 2 * x; }
int main() {
    Color c = RED; uint32 u = 1u; Real2 d = 1.0;
    unsigned long long big = 1ull; long double ld = 1.0L; const char* msg = "hi";
    int a = 1, *pa = &a, &ra = a;
    bool b = true || false;
    auto p = nullptr;
    return (int)twice((real)u) + GREEN;
}
""")
    assert [t.name for t in nodes(tu, A.Typedef)] == ["real", "uint32", "Real2"]
    en = one(tu, A.EnumDef)
    assert [e[0] for e in en.enumerators] == ["RED", "GREEN", "BLUE"]
    assert one(tu, A.VarDecl, name="big").type.name == "unsigned long long"
    assert one(tu, A.VarDecl, name="ld").type.name == "long double"
    assert isinstance(one(tu, A.VarDecl, name="pa").type, A.PointerType)
    assert isinstance(one(tu, A.VarDecl, name="ra").type, A.ReferenceType)
    assert one(tu, A.FunctionDef, name="twice").return_type.name == "real"


def test_host_try_catch_parses():
    tu = ok("int main() { try { throw 1; } catch (int e) { return e; } catch (...) { } return 0; }\n")
    t = one(tu, A.Try)
    assert len(t.handlers) == 2 and t.handlers[0][0].name == "e" and t.handlers[1][0] is None


# ---- valid C++ outside the subset: "not supported yet", never a syntax error ------------------

@pytest.mark.parametrize("src, what", [
    ("struct A { struct Inner { int x; }; int y; };\n", "nested struct definitions"),
    ("struct S { template <typename T> struct In { T x; }; };\n", "member templates other than"),
])
def test_outside_subset_is_unsupported_not_syntax_error(src, what):
    tu, diags = parse(src + "int main() { return 0; }\n")
    assert diags, "expected a diagnostic"
    assert all(d.code == "unsupported" for d in diags), [(d.code, d.message) for d in diags]
    assert any(what in d.message and d.message.endswith("not supported yet") for d in diags), \
        [d.message for d in diags]
    assert all(d.span is not None and d.span.file == "t.cpp" for d in diags)


# ---- syntax errors -------------------------------------------------------------------------------

LARK_WORDS = ("__ANON", "RPAR", "LPAR", "SEMICOLON", "$END", "RBRACE", "LBRACE", "RSQB", "LSQB",
              "COMMA", "NAME", "INT_LIT", "FLOAT_LIT", "STRING_LIT", "CHAR_LIT", "TYPE_NAME",
              "TEMPLATE_NAME", "NS_NAME", "Token(", "Tree(", "Unexpected", "Expected one of")

BROKEN = [
    "int main() { int x = ; }",
    "int main() { int x = 1 }",
    "int main() { return (1 + 2; }",
    "int main() { f(1, 2; }",
    "int main() { a[1 = 2; }",
    "int main() {",
    "int main() { if (x) }",
    "int main() { for (int i = 0; i < 3) {} }",
    "int main() { int 3x = 1; }",
    "int main() { x = 'ab; }",
    'int main() { s = "abc; }',
    "int main() { x = 1 @ 2; }",
    "int main() { x = `1`; }",
    "int main() { int x = (a == 0)  4 : 2; }",
    "int main() { extent<2> e(1, 2; }",
    "int main() { array_view<float, > a; }",
    "int main() { parallel_for_each(e, [=](index<1> i) restrict(amp) { }; }",
    "int main() { [=](int x) restrict( { }; }",
    "struct S { int x }; int main() {}",
    "struct { int x; }",
    "int main() { x = y ? z; }",
    "int main() { x = . ; }",
    "int main() { x->; }",
    "int main() { return 0 } }",
    "}",
    ")",
    "int",
    "int main() { std:: ; }",
    "int main() { tile_static; }",
    "int main() { case: ; }",
    "int f() restrict(gpu) { return 0; }",
    "int main() { x = 09; }",
    "int main() { char c = 'ab'; }",
    "int main() { x = 1 +/ 2; }",
    "int main() { do x++; while (x) }",
    "int main() { else {} }",
    "float x = 1.0f.5;",
    "int main() { new; }",
    "int main() { delete; }",
    "int main() { sizeof(); }",
    "int main() { static_cast<int>; }",
    "int main() { x = (float; }",
    "template <",
    "namespace {",
    "int a[2] = {1, 2;",
    "int main() { goto; }",
]


@pytest.mark.parametrize("src", BROKEN)
def test_syntax_errors_use_cpp_words(src):
    tu, diags = parse(src + "\n")
    assert tu is None and diags
    for d in diags:
        assert d.severity == "error"
        assert d.span is not None and d.span.file == "t.cpp" and d.span.line >= 1 and d.span.col >= 1
        for w in LARK_WORDS:
            assert w not in d.message, (src, d.message)
        assert d.message == d.message.strip() and not d.message.endswith(".")


@pytest.mark.parametrize("src, message, col", [
    ("int main() { int x = 1 }", "expected ';' or ',' before '}'", 24),
    ("int main() { return (1 + 2; }", "expected ')' or ',' before ';'", 27),
    ("int main() { int colorValue = (color == 0)  4 : 2; }", "expected '?' or ';' before numeric constant '4'", 45),
    ("int main() {", "expected", 12),
    ("int main() { x = 1 @ 2; }", "unexpected character '@'", 20),
])
def test_syntax_error_messages(src, message, col):
    _, diags = parse(src + "\n")
    assert len(diags) == 1
    assert diags[0].message.startswith(message), diags[0].message
    assert diags[0].span.line == 1 and diags[0].span.col == col


def test_dump_shows_zero_and_false_values_but_not_absent_fields():
    # 0 == False == 0.0: the dump used to drop value=0 along with the absent flags
    tu = ok("int main() { int a = 0; float b = 0.0f; bool c = false; return a; }")
    text = A.dump(tu)
    assert "IntLit <1:22-1:23> value=0 text='0'\n" in text
    assert "FloatLit <1:35-1:39> value=0.0 text='0.0f' single=True\n" in text
    assert "BoolLit <1:50-1:55> value=False\n" in text
    assert "unsigned=" not in text and "long=" not in text and "const=" not in text


def test_dump_is_iterative():
    import sys
    tu = ok("int main() { int x = " + "1 + " * (sys.getrecursionlimit() + 100) + "1; }")
    lines = A.dump(tu).splitlines()
    assert lines[0].startswith("TranslationUnit") and lines[-1] == "  ]"
