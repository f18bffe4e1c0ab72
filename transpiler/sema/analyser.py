"""Semantic analysis: AST -> typed IR.

Resolves names and types, inserts every implicit conversion, folds constant
template arguments, tracks restrict contexts, and turns each
`parallel_for_each(domain, lambda)` into an `ir.Kernel` (with its captures)
plus an `ir.ParallelForEach` launch in host code.  Library constructs (streams,
std::vector, array_view, extent, the Win32 console API, math functions) become
dedicated IR nodes; their tables live in `sema.library`.

`Analyser` is one object whose methods live in four mixins, by the kind of AST
they analyse: `declarations` (types, top-level declarations, functions),
`statements` (blocks, control flow, locals, initializers, construction),
`expressions` (conversions, names, operators) and `kernels` (parallel_for_each,
captures); constant folding is `constfold`, and what they all share (`SemaError`,
`ERROR_TYPE`, `FnContext`) is `context`.  This module holds the analyser's state,
error reporting and the entry point.
"""
from __future__ import annotations

import contextlib

from ..parse import ast as A
from .. import ir
from ..diagnostics import DiagnosticSink, Note
from ..source import Span
from . import classes as CL
from . import linkage
from . import templates as T
from .context import SemaError
from .declarations import Declarations
from .types import TypeResolution
from .calls import Calls
from .construction import Construction
from .locals import LocalDeclarations
from .converting import Converting
from .expressions import Expressions
from .kernels import Kernels
from .areas import lexer_names
from .lambdas import AUTO
from .scope import PyNames, Scope
from .statements import Statements


class Analyser(TypeResolution, Declarations, Statements, LocalDeclarations, Construction, Expressions, Converting,
               Calls, Kernels):
    @staticmethod
    def library_names() -> tuple:
        """The library's type and template names, for parsing text sema adds (sema/areas.py)."""
        return lexer_names()

    def __init__(self, pp, sink: DiagnosticSink, ltcg: bool = False, link_checks: bool = True):
        self.pp = pp
        self.sink = sink
        # ---- the program's translation units (sema/linkage.py: one analyser, one scope per unit) ----
        self.unit = 0                       # the unit analysed (index into the program's units)
        self.unit_files: list[set] = []     # each unit's files (absolute): which definitions it sees
        self.ltcg = ltcg                    # link-time code generation (/GL): amp calls across units link
        self.link_checks = link_checks      # report undefined references (False: compile only, `cl /c`)
        self.external: dict = {}            # link key -> [Symbol]: functions and variables with external linkage
        self.definitions: dict[int, tuple] = {}      # id(function Symbol) -> (unit, span) of its definition
        self.var_definitions: dict[int, tuple] = {}  # id(variable Symbol) -> (unit, span) of its definition
        self.var_declared: dict[int, ir.Symbol] = {}  # `extern int g;`: declared, maybe defined elsewhere
        self.linked_calls: list = []        # (Symbol, span, in amp code, unit) of every unit's calls
        self.internal = 0                   # inside an anonymous namespace: names with internal linkage
        self.struct_units: dict[str, tuple] = {}     # class name -> (unit, span) of its definition
        self.globals = Scope(None, "global")
        self.structs: dict[str, ir.StructDef] = {}
        self.struct_order: list[ir.StructDef] = []
        self.global_vars: list[ir.GlobalVar] = []
        self.functions: list[ir.FunctionDef] = []
        self.fn_defs: dict[int, ir.FunctionDef] = {}     # id(symbol) -> definition
        self.call_sites: list[tuple[ir.Symbol, Span]] = []     # every call of a program function
        self.kernels: list[ir.Kernel] = []
        self.typedefs: dict[str, ir.Type] = {}
        self.reference_typedefs: dict = {}     # `typedef int& IntRef;`: IntRef -> `int&` as written (AST)
        self.fn = None
        self.scope = self.globals
        self.main = None
        self.main_params = 0
        self.module_names = PyNames()
        self.kernel_names: set[str] = set()
        self.handling = 0                   # catch handlers around the statement being analysed
        self.unevaluated = False            # in decltype's operand: analysed for its type, never run
        self.discarding = False             # analysing an expression statement's value-less top
        self.deduced = None                 # an `auto` variable's analysed initializer
        self.copy_ctor_kinds: dict = {}     # class -> the constness of its copy constructors' parameters
        self.choice_context = None          # restrict(amp)? for overload choice, when not the function's
        self.class_fields: dict[str, dict[str, str]] = {}   # class -> C++ field name -> Python name
        self.member_decls: dict[int, object] = {}   # id(member function Symbol) -> its AST declaration
        self.defined_members: set[int] = set()      # member functions whose body was analysed
        self.pending_bodies: list = []      # member functions defined in their class: (AST, Symbol)
        self.explicit_instances: list = []  # `template void f<int>(int);`: made after the unit's bodies
        self.namespaces: set = set()        # the program's own namespaces
        self.function_templates: dict[str, list] = {}   # name -> its templates (sema/templates.py)
        self.class_templates: dict[str, object] = {}    # name -> its template
        self.template_forwards: dict[str, object] = {}  # `template<int N> struct Buf;`
        self.class_specs: dict[str, list] = {}          # name -> its explicit and partial specialisations
        self.function_specs: dict = {}                  # instance key -> explicit specialisation
        self.instances: dict = {}           # (kind, template_id, arguments) -> Symbol / StructType
        self.instance_units: dict = {}      # ... -> the unit that instantiated it
        self.class_args: dict = {}          # an instantiated class's name -> (template, arguments)
        self.tenv: dict = {}                # the template parameters of the instantiation analysed
        self.template_scope = None          # their scope (value parameters), under the globals
        self.instantiations: list = []      # (name, requested-at span) of the instantiations under way
        self.lifted: dict = {}              # (lambda called in place, instantiations) -> its function (lambdas.lifted_call)
        self.defined: set[int] = set()      # id of every function Symbol whose body was analysed
        self.forward_structs: set[str] = set()      # `struct X;` before X's definition
        self.class_stack: list = []         # the classes being declared or whose member is analysed
        self.access_reported: set = set()   # access errors reported (sema/access.py)
        self.const_aliases: dict = {}       # id -> (object, name) named by a local const reference (constness)
        self.rest_of_block: list = []       # the statements after the one being analysed (AST)
        self.member_bodies: dict[int, object] = {}  # id(member Symbol) -> its definition outside the class
        self.auto_bodies: dict[int, tuple] = {}     # id(Symbol) -> (AST, Symbol): `auto f() {...}`, analysed
                                                    # at its first call (its return type is its returns')
        self.body_index = 0                         # where the body analysed is in the list of bodies
        self.local_classes: dict = {}       # id(AST StructDef) of a local class -> local_classes.Enclosing
        self.local_structs: dict = {}       # a local class's name -> local_classes.Enclosing
        self.index_choices: dict[int, ir.Expr] = {}  # id -> `e[i]` of an index/extent, i not constant (library.py)
        self.sound_errors = 0   # errors reported of code analysed whole (the passes can still check it)
        self.callee = None      # the A.Member a call is evaluating as its function (library.call)
        self.property_names: set[str] = set()     # every class's __declspec(property) names (sema/properties.py)
        self.swizzle_reads: dict[int, ir.Expr] = {}  # id -> `v.xy` read as `v.get_xy()` (sema/short_vectors.py)

    # ---- errors -------------------------------------------------------------------------------
    def error(self, code: str, message: str, span: Span, help: str | None = None, notes: tuple = ()):
        notes = list(notes) + [Note(f"in instantiation of '{name}' requested here", at)
                               for name, at in reversed(self.instantiations)]
        self.sink.error(code, message, span, help=help, notes=notes)
        raise SemaError()

    def unsupported(self, what: str, span: Span, help: str | None = None):
        self.error("unsupported", f"{what} not supported yet", span, help)

    # ---- entry ---------------------------------------------------------------------------------
    def run(self, tu: A.TranslationUnit) -> ir.Program:
        return self.run_units([(tu, self.pp)])

    def run_units(self, units: list) -> ir.Program:
        """Analyse each (AST, PreprocessedSource) unit in order into one program; `link` then
        reports what the linker would (sema/linkage.py)."""
        for k, (tu, pp) in enumerate(units):
            linkage.begin_unit(self, k, pp)
            self.analyse_unit(tu)
            linkage.end_unit(self)
        self.link_kernel_functions()
        program = ir.Program(units[0][1].main_file, self.struct_order, self.global_vars, self.functions,
                             self.kernels, self.main, self.main_params)
        program.units = [pp.main_file for _, pp in units]
        return program

    def link(self) -> None:
        linkage.link(self)

    def analyse_unit(self, tu: A.TranslationUnit) -> None:
        # Pass 1: structs, typedefs, enums, function signatures, globals (in order).
        bodies = []
        self.declare_all(tu.decls, bodies, None, {})
        # Pass 2: function bodies.
        for k, (d, sym) in enumerate(bodies):
            if linkage.defined_elsewhere(self, d, sym):     # another unit's definition (or the same, from a header)
                continue
            if id(sym) in self.defined:     # analysed early (a deduced return type's first call)
                continue
            self.body_index = k
            try:
                self.function_body(d, sym)
            except SemaError:
                pass
        for d in self.explicit_instances:
            try:
                T.explicit_instantiation(self, d)
            except SemaError:
                pass
        self.explicit_instances = []
        self.linked_calls += [(sym, span, amp, self.unit) for sym, span, amp in self.call_sites]
        self.call_sites = []

    def declare_all(self, decls, bodies: list, namespace, homes: dict) -> None:
        """Pass 1 over top-level declarations, into namespaces.  The program's namespaces are one
        scope to amppy (the postlexer drops `util::`), so a name defined in two of them is
        reported rather than silently merged (`homes`: name -> the namespace that defined it)."""
        for d in decls:
            if isinstance(d, A.TemplateDecl):
                try:
                    T.declare(self, d)
                except SemaError:
                    pass
                continue
            if isinstance(d, A.ExplicitInstantiation):  # made after the unit's bodies
                self.explicit_instances.append(d)
                continue
            if isinstance(d, A.Namespace):
                nested = d.name and namespace and namespace != "(anonymous)"
                d_path = f"{namespace}::{d.name}" if nested else d.name     # `Concurrency::Test` too
                self.namespaces.update({d.name, d_path})
                self.internal += not d.name         # an anonymous namespace's names are the unit's own
                try:
                    self.declare_all(d.decls, bodies, d_path or "(anonymous)", homes)
                finally:
                    self.internal -= not d.name
                continue
            d = namespace_lambda(d)
            name = getattr(d, "name", None) if isinstance(d, (A.FunctionDef, A.StructDef)) and \
                (not isinstance(d, A.FunctionDef) or d.body is not None and not d.owner) else None
            if name is not None and homes.setdefault(name, namespace) != namespace:
                self.sink.error("unsupported", f"'{name}' defined in two namespaces is not supported yet",
                                d.name_span if isinstance(d, A.FunctionDef) else d.span,
                                help="amppy merges the program's namespaces; rename one of them")
                continue
            try:
                if isinstance(d, A.FunctionDef):
                    sym = CL.define_outside(self, d) if d.owner else self.declare_function(d)
                    if d.body is not None and d.owner:
                        self.member_bodies[id(sym)] = d
                        if CL.is_kernel_operator(sym):
                            self.defined.add(id(sym))   # analysed as the kernel of its launches
                            continue
                    if d.body is not None:
                        bodies.append((d, sym))
                else:
                    self.top_decl(d)
            except SemaError:
                pass
            bodies += self.pending_bodies   # member functions defined in a class
            self.pending_bodies = []
            for k in range(self.body_index, len(bodies)):
                if bodies[k][1].type.ret == AUTO:
                    self.auto_bodies[id(bodies[k][1])] = bodies[k] + (k,)
            self.body_index = len(bodies)   # (a global's initializer calls what is defined above it)

    def deduce_return(self, sym: ir.Symbol, span: Span) -> None:
        """Analyse `auto f() {...}` at its first call (as C++ does: the definition comes first),
        so that the call has a type."""
        d, _, k = self.auto_bodies.get(id(sym), (None, None, None))
        if d is None or id(sym) in self.defined or k > self.body_index:
            self.error("auto-return", f"function '{sym.name}' with deduced return type cannot be used "
                       "before its return type is deduced", span,
                       help="define the function (with its return statements) before this use")
        with self.suspended():
            try:
                self.function_body(d, sym)
            except SemaError:
                pass
        if sym.type.ret == AUTO:          # its body had an error: the caller's is reported there
            raise SemaError()

    #: what analysing one function body changes (saved around a body analysed inside another's)
    BODY_STATE = ("tenv", "template_scope", "fn", "scope", "handling", "discarding", "deduced", "rest_of_block",
                  "unevaluated", "choice_context")

    @contextlib.contextmanager
    def suspended(self):
        """The analysis under way, put aside while another body (an instantiation, a deduced
        return type's function) is analysed, and restored afterwards."""
        saved = [getattr(self, k) for k in self.BODY_STATE]
        try:
            yield
        finally:
            for k, v in zip(self.BODY_STATE, saved):
                setattr(self, k, v)

    # ---- context -------------------------------------------------------------------------------
    def in_amp(self) -> bool:
        """In a kernel or a restrict(amp) / restrict(cpu, amp) function (both sets of rules apply)."""
        return self.fn is not None and ("amp" in self.fn.restrict or self.fn.kernel is not None)


def namespace_lambda(d):
    """`auto twice = [](int x) restrict(cpu, amp) { return 2 * x; };` at namespace scope: a lambda
    that captures nothing (none can be captured there) is the function `twice`; other declarations
    are returned as they are."""
    if not (isinstance(d, A.DeclStmt) and len(d.decls) == 1):
        return d
    v = d.decls[0]
    lam = v.init
    if not (isinstance(lam, A.Lambda) and isinstance(v.type, A.TypeName) and v.type.name == "auto"
            and not lam.captures and "static" not in v.storage):
        return d
    ret = lam.return_type or A.TypeName(lam.span, "auto", (), None, False, False, None)
    return A.FunctionDef(v.span, v.name, v.name_span, ret, lam.params, False, lam.restrict or ("cpu",),
                         lam.restrict_span, (), lam.body)

