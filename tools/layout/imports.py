"""The import graph of amppy's packages: backward imports against the stage order, import
circles (strongly connected components), function-level imports, and files over the size limit.

    python tools/layout/imports.py            # a report; exit 1 when a rule is broken

Stage order (a module may import its own stage and the stages after it in this list):
cli/driver/report/library → codegen → lower → passes | sema → parse → preprocess → cxx → ir →
source/diagnostics/names/modcache (passes and sema both sit on parse and below, and never import each other).
tests/test_layout.py runs it.
"""
from __future__ import annotations

import ast
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PACKAGES = {"amppy": os.path.join(ROOT, "transpiler"), "amppy.runtime": os.path.join(ROOT, "runtime")}
#: the stages, highest first; a module may import its own layer and those below it
LAYERS = ["cli driver report library inputs project __main__", "codegen", "lower", "passes sema", "parse",
          "preprocess", "cxx", "ir", "source diagnostics names modcache headers __init__"]
#: sema and passes both sit directly on ir; neither may import the other
SIBLINGS = {("passes", "sema"), ("sema", "passes")}
MAX_LINES = 650
#: import circles allowed, each documented where it lives
ALLOWED_CYCLES: dict[frozenset, str] = {}


def modules(package: str, folder: str):
    for dirpath, _, files in os.walk(folder):
        for f in files:
            if f.endswith(".py"):
                rel = os.path.relpath(os.path.join(dirpath, f), folder)[:-3].replace(os.sep, ".")
                name = package if rel == "__init__" else package + "." + rel.removesuffix(".__init__")
                yield name, os.path.join(dirpath, f)


def imports_of(name: str, path: str, is_pkg: bool):
    """(imported module, line, at module level) for each import of `path`."""
    tree = ast.parse(open(path, encoding="utf-8").read())
    pkg = name if is_pkg else name.rpartition(".")[0]
    top = set(id(n) for n in tree.body)
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = pkg.split(".")
                base = base[: len(base) - node.level + 1]
                mod = ".".join(base + ([node.module] if node.module else []))
            else:
                mod = node.module or ""
            targets = [mod + "." + a.name for a in node.names] if node.module is None or node.level and not node.module \
                else [mod] + [mod + "." + a.name for a in node.names]
            for t in targets:
                yield t, node.lineno, id(node) in top
        elif isinstance(node, ast.Import):
            for a in node.names:
                yield a.name, node.lineno, id(node) in top


def layer(mod: str) -> int | None:
    if not mod.startswith("amppy.") or mod.startswith("amppy.runtime") or mod.startswith("amppy.grammar"):
        return None
    head = mod.split(".")[1]
    for i, names in enumerate(LAYERS):
        if head in names.split():
            return i
    return None


def problems(verbose: bool = False) -> list[str]:
    """Every broken rule, as a line of text."""
    known = {}
    for package, folder in PACKAGES.items():
        for name, path in modules(package, folder):
            known[name] = path
    graph: dict[str, set] = {m: set() for m in known}
    problems = []
    lazy = []
    for m, path in known.items():
        for target, line, top in imports_of(m, path, path.endswith("__init__.py")):
            if target not in known or m.startswith(target + "."):
                continue            # (a package's __init__ is loaded before its modules)
            graph[m].add(target)
            if not top:
                lazy.append(f"{os.path.relpath(path, ROOT)}:{line}: {target}")
            a, b = layer(m), layer(target)
            if a is not None and b is not None and b < a:
                problems.append(f"backward import: {os.path.relpath(path, ROOT)}:{line} imports {target}")
            ha, hb = m.split(".")[1:2], target.split(".")[1:2]
            if ha and hb and (ha[0], hb[0]) in SIBLINGS:
                problems.append(f"sibling import: {os.path.relpath(path, ROOT)}:{line} imports {target}")
    # circles: Tarjan's strongly connected components
    index, low, stack, on, comps, counter = {}, {}, [], set(), [], [0]
    sys.setrecursionlimit(10000)

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                comps.append(sorted(comp))
    for v in graph:
        if v not in index:
            visit(v)
    for comp in comps:
        # a package's __init__ importing its own modules is not a circle of code
        if frozenset(comp) not in ALLOWED_CYCLES:
            problems.append(f"import circle of {len(comp)} modules: {', '.join(comp)}")
    for path in known.values():
        n = sum(1 for _ in open(path, encoding="utf-8"))
        if n > MAX_LINES:
            problems.append(f"{os.path.relpath(path, ROOT)}: {n} lines (over {MAX_LINES})")
    if verbose:
        print(f"{len(known)} modules, {sum(len(v) for v in graph.values())} imports, {len(lazy)} function-level:")
        print("\n".join(lazy))
    return problems


def main() -> int:
    found = problems("-v" in sys.argv)
    for p in found:
        print(p)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
