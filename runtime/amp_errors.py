"""C++ AMP's exception classes (``concurrency::runtime_exception`` and those derived from it).

The bottom of amppy's C++ AMP runtime: it imports nothing of it but ``stdexcept`` (their base,
``std::exception``), so every layer above (accelerators, extents, arrays, the launchers and device
backends) raises them without importing the layer that defines arrays.  Each class is defined
here only; ``amp`` and the package re-export them, so ``except amp.runtime_exception`` and
``except runtime_exception`` catch the same class.
"""
from .stdexcept import std_exception

__all__ = ["runtime_exception", "invalid_compute_domain", "out_of_memory", "unsupported_feature",
           "accelerator_view_removed", "out_of_range"]


class runtime_exception(std_exception):  # noqa: N801 - C++ name
    """``concurrency::runtime_exception`` (a ``std::exception``); ``where`` is an optional
    "file:line"."""

    cpp_name = "concurrency::runtime_exception"
    code = -2147467259                  # E_FAIL (an HRESULT is a signed 32-bit long)

    def __init__(self, message="", where=None):
        super().__init__(message, where)

    def with_code(self, code):
        """`runtime_exception(message, hresult)`: the code `get_error_code()` gives."""
        self.code = int(code)
        return self

    def get_error_code(self):
        return self.code


class invalid_compute_domain(runtime_exception):  # noqa: N801
    cpp_name = "concurrency::invalid_compute_domain"
    code = -2147024809                  # E_INVALIDARG


class out_of_memory(runtime_exception):  # noqa: N801
    cpp_name = "concurrency::out_of_memory"
    code = -2147024882                  # E_OUTOFMEMORY


class unsupported_feature(runtime_exception):  # noqa: N801
    cpp_name = "concurrency::unsupported_feature"
    code = -2147024809                  # E_INVALIDARG


class accelerator_view_removed(runtime_exception):  # noqa: N801
    """C++ AMP's exception for a device that went away (a TDR); `get_view_removed_reason()` is
    the HRESULT given as its second argument."""

    cpp_name = "concurrency::accelerator_view_removed"
    code = -2005270523                  # DXGI_ERROR_DEVICE_REMOVED

    def get_view_removed_reason(self):
        return self.code


class out_of_range(runtime_exception):  # noqa: N801
    cpp_name = "concurrency::out_of_range"
