"""Front-end speed: amppy (preprocess + parse + AST) against pycparser (parse + AST).

    python benchmarks/frontend.py [--lines 10000] [--repeat 3] [--profile]

Input.  The C++ AMP input repeats the `SamplingExample` function of
samples/using-tiles/tile_average.cpp (comments removed, identifiers renamed per
copy) until it has about --lines lines.  The C input repeats a hand-written C
version of the same function: the same declarations, loops, conditions,
subscripts, compound assignments and casts, with the C++-only parts replaced by
C (vectors -> arrays, the parallel_for_each lambda -> loops over tiles,
barrier.wait() -> a call, std::cout -> calls).  The C text is already
preprocessed (no directives, no comments), as pycparser requires.

What each timing includes.
* amppy: `amppy.driver.front_end` on the text: pcpp preprocessing with the
  position map, then amppy's lexer (lexer hack included) and LALR driver over
  Lark's tables, building the AST during parsing (amppy.lalr; binary operators
  nested by precedence climbing).  The grammar is loaded before timing.  The driver runs this on its deep-stack thread, with the cyclic GC
  paused during preprocessing and parsing, as every amppy command does.
  The two stages are also timed apart (parse + AST on the preprocessed text).
* pycparser: `CParser().parse(text)`: its PLY lexer + LALR parser + c_ast.
  The parser tables are built before timing (a first, untimed parse).
* grammar load, caches warm, in a fresh process: (a) the whole
  `python -c "from amppy.parse import _fast_parts; _fast_parts()"` wall time,
  (b) the `_fast_parts()` call alone: the fast path's lexer and tables, which
  is all a program that parses needs, (c) `_parser()`, Lark's parser from its
  cache, which amppy loads only to report a syntax error.

The machine these run on may be shared: the two front ends are timed in
interleaved rounds (best of each), so that load falls on both alike; still
prefer the ratio column to absolute numbers.

Lines are counted as in the generated text (no blank or comment lines in
either input), and tokens with one regex for both languages; tokens/s is the
fairer comparison because C needs a few more lines for the same work.
"""
from __future__ import annotations

import argparse
import re
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "samples" / "using-tiles" / "tile_average.cpp"

_TOKEN = re.compile(r'"(?:\\.|[^"\\])*"|\'(?:\\.|[^\'\\])*\'|[A-Za-z_]\w*|\d[\w.]*|'
                    r'<<=|>>=|->|\+\+|--|<<|>>|<=|>=|==|!=|&&|\|\||::|[^\s]')

C_PRELUDE = """\
struct extent2 { int d0; int d1; };
struct tiled_index2 { int local[2]; int tile[2]; int global[2]; };
void barrier_wait(struct tiled_index2 *t);
float *array_at(float *a, int stride, int i, int j);
void print_float(float v);
void print_str(const char *s);
"""

C_FUNCTION = """\
void SamplingExample(void) {
    float rawData[64];
    int rawData_size = 0;
    for (int i = 0; i < 8 * 8; i++) {
        rawData[rawData_size++] = (float)i;
    }
    struct extent2 dataExtent = {8, 8};
    float *matrix = rawData;
    float outputData[16];
    int outputData_size = 0;
    int outputSize = 8 / 2;
    for (int j = 0; j < outputSize * outputSize; j++) {
        outputData[outputData_size++] = (float)0;
    }
    struct extent2 outputExtent = {8 / 2, 8 / 2};
    float averages[16];
    for (int tile0 = 0; tile0 < dataExtent.d0 / 2; tile0++) {
        for (int tile1 = 0; tile1 < dataExtent.d1 / 2; tile1++) {
            struct tiled_index2 t_idx;
            float tileValues[2][2];
            tileValues[t_idx.local[0]][t_idx.local[1]] = matrix[t_idx.global[0] * 8 + t_idx.global[1]];
            barrier_wait(&t_idx);
            if (t_idx.local[0] == 0 && t_idx.local[1] == 0) {
                for (int trow = 0; trow < 2; trow++) {
                    for (int tcol = 0; tcol < 2; tcol++) {
                        *array_at(averages, 4, t_idx.tile[0], t_idx.tile[1]) += tileValues[trow][tcol];
                    }
                }
                *array_at(averages, 4, t_idx.tile[0], t_idx.tile[1]) /= (float) (2 * 2);
            }
        }
    }
    for (int k = 0; k < 16; k++) outputData[k] = averages[k];
    for (int row = 0; row < outputSize; row++) {
        for (int col = 0; col < outputSize; col++) {
            print_float(outputData[row*outputSize + col]); print_str(" ");
        }
        print_str("\\n");
    }
}
"""


def _strip_comments(text: str) -> str:
    text = re.sub(r"//[^\n]*", "", text)
    return "\n".join(line.rstrip() for line in text.splitlines() if line.strip()) + "\n"


def cpp_input(lines: int) -> tuple[str, int]:
    src = _strip_comments(SAMPLE.read_text())
    head, rest = src.split("void SamplingExample()", 1)
    fn = "void SamplingExample()" + rest.split("int main()", 1)[0]
    return _repeat(head, fn, lines, "int main() { SamplingExample0(); }\n")


def c_input(lines: int) -> tuple[str, int]:
    return _repeat(C_PRELUDE, C_FUNCTION, lines, "int main(void) { SamplingExample0(); return 0; }\n")


def _repeat(head: str, fn: str, lines: int, tail: str) -> tuple[str, int]:
    parts, n, copies = [head], head.count("\n"), 0
    while n < lines:
        part = fn.replace("SamplingExample", f"SamplingExample{copies}")
        parts.append(part)
        n += part.count("\n")
        copies += 1
    parts.append(tail)
    return "".join(parts), copies


def interleaved(repeat: int, *fns) -> list[float]:
    """Best time of each function over `repeat` rounds, one call of each per round, so that
    load on a shared machine falls on all of them alike; a full collection before each call
    starts every timing from the same heap."""
    import gc
    best = [float("inf")] * len(fns)
    for _ in range(repeat):
        for i, fn in enumerate(fns):
            gc.collect()
            t0 = time.perf_counter()
            fn()
            best[i] = min(best[i], time.perf_counter() - t0)
    return best


def best_of(repeat: int, fn) -> float:
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return best


def amppy_front_end(text: str):
    from amppy.diagnostics import DiagnosticSink
    from amppy.driver import Options, front_end
    sink = DiagnosticSink()
    _, tu = front_end("bench.cpp", Options(), sink, text=text)
    assert not sink.diagnostics, sink.diagnostics[:3]
    return tu


def amppy_stages(text: str, repeat: int) -> tuple[float, float]:
    """(preprocess seconds, parse + AST seconds), each the best of `repeat`, GC paused as in amppy."""
    import gc
    from amppy.diagnostics import DiagnosticSink
    from amppy.parse import parse
    from amppy.preprocess import preprocess
    pp = preprocess("bench.cpp", text=text, sink=DiagnosticSink())
    t_pp = best_of(repeat, lambda: preprocess("bench.cpp", text=text, sink=DiagnosticSink()))
    enabled = gc.isenabled()
    gc.disable()
    try:
        t_parse = best_of(repeat, lambda: parse(pp, DiagnosticSink()))
    finally:
        if enabled:
            gc.enable()
    return t_pp, t_parse


def grammar_load(repeat: int, what: str) -> tuple[float, float]:
    """(whole `python -c` wall time, the load call alone) for `what` in a fresh process."""
    code = (f"import time; from amppy.parse import {what}; t = time.perf_counter(); {what}(); "
            "print(time.perf_counter() - t)")
    subprocess.run([sys.executable, "-c", code], check=True, capture_output=True)   # warm the cache
    wall, inner = [], []
    for _ in range(repeat):
        t0 = time.perf_counter()
        p = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True)
        wall.append(time.perf_counter() - t0)
        inner.append(float(p.stdout.strip()))
    return min(wall), min(inner)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--lines", type=int, default=10_000)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--profile", action="store_true", help="cProfile one amppy run (top 25 by tottime)")
    ns = ap.parse_args(argv)

    from amppy.parse import _fast_parts
    from pycparser import CParser

    cpp, cpp_copies = cpp_input(ns.lines)
    c, c_copies = c_input(ns.lines)
    cpp_lines, c_lines = cpp.count("\n"), c.count("\n")
    cpp_tokens, c_tokens = len(_TOKEN.findall(cpp)), len(_TOKEN.findall(c))

    _fast_parts()
    amppy_front_end(cpp[:2000].rsplit("\nvoid ", 1)[0] + "\n")        # warm-up
    parser = CParser()
    parser.parse(c_input(50)[0])                                       # builds the tables
    t_amppy, t_pyc = interleaved(ns.repeat, lambda: amppy_front_end(cpp), lambda: CParser().parse(c))
    t_pp, t_parse = amppy_stages(cpp, ns.repeat)

    load_wall, load_inner = grammar_load(ns.repeat, "_fast_parts")
    _, lark_inner = grammar_load(ns.repeat, "_parser")
    t_startup = best_of(ns.repeat, lambda: subprocess.run([sys.executable, "-c", "import amppy.parse"],
                                                          check=True, capture_output=True))

    print(f"input: C++ AMP {cpp_lines} lines / {cpp_tokens} tokens ({cpp_copies} copies of "
          f"SamplingExample from {SAMPLE.relative_to(ROOT)}); "
          f"C {c_lines} lines / {c_tokens} tokens ({c_copies} copies of its C version)")
    print(f"best of {ns.repeat}; Python {sys.version.split()[0]}\n")
    rows = [
        ("amppy front end (pp+parse+AST)", t_amppy, cpp_lines, cpp_tokens),
        ("pycparser CParser().parse (parse+AST)", t_pyc, c_lines, c_tokens),
    ]
    print(f"{'':40} {'seconds':>9} {'lines/s':>10} {'tokens/s':>10} {'copies/s':>9}")
    for name, t, lines, toks in rows:
        copies = cpp_copies if name.startswith("amppy") else c_copies
        print(f"{name:40} {t:9.3f} {lines / t:10.0f} {toks / t:10.0f} {copies / t:9.1f}")
    print(f"{'ratio amppy / pycparser':40} {'':9} {(cpp_lines / t_amppy) / (c_lines / t_pyc):10.2f} "
          f"{(cpp_tokens / t_amppy) / (c_tokens / t_pyc):10.2f} "
          f"{(cpp_copies / t_amppy) / (c_copies / t_pyc):9.2f}   (goal: >= 1)")
    print()
    print(f"{'amppy stages, measured apart':40} {'seconds':>9} {'lines/s':>10} {'share':>10}")
    for name, t in (("  preprocess (pcpp + position map)", t_pp), ("  parse + AST", t_parse)):
        print(f"{name:40} {t:9.3f} {cpp_lines / t:10.0f} {t / (t_pp + t_parse):10.2f}")
    print()
    print(f"{'grammar load, warm cache':40} {'seconds':>9} {'/ parse':>10}")
    print(f"{'  fresh process, whole python -c':40} {load_wall:9.3f} {load_wall / t_amppy:10.3f}")
    label = '  python -c "import amppy.parse" only'
    print(f"{label:40} {t_startup:9.3f} {t_startup / t_amppy:10.3f}")
    print(f"{'  _fast_parts() call alone':40} {load_inner:9.3f} {load_inner / t_amppy:10.3f}   (goal: < 0.1)")
    print(f"{'  _parser() (Lark; syntax errors only)':40} {lark_inner:9.3f} {lark_inner / t_amppy:10.3f}")

    if ns.profile:
        import cProfile
        import pstats
        prof = cProfile.Profile()
        prof.runcall(amppy_front_end, cpp)
        pstats.Stats(prof).sort_stats("tottime").print_stats(25)
    return 0


if __name__ == "__main__":
    sys.exit(main())
