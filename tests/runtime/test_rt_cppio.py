"""cout formatting against strings printed by libstdc++ (g++ 13) for the same C++."""
import io
import math

import numpy as np
import pytest

from amppy.runtime import (boolalpha, cin, cout, cerr, dec, defaultfloat, endl, fixed,
                           getchar, hex, internal, left, noboolalpha, noshowpoint,
                           noshowpos, oct, right, scientific, setfill, setprecision,
                           setw, showpoint, showpos)
from amppy.runtime.cppio import OStream, IStream, _Reader


class _Captured:
    def __init__(self, capsys):
        self.capsys = capsys

    def getvalue(self):
        return self.capsys.readouterr().out


@pytest.fixture
def out(capsys):
    """A fresh stream (default state) on sys.stdout, and its captured text."""
    return OStream("stdout"), _Captured(capsys)


DEFAULT_FLOAT = [
    (4.5, "4.5"), (13.5, "13.5"), (np.float32(0.1), "0.1"), (1.0 / 3.0, "0.333333"),
    (100000.0, "100000"), (1000000.0, "1e+06"), (1e-5, "1e-05"), (123456.7, "123457"),
    (1234567.0, "1.23457e+06"), (-0.0, "-0"), (math.nan, "nan"), (-math.nan, "-nan"),
    (math.inf, "inf"), (-math.inf, "-inf"), (np.float32(3.14159), "3.14159"),
    (np.float32(0.3), "0.3"), (np.float32(0.1) + np.float32(0.2), "0.3"), (1e21, "1e+21"),
    (np.float32(16777217), "1.67772e+07"), (np.float64(2.5), "2.5"),
]


@pytest.mark.parametrize("value,text", DEFAULT_FLOAT, ids=[t for _, t in DEFAULT_FLOAT])
def test_default_float_format(out, value, text):
    s, buf = out
    s << value
    assert buf.getvalue() == text


def test_float32_is_widened_not_reformatted(out):
    s, buf = out
    s << fixed << np.float32(0.1)
    assert buf.getvalue() == "0.100000"  # 0.100000001490116 rounded to 6 places


def test_scalar_types(out):
    s, buf = out
    s << True << False << 42 << np.int32(-7) << np.uint32(4294967295) << "x" << "str" << "|"
    assert buf.getvalue() == "1042-74294967295xstr|"


def test_setw_applies_to_next_item_only_and_fill_adjust(out):
    s, buf = out
    s << setw(6) << 42 << "|" << left << setw(6) << 42 << "|" << setfill("*") << setw(6) << "ab"
    s << "|" << right << setw(6) << -7 << "|" << internal << setw(6) << -7 << "|" << setw(3) << "c"
    s << "|" << 42
    assert buf.getvalue() == "    42|42    |ab****|****-7|-****7|**c|42"


def test_precision_fixed_scientific(out):
    s, buf = out
    s << setprecision(3) << 3.14159 << "|" << 1234.5 << "|" << fixed << setprecision(2) << 3.14159
    s << "|" << 2.0 << "|" << scientific << 1234.5 << "|" << defaultfloat << setprecision(0) << 123.456
    assert buf.getvalue() == "3.14|1.23e+03|3.14|2.00|1.23e+03|1e+02"


def test_state_persists_and_flags(out):
    s, buf = out
    s << True << boolalpha << True << False << noboolalpha << "|" << hex << 255 << "|" << -1
    s << "|" << dec << oct << 8 << dec << "|" << showpos << 5 << noshowpos << "|"
    s << showpoint << 2.0 << noshowpoint << "|" << 2.0
    assert buf.getvalue() == "1truefalse|ff|ffffffff|10|+5|2.00000|2"


def test_precision_member_returns_old(out):
    s, _ = out
    assert s.precision(3) == 6
    assert s.precision() == 3


def test_endl_flushes_and_cout_uses_current_stdout(capsys):
    cout << "a" << 1 << endl
    cerr << "e" << endl
    captured = capsys.readouterr()
    assert captured.out == "a1\n"
    assert captured.err == "e\n"


def test_cout_and_printf_interleave(capsys):
    from amppy.runtime import printf
    cout << "x"
    printf("%d", 5)
    cout << "y" << endl
    assert capsys.readouterr().out == "x5y\n"


# ------------------------------------------------------------------ input
def _cin(monkeypatch, text):
    monkeypatch.setattr("sys.stdin", io.StringIO(text))
    return IStream(_Reader())


def test_cin_at_eof_leaves_values_and_sets_flags(monkeypatch):
    c = _cin(monkeypatch, "")
    assert c.read_int(7) == 7
    assert c.fail() and c.eof() and not c.good() and not bool(c)
    assert c.read_string("keep") == "keep"


def test_cin_with_no_stdin(monkeypatch):
    monkeypatch.setattr("sys.stdin", None)
    c = IStream(_Reader())
    assert c.read_double(1.5) == 1.5 and c.fail()


def test_cin_with_closed_stdin(monkeypatch):
    f = io.StringIO("12")
    f.close()
    monkeypatch.setattr("sys.stdin", f)
    c = IStream(_Reader())
    assert c.read_char("q") == "q" and c.eof()


def test_cin_parses_like_operator_extract(monkeypatch):
    c = _cin(monkeypatch, "  42 -3.5e1\n x word 2.25 7")
    assert c.read_int(0) == 42
    f = c.read_float(np.float32(0))
    assert f == np.float32(-35.0) and isinstance(f, np.float32)
    assert c.read_char("") == "x"
    assert c.read_string("") == "word"
    d = c.read_double(0.0)
    assert d == 2.25 and type(d) is float
    assert c.good()
    assert c.read_int(0) == 7
    assert c.eof() and not c.fail()  # ran into the end while reading the field
    assert c.read_int(99) == 99 and c.fail()


def test_cin_bad_field_stores_zero_and_fails(monkeypatch):
    c = _cin(monkeypatch, "abc 5")
    assert c.read_int(9) == 0 and c.fail()
    assert c.read_int(9) == 9  # failed stream extracts nothing
    c.clear()
    assert c.read_string("") == "abc"


def test_cin_int_overflow_saturates(monkeypatch):
    c = _cin(monkeypatch, "99999999999")
    assert c.read_int(0) == 2147483647 and c.fail()


def test_global_cin_and_getchar_share_input(monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO("ab 12"))
    assert getchar() == ord("a")
    assert cin.read_string("") == "b"
    assert cin.read_int(0) == 12
    assert getchar() == -1
    cin.clear()
