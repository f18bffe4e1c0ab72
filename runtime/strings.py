"""`std::string` and `std::wstring` on the host: C++ strings are Python `str` values.

A Python `str` is a value, as a C++ string is: `b = a` copies, and nothing changes `a` behind
`b`'s back.  The generated code writes the operators directly (`a + b`, `a == b`, `a < b`:
Python compares code points, as `char_traits` compares `unsigned char`s) and a string's
changes as assignments (`s += "x"` is `s = s + 'x'`; `s[i] = c` is `s = str_set(s, i, c)`).
This module has what is not a Python operator: the members that can throw, `find` with
`npos`, `to_string` and the `sto*` conversions with the Microsoft library's messages.
"""
from __future__ import annotations

import re as _re

import numpy as _np

from .stdexcept import std_invalid_argument, std_out_of_range

__all__ = ["npos", "str_at", "str_set", "str_substr", "str_find", "str_rfind", "str_find_first_of",
           "str_find_last_of", "str_compare", "str_erase", "str_insert", "str_replace", "str_resize",
           "str_repeat", "to_string", "stoi", "stol", "stoll", "stoul", "stoull", "stof", "stod",
           "stold", "str_begin", "str_end", "str_range", "char_cstring"]

#: `std::string::npos`: the largest `size_t`
npos = 2**64 - 1


def _position(s: str, pos) -> int:
    pos = int(pos)
    if pos > len(s):
        raise std_out_of_range("invalid string position")
    return pos


def char_cstring(c) -> str:
    """``&c`` of a lone ``char`` (or ``wchar_t``) as a C string: that character, or ``""`` when it
    is NUL (C++ reads on past it to the next NUL; amppy's string ends with the variable)."""
    ch = c if isinstance(c, str) else chr(int(c) & 0xFF if isinstance(c, _np.int8) else int(c))
    return ch.split("\0", 1)[0]


def str_at(s: str, i) -> str:
    i = int(i)
    if not 0 <= i < len(s):
        raise std_out_of_range("invalid string position")
    return s[i]


def str_set(s: str, i, c: str) -> str:
    """`s[i] = c`: the string with character `i` replaced."""
    i = int(i)
    return s[:i] + c + s[i + 1:]


def str_substr(s: str, pos=0, n=npos) -> str:
    pos = _position(s, pos)
    return s[pos:pos + int(min(int(n), len(s)))]


def _result(i: int) -> int:
    return npos if i < 0 else i


def str_find(s: str, t: str, pos=0) -> int:
    pos = int(pos)
    if pos > len(s):
        return npos
    return _result(s.find(t, pos))


def str_rfind(s: str, t: str, pos=npos) -> int:
    end = min(int(pos), len(s)) + len(t)
    return _result(s.rfind(t, 0, end))


def str_find_first_of(s: str, chars: str, pos=0) -> int:
    for i in range(int(pos), len(s)):
        if s[i] in chars:
            return i
    return npos


def str_find_last_of(s: str, chars: str, pos=npos) -> int:
    for i in range(min(int(pos), len(s) - 1), -1, -1):
        if s[i] in chars:
            return i
    return npos


def str_compare(a: str, b: str) -> int:
    """`a.compare(b)`: negative, zero or positive (the Microsoft library gives -1, 0, 1)."""
    return (a > b) - (a < b)


def str_erase(s: str, pos=0, n=npos) -> str:
    pos = _position(s, pos)
    return s[:pos] + s[pos + int(min(int(n), len(s))):]


def str_insert(s: str, pos, t: str) -> str:
    pos = _position(s, pos)
    return s[:pos] + t + s[pos:]


def str_replace(s: str, pos, n, t: str) -> str:
    pos = _position(s, pos)
    return s[:pos] + t + s[pos + int(min(int(n), len(s))):]


def str_resize(s: str, n, c: str = "\0") -> str:
    n = int(n)
    return s[:n] + c * (n - len(s))


def str_repeat(n, c: str) -> str:
    """`std::string(n, c)`."""
    return c * int(n)


def to_string(value, cpp_type: str = "int") -> str:
    """`std::to_string`: integers in decimal, floating values as `printf("%f")` writes them."""
    if cpp_type in ("float", "double", "long double"):
        return _fixed(float(value))
    if cpp_type == "bool":
        return "1" if value else "0"
    return str(int(value))


def _fixed(x: float) -> str:
    if x != x:
        return "-nan(ind)" if _np.signbit(x) else "nan"
    if x in (float("inf"), float("-inf")):
        return "inf" if x > 0 else "-inf"
    return "%f" % x


_INT = _re.compile(r"[ \t\n\v\f\r]*([+-]?)(0[xX][0-9a-fA-F]+|[0-9]+)?")
_FLOAT = _re.compile(r"[ \t\n\v\f\r]*([+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?"
                     r"|[+-]?(?:inf(?:inity)?|nan))", _re.I)
_DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"


def _parse_int(name: str, s: str, base: int) -> int:
    m = _re.match(r"[ \t\n\v\f\r]*([+-]?)", s)
    i = m.end()
    sign = -1 if m.group(1) == "-" else 1
    if base in (0, 16) and s[i:i + 2].lower() == "0x" and len(s) > i + 2 and s[i + 2].lower() in _DIGITS[:16]:
        i, base = i + 2, 16
    elif base == 0:
        base = 8 if s[i:i + 1] == "0" else 10
    start = i
    value = 0
    while i < len(s) and s[i].lower() in _DIGITS[:base]:
        value = value * base + _DIGITS.index(s[i].lower())
        i += 1
    if i == start:
        raise std_invalid_argument(f"invalid {name} argument")
    return sign * value


def _checked(name: str, value: int, lo: int, hi: int) -> int:
    if not lo <= value <= hi:
        raise std_out_of_range(f"{name} argument out of range")
    return value


def stoi(s: str, base: int = 10) -> int:
    return _checked("stoi", _parse_int("stoi", s, base), -2**31, 2**31 - 1)


def stol(s: str, base: int = 10) -> int:       # MSVC: long is 32 bits
    return _checked("stol", _parse_int("stol", s, base), -2**31, 2**31 - 1)


def stoll(s: str, base: int = 10) -> int:
    return _checked("stoll", _parse_int("stoll", s, base), -2**63, 2**63 - 1)


def _unsigned(name: str, s: str, base: int, bits: int) -> int:
    v = _parse_int(name, s, base)
    if abs(v) >= 2**bits:
        raise std_out_of_range(f"{name} argument out of range")
    return v % 2**bits                          # strtoul negates in unsigned arithmetic


def stoul(s: str, base: int = 10) -> int:
    return _unsigned("stoul", s, base, 32)


def stoull(s: str, base: int = 10) -> int:
    return _unsigned("stoull", s, base, 64)


def _parse_float(name: str, s: str) -> float:
    m = _FLOAT.match(s)
    if m is None:
        raise std_invalid_argument(f"invalid {name} argument")
    v = float(m.group(1))
    if v in (float("inf"), float("-inf")) and "inf" not in m.group(1).lower():
        raise std_out_of_range(f"{name} argument out of range")
    return v


def stof(s: str):
    v = _parse_float("stof", s)
    f = _np.float32(v)
    if _np.isinf(f) and not _np.isinf(v):
        raise std_out_of_range("stof argument out of range")
    return f


def stod(s: str) -> float:
    return _parse_float("stod", s)


stold = stod


class _StrPosition:
    """A `std::string::iterator`: the string (a value) and a position in it."""

    __slots__ = ("s", "pos")

    def __init__(self, s: str, pos: int):
        self.s, self.pos = s, pos


def str_begin(s: str) -> _StrPosition:
    return _StrPosition(s, 0)


def str_end(s: str) -> _StrPosition:
    return _StrPosition(s, len(s))


def str_range(first: _StrPosition, last: _StrPosition, conv: str = "") -> str:
    """`std::string(first, last)`: the characters between two iterators, each converted to the
    new string's character type ("narrow": a wchar_t to char keeps its low byte; "widen": a char,
    signed in Visual C++, to wchar_t, so a byte >= 0x80 becomes 0xFF80..0xFFFF)."""
    text = first.s[first.pos:last.pos]
    if conv == "narrow":
        return "".join(chr(ord(c) & 0xFF) for c in text)
    if conv == "widen":
        return "".join(chr(ord(c) | 0xFF00) if 0x80 <= ord(c) <= 0xFF else c for c in text)
    return text
