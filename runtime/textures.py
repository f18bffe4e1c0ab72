"""``concurrency::graphics::texture`` and ``texture_view``: arrays whose elements are kept in a
texture's format (8-, 16-, 32- or 64-bit components, norm/unorm), and the copies to and from raw
memory in that format.

Above ``amp`` (a texture is an ``array``, a texture_view an ``array_view``).  ``amp.copy`` reaches
a texture only through the methods it defines (``copy_in``/``copy_out`` for the byte-size forms,
``_after_copy_in`` after a copy into it), so ``amp`` does not import this module; the launchers
call ``after_kernel`` on each capture.
"""
import numpy as np

from .amp import array, array_view, runtime_exception
from .memory import ptr_diff as _ptr_diff

__all__ = ["texture", "texture_view"]


#: bits per scalar element C++ AMP accepts for each kind of texel component, the default first
TEXTURE_BITS = {"int": (32, 8, 16), "uint": (32, 8, 16), "float": (32, 16), "double": (64,),
                "norm": (16, 8), "unorm": (16, 8)}


def _texel_kind(elem_type) -> str:
    """The component kind of a texture's elements: int, uint, float, double, norm, unorm."""
    name = getattr(elem_type, "__name__", str(elem_type))
    for kind in ("unorm", "norm", "uint", "int", "float", "double"):
        if name == kind or name.startswith(kind + "_"):
            return kind
    return {"int32": "int", "uint32": "uint", "float32": "float", "float64": "double"}.get(name, "float")


def _leaf_view(host):
    """All components of `host` (a texture's elements), flat, in memory order (x y z w per texel)."""
    dt = host.dtype
    while dt.fields:
        dt = next(iter(dt.fields.values()))[0]
    return host.reshape(-1).view(dt)


class texture(array):  # noqa: N801 - C++ name
    """``concurrency::graphics::texture<T, N>``: an ``array`` whose elements a kernel reads as
    values and writes with ``set`` (sema makes both element accesses; amppy keeps the elements
    in ordinary device memory, where a read costs what an array read costs).

    ``bits`` is C++ AMP's bits per scalar element: a texture of 8- or 16-bit components keeps
    its values as the narrow format holds them (integers clamped, norm/unorm rounded to
    ``1/(2**bits - 1)`` steps, 16-bit floats rounded to half precision), after every write:
    construction, copies in, and each kernel that captured it.  ``data``/``size``: the
    constructor from raw memory in that format (``texture(ext, src, src_byte_size, bits)``)."""

    def __init__(self, *args, elem_type=None, bits=None, data=None, size=None):
        if len(args) >= 2 and isinstance(args[1], np.ndarray) and isinstance(args[-1], np.ndarray):
            first, last = args[1], args[-1]   # (first, last) pointers: the elements between them
            args = (args[0], first[:_ptr_diff(last, first)])
        super().__init__(*args, elem_type=elem_type)
        self.kind = _texel_kind(self.elem_type)
        allowed = TEXTURE_BITS[self.kind]
        self.bits = allowed[0] if bits is None else int(bits)
        if self.bits not in allowed:
            raise runtime_exception(f"Invalid _Bits_per_scalar_element argument: {self.bits} bits per "
                                    f"{self.kind} component").with_code(-2147024809)
        if data is not None:
            self._decode(data, int(size))
        else:
            self._requantize()

    # ---- the narrow formats ----------------------------------------------------------------
    def _format(self):
        """(numpy dtype of one stored component, scale): norm/unorm store round(v * scale)."""
        b = self.bits
        if self.kind in ("norm", "unorm"):
            signed = self.kind == "norm"
            return np.dtype(f"{'i' if signed else 'u'}{b // 8}"), float(2 ** (b - signed) - 1)
        if self.kind == "float":
            return np.dtype("f2" if b == 16 else "f4"), None
        if self.kind == "double":
            return np.dtype("f8"), None
        return np.dtype(f"{'i' if self.kind == 'int' else 'u'}{b // 8}"), None

    def _encode(self, leaves):
        """Components (flat) as the texture's format stores them."""
        fmt, scale = self._format()
        if scale is not None:
            lo = -1.0 if self.kind == "norm" else 0.0
            return np.rint(np.clip(leaves.astype(np.float64), lo, 1.0) * scale).astype(fmt)
        if fmt.kind in "iu":
            info = np.iinfo(fmt)
            return np.clip(leaves.astype(np.int64), info.min, info.max).astype(fmt)
        return leaves.astype(fmt)

    def _decoded(self, stored):
        fmt, scale = self._format()
        if scale is not None:
            values = stored.astype(np.float32) / np.float32(scale)
            return np.maximum(values, np.float32(-1.0)) if self.kind == "norm" else values
        return stored

    def _after_copy_in(self):           # (amp.copy wrote into the texture)
        self._requantize()

    def _requantize(self):
        """Keep only what the format can hold (nothing to do for 32- and 64-bit components)."""
        if self.bits >= 32:
            return
        self._sync_to_host()
        leaves = _leaf_view(self.host)
        leaves[:] = self._decoded(self._encode(leaves))
        self._mark_host_written()

    def _decode(self, data, size):
        fmt, _ = self._format()
        leaves = _leaf_view(self.host)
        need = leaves.size * fmt.itemsize
        raw = np.ascontiguousarray(data).reshape(-1).view(np.uint8)
        if size < need or raw.size < need:
            raise runtime_exception("Invalid _Src_byte_size argument: the source is smaller than the "
                                    "texture").with_code(-2147024809)
        leaves[:] = self._decoded(raw[:need].view(fmt))
        self._mark_host_written()

    def copy_out(self, dst, size):
        """``copy(texture, dst, dst_byte_size)``: the texels in the texture's format."""
        self._sync_to_host()
        stored = self._encode(_leaf_view(self.host)).view(np.uint8)
        raw = dst.reshape(-1).view(np.uint8)
        if int(size) < stored.size or raw.size < stored.size:
            raise runtime_exception("Invalid _Dst_byte_size argument: the destination is smaller than the "
                                    "texture").with_code(-2147024809)
        raw[:stored.size] = stored

    def copy_in(self, src, size):
        """``copy(src, src_byte_size, texture)``."""
        self._sync_to_host()
        self._decode(src, int(size))

    def get_bits_per_scalar_element(self):
        return self.bits

    def get_data_length(self):
        return _leaf_view(self.host).size * self.bits // 8


class texture_view(array_view):  # noqa: N801 - C++ name
    """``texture_view<T, N>`` / ``texture_view<const T, N>`` of a texture: its data, seen as a view."""

    def __init__(self, tex, const=False):
        super().__init__(tex, const=const)
        self.texture = tex.texture if isinstance(tex, texture_view) else tex

    def _after_copy_in(self):           # (amp.copy wrote into the texture through the view)
        self.texture._requantize()

    def get_bits_per_scalar_element(self):
        return self.texture.bits

    def get_data_length(self):
        return self.texture.get_data_length()


def after_kernel(capture):
    """A texture a kernel may have written keeps only what its format holds (the launchers call
    this for every capture after the kernel)."""
    tex = capture.texture if isinstance(capture, texture_view) else capture
    if isinstance(tex, texture) and tex.bits < 32 and not getattr(capture, "const", False):
        tex._requantize()
