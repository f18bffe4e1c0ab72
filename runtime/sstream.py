"""C++ ``<sstream>`` and ``<fstream>``: string streams and file streams.

The streams reuse ``cppio``: ``<<`` formats through ``OStream`` (same flags,
precision, width, fill and manipulators as ``cout``) and extraction through
``IStream`` (``x = ss.read_int(x)``, ``s = getline(ss, s)``, ...).  What is
added here is the buffer under them and the state flags of ``basic_ios``:

* One ``iostate`` per stream (eof, fail, bad).  Output obeys the
  ``ostream::sentry`` of libstdc++: when the stream is not ``good()`` (say
  eofbit after reading a stringstream to its end) ``<<`` writes nothing and
  changes no flag; a write the buffer refuses (a file stream that is not open)
  sets badbit.  Input obeys ``istream::sentry``: a stream that is not good
  sets failbit and extracts nothing.
* ``stringbuf``: one text with independent get and put positions.
  ``str(s)`` replaces the text, puts the get position at its start and the put
  position at its start too (at its end in ``ios.ate``/``ios.app`` mode), so
  later ``<<`` overwrites: ``os.str("abc"); os << "x"`` gives ``"xbc"``.
  ``str(s)`` leaves the flags alone; ``clear()`` resets them.
* ``filebuf``: the open mode is mapped to an ``fopen`` mode as libstdc++ does
  (``out``/``out|trunc`` "w", ``app``/``out|app`` "a", ``in`` "r", ``in|out``
  "r+", ``in|out|trunc`` "w+", ``in|app``/``in|out|app`` "a+"; any other
  combination fails to open).  An output-only stream writes through a buffered
  binary file; a stream that can read holds the file's text in memory (read
  at ``open``) with one position shared by reading and writing, as a
  ``filebuf`` has, and writes it back on ``flush()``/``close()``/destruction.
  Files are UTF-8 (undecodable bytes round-trip via ``surrogateescape``),
  with no newline translation (text mode equals binary mode, as on Linux).

``ios`` holds the ``openmode``/``seekdir``/``iostate`` constants with
libstdc++'s values.  ``ios::in`` is ``ios.in_`` (``in`` is a Python keyword);
``getattr(ios, "in")`` works too.  ``ios_base`` is the same object.
"""
import os

from .cppio import IStream, OStream

__all__ = [
    "ios", "ios_base",
    "ostringstream", "istringstream", "stringstream",
    "wostringstream", "wistringstream", "wstringstream",
    "ofstream", "ifstream", "fstream",
]


class _Ios:
    """``std::ios`` / ``std::ios_base`` constants (libstdc++ values)."""

    # openmode
    app = 1
    ate = 2
    binary = 4
    in_ = 8  # ``ios::in``; also reachable as getattr(ios, "in")
    out = 16
    trunc = 32
    # seekdir
    beg = 0
    cur = 1
    end = 2
    # iostate
    goodbit = 0
    badbit = 1
    eofbit = 2
    failbit = 4

    def __repr__(self):
        return "<std::ios>"


setattr(_Ios, "in", _Ios.in_)
ios = ios_base = _Ios()

_ENCODING = "utf-8"
_ERRORS = "surrogateescape"


# ------------------------------------------------------------------ buffers
class _StrBuf:
    """Text with a get and a put position (``basic_stringbuf``), or with one joint
    position (the in-memory ``basic_filebuf`` of a readable file stream).

    ``peek``/``get`` are the reader interface ``IStream`` uses ("" at the end);
    ``write`` returns False when the buffer refuses output."""

    readable = writable = True

    def __init__(self, text="", app=False, ate=False, joint=False):
        self.joint = joint
        self.app = app
        self.ate = ate
        self.set_text(text)

    def set_text(self, text):
        self.chars = list(text) if self.writable else text
        self.g = 0
        self._p = len(self.chars) if (self.app or self.ate) else 0

    # the put position; the get position itself when joint
    @property
    def p(self):
        return self.g if self.joint else self._p

    @p.setter
    def p(self, pos):
        if self.joint:
            self.g = pos
        else:
            self._p = pos

    def text(self):
        return "".join(self.chars)

    def peek(self):
        chars, g = self.chars, self.g
        return chars[g] if self.readable and g < len(chars) else ""

    def get(self):
        chars, g = self.chars, self.g
        if self.readable and g < len(chars):
            self.g = g + 1
            return chars[g]
        return ""

    def write(self, text):
        if not self.writable:
            return False
        chars = self.chars
        p = len(chars) if self.app else self.p
        n = len(text)
        chars[p:p + n] = text
        self.p = p + n
        self.wrote(p)
        return True

    def wrote(self, pos):
        """Hook: text changed from ``pos`` on."""

    def tell(self, put):
        return self.p if put else self.g

    def seek(self, pos, put):
        """Move the get (or put) position; False when ``pos`` is outside the text."""
        if not 0 <= pos <= len(self.chars):
            return False
        if put:
            self.p = pos
        else:
            self.g = pos
        return True

    def size(self):
        return len(self.chars)

    def flush(self):
        return True

    def close(self):
        return True


class _ReadOnlyBuf(_StrBuf):
    """The text of a file opened "r" (``ifstream``); output to it sets badbit."""

    writable = False


class _FileBuf(_StrBuf):
    """A file opened "r+", "w+" or "a+": its text in memory, one joint position,
    written back from the first changed character on ``flush``/``close``."""

    def __init__(self, path, text, app):
        self.path = path
        self.synced = len(text)  # leading characters known to equal the file
        self.synced_bytes = len(text.encode(_ENCODING, _ERRORS))
        super().__init__(text, app=app, joint=True)

    def wrote(self, pos):
        if pos < self.synced:
            self.synced = self.synced_bytes = 0  # an overwrite: rewrite it all

    def flush(self):
        if self.synced == len(self.chars):
            return True
        try:
            if not self.app and not os.path.exists(self.path):
                self.synced = self.synced_bytes = 0  # removed meanwhile: write it all
            tail = "".join(self.chars[self.synced:]).encode(_ENCODING, _ERRORS)
            if self.app:  # "a+": every write goes to the end of the file
                with open(self.path, "ab") as f:
                    f.write(tail)
            else:
                with open(self.path, "r+b" if self.synced_bytes else "wb") as f:
                    f.seek(self.synced_bytes)
                    f.write(tail)
                    f.truncate()
        except (OSError, ValueError):
            return False
        self.synced = len(self.chars)
        self.synced_bytes += len(tail)
        return True

    close = flush

    def seek(self, pos, put):
        self.flush()  # a filebuf writes out pending output when it seeks
        return super().seek(pos, put)


class _FileSink:
    """A file opened "w" or "a": writes go to a buffered binary file; nothing to read."""

    def __init__(self, fh):
        self.fh = fh

    def peek(self):
        return ""

    get = peek

    def write(self, text):
        try:
            self.fh.write(text.encode(_ENCODING, _ERRORS))
        except (OSError, ValueError):
            return False
        return True

    def tell(self, put):
        try:
            return self.fh.tell()
        except (OSError, ValueError):
            return -1

    def seek(self, pos, put):
        try:
            self.fh.seek(pos)
        except (OSError, ValueError):
            return False
        return True

    def size(self):
        try:
            here = self.fh.tell()
            end = self.fh.seek(0, 2)
            self.fh.seek(here)
        except (OSError, ValueError):
            return 0
        return end

    def flush(self):
        try:
            self.fh.flush()
        except (OSError, ValueError):
            return False
        return True

    def close(self):
        try:
            self.fh.close()
        except (OSError, ValueError):
            return False
        return True


class _Closed:
    """The buffer of a file stream that is not open: reads see the end, writes fail."""

    def peek(self):
        return ""

    get = peek

    def write(self, text):
        return False

    def tell(self, put):
        return -1

    def seek(self, pos, put):
        return False

    def size(self):
        return 0

    def flush(self):
        return True


_CLOSED = _Closed()

#: openmode (without ate/binary) -> fopen mode, as libstdc++'s __basic_file::open.
_FOPEN = {
    ios.out: "w", ios.out | ios.trunc: "w",
    ios.out | ios.app: "a", ios.app: "a",
    ios.in_: "r",
    ios.in_ | ios.out: "r+",
    ios.in_ | ios.out | ios.trunc: "w+",
    ios.in_ | ios.out | ios.app: "a+", ios.in_ | ios.app: "a+",
}


def _open_file(path, mode):
    """The buffer of ``path`` opened in ``mode``, or None when the open fails."""
    fmode = _FOPEN.get(mode & (ios.in_ | ios.out | ios.trunc | ios.app))
    if fmode is None:
        return None
    try:
        path = os.fspath(path)
        if fmode in ("w", "a"):
            fh = open(path, fmode + "b")
            if mode & ios.ate:
                fh.seek(0, 2)
            return _FileSink(fh)
        if fmode == "w+":
            open(path, "wb").close()
        elif fmode == "a+":
            open(path, "ab").close()
        with open(path, "rb") as f:
            text = f.read().decode(_ENCODING, _ERRORS)
    except (OSError, TypeError, ValueError):
        return None
    if fmode == "r":
        buf = _ReadOnlyBuf(text, joint=True)
    else:
        buf = _FileBuf(path, text, app=fmode == "a+")
    if mode & ios.ate:
        buf.g = len(buf.chars)
    return buf


# ------------------------------------------------------------------ streams
class _Stream:
    """``basic_ios``: the state flags and positioning shared by every stream here.
    ``self._r`` is the buffer (the name ``IStream`` reads through)."""

    def _init_state(self, buf):
        self._r = buf
        self._fail = self._eof = self._bad = False

    # state ---------------------------------------------------------------
    def good(self):
        return not (self._fail or self._eof or self._bad)

    def fail(self):
        return self._fail or self._bad

    def eof(self):
        return self._eof

    def bad(self):
        return self._bad

    def __bool__(self):
        return not (self._fail or self._bad)

    def rdstate(self):
        return ((ios.badbit if self._bad else 0) | (ios.eofbit if self._eof else 0)
                | (ios.failbit if self._fail else 0))

    def clear(self, state=0):
        """``clear()`` resets every flag; ``clear(s)`` sets the state to exactly ``s``."""
        state = int(state)
        self._bad = bool(state & ios.badbit)
        self._eof = bool(state & ios.eofbit)
        self._fail = bool(state & ios.failbit)

    def setstate(self, state):
        self.clear(self.rdstate() | int(state))

    def __repr__(self):
        return f"<{type(self).__name__} state={self.rdstate()}>"


class _OBase(_Stream, OStream):
    """The output half: ``<<`` as on ``cout``, into ``self._r``."""

    def _write(self, text):
        if not self.good():  # ostream::sentry fails; libstdc++ sets failbit only when bad
            if self._bad:
                self._fail = True
            return
        if text and not self._r.write(text):
            self._bad = True

    def flush(self):
        """``flush()``: a stream that is not good flushes nothing (libstdc++'s sentry)."""
        if not self.good():
            return self
        if not self._r.flush():
            self._bad = True
        return self

    def tellp(self):
        return -1 if self.fail() else self._r.tell(True)

    def seekp(self, pos, dir=None):  # noqa: A002 - the C++ parameter's name
        """``seekp(pos)`` or ``seekp(off, ios.beg/cur/end)``; failbit when out of range."""
        if self.fail():
            return self
        pos = int(pos) + _base(self._r, dir, put=True)
        if not self._r.seek(pos, True):
            self._fail = True
        return self


class _IBase(_Stream, IStream):
    """The input half: ``IStream``'s extraction over ``self._r``."""

    def _sentry(self):
        if self._bad:
            self._fail = True
            return False
        return super()._sentry()

    def get(self):
        """``is.get()``: next character code, or -1 (EOF) with eofbit|failbit."""
        if not self._unformatted_sentry():
            return -1
        return super().get()

    def peek(self):
        """``is.peek()``: next character code without extracting it, or -1 with eofbit."""
        if not self._unformatted_sentry():
            return -1
        c = self._r.peek()
        if c == "":
            self._eof = True
            return -1
        return ord(c)

    def ignore(self, n=1, delim=None):
        if not self._unformatted_sentry():
            return self
        return super().ignore(n, delim)

    def tellg(self):
        return -1 if self.fail() else self._r.tell(False)

    def seekg(self, pos, dir=None):  # noqa: A002 - the C++ parameter's name
        """``seekg(pos)`` or ``seekg(off, ios.beg/cur/end)``.  Clears eofbit first
        (C++11); failbit when the target is outside the text."""
        self._eof = False
        if self.fail():
            return self
        pos = int(pos) + _base(self._r, dir, put=False)
        if not self._r.seek(pos, False):
            self._fail = True
        return self


def _base(buf, dir, put):  # noqa: A002
    if dir is None or dir == ios.beg:
        return 0
    if dir == ios.cur:
        return buf.tell(put)
    return buf.size()


def _split_text_mode(text, mode):
    """``(text, mode)`` from the constructor arguments; ``ostringstream(ios.ate)``
    (the mode-only constructor) passes the mode first."""
    if mode is None and isinstance(text, int) and not isinstance(text, bool):
        return "", text
    return ("" if text is None else str(text)), (0 if mode is None else int(mode))


class _StringStream:
    """``str()`` / ``str(s)`` of the three string streams."""

    def str(self, s=None):  # noqa: A003 - the C++ member's name
        """``str()``: the whole text.  ``str(s)``: replace it, get and put positions to
        the start (put to the end in ate/app mode); the flags are kept."""
        if s is None:
            return self._r.text()
        self._r.set_text(str(s))
        return None


def _string_buf(text, mode):
    return _StrBuf(text, app=bool(mode & ios.app), ate=bool(mode & ios.ate))


class ostringstream(_StringStream, _OBase):
    """``std::ostringstream``: ``ostringstream(text="", mode=ios.out)``."""

    def __init__(self, text="", mode=None):
        text, mode = _split_text_mode(text, mode)
        OStream.__init__(self, type(self).__name__)
        self._init_state(_string_buf(text, mode))


class istringstream(_StringStream, _IBase):
    """``std::istringstream``: ``istringstream(text="", mode=ios.in_)``."""

    def __init__(self, text="", mode=None):
        text, mode = _split_text_mode(text, mode)
        self._init_state(_string_buf(text, mode))


class stringstream(_StringStream, _IBase, _OBase):
    """``std::stringstream``: independent get and put positions over one text."""

    def __init__(self, text="", mode=None):
        text, mode = _split_text_mode(text, mode)
        OStream.__init__(self, type(self).__name__)
        self._init_state(_string_buf(text, mode))


wostringstream = ostringstream
wistringstream = istringstream
wstringstream = stringstream


# ------------------------------------------------------------------ file streams
class _FileStream:
    """``open``/``is_open``/``close`` of the three file streams.  ``_DEFAULT`` is
    the mode used when none is given, ``_FORCED`` is or-ed into every mode
    (``ifstream`` always has ``in``, ``ofstream`` always ``out``)."""

    _DEFAULT = 0
    _FORCED = 0

    def _init_file(self, path, mode):
        self._init_state(_CLOSED)
        if path is not None:
            self.open(path, mode)

    def open(self, path, mode=None):  # noqa: A003 - the C++ member's name
        """Open ``path``; failbit when it cannot be opened or the stream is already open.
        A successful open clears the state (C++11)."""
        if self._r is not _CLOSED:
            self._fail = True
            return
        mode = (self._DEFAULT if mode is None else int(mode)) | self._FORCED
        buf = _open_file(path, mode)
        if buf is None:
            self._fail = True
            return
        self._r = buf
        self.clear()

    def is_open(self):
        return self._r is not _CLOSED

    def close(self):
        """Flush and close; failbit when not open or when the flush fails."""
        buf, self._r = self._r, _CLOSED
        if buf is _CLOSED or not buf.close():
            self._fail = True

    def __del__(self):
        try:
            if self._r is not _CLOSED:
                self._r.close()
        except Exception:  # noqa: BLE001 - a destructor must not throw
            pass


class ofstream(_FileStream, _OBase):
    """``std::ofstream(path=None, mode=ios.out)``: truncates unless ``ios.app``/``ios.in_``."""

    _DEFAULT = ios.out
    _FORCED = ios.out

    def __init__(self, path=None, mode=None):
        OStream.__init__(self, type(self).__name__)
        self._init_file(path, mode)


class ifstream(_FileStream, _IBase):
    """``std::ifstream(path=None, mode=ios.in_)``: the whole file is read at ``open``."""

    _DEFAULT = ios.in_
    _FORCED = ios.in_

    def __init__(self, path=None, mode=None):
        self._init_file(path, mode)


class fstream(_FileStream, _IBase, _OBase):
    """``std::fstream(path=None, mode=ios.in_|ios.out)``: one position for reading and
    writing (``seekg``/``seekp`` both move it), as a ``filebuf`` has."""

    _DEFAULT = ios.in_ | ios.out

    def __init__(self, path=None, mode=None):
        OStream.__init__(self, type(self).__name__)
        self._init_file(path, mode)
