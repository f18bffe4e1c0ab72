"""amppy: translate C++ AMP programs into Python that runs with Numba.

The pipeline, one module per stage (see shared DESIGN notes):

    preprocess -> parse (Lark) -> ast -> sema -> ir -> passes -> codegen

`amppy.driver` strings the stages together; `amppy.cli` is the command line; `amppy.load`
(`amppy.library`) makes a program's functions a Python module.
"""

__version__ = "0.1.0"


def load(path_or_paths, *, target="auto", defines=None, include_dirs=None, checks=()):
    """A C++ AMP program's functions as a Python module, called with NumPy arrays:
    `lib = amppy.load("kernels.cpp"); lib.saxpy(2.0, x, y)` (`amppy.library` says how arguments
    convert; `checks=("bounds",)` as `amppy run --check bounds`).  Imported on first use:
    `import amppy` stays light."""
    from .library import load as _load
    return _load(path_or_paths, target=target, defines=defines, include_dirs=include_dirs, checks=checks)
