"""The types C++ AMP lets restrict(amp) code and its containers hold (Visual Studio's C3581, and
`<amp.h>`'s static_asserts, C2338): one place for the pass that checks amp code
(passes/restrict_amp.py) and for sema's check of `array<T, N>` / `array_view<T, N>` elements."""
from __future__ import annotations

from .. import ir
from .types import AMP_BANNED


def banned(t: ir.Type) -> str | None:
    """The scalar type amp code lacks that `t` is (or points to, or is an array of), or None."""
    while isinstance(t, (ir.CArray, ir.Pointer)):
        t = t.elem
    if isinstance(t, ir.Scalar) and t.name in AMP_BANNED:
        return t.name
    return None


def class_problems(st: ir.StructType, structs: dict, element: bool = False) -> list:
    """(message, help, key) for each reason class `st` cannot be used in restrict(amp) code:
    a member (its bases' and its members' members too) of a type amp code cannot hold, virtual
    member functions, bit-fields, pointer members; as an array `element`, no data members."""
    found = []
    sd = structs[st.name]
    if element and not sd.fields:           # (a class's fields include its bases')
        found.append((f"an array of the empty class '{st.name}' is not allowed in restrict(amp) code",
                      "give the class a data member, or use another element type", f"[]{st.name}"))
    seen = set()
    todo = [sd]
    while todo:
        d = todo.pop()
        if d.name in seen:
            continue
        seen.add(d.name)
        if d.virtual_base:
            found.append((f"class '{st.name}' has a virtual base class, which restrict(amp) code does not allow",
                          "derive from the base class without 'virtual'", f"virtual base {st.name}"))
        if any(sym.virtual for syms in d.members.values() for sym in syms) or d.dtor is not None and d.dtor.virtual:
            found.append((f"class '{st.name}' has virtual member functions, which restrict(amp) code "
                          "does not allow", "remove 'virtual' from the class's member functions", f"virtual {st.name}"))
        if d.bitfields:
            found.append((f"class '{st.name}' has a bit-field member '{next(iter(d.bitfields))}', which "
                          "restrict(amp) code does not allow", "use a whole 'int' or 'unsigned int' member",
                          f"{st.name}:bits"))
        for _, ft in d.fields:
            name = banned(ft)
            if name:
                found.append((f"class '{st.name}' has a member of type '{name}', which restrict(amp) code "
                              "does not allow", f"use '{AMP_BANNED[name]}' for the member", f"{st.name}.{name}"))
            inner = ft
            while isinstance(inner, ir.CArray):
                inner = inner.elem
            holder = "" if d.name == st.name else f" (through its member class '{d.name}')"
            if isinstance(inner, ir.FunctionPointer):       # (Visual Studio's C3581)
                found.append((f"class '{st.name}' has a function pointer member{holder}, which restrict(amp) "
                              "code does not allow", None, f"{st.name}.(*)"))
            if isinstance(inner, (ir.Pointer, ir.String)) and not (isinstance(inner, ir.Pointer) and inner.owner):
                found.append((f"class '{st.name}' has a pointer member{holder}, which restrict(amp) code "
                              "does not allow", None, f"{st.name}.*"))
            while isinstance(ft, ir.CArray):
                ft = ft.elem
            if isinstance(ft, ir.StructType) and ft.name in structs:
                todo.append(structs[ft.name])
    return found


_SCALAR_BYTES = {"bool": 1, "char": 1, "short": 2, "double": 8, "long long": 8, "unsigned long long": 8,
                 "__int64": 8, "unsigned __int64": 8}


def layout(t: ir.Type, structs: dict) -> tuple[int, int] | None:
    """(size, alignment) in bytes of a number or class as Visual C++ lays it out; None when
    unknown (a member amppy does not size)."""
    if isinstance(t, ir.Scalar):
        n = _SCALAR_BYTES.get(t.name, 4)
        return n, n
    if isinstance(t, ir.CArray):
        inner = layout(t.elem, structs)
        if inner is None:
            return None
        count = 1
        for d in t.dims:
            count *= d
        return inner[0] * count, inner[1]
    if isinstance(t, ir.StructType) and t.name in structs:
        size, align = 0, 1
        for _, ft in structs[t.name].fields:       # (a class's fields include its bases')
            part = layout(ft, structs)
            if part is None:
                return None
            size = -(-size // part[1]) * part[1] + part[0]
            align = max(align, part[1])
        return -(-max(size, 1) // align) * align, align
    return None


def word_problem(t: ir.CArray, structs: dict) -> str | None:
    """C++ AMP lays restrict(amp) arrays out in 4-byte words: an array of a class whose size is
    not a whole number of words (`struct A { bool m; }`, 1 byte) is Visual C++'s C3581."""
    elem = t.elem
    while isinstance(elem, ir.CArray):
        elem = elem.elem
    if not (isinstance(elem, ir.StructType) and elem.name in structs):
        return None
    size = layout(elem, structs)
    if size is None or size[0] % 4 == 0:
        return None
    return (f"an array of '{elem.name}' ({size[0]} byte{'s' if size[0] != 1 else ''} each, not a whole number of "
            "4-byte words) is not allowed in restrict(amp) code")


def nested_container(elem: ir.Type, structs: dict) -> str | None:
    """What makes `elem` a C++ AMP container or a class holding one (an `array`, `array_view` or
    texture, also through members, C arrays or references): such an element type is Visual C++'s
    C2973 (an invalid template argument) in an `array` or `array_view`; else None."""
    seen = set()

    def find(t, path):
        while isinstance(t, ir.CArray):
            t = t.elem
        if isinstance(t, (ir.ArrayView, ir.AmpArray)):
            return f"'{t}'" + path
        if isinstance(t, ir.StructType) and t.name in structs and t.name not in seen:
            seen.add(t.name)
            for fname, ft in structs[t.name].fields:
                hit = find(ft, f" (member '{fname}' of '{t.name}')" + path)
                if hit:
                    return hit
        return None
    return find(elem, "")


def element_problem(elem: ir.Type, structs: dict) -> tuple | None:
    """(message, help) if `elem` cannot be the element type of a C++ AMP `array` or
    `array_view` (amp.h's static_assert: int, unsigned int, long, float, double, or classes
    that are not empty and have no virtual functions or bases), else None."""
    if isinstance(elem, ir.Scalar) and (elem.name in AMP_BANNED or elem.name == "bool"):
        return (f"element type '{elem.name}' is not allowed: C++ AMP containers hold int, unsigned int, long, "
                "float, double and classes of them", "use 'int' (or 'unsigned int') elements")
    if isinstance(elem, ir.StructType) and elem.name in structs:
        # an empty or polymorphic class fails the container itself (Visual Studio reports it at
        # the container); a member amp code lacks is reported where amp code uses the class
        problems = [p for p in class_problems(elem, structs, element=True) if p[2].startswith(("virtual", "[]"))]
        if problems:
            return problems[0][:2]
    return None
