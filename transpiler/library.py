"""`amppy.load`: C++ AMP code as a Python library (issue 44).

    import numpy as np, amppy
    lib = amppy.load("kernels.cpp")                  # a .vcxproj / .sln, or several files, too
    y = np.ones(1 << 20, np.float32)
    lib.saxpy(2.0, np.arange(1 << 20, dtype=np.float32), y)       # y written in place
    help(lib.saxpy)                                  # the C++ signature and where it is

The program is translated as `amppy run` translates it (the same cache: an unchanged program is not
translated again), with a table of what it exports (`codegen/exports.py`): every free function
with external linkage that host code can call.  Each becomes a function of the returned module
that converts its arguments by the C++ parameter's type:

- `array_view<T, N>`: a NumPy array of T's dtype and rank N, C-contiguous; the view is made over
  it (no copy on the CPU target; on the GPU the kernels' results come back into it when the
  function returns, as when a C++ view over a vector dies);
- `array<T, N>&` / `const&`: a NumPy array, copied into the `array` and back unless const;
- `std::vector<T>` by value, `const&` or `&`: a 1-D NumPy array (or a sequence), copied in, and
  back into the array for a non-const reference;
- numbers and `bool`: converted as C++ converts them (`int` from a Python float truncates);
  `std::string`: a `str`;
- results: numbers, `str`, a `std::vector` as a NumPy array.

A wrong dtype, rank or layout is a `TypeError` naming the C++ parameter.  C++ exceptions come
through as the runtime raises them (`amppy.runtime.runtime_exception`, a thrown value as
`cpp_exception`).  `lib.__amppy_source__` is the C++ files, `lib.__amppy_python__` the
translation that runs.
"""
from __future__ import annotations

import importlib.util
import os
import sys
import types

import numpy as np

from .diagnostics import CompileError, DiagnosticSink, render_text
from .driver import Options


class LoadError(ImportError):
    """The program does not compile: the diagnostics, as `amppy check` prints them."""


def load(path_or_paths, *, target: str = "auto", defines: dict | None = None,
         include_dirs=None) -> types.ModuleType:
    """The C++ AMP program `path_or_paths` (a source file, several, a `.vcxproj` or `.sln`) as a
    module of its exported functions (see the module docstring)."""
    from .inputs import InputError, resolve
    paths = [os.fspath(path_or_paths)] if isinstance(path_or_paths, (str, os.PathLike)) else \
        [os.fspath(p) for p in path_or_paths]
    try:
        build = resolve(paths, None, None)
    except InputError as e:
        raise FileNotFoundError(str(e)) from None
    if target == "auto":
        from .cli import _cuda_usable
        target = "cuda" if _cuda_usable() else "cpu"
    if target not in ("cpu", "cuda"):
        raise ValueError(f"target must be 'cpu', 'cuda' or 'auto', not {target!r}")
    opts = Options(defines={k: str(v) for k, v in (defines or {}).items()},
                   include_dirs=[os.fspath(d) for d in (include_dirs or ())], target=target, library=True,
                   ltcg=bool(build.project is not None and build.project.ltcg))
    path = _translation(build, opts)
    return _module(path, [u.path for u in build.units], target)


def _translation(build, opts) -> str:
    """The cached translation's path (translating first if the program or amppy changed)."""
    from . import driver
    from .modcache import cached_module, module_path, record_module
    path = cached_module(build.key, opts)
    if path is not None:
        return path
    sink = DiagnosticSink()
    try:
        linked, source = driver.translate_units(build.units, opts, sink)
    except CompileError:
        raise LoadError(_rendered(sink)) from None
    path = module_path(build.name + ".cpp", source, opts.target)
    if not sink.diagnostics:
        record_module(build.key, opts, linked.sources, path)
    return path


def _rendered(sink) -> str:
    from .source import SourceMap
    sources = SourceMap()
    for name in {d.span.file for d in sink.diagnostics if d.span}:
        try:
            with open(name, encoding="utf-8", errors="replace") as f:
                sources.add(name, f.read())
        except OSError:
            pass
    return render_text(sink.diagnostics, sources).rstrip()


def _module(path: str, cpp_files: list, target: str) -> types.ModuleType:
    name = f"amppy_library_{os.path.basename(os.path.dirname(path))}"
    translated = sys.modules.get(name)
    if translated is None:
        spec = importlib.util.spec_from_file_location(name, path)
        translated = importlib.util.module_from_spec(spec)
        sys.modules[name] = translated
        spec.loader.exec_module(translated)
    lib = types.ModuleType(os.path.splitext(os.path.basename(cpp_files[0]))[0],
                           f"C++ AMP functions of {', '.join(cpp_files)} (amppy.load, target {target})")
    lib.__amppy_source__ = tuple(cpp_files)
    lib.__amppy_python__ = path
    lib.__amppy_target__ = target
    exports = getattr(translated, "__amppy_exports__", ())
    counts: dict = {}
    for row in exports:
        counts[row[0]] = counts.get(row[0], 0) + 1
    for cpp_name, py_name, signature, where, params, result in exports:
        fn = _wrapper(getattr(translated, py_name), cpp_name, signature, where, params, result, lib.__name__)
        # an overloaded name is each version's Python name (`f_int`, `f_float`)
        setattr(lib, cpp_name if counts[cpp_name] == 1 else py_name, fn)
    return lib


def _wrapper(fn, cpp_name, signature, where, params, result, module_name):
    import inspect

    def call(*args, **kwargs):
        values = _bind(cpp_name, signature, params, args, kwargs)
        after = []
        converted = [_convert(v, kind, f"'{pname}' ({cpp}) of {signature}", after)
                     for (pname, kind, cpp), v in zip(params, values)]
        out = fn(*converted)
        for finish in after:
            finish()
        return _result(out, result, signature)
    call.__name__ = call.__qualname__ = cpp_name
    call.__module__ = module_name
    call.__doc__ = f"{signature}\n\nC++ AMP function at {where}, translated by amppy (amppy.load)."
    call.__signature__ = inspect.Signature(
        [inspect.Parameter(_keyword(p), inspect.Parameter.POSITIONAL_OR_KEYWORD) for p, _, _ in params])
    call.__amppy_signature__ = signature
    return call


def _keyword(name: str) -> str:
    """A C++ parameter's name as a Python keyword argument (`in` -> `in_`, as the translation names it)."""
    import keyword
    return name + "_" if keyword.iskeyword(name) or keyword.issoftkeyword(name) else name


def _bind(cpp_name, signature, params, args, kwargs) -> list:
    names = [_keyword(p) for p, _, _ in params]
    if len(args) > len(names):
        raise TypeError(f"{cpp_name}() takes {len(names)} arguments ({len(args)} given): {signature}")
    values = list(args) + [None] * (len(names) - len(args))
    given = [True] * len(args) + [False] * (len(names) - len(args))
    for k, v in kwargs.items():
        if k not in names:
            raise TypeError(f"{cpp_name}() has no parameter '{k}': {signature}")
        i = names.index(k)
        if given[i]:
            raise TypeError(f"{cpp_name}() got two values for '{k}'")
        values[i], given[i] = v, True
    missing = [n for n, g in zip(names, given) if not g]
    if missing:
        raise TypeError(f"{cpp_name}() is missing {', '.join(repr(m) for m in missing)}: {signature}")
    return values


def _array(value, param: str, dtype, rank):
    if not isinstance(value, np.ndarray):
        raise TypeError(f"parameter {param} takes a NumPy array, not {type(value).__name__}")
    if value.dtype != np.dtype(dtype) or value.ndim != rank:
        raise TypeError(f"parameter {param} takes a {rank}-D NumPy array of {np.dtype(dtype)}, "
                        f"not a {value.ndim}-D array of {value.dtype}")
    if not value.flags.c_contiguous:
        raise TypeError(f"parameter {param} takes a C-contiguous array: pass np.ascontiguousarray(...) "
                        "(a copy, which the function's writes would not reach)")
    return value


def _convert(value, kind, param: str, after: list):
    """The Python value `value` as the translated function takes parameter `param` (its name,
    C++ type and function, for errors); `after` gets what copies results back after the call."""
    from amppy.runtime import amp
    from amppy.runtime.containers import vector
    tag = kind[0]
    if tag == "scalar":
        if isinstance(value, np.ndarray) or not isinstance(value, (int, float, bool, np.number, np.bool_)):
            raise TypeError(f"parameter {param} takes a number, not {type(value).__name__}")
        if kind[1] == "bool":
            return bool(value)
        dt = np.dtype(kind[1])
        if np.issubdtype(dt, np.integer):       # C++: a float truncates, an int wraps to the width
            return dt.type(np.int64(int(value)).astype(dt))
        return dt.type(value)
    if tag == "view":
        _, dtype, rank, const = kind
        a = _array(value, param, dtype, rank)
        return amp.array_view(a.shape, a, const=const)
    if tag == "array":
        _, dtype, rank, const = kind
        a = _array(value, param, dtype, rank)
        arr = amp.array(amp.extent(*a.shape), a)
        if not const:
            def back():
                a[...] = arr.host_buffer(False)
            after.append(back)
        return arr
    if tag == "vector":
        _, dtype, const = kind
        data = value if isinstance(value, np.ndarray) else np.asarray(value, dtype=dtype)
        a = _array(data, param, dtype, 1)
        v = vector(np.dtype(dtype).type, a)
        if not const and isinstance(value, np.ndarray):
            def back():
                if v.size() != a.size:
                    raise ValueError(f"the function changed the size of {param} ({a.size} -> {v.size()}): "
                                     "a NumPy array cannot follow; pass a list for no write-back")
                a[...] = v.data()
            after.append(back)
        return v
    if tag == "string":
        if not isinstance(value, str):
            raise TypeError(f"parameter {param} takes a str, not {type(value).__name__}")
        return value
    raise TypeError(f"parameter {param}: amppy.load cannot pass it from Python yet")


def _result(out, kind, signature):
    tag = kind[0]
    if tag == "void":
        return None
    if tag == "scalar":
        return bool(out) if kind[1] == "bool" else np.dtype(kind[1]).type(out).item()
    if tag == "string":
        return str(out)
    if tag == "vector":
        return np.array(out.data(), dtype=kind[1])
    raise TypeError(f"{signature}: amppy.load cannot return a {kind[1]} to Python yet")
