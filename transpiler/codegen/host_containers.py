"""How host code makes the standard containers of sema/std_containers.py (`ir.Container`): the
runtime's classes (runtime/stdcontainers.py, associative.py, adaptors.py) called with their element
types, a map's pair class, the comparator and where the elements come from."""
from __future__ import annotations

from .. import ir


class ContainerWriter:
    """A mixin of `HostWriter` (it uses `expr`, `elem_type`, `nested` and the program `p`)."""

    def container(self, t: ir.Container, e: ir.Construct) -> str:
        """`std_map(K, V, pair_class[, compare][, init=...])`, `std_list(T[, n[, value]])`, ... (sema/std_containers.py:
        a comparator first when the type has one, then where the elements come from)."""
        parts = self.container_args(t, e.span)
        rest = list(e.args)
        if t.compare is not None:
            parts.append(self.expr(rest.pop(0)))
        if rest and isinstance(rest[0], ir.Construct) and isinstance(rest[0].type, ir.CArray):
            init = self.nested(rest[0])                 # a braced list
        elif len(rest) == 2 and isinstance(rest[0].type, (ir.Iterator, ir.Pointer)):
            init = f"({self.expr(rest[0])}, {self.expr(rest[1])})"
        else:
            return f"std_{t.kind}({', '.join(parts + [self.expr(x) for x in rest])})"
        if t.kind in ("list", "forward_list", "deque"):
            return f"std_{t.kind}({', '.join(parts + [init.strip('()') if init.startswith('(') else init])})"
        return f"std_{t.kind}({', '.join(parts + [f'init={init}'])})"

    def container_args(self, t: ir.Container, span) -> list[str]:
        """The element types a container's class is made with (a map's also its pair class)."""
        parts = [self.elem_type(t.key, span)]
        if t.mapped is not None:
            pair = next(sd for sd in self.p.structs if sd.name == f"std::pair<{t.key}, {t.mapped}>")
            parts += [self.elem_type(t.mapped, span), pair.py_name]
        return parts
