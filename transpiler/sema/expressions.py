"""Expressions: AST expressions -> typed IR expressions.

`Expressions` is the part of `Analyser` that dispatches on the expression node
(`expr` calls `e_<NodeType>`), resolves names to symbols, inserts the implicit
conversions (`convert`, `to_bool`), checks assignability, and types literals,
unary, binary, assignment, conditional, cast, sizeof, new, member, subscript and
call expressions (the last three through `sema.library`).
"""
from __future__ import annotations

import decimal
import re

from ..parse import ast as A
from .. import ir
from ..ir.queries import is_lvalue, negate, returns_reference
from ..cxx.types import AMP_BANNED, float_to_integer, round_value, wrap_value
from ..names import field_name
from ..source import Span
from . import indices as I
from . import views as V
from . import library as L
from . import chrono as C
from . import memory as M
from . import typeinfo as TI
from . import streams as ST
from . import utility as U
from . import strings as S
from . import classes as CL, constness as CN, functors as FN
from . import local_classes as LC
from . import fnptr as FP
from . import short_vectors as SV
from . import properties as PR
from . import templates as TM
from .overloads import Overloads
from .algorithms import FUNCTION_OBJECTS
from .area import not_yet
from .lambdas import lambda_expr
from . import accelerators as AC
from .constfold import char_value, fold
from .context import ERROR_TYPE, SemaError
from .scope import Alias, Scope
from .arithmetic import common_type, promote


class Expressions:
    # ---- conversions ---------------------------------------------------------------------------
    def expr(self, n) -> ir.Expr:
        m = getattr(self, "e_" + type(n).__name__, None)
        if m is None:     # the node's kind in words ("StaticMember" -> "a static member expression")
            words = re.sub(r"(?<!^)(?=[A-Z])", " ", type(n).__name__).lower()
            self.unsupported(f"a {words} expression here is", n.span)
        return m(n)

    def e_IntLit(self, n: A.IntLit) -> ir.Expr:
        v = n.value
        if n.unsigned:
            t = ir.Scalar("unsigned long long") if n.long >= 2 or v > 0xFFFFFFFF else ir.UINT
        elif n.long >= 2:
            t = ir.Scalar("long long")
        elif v <= 0x7FFFFFFF:
            t = ir.INT
        elif v <= 0xFFFFFFFF and n.text.lower().startswith("0"):
            t = ir.UINT
        else:
            t = ir.Scalar("long long")
        if t.name in ("long long", "unsigned long long") and self.in_amp():   # (Visual Studio's C3581)
            self.sink.error("amp-restrict", f"integer literal {n.text} does not fit 'int': its type '{t}' is "
                            "not allowed in restrict(amp) code", n.span,
                            help="use a value that fits 32 bits, or a floating-point literal")
        return ir.Const(n.span, t, v)

    def e_FloatLit(self, n: A.FloatLit) -> ir.Expr:
        t = ir.FLOAT if n.single else ir.DOUBLE
        if self.in_amp() and _beyond_range(n.text, n.single):       # (Visual Studio's C2177)
            self.sink.error("amp-restrict", f"floating literal {n.text} is out of the range of '{t}'", n.span,
                            help=f"use a value within the range of '{t}'")
        return ir.Const(n.span, t, n.value)

    def e_CharLit(self, n: A.CharLit) -> ir.Expr:
        return ir.Const(n.span, ir.Scalar("wchar_t") if n.wide else ir.CHAR, n.value)

    def e_StringLit(self, n: A.StringLit) -> ir.Expr:
        # A literal is used as a C string (`const char*`): it ends at its first NUL, so
        # "a\0b" prints "a" wherever C++ would (cout, printf %s, std::string(...)).
        if self.in_amp():                   # (Visual Studio's C3589)
            self.error("amp-restrict", "string literals are not allowed in restrict(amp) code", n.span,
                       help="restrict(amp) code has no char type and no constant memory for text")
        return ir.StringConst(n.span, ir.String(n.wide), n.value.split("\0", 1)[0])

    def e_BoolLit(self, n: A.BoolLit) -> ir.Expr:
        return ir.Const(n.span, ir.BOOL, n.value)

    def e_NullPtr(self, n) -> ir.Expr:
        return ir.Const(n.span, ir.Pointer(ir.Void()), None)

    def e_This(self, n) -> ir.Expr:
        CL.this_value(self, n.span)          # reports 'this' in a kernel or outside a member function
        self.unsupported("'this' as a pointer value is", n.span, help="write '*this' or 'this->member'")

    def e_Name(self, n: A.Name) -> ir.Expr:
        name = n.name
        if name == "npos" and n.namespace[-1:] in (("string",), ("wstring",)):
            return ir.Var(n.span, S.SIZE, ir.Symbol("npos", "npos", S.SIZE, "library", n.span, const_value=S.NPOS))
        if n.namespace and n.namespace[-1] in ("ios", "ios_base") and ST.open_mode(name, n.span) is not None:
            return ST.open_mode(name, n.span)
        if n.namespace and n.namespace[-1] in ("std",) or not n.namespace:
            lib = L.library_name(name, n.span, n.namespace)
            local, _ = self.scope.lookup(name)
            if lib is not None and (local is None or n.namespace):   # std::x is the library's x
                return lib
        if n.namespace and isinstance(self.tenv.get(n.namespace[-1]), ir.Type):
            made = U.amp_constant(self.tenv[n.namespace[-1]], name, n.span)     # `T::rank`, T = extent<3>
            if made is not None:
                return made
        if n.namespace and n.namespace[-1] == "accelerator" and "accelerator" not in self.structs:
            return AC.static_name(self, n)      # `accelerator::cpu_accelerator`
        if n.namespace and n.namespace[-1] in self.structs and name in self.structs[n.namespace[-1]].constants:
            c = self.structs[n.namespace[-1]].constants[name]         # `S::N`, a class constant
            return ir.Var(n.span, c.type, c)
        owner = n.namespace[-1] if n.namespace else None
        if owner in self.structs and name in self.class_fields.get(owner, {}) and getattr(self.fn, "this", None):
            return CL.qualified_field(self, owner, name, n.span)    # `A::i` in a member of a class derived from A
        sym, scope = self.scope.lookup(name)
        if sym is None:
            if name == "NULL":
                return ir.Const(n.span, ir.Pointer(ir.Void()), None)
            if name in L.MATH_FUNCTIONS or name in L.FREE_FUNCTIONS:
                return ir.LibCall(n.span, ir.Library("function"), name, None, ())
            not_yet(self, name, n.namespace, n.span)
            FN.member_named(self, name, n.span)
            self.error("undeclared", f"use of undeclared identifier '{name}'", n.span)
        if isinstance(sym, ir.Symbol) and sym.closure is not None:
            self.unsupported(f"using the restrict(amp) lambda '{name}' other than as a kernel is", n.span)
        if isinstance(sym, ir.Symbol):
            LC.check_use(self, sym, scope, n.span)     # (a local class's member using the function's locals)
            return self.use_symbol(sym, scope, n.span)
        if isinstance(sym, Alias):          # a reference to an element (`for (auto& x : v)`)
            k = self.fn.kernel if self.fn is not None else None
            if k is not None and isinstance(sym.expr, ir.Var) and sym.expr.sym.kind == "global" and \
                    isinstance(sym.expr.type, (ir.AmpArray, ir.ArrayView)) and not self._in_kernel_scope(scope):
                # `array<int, 1>& r = global_array;` captured `[&r]`: the kernel is given the array
                return ir.Var(n.span, sym.expr.type, self.capture(sym.expr.sym, n.span, name))
            return CN.through_alias(self, sym)
        if isinstance(sym, TM.TemplateValue):   # a value template parameter: its constant
            return ir.Const(n.span, sym.type, sym.value)
        if isinstance(sym, CL.Member):      # a field inside a member function: this->field
            return CL.member_ref(self, sym, n.span)
        if isinstance(sym, PR.PropertyName):    # a property inside a member function: this->get_x()
            return PR.read(self, A.This(n.span), sym.prop, True, n.span)
        if isinstance(sym, Overloads) and FP.overload_value(self, sym, n.span) is not None:
            return self.use_symbol(FP.overload_value(self, sym, n.span), scope, n.span)
        if isinstance(sym, (CL.MemberFunctions, Overloads)):
            self.unsupported(f"overloaded or member function '{name}' used as a value is", n.span)
        self.error("undeclared", f"'{name}' does not name a value", n.span)

    def use_symbol(self, sym: ir.Symbol, scope: Scope, span: Span) -> ir.Expr:
        if sym.type is ERROR_TYPE:
            raise SemaError()               # its declaration was already reported
        k = self.fn.kernel if self.fn is not None else None
        if sym.kind == "function":
            return ir.Var(span, sym.type, sym)
        if k is not None and sym is k.index_sym:
            return self.thread_index_value(span)
        if k is not None and sym.kind in ("local", "param", "capture") and not self._in_kernel_scope(scope):
            return ir.Var(span, sym.type, self.capture(sym, span))
        if sym.pointer_ref:                 # `v` of a `T& v` passed as a pointer: `*p`
            return ir.ElementRef(span, sym.type.elem, ir.Var(span, sym.type, sym), (ir.Const(span, ir.INT, 0),))
        return ir.Var(span, sym.type, sym)

    def e_Unary(self, n: A.Unary) -> ir.Expr:
        if n.op in ("++", "--") and isinstance(n.operand, A.Unary) and n.operand.op in ("++", "--"):
            step, inner = 0, n                  # `----p`: p -= 2 (a prefix step is an lvalue)
            while isinstance(inner, A.Unary) and inner.op in ("++", "--"):
                step, inner = step + (1 if inner.op == "++" else -1), inner.operand
            return self.expr(A.Assign(n.span, "+=" if step >= 0 else "-=", inner,
                                      A.IntLit(n.span, abs(step), str(abs(step)), False, 0)))
        if n.op in ("++", "--") and PR.target(self, n.operand) is not None:     # `++obj.x`: obj.x += 1
            return self.expr(A.Assign(n.span, n.op[0] + "=", n.operand, A.IntLit(n.span, 1, "1", False, 0)))
        if n.op in ("++", "--"):
            t = self.lvalue(self.expr(n.operand), n.operand.span)
            if isinstance(t.type, ir.Pointer):
                return M.step(self, t, n.op[0], ir.Const(n.span, ir.INT, 1), n.span)
            if I.involved(t.type):
                return I.step(self, n.op, t, True, True, n.span)
            if isinstance(t.type, ir.StructType) and t.type.name in self.structs:
                call = CL.operator(self, n.op, [t], n.span, [n.operand.span])      # `++v`
                if call is not None:
                    return call
            _forward_step(self, t, n.op, n.span)
            return ir.IncDec(n.span, t.type, n.op, True, t)
        if n.op == "&":
            fn = FP.address_of(self, n)         # `&f`: the function itself
            if fn is not None:
                return fn
            operand = self.expr(n.operand)
            p = M.amp_address_of(self, operand, n.span) if self.in_amp() else M.address_of(self, operand, n.span)
            if p is not None:
                return p
            if self.unevaluated:                # `decltype(f(&s))`: only its type matters
                return ir.Unary(n.span, ir.Pointer(operand.type), "&", operand)
            if operand.type in (ir.CHAR, ir.Scalar("wchar_t")):     # (a `char*` is a C string to amppy)
                return M.char_address(self, operand, n.span)
            self.unsupported("taking an address with '&' is", n.span)
        if n.op == "*" and isinstance(n.operand, A.This):
            return CL.this_value(self, n.operand.span)
        if n.op == "*":
            e = self.expr(n.operand)        # a pointer captured into a kernel is reported first
            if isinstance(e.type, ir.Iterator):     # `*it`: the element it points at
                return ir.ElementRef(n.span, e.type.elem, e, (ir.Const(n.span, ir.INT, 0),))
            if isinstance(e.type, ir.Pointer):
                return M.deref(self, e, n.span)
            if isinstance(e.type, ir.FunctionPointer):
                return e                        # `(*op)(x)`: the function
            if isinstance(e.type, ir.StructType) and e.type.name in self.structs:
                call = CL.operator(self, "*", [e], n.span, [n.operand.span])     # `*it`: a class's operator*
                if call is not None:
                    return call
            self.unsupported("dereferencing pointers with '*' is", n.span)
        e = self.expr(n.operand)
        if isinstance(e.type, ir.StructType) and e.type.name in self.structs:
            call = CL.operator(self, n.op, [e], n.span, [n.operand.span])
            if call is not None:
                return call
            e = SV.decay(self, e)           # `-u` of a unorm: of its float
        if n.op == "!":
            return negate(self.to_bool(e, n.operand.span), n.span)
        if not isinstance(e.type, ir.Scalar):
            self.error("type-mismatch", f"invalid argument type '{e.type}' to unary '{n.op}'", n.span)
        t = promote(e.type)
        if n.op == "~" and t.is_float:
            self.error("type-mismatch", f"invalid argument type '{e.type}' to unary '~'", n.span)
        e = self.convert(e, t, n.span)
        if isinstance(e, ir.Const) and n.op == "-" and not isinstance(e.value, str):
            return ir.Const(n.span, t, wrap_value(-e.value, t) if t.is_int else -e.value)
        return ir.Unary(n.span, t, n.op, e)

    def e_Postfix(self, n: A.Postfix) -> ir.Expr:
        discarded, self.discarding = self.discarding, False     # for this node, not its operand
        if PR.target(self, n.operand) is not None:
            if not discarded:
                self.unsupported(f"'{n.op}' after a property inside an expression is", n.span,
                                 help=f"write `{n.op}x` (the new value) or step it in a statement of its own")
            return self.expr(A.Assign(n.span, n.op[0] + "=", n.operand, A.IntLit(n.span, 1, "1", False, 0)))
        t = self.lvalue(self.expr(n.operand), n.operand.span)
        if isinstance(t.type, ir.Pointer):
            if not discarded:
                self.unsupported(f"'{n.op}' on a pointer inside an expression is", n.span,
                                 help=f"move the pointer in a statement of its own ('p{n.op};')")
            return M.step(self, t, n.op[0], ir.Const(n.span, ir.INT, 1), n.span)
        if I.involved(t.type):
            return I.step(self, n.op, t, False, discarded, n.span)
        if isinstance(t.type, ir.StructType) and t.type.name in self.structs:     # `v++`: operator++(int)
            call = CL.operator(self, n.op, [t, ir.Const(n.span, ir.INT, 0)], n.span, [n.operand.span] * 2)
            if call is not None:
                return call
        _forward_step(self, t, n.op, n.span)
        return ir.IncDec(n.span, t.type, n.op, False, t)

    def lvalue(self, e: ir.Expr, span: Span) -> ir.Expr:
        if self.index_choices.get(id(e)) is e:     # `idx[i] = v` with a run-time i: the whole index, rebuilt
            return L.chosen_component_target(self, e, span)
        if returns_reference(e):            # `*it = v` of `T& operator*()`: valid C++
            self.unsupported(f"assigning through the reference '{e.func.name}' returns is", span,
                             help="assign the element the function refers to directly")
        elif not is_lvalue(e):
            self.error("not-assignable", "expression is not assignable", span)
        elif isinstance(e, ir.ElementRef) and M.object_pointer(self, e.base.type) and \
                not isinstance(e.type, ir.StructType):
            self.unsupported(f"assigning a whole '{e.type}' through a pointer is", span,
                             help="assign the object itself, or its elements through the pointer")
        if V.read_only_element(e):
            self.error("not-assignable", f"an element of '{e.base.type}' is a value, not assignable", span,
                       help="write it with set(idx, value)")
        if isinstance(e, ir.Var) and e.sym.kind == "const":
            self.error("not-assignable", f"cannot assign to variable '{e.sym.name}' with const-qualified type", span)
        if isinstance(e, ir.Var) and e.sym.kind == "capture" and isinstance(e.type, ir.Scalar):
            k = self.fn.kernel
            if k is not None and not k.lam.mutable:
                self.error("not-assignable", "cannot assign to a variable captured by copy in a non-mutable lambda",
                           span)
        CN.check_assign(self, e, span)      # a const variable, reference parameter, `*this` (or a part)
        through = M.through_pointer(e)
        if through is not None and through.type.const:         # (Visual Studio's C3490 / C3892)
            self.error("not-assignable", f"cannot assign through '{through.type}': what it points at is const", span)
        base = e
        while isinstance(base, (ir.FieldRef, ir.ElementRef)):
            base = base.base
        if isinstance(base, ir.Var) and isinstance(base.type, ir.ArrayView) and base.type.const:
            self.error("not-assignable", f"cannot assign through '{base.type}' (its elements are const)", span)
        return e

    def e_Binary(self, n: A.Binary) -> ir.Expr:
        op = n.op
        if op in (".*", "->*"):
            return FP.member_access(self, n)
        left = self.expr(n.left)
        if op == "<<" and (isinstance(left, ir.StreamOut) or ST.writable(left.type)):
            item = self.expr(n.right)
            program_class = isinstance(item.type, ir.StructType) and item.type.name in self.structs
            if program_class or not isinstance(item.type, (ir.Scalar, ir.String, ir.StdString, ir.Library)):
                call = CL.operator(self, "<<", [left, item], n.span, [n.left.span, n.right.span])
                if call is not None:        # the program's `ostream& operator<<(ostream&, const T&)`
                    return call
            if program_class:
                item = SV.decay(self, item)     # a norm/unorm is written as its float
            if isinstance(left, ir.StreamOut):
                return ir.StreamOut(n.span, left.type, left.stream, left.items + (self.stream_item(item, n.right),))
            return ir.StreamOut(n.span, left.type, left, (self.stream_item(item, n.right),))
        if op == ">>" and isinstance(left, ir.StreamIn):
            target = self.lvalue(self.expr(n.right), n.right.span)
            return ir.StreamIn(n.span, left.type, left.stream, left.targets + (target,))

        if op == ">>" and ST.readable(left.type):
            target = self.lvalue(self.expr(n.right), n.right.span)
            return ir.StreamIn(n.span, left.type, left, (target,))
        right = self.expr(n.right)
        pairs = U.is_pair(left.type) and left.type == right.type and op in ("==", "!=", "<", ">", "<=", ">=")
        if any(isinstance(x.type, ir.StructType) and x.type.name in self.structs for x in (left, right)) and not pairs:
            call = CL.operator(self, op, [left, right], n.span, [n.left.span, n.right.span])
            if call is not None:
                return call
            left, right = SV.decay(self, left), SV.decay(self, right)    # `n * 2.0f`: a float
        if op in ("&&", "||"):
            return ir.Binary(n.span, ir.BOOL, op, self.to_bool(left, n.left.span), self.to_bool(right, n.right.span))
        if S.involved(left.type, right.type):
            return S.binary(self, op, left, right, n.span)
        if TI.TYPE_INFO in (left.type, right.type):
            return TI.compare(self, op, left, right, n.span)
        if AC.involved(left.type):
            e = AC.compare(self, op, left, right, n.span)
            if e is not None:
                return e
        if isinstance(left.type, ir.Iterator) and isinstance(right.type, ir.Iterator) and left.type != right.type \
                and op in ("==", "!=", "<", ">", "<=", ">=", "-"):
            self.error("type-mismatch", f"invalid operands to binary expression ('{left.type}' and '{right.type}')",
                       n.span)
        if isinstance(left.type, ir.Container) and left.type == right.type and op in ("==", "!=", "<", ">", "<=", ">="):
            return ir.LibCall(n.span, ir.BOOL, op, left, (right,))     # element by element, as C++ compares them
        if isinstance(left.type, ir.Iterator) and isinstance(right.type, ir.Iterator) and \
                op in ("==", "!=", "<", ">", "<=", ">="):
            return ir.LibCall(n.span, ir.BOOL, op, left, (right,))
        if isinstance(left.type, ir.Iterator) and op in ("+", "-") and left.type.access != "random":
            self.error("type-mismatch", f"invalid operands to binary expression ('{left.type}' and '{right.type}')",
                       n.span, help="this container's iterators move one step at a time: ++it, --it, std::next(it, n)")
        if isinstance(left.type, ir.Iterator) and op in ("+", "-"):
            if isinstance(right.type, ir.Iterator):
                return ir.Binary(n.span, ir.Scalar("long long"), op, left, right)
            return ir.Binary(n.span, left.type, op, left, self.convert(right, ir.INT, n.right.span))
        if I.involved(left.type, right.type):
            return I.binary(self, op, left, right, n.span, (n.left.span, n.right.span))
        if C.involved(left.type, right.type):
            return C.binary(self, op, left, right, n.span)
        if U.is_pair(left.type) and left.type == right.type and op in ("==", "!=", "<", ">", "<=", ">="):
            return U.compare_pairs(self, op, left, right, n.span)
        if not (isinstance(left.type, ir.Scalar) and isinstance(right.type, ir.Scalar)):
            if op in ("+", "-", "==", "!=", "<", ">", "<=", ">="):    # `a + 6`: a C array's first element
                left, right = (M.decay(x) if isinstance(x.type, ir.CArray) and isinstance(x.type.elem, ir.Scalar)
                               else x for x in (left, right))
            p = M.arithmetic(self, op, left, right, n.span) or FP.compare(op, left, right, n.span)
            if p is not None:
                return p
            self.error("type-mismatch", f"invalid operands to binary expression ('{left.type}' and '{right.type}')",
                       n.span)
        if op in ("<<", ">>"):
            lt = promote(left.type)
            if lt.is_float or right.type.is_float:
                self.error("type-mismatch", f"invalid operands to binary expression ('{left.type}' and '{right.type}')", n.span)
            return self.fold_binary(ir.Binary(n.span, lt, op, self.convert(left, lt, n.span),
                                              self.convert(right, promote(right.type), n.span)))
        ct = common_type(left.type, right.type)
        if op in ("%", "&", "|", "^") and ct.is_float:
            self.error("type-mismatch", f"invalid operands to binary expression ('{left.type}' and '{right.type}')", n.span)
        l2, r2 = self.convert(left, ct, n.left.span), self.convert(right, ct, n.right.span)
        if op in ("/", "%") and ct.is_int and isinstance(r2, ir.Const) and r2.value == 0:
            self.sink.warning("division-by-zero", f"{'division' if op == '/' else 'remainder'} by zero is undefined",
                              n.right.span)
        rt = ir.BOOL if op in ("==", "!=", "<", ">", "<=", ">=") else ct
        return self.fold_binary(ir.Binary(n.span, rt, op, l2, r2))

    def fold_binary(self, b: ir.Binary) -> ir.Expr:
        v = fold(b)
        if v is not None and isinstance(b.left, ir.Const) and isinstance(b.right, ir.Const):
            return ir.Const(b.span, b.type, v)
        return b

    def stream_item(self, e: ir.Expr, node) -> ir.Expr:
        """`e` (of AST `node`) as an item written to a stream."""
        if isinstance(e, ir.Manipulator):
            return e
        if isinstance(e, ir.LibCall) and e.name in L.MANIPULATORS:
            return ir.Manipulator(e.span, ir.Library("manipulator"), e.name, ())
        if isinstance(e.type, (ir.Scalar, ir.String, ir.StdString)):
            return e
        self.error("type-mismatch", f"cannot write a value of type '{e.type}' to a stream", node.span)

    def e_Assign(self, n: A.Assign) -> ir.Expr:
        prop = PR.target(self, n.target)    # `obj.x = v` of a property: obj.set_x(v)
        if prop is not None:
            return PR.assign(self, n, prop)
        target = self.expr(n.target)
        swizzle = SV.assign(self, n, target)   # `v.xy = e`: v.set_xy(e)
        if swizzle is not None:
            return swizzle
        target = self.lvalue(target, n.target.span)
        if isinstance(n.value, A.InitList):
            value = self.init_list(target.type, n.value)
            return ir.Assign(n.span, target.type, "=", target, value, target.type)
        value = self.expr(n.value)
        if isinstance(target, ir.ElementRef) and isinstance(target.base.type, ir.StdString):
            return S.element_assign(self, n, target, value)
        if isinstance(target.type, ir.StdString) and n.op != "=":
            return S.compound(self, target, n.op[:-1], value, n.span)
        call = CL.assignment(self, n.op, target, value, n.span, [n.target.span, n.value.span])
        if call is not None:
            return call
        copied = V.array_from_view(self, n.op, target, value, n.span)      # `arr = av`
        if copied is not None:
            return copied
        if n.op == "=":
            value = CL.assigned_value(self, value, target.type, n.value.span)
            if isinstance(target.type, ir.ArrayView) and isinstance(target, (ir.Var, ir.FieldRef)) and not self.in_amp():
                value = ir.LibCall(n.span, target.type, "replacing", value, (target,))  # `a = b;`: a's old data
            return ir.Assign(n.span, target.type, "=", target, value, target.type)  # source has one view less
        op = n.op[:-1]
        value = SV.decay(self, value)       # `f += n` of a norm: of its float
        if isinstance(target.type, (ir.Index, ir.Extent)):
            return I.compound(self, op, target, value, n.span, n.value.span)
        if op in ("+", "-") and isinstance(target.type, ir.Pointer) and isinstance(value.type, ir.Scalar) \
                and value.type.is_int:
            return M.step(self, target, op, value, n.span)
        if not (isinstance(target.type, ir.Scalar) and isinstance(value.type, ir.Scalar)):
            self.error("type-mismatch", f"invalid operands to '{n.op}' ('{target.type}' and '{value.type}')", n.span)
        if op in ("<<", ">>"):
            ct = promote(target.type)
            value = self.convert(value, promote(value.type), n.value.span)
        else:
            ct = common_type(target.type, value.type)
            value = self.convert(value, ct, n.value.span)
        if op in ("%", "&", "|", "^", "<<", ">>") and ct.is_float:
            self.error("type-mismatch", f"invalid operands to '{n.op}'", n.span)
        return ir.Assign(n.span, target.type, op, target, value, ct)

    def e_Conditional(self, n: A.Conditional) -> ir.Expr:
        c = self.condition(n.cond)
        a, b = self.expr(n.then), self.expr(n.else_)
        if isinstance(a.type, ir.Scalar) and isinstance(b.type, ir.Scalar):
            t = common_type(a.type, b.type) if a.type != b.type else a.type
            if a.type.name == "bool" and b.type.name == "bool":
                t = ir.BOOL
            return ir.Conditional(n.span, t, c, self.convert(a, t, n.then.span), self.convert(b, t, n.else_.span))
        if a.type == b.type:
            return ir.Conditional(n.span, a.type, c, a, b)
        t = a.type if isinstance(a.type, ir.FunctionPointer) else b.type    # `p ? p : inc`
        if isinstance(t, ir.FunctionPointer):
            return ir.Conditional(n.span, t, c, self.convert(a, t, n.then.span), self.convert(b, t, n.else_.span))
        self.error("type-mismatch", f"incompatible operand types ('{a.type}' and '{b.type}')", n.span)

    def e_Comma(self, n: A.Comma) -> ir.Expr:
        self.unsupported("the comma operator here is", n.span)

    def e_Cast(self, n: A.Cast) -> ir.Expr:
        if n.style == "dynamic_cast" and self.in_amp():     # (Visual Studio's C3587)
            self.error("amp-restrict", "dynamic_cast is not allowed in restrict(amp) code", n.span,
                       help="restrict(amp) code has no run-time type information: use static_cast")
        t = self.resolve_type(n.type)
        elem = t
        while isinstance(elem, (ir.Pointer, ir.CArray)):
            elem = elem.elem
        if self.in_amp() and isinstance(elem, ir.Scalar) and elem.name in AMP_BANNED:    # (C3581)
            self.error("amp-restrict", f"type '{elem.name}' is not allowed in restrict(amp) code",
                       n.span, help=f"use '{AMP_BANNED[elem.name]}' instead")
        alloc = self.pointer_cast(t, n.operand, n.span)
        if alloc is not None:
            return alloc
        e = self.expr(n.operand)
        if isinstance(n.type, A.ReferenceType) and CL.derives(self, t, e.type) and is_lvalue(e):
            return CL.downcast(self, e, t, n.span)
        if isinstance(t, ir.Scalar) and isinstance(e.type, ir.Scalar):
            v = fold(e) if isinstance(e, ir.Const) else None
            if v is not None:               # (float)(2 * 2) -> 4.0f
                if isinstance(v, float) and t.is_int and t.name != "bool":
                    v = float_to_integer(v, t)      # x86's conversion: `(int)-3e9` is INT_MIN
                if t.name == "char":
                    return ir.Const(n.span, t, char_value(int(v)))
                return ir.Const(n.span, t, round_value(v, t) if t.is_float else (bool(v) if t.name == "bool" else
                                                                         wrap_value(int(v), t)))
            return ir.Convert(n.span, t, e, True)
        if isinstance(t, ir.Void):
            return ir.Convert(n.span, t, e, True)
        return self.convert(e, t, n.span, explicit=True)

    def pointer_cast(self, t: ir.Type, operand, span) -> ir.Expr | None:
        """`(T*)malloc(...)`: the allocation takes its element type from the cast."""
        if isinstance(t, ir.Pointer) and isinstance(operand, A.Call):
            return M.allocation(self, t, operand, span)
        return None

    def e_Construct(self, n: A.Construct) -> ir.Expr:
        if isinstance(n.type, A.TypeName) and n.type.name in self.function_templates and n.type.args is not None:
            t = n.type                      # `f<float, 16>(x)`: a function template, arguments given
            ds = self.function_templates[t.name]     # read the arguments as one that takes them all
            d = next((x for x in ds if TM.kinds_fit(self, x, t.args)), ds[0])
            explicit = TM._args_of(self, d, t.args, t)
            args = [self.expr(x) for x in n.args]
            return TM.call(self, t.name, explicit, args, [x.span for x in n.args], n.span, [])
        e = L.template_call(self, n)         # `std::get<1>(t)`, `copy<int, 1>(a, b)`, ...: the library's
        if e is not None:
            return e
        if isinstance(n.type, A.TypeName) and n.type.name in ("checked_array_iterator", "unchecked_array_iterator") \
                and n.type.namespace == ("stdext",) and len(n.type.args or ()) == 1:
            return self.array_iterator(n)
        t = self.resolve_type(n.type)
        with S.range_arguments(self, t, n.args):
            args = tuple(self.expr(a) for a in n.args)
        if isinstance(t, ir.Function) and getattr(n.type, "name", None) in FUNCTION_OBJECTS:
            if args:
                self.error("ctor-args", f"'std::{n.type.name}' takes no arguments", n.span)
            py = FUNCTION_OBJECTS[n.type.name]         # `std::greater<int>()`: a function
            return ir.Var(n.span, t, ir.Symbol(py, py, t, "library", n.span))
        if n.brace and isinstance(t, ir.StructType):
            return self.init_list(t, A.InitList(n.span, n.args))
        return self.construct(t, args, n.span, [a.span for a in n.args])

    def array_iterator(self, n: A.Construct) -> ir.Expr:
        """Visual C++'s `stdext::checked_array_iterator<T*>(p, size[, index])`: an iterator over the
        `size` elements from `p`, at `p + index`; amppy's pointers know their array, so it is that
        pointer (its bound is the array's own, not `size`)."""
        t = self.resolve_type(n.type.args[0])
        if not isinstance(t, (ir.Pointer, ir.String)):
            self.error("template-args", f"'stdext::{n.type.name}' wraps a pointer type, not '{t}'", n.type.span)
        if len(n.args) not in (2, 3) if n.type.name == "checked_array_iterator" else len(n.args) != 1:
            self.error("ctor-args", f"'stdext::{n.type.name}' is made from a pointer" +
                       (", a size and an optional index" if n.type.name == "checked_array_iterator" else ""), n.span)
        p = self.convert(self.expr(n.args[0]), t, n.args[0].span)
        for x in n.args[1:]:
            self.convert(self.expr(x), ir.Scalar("size_t"), x.span)
        if len(n.args) == 3:
            return self.expr(A.Binary(n.span, "+", n.args[0], n.args[2]))
        return p

    def e_SizeofType(self, n: A.SizeofType) -> ir.Expr:
        return ir.Const(n.span, ir.Scalar("size_t"), self.sizeof(self.resolve_type(n.type), n.span))

    def e_SizeofExpr(self, n: A.SizeofExpr) -> ir.Expr:
        e = self.expr(n.operand)
        return ir.Const(n.span, ir.Scalar("size_t"), self.sizeof(e.type, n.span))

    def e_TypeId(self, n: A.TypeId) -> ir.Expr:
        return TI.typeid_expr(self, n)

    def sizeof(self, t: ir.Type, span: Span) -> int:
        from ..ir.layout import sizeof
        n = sizeof(t, self.struct_fields, unions={name for name, sd in self.structs.items() if sd.union})
        if n is None:
            while isinstance(t, ir.CArray):     # name the element type that has no size
                t = t.elem
            self.unsupported(f"sizeof of '{t}' is", span)
        return n

    def e_New(self, n: A.New) -> ir.Expr:
        return M.new_expr(self, n)

    def e_Delete(self, n: A.Delete) -> ir.Expr:
        self.unsupported("'delete' inside an expression is", n.span)

    def e_Throw(self, n: A.Throw) -> ir.Expr:
        if self.in_amp():
            self.error("amp-restrict", "'throw' is not allowed in restrict(amp) code", n.span)
        self.unsupported("'throw' inside an expression is", n.span, help="throw in a statement of its own")

    def e_InitList(self, n: A.InitList) -> ir.Expr:
        self.unsupported("a braced list here is", n.span)

    def e_Lambda(self, n: A.Lambda) -> ir.Expr:
        return lambda_expr(self, n)

    def e_TemplateId(self, n: A.TemplateId) -> ir.Expr:
        return TM.named_instance(self, n)

    def e_StaticMember(self, n: A.StaticMember) -> ir.Expr:
        if isinstance(n.type, A.TypeName) and n.type.name in self.class_templates:
            st = self.resolve_type(n.type)              # `Buf<float, 4>::size`: a class constant
            c = self.structs[st.name].constants.get(n.name)
            if c is None:
                self.error("no-member", f"no member named '{n.name}' in '{st.name}'", n.span)
            return ir.Var(n.span, c.type, c)
        return U.static_member(self, n)

    def e_Member(self, n: A.Member) -> ir.Expr:
        if isinstance(n.base, A.This) and n.arrow and self.fn is not None and self.fn.functor_fields:
            sym = self.fn.functor_fields.get(field_name(n.name))    # this->x in a function object's kernel
            if sym is not None:
                return ir.Var(n.span, sym.type, sym)
        if isinstance(n.base, A.This) and n.arrow and n.name in self.property_names \
                and self.fn is not None and self.fn.this is not None:
            prop = PR.of(self, self.fn.this.type, n.name)
            if prop is not None:                # this->x of a property: this->get_x()
                return PR.read(self, n.base, prop, True, n.span)
        if isinstance(n.base, A.This) and n.arrow:      # this->x: a member of the object
            return L.member(self, CL.this_value(self, n.base.span), A.Member(n.span, n.base, n.name, False,
                                                                             n.template_args))
        base = self.expr(n.base)
        if self.fn is not None and self.fn.unchecked:
            self.amp_object_used(base, n.span)
        prop = PR.of(self, base.type, n.name)
        if prop is not None:                # `obj.x` of a property: obj.get_x()
            return PR.read(self, n.base, prop, n.arrow, n.span)
        sv = SV.member(self, base, n)       # a short vector's swizzle, `v.r`
        if sv is not None:
            return sv
        return L.member(self, base, n)

    def e_Subscript(self, n: A.Subscript) -> ir.Expr:
        base = self.expr(n.base)
        idx = self.expr(n.index)
        if isinstance(base.type, ir.StructType) and base.type.name in self.structs:
            call = CL.operator(self, "[]", [base, idx], n.span, [n.base.span, n.index.span])
            if call is not None:
                return call
        return L.subscript(self, base, idx, n)

    def e_Call(self, n: A.Call) -> ir.Expr:
        return L.call(self, n)


#: the largest finite float and double, exactly
_FLT_MAX = decimal.Decimal(float.fromhex("0x1.fffffep+127"))
_DBL_MAX = decimal.Decimal(float.fromhex("0x1.fffffffffffffp+1023"))


def _beyond_range(text: str, single: bool) -> bool:
    """A decimal floating literal whose value exceeds its type's largest finite value."""
    digits = text.rstrip("fFlL")
    if digits.lower().startswith("0x"):
        return False
    try:
        v = decimal.Decimal(digits)
    except decimal.InvalidOperation:
        return False
    return abs(v) > (_FLT_MAX if single else _DBL_MAX)


def _forward_step(a, target: ir.Expr, op: str, span) -> None:
    """`--it` of a forward iterator (a forward_list's, an unordered container's) does not exist."""
    if op == "--" and isinstance(target.type, ir.Iterator) and target.type.access == "forward":
        a.error("type-mismatch", f"cannot decrement '{target.type}': it only moves forward", span)
