"""The head of a generated module: its imports, by name and each once, then set-up lines."""
from __future__ import annotations


def _names_in(source: str) -> set[str]:
    """Every identifier that occurs as a name token (not in comments or strings)."""
    import io
    import tokenize
    names = set()
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type == tokenize.NAME:
            names.add(tok.string)
    return names


def used_imports(lines: list[str], body: str) -> list[str]:
    """The backend's prelude as a module head: its import lines first, each name once and only
    the names `body` uses, then its other statements (the CUDA target's set-up calls).

    Backends list everything their kernels might need; a generated module imports only what it
    uses, by name (no dead scaffolding, no `import *`)."""
    import ast as pyast
    imports: list[str] = []
    rest: list[str] = []
    seen: set[str] = set()
    parsed = [pyast.parse(line).body if line.strip() else [] for line in lines]
    # Names used by the prelude's own statements (e.g. `cuda = import_cuda()`) count too.
    body = "\n".join([body] + [line for line, nodes in zip(lines, parsed)
                               if nodes and not isinstance(nodes[0], (pyast.Import, pyast.ImportFrom))])
    used = _names_in(body)
    for line, nodes in zip(lines, parsed):
        if not line.strip():
            if imports and imports[-1] != "":
                imports.append("")
            continue
        node = nodes[0] if nodes else None
        if not isinstance(node, (pyast.Import, pyast.ImportFrom)):
            rest.append(line)
            continue
        keep = []
        for a in node.names:
            name = a.asname or a.name.split(".")[0]
            if name not in seen and name in used:
                seen.add(name)
                keep.append(a.name + (f" as {a.asname}" if a.asname else ""))
        if not keep:
            continue
        if isinstance(node, pyast.Import):
            imports.extend(f"import {k}" for k in keep)
        else:
            imports.extend(_from_import(node.module, keep))
    while imports and imports[-1] == "":
        imports.pop()
    return imports + ([""] + rest if rest else [])


def _from_import(module: str, names: list[str]) -> list[str]:
    """`from module import a, b`, wrapped in parentheses past 100 columns."""
    line = f"from {module} import {', '.join(names)}"
    if len(line) <= 100:
        return [line]
    out, cur = [f"from {module} import ("], "   "
    for n in names:
        if len(cur) + len(n) + 2 > 100:
            out.append(cur.rstrip())
            cur = "   "
        cur += f" {n},"
    return out + [cur, ")"]
