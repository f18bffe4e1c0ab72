"""C ``<cstdio>``: ``printf`` family, ``putchar``, ``puts``, ``getchar``.

``printf`` parses C conversion specifications and formats each one with
Python's ``%`` operator after normalising the argument the way the C call would
see it (length modifiers dropped, ``%u``/``%x``/``%o`` wrap negatives to the
unsigned type, ``%c`` accepts a code or a one-character str).  Everything is
written through ``sys.stdout.write`` so it interleaves with ``cout``.
"""
import math
import re
import sys

__all__ = ["printf", "fprintf", "cformat", "putchar", "puts", "getchar",
           "fflush", "fputs", "fputc", "stdout", "stderr", "EOF", "remove"]

EOF = -1

_SPEC = re.compile(
    r"%(?P<flags>[-+ #0]*)(?P<width>\*|\d+)?(?:\.(?P<prec>\*|\d*))?"
    r"(?P<len>hh|h|ll|l|L|z|j|t|q|I64|I32)?(?P<conv>[diouxXeEfFgGaAcspn%])")


class CFile:
    """A ``FILE*`` standing for ``sys.stdout`` or ``sys.stderr`` (looked up late)."""

    def __init__(self, name):
        self.name = name

    def write(self, text):
        f = getattr(sys, self.name)
        if f is not None:
            f.write(text)
            if self.name == "stderr":
                f.flush()

    def flush(self):
        f = getattr(sys, self.name)
        if f is not None:
            f.flush()

    def __repr__(self):
        return f"<FILE {self.name}>"


stdout = CFile("stdout")
stderr = CFile("stderr")


def _hexfloat(x, prec, upper):
    """``%a``: glibc style, trailing zero nibbles removed without a precision."""
    if math.isnan(x) or math.isinf(x):
        txt = "nan" if math.isnan(x) else "inf"
        txt = ("-" if math.copysign(1, x) < 0 else "") + txt
    else:
        h = float(x).hex()  # e.g. '-0x1.8000000000000p+1'
        sign = "-" if h.startswith("-") else ""
        mant, exp = h.lstrip("-")[2:].split("p")
        lead, _, frac = mant.partition(".")
        if prec is None:
            frac = frac.rstrip("0")
        else:  # round the fraction to ``prec`` hex digits
            v = int(lead + frac, 16)
            shift = 4 * (len(frac) - prec)
            if shift > 0:
                v = (v + (1 << (shift - 1))) >> shift
            else:
                v <<= -shift
            digits = format(v, "x").rjust(prec + 1, "0")
            lead, frac = digits[:-prec] if prec else digits, digits[-prec:] if prec else ""
        exp = int(exp)
        txt = f"{sign}0x{lead}{'.' + frac if frac else ''}p{exp:+d}"
    return txt.upper() if upper else txt


def _convert(conv, flags, width, prec, length, arg):
    """Format one conversion with Python's ``%`` operator."""
    spec = "%" + flags + (str(width) if width is not None else "")
    pspec = "" if prec is None else "." + str(prec)
    if conv in "di":
        return (spec + pspec + "d") % int(arg)
    if conv in "uxXo":
        bits = 64 if length in ("l", "ll", "z", "j", "t", "q", "I64") else 32
        bits = {"h": 16, "hh": 8}.get(length, bits)
        v = int(arg) & ((1 << bits) - 1)
        if conv == "o" and "#" in flags:  # C: leading 0, Python: 0o
            digits = format(v, "o")
            if prec is not None:
                digits = digits.rjust(prec, "0")
            digits = digits if digits.startswith("0") else "0" + digits
            return ("%" + flags.replace("#", "").replace("0", "") +
                    (str(width) if width else "") + "s") % digits
        return (spec + pspec + ("d" if conv == "u" else conv)) % v
    if conv in "eEfFgG":
        x = float(arg)
        if math.isnan(x) and math.copysign(1, x) < 0:
            txt = "-nan" if conv.islower() else "-NAN"
            return ("%" + flags.replace("0", "") + (str(width) if width else "") + "s") % txt
        return (spec + pspec + conv) % x
    if conv in "aA":
        txt = _hexfloat(float(arg), prec, conv == "A")
        if "+" in flags and not txt.startswith("-"):
            txt = "+" + txt
        return ("%" + flags.replace("0", "").replace("+", "") + (str(width) if width else "") + "s") % txt
    if conv == "c":
        ch = arg if isinstance(arg, str) else chr(int(arg) & 0xFF)
        return (spec + "s") % ch
    if conv == "s":
        if isinstance(arg, bytes):
            arg = arg.decode("latin-1")
        return (spec + pspec + "s") % str(arg)
    if conv == "p":
        return (spec + "s") % ("0x%x" % (id(arg) & 0xFFFFFFFFFFFF))
    return ""  # %n: nothing written


def cformat(fmt, *args):
    """The text ``printf(fmt, *args)`` would write."""
    out, pos, ai = [], 0, 0
    for m in _SPEC.finditer(fmt):
        out.append(fmt[pos:m.start()])
        pos = m.end()
        conv = m["conv"]
        if conv == "%":
            out.append("%")
            continue
        flags, width, prec = m["flags"], m["width"], m["prec"]
        if width == "*":
            width = int(args[ai])
            ai += 1
            if width < 0:
                flags, width = flags + "-", -width
        elif width is not None:
            width = int(width)
        if prec == "*":
            prec = int(args[ai])
            ai += 1
            prec = None if prec < 0 else prec
        elif prec is not None:
            prec = int(prec or 0)
        arg = args[ai] if ai < len(args) else 0
        ai += 1
        out.append(_convert(conv, flags, width, prec, m["len"], arg))
    out.append(fmt[pos:])
    return "".join(out)


def fprintf(stream, fmt, *args):
    """``fprintf(stream, fmt, ...)`` → number of characters written."""
    text = cformat(fmt, *args)
    stream.write(text)
    return len(text)


def printf(fmt, *args):
    """``printf(fmt, ...)`` → number of characters written."""
    return fprintf(stdout, fmt, *args)


def fputs(s, stream):
    stream.write(str(s))
    return 0


def fputc(c, stream):
    stream.write(c if isinstance(c, str) else chr(int(c) & 0xFF))
    return c if not isinstance(c, str) else ord(c)


def putchar(c):
    """``putchar(c)`` → the character code written."""
    return fputc(c, stdout)


def puts(s):
    stdout.write(str(s) + "\n")
    return 0


def remove(path):
    """``remove(path)``: delete a file; 0, or -1 when it cannot be deleted."""
    import os
    try:
        os.remove(path)
        return 0
    except OSError:
        return -1


def fflush(stream=None):
    for s in ((stream,) if stream is not None else (stdout, stderr)):
        s.flush()
    return 0


class _Reader:
    """One-character look-ahead over ``sys.stdin`` shared by getchar and cin (``cppio``)."""

    def __init__(self):
        self._src = None
        self._pending = ""

    def _stdin(self):
        f = sys.stdin
        if f is not self._src:
            self._src, self._pending = f, ""
        return f

    def peek(self):
        f = self._stdin()
        if not self._pending:
            try:
                self._pending = f.read(1) if f is not None else ""
            except (ValueError, OSError):  # closed or unreadable stdin
                self._pending = ""
        return self._pending  # "" means end of input

    def get(self):
        c = self.peek()
        self._pending = ""
        return c


_reader = _Reader()


def getchar():
    """``getchar()`` → next character code from stdin, or ``EOF`` (-1)."""
    c = _reader.get()  # (the look-ahead ``cin`` shares)
    return ord(c) if c else EOF
