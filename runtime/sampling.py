"""Texture sampling of C++ AMP (`texture_view<const T, N>::sample`, `gather_red/green/blue/alpha`)
in kernels, on both kernel targets.

A texture is ordinary device memory in amppy (`amppy.runtime.amp.texture`), so sampling is
computed, the way Direct3D 11 defines it for a texture with one mipmap level:

* coordinates are normalised (`0.0` is the left edge of the first texel, `1.0` the right edge of
  the last), `x` along the last index dimension (the fastest), `y` along the one before, `z`
  along the first of a rank-3 texture;
* point filtering (`filter_point`) reads texel `floor(u * size)`; linear filtering
  (`filter_linear`) blends the two texels around `u * size - 0.5` in each dimension, with the
  weight `frac(u * size - 0.5)` of the upper one: `t0 * (1 - a) + t1 * a`, a row before a plane;
* the address mode maps a texel number outside `[0, size)`: `address_wrap` (modulo),
  `address_mirror` (reflected, period `2 * size`), `address_clamp` (to the edge texel),
  `address_border` (the sampler's border colour, its `x y z w` for the texel's components);
* `gather_*` (rank 2) returns one component of the four texels linear filtering would blend,
  in Direct3D's order: `(u0, v1), (u1, v1), (u1, v0), (u0, v0)`.

The arithmetic is float32 throughout.  GPUs blend with 8-bit fixed-point weights in their texture
units; amppy blends with the float weights, which C++ AMP's reference (WARP) device also does.
The level of detail selects among mipmap levels; a texture here has one level, so every level
of detail samples it.

Every function is specialised on the texture's element type (`numba.extending.overload`): a
texel is read as the tuple of its leaves (`float_4` -> `x y z w`, `unorm_2` -> `x.value
y.value`), and a result of one leaf is that leaf, as the kernel emitters hold struct values.
"""
from __future__ import annotations

import math

import numpy as np
from numba.core import types
from numba.extending import overload, register_jitable

__all__: list[str] = []            # reached as `sampling.<name>`

POINT, LINEAR = 0, 0x15
WRAP, MIRROR, CLAMP, BORDER = 1, 2, 3, 4
_BIG = 1 << 40                     # coordinates beyond this many texels are clamped first


@register_jitable
def texel_number(t, n, mode):
    """Texel number `t` (any integer) of a dimension of `n` texels under address mode `mode`:
    a number in [0, n), or -1 for the border colour."""
    if mode == WRAP:
        return t % n
    if mode == MIRROR:
        m = t % (2 * n)
        return 2 * n - 1 - m if m >= n else m
    if mode == BORDER:
        return t if 0 <= t < n else -1
    return min(max(t, 0), n - 1)


@register_jitable
def _floor(x):
    """floor(x) as an integer; NaN reads texel 0, huge values saturate (no integer overflow)."""
    if not x == x:
        return np.int64(0)
    if x > _BIG:
        return np.int64(_BIG)
    if x < -_BIG:
        return np.int64(-_BIG)
    return np.int64(math.floor(x))          # (numba-cuda's floor is a float)


@register_jitable
def point_texel(u, n, mode):
    """The texel number point filtering reads at normalised coordinate `u` (-1: border)."""
    return texel_number(_floor(np.float32(u) * np.float32(n)), n, mode)


@register_jitable
def linear_texels(u, n, mode):
    """(lower texel, upper texel, weight of the upper one) linear filtering blends at `u`."""
    t = np.float32(u) * np.float32(n) - np.float32(0.5)
    t0 = _floor(t)
    a = t - np.float32(t0)
    return texel_number(t0, n, mode), texel_number(t0 + 1, n, mode), a


def _leaves(dtype, prefix=""):
    """Attribute paths of the leaves of a Numba record type (`x`, `x.value`, ...)."""
    if not isinstance(dtype, types.Record):
        return [prefix[:-1]] if prefix else [""]
    out = []
    for name, _ in dtype.members:
        out += _leaves(dtype.typeof(name), f"{prefix}{name}.")
    return out


def _leaf_types(dtype) -> list[str]:
    """The numpy spelling of each leaf's scalar type."""
    if not isinstance(dtype, types.Record):
        return [f"np.{dtype}"]
    out = []
    for name, _ in dtype.members:
        out += _leaf_types(dtype.typeof(name))
    return out


def _compile(src: str, name: str, **env):
    scope = {"np": np, "point_texel": point_texel, "linear_texels": linear_texels, **env}
    exec(src, scope)                # noqa: S102 - generated from the texture's element type
    return scope[name]


def _fetch(lines, name, leaves, kinds, at, border, as_float, can_border=True):
    """Lines reading texel `at` (texel numbers per index dimension; the border colour when one
    is -1, unless the address mode is known not to be address_border) into `name_0`, `name_1`,
    ... (one per leaf); their names."""
    inside = " and ".join(f"{c} >= 0" for c in at)
    index = ", ".join(at)
    if can_border:
        lines.append(f"    {name} = {inside}")
    out = []
    for k, leaf in enumerate(leaves):
        kind = "np.float32" if as_float else kinds[k]
        value = f"arr[{index}]{'.' + leaf if leaf else ''}"
        read = f"{kind}({value}) if {name} else {kind}({border[k]})" if can_border else f"{kind}({value})"
        lines.append(f"    {name}_{k} = {read}")
        out.append(f"{name}_{k}")
    return out


_BORDER = ("bx", "by", "bz", "bw")
_COORDS = ("u", "v", "w")


def _sample_source(rank: int, leaves: list[str], kinds: list[str], filt=None, addr=None) -> str:
    """`impl(arr, filt, addr, bx, by, bz, bw, <coords>, lod)` for a rank-`rank` texture: the
    coordinate of dimension d is `_COORDS[rank - 1 - d]` (x is the last dimension).  `filt` and
    `addr`, when the call gives them as constants (`sample<filter_linear, address_clamp>`), make
    code for those modes only."""
    coords = [_COORDS[rank - 1 - d] for d in range(rank)]           # per index dimension
    mode = "addr" if addr is None else str(addr)
    border = addr is None or addr == BORDER
    lines = [f"def impl(arr, filt, addr, bx, by, bz, bw, {', '.join(_COORDS[:rank])}, lod):"]
    if filt is None or filt == POINT:
        body = [f"    p{d} = point_texel({coords[d]}, arr.shape[{d}], {mode})" for d in range(rank)]
        values = _fetch(body, "pt", leaves, kinds, [f"p{d}" for d in range(rank)], _BORDER, True, border)
        if filt is None:
            lines += ["    if filt == 0:"] + ["    " + x for x in body] + [f"        return {_tuple(values)}"]
        else:
            return "\n".join(lines + body + [f"    return {_tuple(values)}"]) + "\n"
    # linear: the 2**rank corners (bit rank-1-d set: the upper texel of dimension d), blended
    # along the last dimension first
    for d in range(rank):
        lines.append(f"    l{d}, h{d}, a{d} = linear_texels({coords[d]}, arr.shape[{d}], {mode})")
    corners = {}
    for bits in range(1 << rank):
        at = [f"{'h' if bits >> (rank - 1 - d) & 1 else 'l'}{d}" for d in range(rank)]
        corners[bits] = _fetch(lines, f"t{bits}", leaves, kinds, at, _BORDER, True, border)
    for d in range(rank):
        lines.append(f"    b{d} = np.float32(1.0) - a{d}")
    results = []
    for k in range(len(leaves)):
        level = {bits: corners[bits][k] for bits in corners}
        for d in reversed(range(rank)):              # blend away dimension d (the last first)
            shift = rank - 1 - d
            nxt = {}
            for bits in level:
                if not bits >> shift & 1:
                    nxt[bits] = f"c{k}_{d}_{bits}"
                    lines.append(f"    {nxt[bits]} = {level[bits]} * b{d} + {level[bits | (1 << shift)]} * a{d}")
            level = nxt
        results.append(level[0])
    lines.append(f"    return {_tuple(results)}")
    return "\n".join(lines) + "\n"


def _gather_source(leaves: list[str], kinds: list[str], component: int, addr=None) -> str:
    mode = "addr" if addr is None else str(addr)
    lines = ["def impl(arr, addr, bx, by, bz, bw, u, v):",
             f"    l1, h1, a1 = linear_texels(u, arr.shape[1], {mode})",
             f"    l0, h0, a0 = linear_texels(v, arr.shape[0], {mode})"]
    leaf, kind, border = [leaves[component]], [kinds[component]], [_BORDER[component]]
    texels = [_fetch(lines, f"t{j}", leaf, kind, at, border, False, addr is None or addr == BORDER)[0]
              for j, at in enumerate((("h0", "l1"), ("h0", "h1"), ("l0", "h1"), ("l0", "l1")))]
    lines.append(f"    return {_tuple(texels)}")
    return "\n".join(lines) + "\n"


def _tuple(items: list[str]) -> str:
    return items[0] if len(items) == 1 else f"({', '.join(items)})"


def sample1(arr, filt, addr, bx, by, bz, bw, u, lod):
    """The texel value of the rank-1 texture `arr` at `u` (stub: compiled code only)."""
    raise NotImplementedError


def sample2(arr, filt, addr, bx, by, bz, bw, u, v, lod):
    raise NotImplementedError


def sample3(arr, filt, addr, bx, by, bz, bw, u, v, w, lod):
    raise NotImplementedError


def _literal(t):
    return t.literal_value if isinstance(t, types.IntegerLiteral) else None


def _sample_overload(rank, arr, filt, addr):
    if not isinstance(arr, types.Array) or arr.ndim != rank:
        return None
    src = _sample_source(rank, _leaves(arr.dtype), _leaf_types(arr.dtype), _literal(filt), _literal(addr))
    return _compile(src, "impl")


# (prefer_literal: modes written as constants, sample<filter_point, address_clamp>, specialise)
overload(sample1, prefer_literal=True)(
    lambda arr, filt, addr, bx, by, bz, bw, u, lod: _sample_overload(1, arr, filt, addr))
overload(sample2, prefer_literal=True)(
    lambda arr, filt, addr, bx, by, bz, bw, u, v, lod: _sample_overload(2, arr, filt, addr))
overload(sample3, prefer_literal=True)(
    lambda arr, filt, addr, bx, by, bz, bw, u, v, w, lod: _sample_overload(3, arr, filt, addr))


def _gather_function(component: int):
    def stub(arr, addr, bx, by, bz, bw, u, v):
        raise NotImplementedError

    @overload(stub, prefer_literal=True)
    def typer(arr, addr, bx, by, bz, bw, u, v):
        if not isinstance(arr, types.Array) or arr.ndim != 2:
            return None
        return _compile(_gather_source(_leaves(arr.dtype), _leaf_types(arr.dtype), component, _literal(addr)),
                        "impl")
    return stub


#: `gather_red` ... `gather_alpha`: component 0 ... 3 of the four texels linear filtering blends
gather_red, gather_green, gather_blue, gather_alpha = (_gather_function(c) for c in range(4))
