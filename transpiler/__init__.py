"""amppy: translate C++ AMP programs into Python that runs with Numba.

The pipeline, one module per stage (see shared DESIGN notes):

    preprocess -> parse (Lark) -> ast -> sema -> ir -> passes -> codegen

`amppy.driver` strings the stages together; `amppy.cli` is the command line.
"""

__version__ = "0.1.0"
