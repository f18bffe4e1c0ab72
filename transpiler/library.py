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
  function returns, as when a C++ view over a vector dies).  On the cuda target also a GPU array
  (`__cuda_array_interface__`: CuPy, numba, PyTorch), used in place (`launch_cuda.view_over_device`):
  nothing is copied to the host and back;
- `array<T, N>&` / `const&`: a NumPy array, copied into the `array` and back unless const;
- `std::vector<T>` by value, `const&` or `&`: a 1-D NumPy array (or a sequence), copied in, and
  back into the array for a non-const reference;
- `T*` / `const T*` and `T (&)[N]`: the NumPy array itself (the translation's pointers to
  numbers are NumPy arrays), so writes land in it;
- a struct of numbers: a NumPy record, a 0-d structured array (which a non-const reference
  writes into), a tuple or a dict;
- numbers and `bool`: converted as C++ converts them (`int` from a Python float truncates);
  `std::string`: a `str`; a number or string by non-const reference (`int&`): a 0-d or
  one-element NumPy array, or a one-element list, receives the new value (a plain number, none);
- results: numbers, `str`, a `std::vector` as a NumPy array, a struct as a NumPy record.

An overload set is one function that takes the version C++ would (`pick(3)` the `int` one,
`pick(np.float32(3))` the `float` one, `pick(3.0)` ambiguous as in C++); the versions with a
Python name of their own are attributes too.  A wrong dtype, rank or layout is a `TypeError`
naming the C++ parameter.  C++ exceptions come through as the runtime raises them
(`amppy.runtime.runtime_exception`, a thrown value as `cpp_exception`); with `checks=("bounds",
"races")` the kernels run instrumented on the CPU and a violation is
`amppy.runtime.checks.CheckError`.  `lib.__amppy_source__` is the C++ files,
`lib.__amppy_python__` the translation that runs.
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
         include_dirs=None, checks=()) -> types.ModuleType:
    """The C++ AMP program `path_or_paths` (a source file, several, a `.vcxproj` or `.sln`) as a
    module of its exported functions (see the module docstring).  `checks`: "bounds" and/or
    "races", as `amppy run --check` (the kernels then run instrumented on the CPU)."""
    checks = (checks,) if isinstance(checks, str) else tuple(checks)
    if set(checks) - {"bounds", "races"}:
        raise ValueError(f"checks are 'bounds' and 'races', not {sorted(set(checks) - {'bounds', 'races'})}")
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
                   ltcg=bool(build.project is not None and build.project.ltcg),
                   check_bounds="bounds" in checks, check_races="races" in checks)
    path = _translation(build, opts)
    return _module(path, [u.path for u in build.units], target)


def _translation(build, opts) -> str:
    """The cached translation's path (translating first if the program or amppy changed), as
    `amppy run` keeps it."""
    from . import driver
    from .cli import _sources_of
    from .modcache import cached_module, store_translation
    path = cached_module(build.key, opts)
    if path is not None:
        return path
    sink = DiagnosticSink()
    try:
        linked, source = driver.translate_units(build.units, opts, sink)
    except CompileError:
        raise LoadError(render_text(sink.diagnostics, _sources_of(sink, build.units[0].path)).rstrip()) from None
    return store_translation(build.name, build.key, opts, source, None if sink.diagnostics else linked.sources)


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
    classes: dict = {}                          # the class wrappers by Python class name (results use them)
    for row in getattr(translated, "__amppy_classes__", ()):
        classes[row[1]] = cls = _class(translated, row, lib.__name__, classes)
        cpp_name = row[0]
        if "<" not in cpp_name:
            setattr(lib, cpp_name, cls)
            continue
        setattr(lib, row[1], cls)               # a class template's instance: `Box_4`, and `Box[4]`
        name, args = cpp_name.split("<", 1)
        template = lib.__dict__.get(name)
        if not isinstance(template, _Template):
            template = _Template(name)
            setattr(lib, name, template)
        template.instances[_template_key(_split_args(args[:-1]))] = cls
    groups: dict = {}
    for cpp_name, py_name, signature, where, params, result, changed in getattr(translated, "__amppy_exports__", ()):
        fn = _wrapper(getattr(translated, py_name), py_name, cpp_name, signature, where, params, result, changed,
                      lib.__name__, translated, classes)
        groups.setdefault(cpp_name, []).append(fn)
        if py_name != cpp_name:
            setattr(lib, py_name, fn)           # each version of an overload set by its Python name too
    for cpp_name, fns in groups.items():
        setattr(lib, cpp_name, fns[0] if len(fns) == 1 else _overloads(cpp_name, fns, lib.__name__))
    return lib


class _Template:
    """A C++ class template of a loaded program: its instances the program uses, by their
    arguments (`lib.Box[4]`, `lib.Pair[np.float32, 2]`, `lib.Pair["float", 2]`)."""

    def __init__(self, name: str):
        self.__name__ = name
        self.instances: dict = {}

    def __getitem__(self, args):
        key = _template_key(args if isinstance(args, tuple) else (args,))
        cls = self.instances.get(key)
        if cls is None:
            have = ", ".join(f"{self.__name__}<{', '.join(k)}>" for k in self.instances)
            raise KeyError(f"{self.__name__}<{', '.join(key)}> is not one of the program's instances "
                           f"(amppy translates those the program uses): {have}")
        return cls

    def __repr__(self):
        return f"<C++ class template {self.__name__}: {'; '.join(c._amppy_cpp_name for c in self.instances.values())}>"


#: NumPy scalar types as C++ template arguments
_CPP_TYPES = {np.float32: "float", np.float64: "double", np.int32: "int", np.uint32: "unsigned int",
              np.int64: "long long", np.uint64: "unsigned long long", np.int16: "short", np.int8: "char",
              np.uint8: "unsigned char", np.bool_: "bool", float: "double", int: "int", bool: "bool"}


def _split_args(text: str) -> list:
    """`"Box<1, 2>, 3"` -> `["Box<1, 2>", " 3"]`: a template-id's arguments, nested ones whole."""
    out, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        depth += (ch in "<([") - (ch in ">)]")
        if ch == "," and depth == 0:
            out.append(text[start:i])
            start = i + 1
    return out + [text[start:]]


def _template_key(args) -> tuple:
    return tuple(_CPP_TYPES.get(a, str(a)).strip() if not isinstance(a, str) else a.strip() for a in args)


def _class(translated, row, module_name: str, classes: dict) -> type:
    """A Python class for a C++ class: its public constructors (as `__init__`, an overload set
    choosing as C++ does), member functions (static ones too), and fields (numbers and strings
    read and written with C++'s conversions; other fields read as results are).  It holds the
    translation's object (`_amppy_object`); passing it to a function or member taking the class
    passes that object (by reference: the same object; by value: a copy, as C++ copies)."""
    cpp_name, py_name, where, fields, ctors, methods, aggregate = row
    made = getattr(translated, py_name)
    ns = {"__slots__": ("_amppy_object",), "__module__": module_name,
          "__doc__": f"C++ class {cpp_name} at {where}, translated by amppy (amppy.load)."}
    if ctors:
        fns = [_wrapper(getattr(made, m), m, cpp_name, sig, at, params, ("object",), (), module_name, translated,
                        classes) for sig, m, at, params, _changed in ctors]
        make = fns[0] if len(fns) == 1 else _overloads(cpp_name, fns, module_name)
        doc = "\n".join(sig for sig, *_ in ctors)
    else:                               # no constructor: C++'s default or aggregate initialisation
        def make(*values):
            if values and not aggregate:
                raise TypeError(f"{cpp_name} has no constructor taking arguments (and is no aggregate: "
                                f"{cpp_name}() makes one)")
            if len(values) > len(fields):
                raise TypeError(f"{cpp_name} has {len(fields)} public fields to initialise, not {len(values)}")
            return made(*(_convert(v, _as_param(k), f"'{f}' ({t}) of {cpp_name}", [], translated, classes)
                          for v, (f, _, k, t) in zip(values, fields)))
        doc = f"{cpp_name}({', '.join(f for f, *_ in fields)}): default or aggregate initialisation"

    def __init__(self, *args, **kwargs):
        self._amppy_object = make(*args, **kwargs)
    __init__.__doc__ = doc
    ns["__init__"] = __init__
    for field, attr, kind, cpp in fields:
        ns[field] = _field(attr, kind, f"'{field}' ({cpp}) of {cpp_name}", translated, classes)
    groups: dict = {}
    for name, method, sig, at, params, result, changed, static in methods:
        fn = _wrapper(getattr(made, method) if static else None, method, name, sig, at, params, result, changed,
                      module_name, translated, classes, bound=not static)
        groups.setdefault((name, static), []).append(fn)
        if method != name:
            ns[method] = staticmethod(fn) if static else fn
    for (name, static), fns in groups.items():
        fn = fns[0] if len(fns) == 1 else _overloads(name, fns, module_name, bound=not static)
        ns[name] = staticmethod(fn) if static else fn
    ns["__repr__"] = lambda self: f"<{cpp_name} {self._amppy_object!r}>"
    cls = type(cpp_name if cpp_name.isidentifier() else py_name, (), ns)
    cls._amppy_cpp_name = cpp_name
    cls._amppy_wraps = bool(ctors or methods)   # results of this class come back as such objects
    return cls


def _as_param(kind) -> tuple:
    """A field's kind (a result kind) as the kind of a by-value parameter taking its value."""
    return (*kind, False) if kind[0] == "struct" else (*kind, True) if kind[0] == "vector" else kind


def _field(attr: str, kind, label: str, translated, classes):
    def get(self):
        return _result(getattr(self._amppy_object, attr), kind, label, classes)

    def put(self, value):
        if kind[0] not in ("scalar", "string"):
            raise AttributeError(f"field {label} can only be read from Python yet")
        setattr(self._amppy_object, attr, _convert(value, kind, label, [], translated, classes))
    return property(get, put, doc=f"field {label}")


def _overloads(cpp_name: str, fns: list, module_name: str, bound: bool = False):
    """One function for an overload set: the version whose parameters take the arguments best
    (an exact dtype or kind before a conversion, as C++ ranks them); a tie is a TypeError.
    `bound`: member functions (the first argument is the object)."""
    def call(*args, **kwargs):
        if bound:
            this, args = args[0], args[1:]
        scored = []
        for fn in fns:
            try:
                values = _bind(cpp_name, fn.__amppy_signature__, fn.__amppy_params__, args, kwargs)
            except TypeError:
                continue
            ranks = [_rank(v, kind) for (_, kind, _), v in zip(fn.__amppy_params__, values)]
            if None not in ranks:
                scored.append((sum(ranks), fn))
        if not scored:
            raise TypeError(f"no version of {cpp_name} takes these arguments: "
                            + "; ".join(f.__amppy_signature__ for f in fns))
        scored.sort(key=lambda x: x[0])
        if len(scored) > 1 and scored[0][0] == scored[1][0]:
            raise TypeError(f"the call of {cpp_name} is ambiguous between "
                            f"{scored[0][1].__amppy_signature__} and {scored[1][1].__amppy_signature__}")
        return scored[0][1](this, *args, **kwargs) if bound else scored[0][1](*args, **kwargs)
    call.__name__ = call.__qualname__ = cpp_name
    call.__module__ = module_name
    call.__doc__ = "\n".join(f.__amppy_signature__ for f in fns) + \
        "\n\nAn overload set of C++ AMP functions, translated by amppy (amppy.load): the call takes the " \
        "version whose parameters match the arguments best, as C++ ranks them (an argument both versions " \
        "take only by a conversion is ambiguous, as in C++: `np.float32(x)` picks a float version)" + \
        "".join(f"; {f.__amppy_name__} is the {f.__amppy_signature__} alone" for f in fns
                if f.__amppy_name__ != cpp_name) + "."
    return call


def _rank(value, kind):
    """How well `value` matches parameter `kind`: 0 exactly, 1 by a conversion, None not at all."""
    tag = kind[0]
    if tag == "scalar_ref":
        if isinstance(value, np.ndarray):
            return 0 if value.size == 1 and value.dtype == np.dtype(kind[1]) else None
        return _rank(value, ("scalar", kind[1]))
    if tag == "string_ref":
        return 0 if isinstance(value, str) or (isinstance(value, list) and len(value) == 1) else None
    if tag == "scalar":
        if isinstance(value, (bool, np.bool_)):
            return 0 if kind[1] == "bool" else 1
        if isinstance(value, np.generic) and not isinstance(value, np.ndarray):
            return 0 if value.dtype == np.dtype(kind[1]) else 1
        if isinstance(value, int):
            return 0 if kind[1] == "int32" else 1 if kind[1] != "bool" else 2
        if isinstance(value, float):
            return 0 if kind[1] == "float64" else 1 if kind[1] != "bool" else 2
        return None
    if tag in ("view", "array", "pointer", "carray", "vector"):
        if isinstance(value, np.ndarray):
            return 0 if value.dtype == np.dtype(kind[1]) else None
        return 1 if tag == "vector" and isinstance(value, (list, tuple)) else None
    if tag == "string":
        return 0 if isinstance(value, str) else None
    if tag in ("accelerator_view", "accelerator"):
        return 0 if value is None or type(value).__name__ == tag else None
    if tag == "struct":
        obj = getattr(value, "_amppy_object", None)
        if obj is not None:
            return 0 if type(obj).__name__ == kind[1] else 1
        return 0 if isinstance(value, (np.ndarray, np.void)) else 1 if isinstance(value, (tuple, dict)) else None
    return None


def _wrapper(fn, py_name, cpp_name, signature, where, params, result, changed, module_name, translated, classes,
             bound=False):
    """A Python function calling translated function `fn` with its arguments converted; `bound`:
    a member function (`fn` None: the method `py_name` of the object its first argument holds)."""
    import inspect
    checked = "launch_checked" in vars(translated)      # --check: a violation raises CheckError

    labels = [f"'{pname}' ({cpp}) of {signature}" for pname, _, cpp in params]     # (for errors)
    kinds = [kind for _, kind, _ in params]

    def call(*args, **kwargs):
        target = fn
        if bound:
            this, args = args[0], args[1:]
            target = getattr(this._amppy_object, py_name)
        values = args if not kwargs and len(args) == len(kinds) else \
            _bind(cpp_name, signature, params, args, kwargs)
        after = []
        converted = [_convert(v, kind, label, after, translated, classes)
                     for kind, label, v in zip(kinds, labels, values)]
        if checked:
            from amppy.runtime.checks import raising
            with raising():
                out = target(*converted)
        else:
            out = target(*converted)
        if changed:                     # (result, new values of the reference parameters)
            if result[0] == "void":
                out, news = None, ((out,) if len(changed) == 1 else out)
            else:
                out, *news = out
            for i, new in zip(changed, news):
                _write_back(values[i], new)
        for finish in after:
            finish()
        return _result(out, result, signature, classes)
    call.__name__ = call.__qualname__ = cpp_name
    call.__module__ = module_name
    call.__doc__ = f"{signature}\n\nC++ AMP function at {where}, translated by amppy (amppy.load)."
    call.__signature__ = inspect.Signature(
        [inspect.Parameter("self", inspect.Parameter.POSITIONAL_ONLY)] * bound +
        [inspect.Parameter(_keyword(p), inspect.Parameter.POSITIONAL_OR_KEYWORD) for p, _, _ in params])
    call.__amppy_signature__ = signature
    call.__amppy_params__ = params
    call.__amppy_name__ = py_name
    return call


def _write_back(arg, new) -> None:
    """A number or string the function changed through a reference: into the caller's 0-d or
    one-element NumPy array, or one-element list (a plain number or str cannot change)."""
    if isinstance(arg, np.ndarray) and arg.size == 1:
        arg.reshape(-1)[0] = new
    elif isinstance(arg, list) and len(arg) == 1:
        arg[0] = new


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


def _runtime():
    """`amppy.runtime.amp` (imported on the first call, not when amppy.library is)."""
    amp = sys.modules.get("amppy.runtime.amp")
    if amp is None:
        from amppy.runtime import amp
    return amp


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


def _convert(value, kind, param: str, after: list, translated=None, classes=None):
    """The Python value `value` as the translated function takes parameter `param` (its name,
    C++ type and function, for errors); `after` gets what copies results back after the call."""
    tag = kind[0]
    if tag == "scalar_ref":             # a 0-d / one-element array: the function's change lands in it
        if isinstance(value, np.ndarray):
            if value.size != 1 or value.dtype != np.dtype(kind[1]):
                raise TypeError(f"parameter {param} takes a number or a one-element NumPy array of "
                                f"{np.dtype(kind[1])}, not {value.size} elements of {value.dtype}")
            return value.reshape(-1)[0]
        return _convert(value, ("scalar", kind[1]), param, after)
    if tag == "string_ref":
        if isinstance(value, list) and len(value) == 1 and isinstance(value[0], str):
            return value[0]
        return _convert(value, ("string",), param, after)
    if tag == "scalar":
        if isinstance(value, np.ndarray) or not isinstance(value, (int, float, bool, np.number, np.bool_)):
            raise TypeError(f"parameter {param} takes a number, not {type(value).__name__}")
        if kind[1] == "bool":
            return bool(value)
        dt = np.dtype(kind[1])
        if dt.kind in "iu":                     # C++: a float truncates, an int wraps to the width
            return dt.type(np.int64(int(value)).astype(dt))
        return dt.type(value)
    if tag == "view":
        _, dtype, rank, const = kind
        if hasattr(value, "__cuda_array_interface__") and not isinstance(value, np.ndarray):
            return _device_view(value, param, dtype, rank, const, translated)
        a = _array(value, param, dtype, rank)
        return _runtime().array_view(a.shape, a, const=const)
    if tag == "array":
        _, dtype, rank, const = kind
        a = _array(value, param, dtype, rank)
        amp = _runtime()
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
        from amppy.runtime.containers import vector
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
    if tag == "pointer":                # the translation's pointers to numbers are NumPy arrays
        return _array(value, param, kind[1], 1)
    if tag == "carray":
        _, dtype, dims, _const = kind
        a = _array(value, param, dtype, len(dims))
        if a.shape != tuple(dims):
            raise TypeError(f"parameter {param} takes an array of shape {tuple(dims)}, not {a.shape}")
        return a
    if tag == "struct":
        return _struct(value, kind, param, translated)
    if tag == "object":                 # (a class's own object, made by a constructor)
        return value
    if tag in ("accelerator_view", "accelerator"):
        from amppy.runtime import accelerators
        if value is None:               # the default accelerator (its default view)
            return accelerators.accelerator().default_view if tag == "accelerator_view" else \
                accelerators.accelerator()
        if not isinstance(value, getattr(accelerators, tag)):
            raise TypeError(f"parameter {param} takes an amppy.runtime.{tag} (None: the default one), "
                            f"not {type(value).__name__}")
        return value
    raise TypeError(f"parameter {param}: amppy.load cannot pass it from Python yet")


def _device_view(value, param: str, dtype, rank, const, translated):
    """A view over GPU memory (CuPy, numba, PyTorch: `__cuda_array_interface__`), used in place."""
    if getattr(translated, "launch_cuda", None) is None:
        raise TypeError(f"parameter {param} takes a NumPy array on the cpu target (load with "
                        "target='cuda' to pass GPU arrays)")
    cai = value.__cuda_array_interface__
    shape, typestr, strides = tuple(cai["shape"]), np.dtype(cai["typestr"]), cai.get("strides")
    if typestr != np.dtype(dtype) or len(shape) != rank:
        raise TypeError(f"parameter {param} takes a {rank}-D GPU array of {np.dtype(dtype)}, "
                        f"not a {len(shape)}-D array of {typestr}")
    if strides is not None and not _c_order(shape, strides, typestr.itemsize):
        raise TypeError(f"parameter {param} takes a C-contiguous GPU array")
    from amppy.runtime.launch_cuda import view_over_device
    return view_over_device(value, const=const)


def _c_order(shape, strides, itemsize: int) -> bool:
    """Whether `strides` (bytes) lay out `shape` in C order without gaps (a dimension of one
    element may have any stride)."""
    step = itemsize
    for n, st in zip(reversed(shape), reversed(strides)):
        if n != 1 and st != step:
            return False
        step *= n
    return True


def _struct(value, kind, param: str, translated):
    """A struct argument: a 0-d structured array of the struct's dtype is the object itself (a
    non-const reference writes into it); a record, tuple or dict is copied in."""
    cls = getattr(translated, kind[1], None)
    obj = getattr(value, "_amppy_object", None)
    if obj is not None:                 # an object of the library's class: itself, or a copy by value
        if not isinstance(obj, cls):
            raise TypeError(f"parameter {param} takes a {kind[1]}, not a {type(value).__name__}")
        return obj if kind[2] else obj.copy()
    dtype = getattr(cls, "dtype", None)
    if not isinstance(dtype, np.dtype) or not hasattr(cls, "from_record"):
        raise TypeError(f"parameter {param} takes a {kind[1]} object (made with the library's {kind[1]}(...)), "
                        f"not {type(value).__name__}")
    if isinstance(value, np.ndarray) and value.ndim == 0 and value.dtype == dtype:
        return cls._live(value) if kind[2] else cls.from_record(value[()])
    try:
        if isinstance(value, dict):
            rec = np.zeros((), dtype)
            for k, v in value.items():
                rec[k] = v
        else:
            rec = np.array(value if isinstance(value, np.void) else tuple(value), dtype=dtype)
    except (TypeError, ValueError, KeyError) as e:
        raise TypeError(f"parameter {param} takes a record of {dtype.names} (a 0-d structured array, "
                        f"a tuple or a dict), not {value!r}: {e}") from None
    return cls.from_record(rec[()])


def _result(out, kind, signature, classes=None):
    tag = kind[0]
    if tag == "void":
        return None
    if tag == "object":
        return out
    if tag == "scalar":
        return bool(out) if kind[1] == "bool" else np.dtype(kind[1]).type(out).item()
    if tag == "string":
        return str(out)
    if tag == "vector":
        return np.array(out.data(), dtype=kind[1])
    wrapper = (classes or {}).get(kind[1]) if tag == "struct" else None
    if wrapper is not None and (wrapper._amppy_wraps or not hasattr(out, "to_record")):
        obj = wrapper.__new__(wrapper)          # (a class with member functions: an object of it)
        obj._amppy_object = out
        return obj
    if tag == "struct" and hasattr(out, "to_record"):
        return out.to_record()
    raise TypeError(f"{signature}: amppy.load cannot return a {kind[1]} to Python yet")
