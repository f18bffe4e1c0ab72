"""amppy's IR: typed node kinds (`nodes`), C++ types (`types`), traversal (`walk`), the C++
wording and dump for diagnostics and `--emit ir` (`text`), and sizes and alignments (`layout`).

Every stage names the IR as `ir.X`: this package re-exports the node kinds, the types and the
traversal.
"""
from .nodes import *  # noqa: F401,F403  (ir.Program, ir.Scalar, ir.walk, ...)
from .queries import *  # noqa: F401,F403  (ir.root, ir.is_lvalue, ir.switch_arms, ...)
from .walk import Transformer, Visitor, children, walk  # noqa: F401  (ir.walk, ir.Visitor, ir.Transformer)
from .text import describe, dump  # noqa: F401  (ir.dump for --emit ir, ir.describe for diagnostics)
