"""printf against the exact output of glibc printf for the same calls."""
import math

import numpy as np
import pytest

from amppy.runtime import cformat, fprintf, printf, putchar, puts, stderr

CASES = [
    (("%d|%5.2f|%u|%x|%c|%c|%s|%-4d|%05d", 3, 3.14159, -1, 255, 65, "z", "hi", 7, 42),
     "3| 3.14|4294967295|ff|A|z|hi|7   |00042"),
    (("%e|%g|%%|%lld|%lu|%#o|%a|%a", 1234.5, 0.0001, 2 ** 40, -1, 8, 1.0, 3.0),
     "1.234500e+03|0.0001|%|1099511627776|18446744073709551615|010|0x1p+0|0x1.8p+1"),
    (("%*d|%-*d|%.*f", 4, 1, 3, 2, 2, 1.005), "   1|2  |1.00"),
    (("%X|%#x|%+d|% d|%.3s|%10.4e", 48879, 255, 5, 5, "abcdef", 1.0 / 3),
     "BEEF|0xff|+5| 5|abc|3.3333e-01"),
    (("%hd|%hhu|%zu|%G|%E", 5, 300, 12, 1e-10, 2.5), "5|44|12|1E-10|2.500000E+00"),
    (("%f|%f|%g", math.inf, -math.nan, -0.0), "inf|-nan|-0"),
    (("%d %f %u", np.int32(-2), np.float32(0.5), np.uint32(7)), "-2 0.500000 7"),
]


@pytest.mark.parametrize("args,text", CASES, ids=[c[1][:12] for c in CASES])
def test_cformat_matches_glibc(args, text):
    assert cformat(*args) == text


def test_printf_writes_stdout_and_returns_length(capsys):
    n = printf("x=%d\n", 12)
    assert n == 5
    assert capsys.readouterr().out == "x=12\n"


def test_fprintf_stderr_putchar_puts(capsys):
    fprintf(stderr, "err %s", "msg")
    assert putchar(ord("A")) == 65
    putchar("b")
    puts("line")
    cap = capsys.readouterr()
    assert cap.err == "err msg"
    assert cap.out == "Ab" + "line\n"
