"""Host values that several parts of the host dialect read: C++'s class hierarchy as Python
dispatch sees it, a restrict(cpu, amp) function's calls on the host, `*p` of a pointer to one
object, char memory, and floating-to-integer conversions as Visual C++ on x64 makes them."""
from __future__ import annotations

from dataclasses import replace

from .. import ir
from ..cxx.types import bits, signed, wrapper_name


def redefined_in_derived(program: ir.Program) -> set:
    """(class, method) pairs that a derived class redefines: a non-virtual call of one names its
    class (`Base.f(obj)`), since Python would dispatch on the object."""
    own = {(f.sym.owner, f.sym.method_py) for f in program.functions if f.sym.owner}
    bases = {s.name: s.base for s in program.structs}
    out = set()
    for owner, m in own:
        b = bases.get(owner)
        while b:
            if (b, m) in own:
                out.add((b, m))
            b = bases.get(b)
    return out


def for_host(call: ir.Call) -> ir.Call:
    """A restrict(cpu, amp) function's call as its CPU version makes it (`Call.host_func`)."""
    return replace(call, func=call.host_func, host_func=None) if call.host_func is not None else call


def object_deref(e: ir.Expr) -> bool:
    """`*p` of a host pointer to one class object (`&obj`, `new S`): the object itself."""
    return isinstance(e, ir.ElementRef) and isinstance(e.base.type, ir.Pointer) and not e.base.type.owner \
        and isinstance(e.type, ir.HOST_OBJECTS)


def char_memory(e: ir.Expr) -> bool:
    """An element of a C array, vector or pointer of `char`: numpy keeps it as an int8, host code
    holds a `char` as a one-character str, so reads and writes of it convert."""
    if not (isinstance(e, ir.ElementRef) and isinstance(e.type, ir.Scalar) and e.type.name == "char"):
        return False
    t = e.base.type
    return isinstance(t, (ir.Vector, ir.Pointer)) or isinstance(t, ir.CArray) and len(e.indices) == len(t.dims)


def float_to_integer_text(value: str, dst: ir.Scalar) -> str:
    """A floating value converted to integer type `dst` on the host, as Visual C++ on x64 does it
    (`cxxtypes.float_to_integer`): `to_int` (int, long; and the narrower types, wrapped after
    it), `to_int64` (long long; unsigned int and unsigned long, wrapped after it), `to_uint64`."""
    n = bits(dst)
    if n == 64:
        return f"to_int64({value})" if signed(dst) else f"to_uint64({value})"
    if n == 32 and not signed(dst):
        return f"uint32(to_int64({value}))"
    if n == 32:
        return f"to_int({value})"
    return f"{wrapper_name(dst)}(to_int({value}))"


def in_array(sym: ir.Symbol) -> bool:
    """Does host code hold variable `sym` in a one-element array (its address is taken: a number;
    a struct object is its own address, as `&obj` is on the host)?"""
    return sym.addressed and not isinstance(sym.type, ir.StructType)
