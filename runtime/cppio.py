"""Emulation of C++ iostreams (``std::cout``, ``std::cin``, manipulators).

Output streams format each value by its Python type, the way libstdc++'s
``operator<<`` formats the C++ type it stands for (see the package docstring
for the type mapping).  Formatting state (precision, floatfield, fill,
adjustment, base, boolalpha, showpoint, showpos) persists on the stream; the
width applies to the next item only.  ``sys.stdout``/``sys.stderr``/``sys.stdin``
are looked up at every call so redirection (pytest's capsys) works, and
``cout`` and ``printf`` (see ``cstdio``) interleave in program order.
"""
import collections
import math
import sys

import numpy as np

# (stdin's one-character look-ahead lives in cstdio, which sits below this module: cin and
# getchar share it)
from .cstdio import _Reader, _reader  # noqa: F401

__all__ = [
    "cout", "wcout", "cerr", "clog", "cin", "getline",
    "endl", "ends", "flush", "setw", "setprecision", "setfill", "fixed",
    "scientific", "defaultfloat", "left", "right", "internal", "boolalpha",
    "noboolalpha", "showpoint", "noshowpoint", "showpos", "noshowpos",
    "hex", "dec", "oct", "uppercase", "nouppercase", "ios_xalloc",
]


class _Manip:
    """A stream manipulator: ``stream << manip`` calls ``manip.apply(stream)``."""

    def __init__(self, name, apply):
        self.name = name
        self.apply = apply

    def __repr__(self):
        return f"<manipulator {self.name}>"


def _setter(name, **attrs):
    def apply(s):
        for k, v in attrs.items():
            setattr(s, k, v)
    return _Manip(name, apply)


fixed = _setter("fixed", floatfield="fixed")
scientific = _setter("scientific", floatfield="scientific")
defaultfloat = _setter("defaultfloat", floatfield=None)
left = _setter("left", adjust="left")
right = _setter("right", adjust="right")
internal = _setter("internal", adjust="internal")
boolalpha = _setter("boolalpha", boolalpha=True)
noboolalpha = _setter("noboolalpha", boolalpha=False)
showpoint = _setter("showpoint", showpoint=True)
noshowpoint = _setter("noshowpoint", showpoint=False)
showpos = _setter("showpos", showpos=True)
noshowpos = _setter("noshowpos", showpos=False)
uppercase = _setter("uppercase", uppercase=True)
nouppercase = _setter("nouppercase", uppercase=False)
hex = _setter("hex", base=16)  # noqa: A001 - the C++ name
dec = _setter("dec", base=10)
oct = _setter("oct", base=8)  # noqa: A001 - the C++ name
endl = _Manip("endl", lambda s: (s._write("\n"), s.flush()))
ends = _Manip("ends", lambda s: s._write("\0"))
flush = _Manip("flush", lambda s: s.flush())


def setw(n):
    """``std::setw(n)``: field width of the next formatted item."""
    return _setter(f"setw({n})", _width=int(n))


def setprecision(n):
    """``std::setprecision(n)``."""
    return _setter(f"setprecision({n})", _precision=int(n))


def setfill(c):
    """``std::setfill(c)``; ``c`` is a one-character str (or its code)."""
    return _setter(f"setfill({c!r})", _fill=chr(c) if isinstance(c, (int, np.integer)) else str(c))


#: libstdc++'s `std::ios_base::fmtflags` values (the masks are unions of their flags)
FMTFLAGS = {"boolalpha": 1, "dec": 2, "fixed": 4, "hex": 8, "internal": 16, "left": 32, "oct": 64,
            "right": 128, "scientific": 256, "showbase": 512, "showpoint": 1024, "showpos": 2048,
            "skipws": 4096, "unitbuf": 8192, "uppercase": 16384}
FMTFLAGS.update(adjustfield=32 | 128 | 16, basefield=2 | 8 | 64, floatfield=4 | 256)


def _format_float(s, x):
    """Format a double like ``num_put`` with the stream's float flags."""
    x = float(x)
    if math.isnan(x) or math.isinf(x):
        body = "nan" if math.isnan(x) else "inf"
        neg = math.copysign(1.0, x) < 0
        txt = ("-" if neg else "+" if s.showpos else "") + body
        return txt.upper() if s.uppercase else txt
    flags = ("+" if s.showpos else "") + ("#" if s.showpoint else "")
    p = s._precision if s._precision >= 0 else 6
    if s.floatfield == "fixed":
        conv = "f"
    elif s.floatfield == "scientific":
        conv = "e"
    else:
        conv, p = "g", max(p, 1)  # %.0g behaves as precision 1
    if s.uppercase:
        conv = conv.upper()
    return f"%{flags}.{p}{conv}" % x


def _format_int(s, x, bits):
    x = int(x)
    if s.base == 10:
        return ("+" if s.showpos and x >= 0 else "") + str(x)
    x &= (1 << bits) - 1  # hex/oct print the unsigned representation
    txt = format(x, "x" if s.base == 16 else "o")
    return txt.upper() if s.uppercase else txt


class OStream:
    """``std::ostream`` writing to ``sys.<name>`` looked up at write time."""

    def __init__(self, name, unitbuf=False):
        self._name = name
        self._unitbuf = unitbuf
        self.floatfield = None
        self.adjust = "right"
        self.base = 10
        self.boolalpha = self.showpoint = self.showpos = self.uppercase = False
        self._precision = 6
        self._width = 0
        self._fill = " "

    def _file(self):
        return getattr(sys, self._name)

    def _write(self, text):
        f = self._file()
        if f is not None:
            f.write(text)
            if self._unitbuf:
                f.flush()

    def flush(self):
        f = self._file()
        if f is not None:
            f.flush()
        return self

    # C++ member functions -------------------------------------------------
    def precision(self, n=None):
        old = self._precision
        if n is not None:
            self._precision = int(n)
        return old

    def width(self, n=None):
        old = self._width
        if n is not None:
            self._width = int(n)
        return old

    def fill(self, c=None):
        old = self._fill
        if c is not None:
            self._fill = str(c)
        return old

    # `setf`/`unsetf`/`flags`: the state as libstdc++'s `ios_base::fmtflags` bits (FMTFLAGS)
    def flags(self, f=None):
        old = 0
        old |= FMTFLAGS["boolalpha"] if self.boolalpha else 0
        old |= FMTFLAGS[{16: "hex", 8: "oct"}.get(self.base, "dec")]
        old |= FMTFLAGS[self.floatfield] if self.floatfield else 0
        old |= FMTFLAGS[self.adjust] if self.adjust else 0
        for name in ("showpoint", "showpos", "uppercase"):
            old |= FMTFLAGS[name] if getattr(self, name) else 0
        if f is not None:
            f = int(f)
            self.boolalpha = bool(f & FMTFLAGS["boolalpha"])
            self.base = 16 if f & FMTFLAGS["hex"] else 8 if f & FMTFLAGS["oct"] else 10
            both = FMTFLAGS["fixed"] | FMTFLAGS["scientific"]
            self.floatfield = {FMTFLAGS["fixed"]: "fixed", FMTFLAGS["scientific"]: "scientific"}.get(f & both)
            self.adjust = "left" if f & FMTFLAGS["left"] else "internal" if f & FMTFLAGS["internal"] else "right"
            for name in ("showpoint", "showpos", "uppercase"):
                setattr(self, name, bool(f & FMTFLAGS[name]))
        return old

    def setf(self, f, mask=None):
        old = self.flags()
        f = int(f)
        self.flags(old | f if mask is None else (old & ~int(mask)) | (f & int(mask)))
        return old

    def unsetf(self, f):
        self.flags(self.flags() & ~int(f))

    def put(self, c):
        self._write(chr(c) if isinstance(c, (int, np.integer)) else str(c))
        return self

    def write(self, text, n=None):
        self._write(str(text) if n is None else str(text)[: int(n)])
        return self

    # formatting -------------------------------------------------------------
    def format(self, x):
        """The text ``*this << x`` would produce, without padding."""
        if isinstance(x, (bool, np.bool_)):
            return ("true" if x else "false") if self.boolalpha else ("1" if x else "0")
        if isinstance(x, np.integer):
            return _format_int(self, x, x.dtype.itemsize * 8)
        if isinstance(x, int):
            return _format_int(self, x, 32 if -(1 << 31) <= x < (1 << 32) else 64)
        if isinstance(x, (float, np.floating)):
            return _format_float(self, x)
        return str(x)

    def _pad(self, txt):
        w, self._width = self._width, 0
        n = w - len(txt)
        if n <= 0:
            return txt
        pad = self._fill * n
        if self.adjust == "left":
            return txt + pad
        if self.adjust == "internal":
            k = 1 if txt[:1] in "+-" else 0
            if txt[k:k + 2].lower() == "0x":
                k += 2
            return txt[:k] + pad + txt[k:]
        return pad + txt

    def __lshift__(self, x):
        if isinstance(x, _Manip):
            x.apply(self)
        elif callable(x) and not isinstance(x, type):
            x(self)  # user-defined manipulator ``ostream& f(ostream&)``
        else:
            self._write(self._pad(self.format(x)))
        return self

    def __repr__(self):
        return f"<ostream {self._name}>"


cout = OStream("stdout")
wcout = cout
cerr = OStream("stderr", unitbuf=True)
clog = OStream("stderr")


# ---------------------------------------------------------------- input side
class IStream:
    """``std::cin``: each ``read_*`` returns the parsed value, or its argument
    unchanged when the stream is already failed or input ends before the field.
    A malformed field stores 0 (C++11 ``num_get``) and sets failbit."""

    def __init__(self, reader):
        self._r = reader
        self._fail = self._eof = False

    def fail(self):
        return self._fail

    def eof(self):
        return self._eof

    def bad(self):
        return False

    def good(self):
        return not (self._fail or self._eof)

    def __bool__(self):
        return not self._fail

    def clear(self):
        self._fail = self._eof = False

    def _sentry(self):
        """Skip whitespace; False (and fail|eof) when nothing is left."""
        if self._fail or self._eof:
            self._fail = True
            return False
        while True:
            c = self._r.peek()
            if c == "":
                self._fail = self._eof = True
                return False
            if not c.isspace():
                return True
            self._r.get()

    def _unformatted_sentry(self):
        """``istream::sentry(*this, true)``: failbit and False when the stream is not good."""
        if not self.good():
            self._fail = True
            return False
        return True

    def _take(self, allowed):
        c = self._r.peek()
        if c == "":
            self._eof = True
            return ""
        if c in allowed:
            return self._r.get()
        return ""

    def _digits(self):
        out = ""
        while (c := self._take("0123456789")):
            out += c
        return out

    def _number_text(self, floating):
        txt = self._take("+-")
        mant = self._digits()
        if floating:
            if self._take("."):
                frac = self._digits()
                mant += "." + frac
            if mant.strip(".") and self._take("eE"):
                exp = self._take("+-") + self._digits()
                if not exp.lstrip("+-"):
                    return None
                mant += "e" + exp
        return txt + mant if mant.strip(".") else None

    def _read_integer(self, arg, lo, hi, wrap=None):
        if not self._sentry():
            return arg
        txt = self._number_text(False)
        if txt is None:
            self._fail = True
            return 0
        v = int(txt)
        if wrap is not None and -wrap <= v < 0:
            v += wrap  # unsigned extraction of "-n" wraps, as strtoul does
        if v > hi or v < lo:
            self._fail = True
            return hi if v > hi else lo
        return v

    def read_int(self, arg=0):
        return self._read_integer(arg, -(1 << 31), (1 << 31) - 1)

    def read_uint(self, arg=0):
        return self._read_integer(arg, 0, (1 << 32) - 1, wrap=1 << 32)

    def read_long(self, arg=0):
        return self._read_integer(arg, -(1 << 63), (1 << 63) - 1)

    def read_double(self, arg=0.0):
        if not self._sentry():
            return arg
        txt = self._number_text(True)
        if txt is None:
            self._fail = True
            return 0.0
        v = float(txt)
        if math.isinf(v):
            self._fail = True
        return v

    def read_float(self, arg=np.float32(0)):  # noqa: B008 (an immutable numpy scalar)
        v = self.read_double(arg)
        if v is arg:
            return arg
        with np.errstate(over="ignore"):
            f = np.float32(v)
        if np.isinf(f) and not math.isinf(v):
            self._fail = True
        return f

    def read_char(self, arg=""):
        if not self._sentry():
            return arg
        return self._r.get()

    def read_string(self, arg=""):
        if not self._sentry():
            return arg
        out = []
        while (c := self._r.peek()) and not c.isspace():
            out.append(self._r.get())
        if not c:
            self._eof = True
        return "".join(out)

    def read_line(self, arg="", delim="\n"):
        """``std::getline(cin, s[, delim])``: the text up to the delimiter, which is consumed.
        At the end of input with nothing read, ``s`` is emptied and failbit set (C++11)."""
        if not self._unformatted_sentry():
            return arg
        if not isinstance(delim, str):
            delim = chr(int(delim))
        out = []
        while True:
            c = self._r.get()
            if c == "":
                self._eof = True
                if not out:
                    self._fail = True
                    return ""
                break
            if c == delim:
                break
            out.append(c)
        return "".join(out)

    def get(self):
        """``cin.get()``: next character code or -1."""
        c = self._r.get()
        if c == "":
            self._fail = self._eof = True
            return -1
        return ord(c)

    def ignore(self, n=1, delim=None):
        for _ in range(int(n)):
            c = self._r.get()
            if c == "":
                self._eof = True
                break
            if delim is not None and (c == delim or ord(c) == delim):
                break
        return self


cin = IStream(_reader)


_xalloc_next = [0]


def ios_xalloc():
    """``std::ios_base::xalloc()``: 0, 1, 2, ... (the Microsoft library's count starts at 0)."""
    k = _xalloc_next[0]
    _xalloc_next[0] = k + 1
    return k


def _iwords(self):
    """The stream's ``iword`` storage: index -> long, 0 until written (``os.iword(k) = w``)."""
    words = self.__dict__.get("_iwords")
    if words is None:
        words = self._iwords = collections.defaultdict(int)
    return words


OStream.iwords = IStream.iwords = _iwords


def getline(stream, s="", delim="\n"):
    """``std::getline(stream, s[, delim])`` → the new value of ``s``."""
    return stream.read_line(s, delim)


# The <cstdio> functions live in cstdio.py; re-exported here for one import.
from .cstdio import *  # noqa: E402,F401,F403
from . import cstdio as _cstdio  # noqa: E402

__all__ += _cstdio.__all__
