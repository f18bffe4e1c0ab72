"""What every dialect shares about math calls (`ir.MathCall`, spelled by `amppy.cxx.mathfuncs`).

- `call_type(e)`: the floating type T the call computes in (`ilogb(x)` is int, T is x's type);
- `template_values(em, e)`: the values `{one}` and `{tiny}` of a spelling for T;
- `outs_lines(em, e, spelled)`: a call with out parameters (`frexp(x, &e)`, `sincos(x, &s, &c)`).
  Its spelling returns a tuple, the result first (none for `void`), then one value per out
  parameter; the lines assign the tuple to fresh names and each out value to its variable:

      frexp_result, frexp_out = math.frexp(x)
      e = np.int32(frexp_out)

  and the result is `float32(frexp_result)`.  The emitter core puts the lines before the
  statement (`PyEmitter.hoist`) or, for a call that is a statement of its own, in its place.
"""
from __future__ import annotations

from .. import ir

#: the smallest normal value of each floating type (isnormal, fpclassify)
_TINY = {"float": "1.1754943508222875e-38", "double": "2.2250738585072014e-308"}


def call_type(e: ir.MathCall) -> ir.Type:
    """T: the call's result type when it is floating, else its first argument's."""
    if isinstance(e.type, ir.Scalar) and e.type.is_float:
        return e.type
    if e.args and isinstance(e.args[0].type, ir.Scalar) and e.args[0].type.is_float:
        return e.args[0].type
    return e.type


def template_values(em, e: ir.MathCall) -> dict:
    t = call_type(e)
    if not isinstance(t, ir.Scalar):
        return {"one": "1", "tiny": "0.0"}
    return {"one": em.const(1.0 if t.is_float else 1, t)[0], "tiny": _TINY.get(t.name, "0.0")}


def outs_lines(em, e: ir.MathCall, spelled: str) -> tuple[list[str], str]:
    """(lines that evaluate `spelled`, the call's tuple, and store its out values; the text of
    the call's result, "None" for a void function)."""
    void = isinstance(e.type, ir.Void)
    names = [] if void else [em.fresh(f"{e.name}_result")]
    names += [em.fresh(f"{e.name}_out") for _ in e.outs]
    lines = [f"{', '.join(names)} = {spelled}"]
    for target, name in zip(e.outs, names[len(names) - len(e.outs):]):
        lines.append(f"{em.lvalue(target, 'w')} = {em.scalar_type(target.type)}({name})")
    return lines, "None" if void else f"{em.scalar_type(e.type)}({names[0]})"

