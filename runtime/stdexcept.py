"""The standard exception classes (`<exception>`, `<stdexcept>`, `<new>`) as Python exceptions.

A C++ `throw std::runtime_error("x")` is `raise std_runtime_error("x")`; `catch (const
std::exception& e)` is `except std_exception as e`, and `e.what()` gives the message.  The class
tree is the C++ one, so a handler for a base class catches the derived ones.  `cpp_name` is the
type's C++ name: an exception no handler catches is reported with it (`amppy.runtime.failure`).
`what()` of a default-constructed standard exception is the Microsoft library's text.
"""
from __future__ import annotations

__all__ = ["std_exception", "std_logic_error", "std_invalid_argument", "std_domain_error",
           "std_length_error", "std_out_of_range", "std_runtime_error", "std_range_error",
           "std_overflow_error", "std_underflow_error", "std_bad_alloc", "cpp_exception"]


class std_exception(Exception):  # noqa: N801 - C++ name
    """`std::exception`: the base of every exception the standard library throws."""

    cpp_name = "std::exception"
    default_what = "Unknown exception"

    def __init__(self, message=None, where=None):
        super().__init__(self.default_what if message is None else str(message))
        self.where = where

    def what(self) -> str:
        return self.args[0] if self.args else ""


class std_logic_error(std_exception):  # noqa: N801
    cpp_name = "std::logic_error"


class std_invalid_argument(std_logic_error):  # noqa: N801
    cpp_name = "std::invalid_argument"


class std_domain_error(std_logic_error):  # noqa: N801
    cpp_name = "std::domain_error"


class std_length_error(std_logic_error):  # noqa: N801
    cpp_name = "std::length_error"


class std_out_of_range(std_logic_error, IndexError):  # noqa: N801
    """`std::out_of_range` (`vector::at`, `string::substr`, `stoi`)."""

    cpp_name = "std::out_of_range"


class std_runtime_error(std_exception):  # noqa: N801
    cpp_name = "std::runtime_error"


class std_range_error(std_runtime_error):  # noqa: N801
    cpp_name = "std::range_error"


class std_overflow_error(std_runtime_error):  # noqa: N801
    cpp_name = "std::overflow_error"


class std_underflow_error(std_runtime_error):  # noqa: N801
    cpp_name = "std::underflow_error"


class std_bad_alloc(std_exception, MemoryError):  # noqa: N801
    cpp_name = "std::bad_alloc"
    default_what = "bad allocation"


class cpp_exception(Exception):  # noqa: N801
    """A thrown value that is not an exception object (`throw 42;`, `throw "message";`):
    `catch (int e)` catches it when `cpp_name` is that type's name."""

    def __init__(self, value, cpp_type: str):
        super().__init__(value)
        self.value = value
        self.cpp_name = cpp_type

