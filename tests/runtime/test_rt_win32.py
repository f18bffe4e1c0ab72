"""Win32 console shims: colours only on a terminal."""
import io

from amppy.runtime import (COORD, FOREGROUND_GREEN, FOREGROUND_INTENSITY, BACKGROUND_BLUE,
                           SMALL_RECT, STD_OUTPUT_HANDLE, GetStdHandle,
                           SetConsoleScreenBufferSize, SetConsoleTextAttribute,
                           SetConsoleWindowInfo, reset_console)
from amppy.runtime import win32


class _Tty(io.StringIO):
    def isatty(self):
        return True


def test_no_escape_codes_in_a_pipe(capsys):
    h = GetStdHandle(STD_OUTPUT_HANDLE)
    assert int(h) == -11
    assert SetConsoleTextAttribute(h, FOREGROUND_GREEN) is True
    reset_console()
    assert capsys.readouterr().out == ""


def test_ansi_codes_on_a_tty_and_idempotent_reset(monkeypatch):
    tty = _Tty()
    monkeypatch.setattr("sys.stdout", tty)
    SetConsoleTextAttribute(GetStdHandle(-11), FOREGROUND_GREEN | FOREGROUND_INTENSITY | BACKGROUND_BLUE)
    reset_console()
    reset_console()
    assert tty.getvalue() == "\x1b[0;92;44m\x1b[0m"
    assert win32._colour_set is False


def test_structs_and_noops():
    c = COORD()
    assert (c.X, c.Y) == (0, 0)
    assert COORD(80, 25).Y == 25
    r = SMALL_RECT(0, 0, 79, 24)
    assert (r.Left, r.Top, r.Right, r.Bottom) == (0, 0, 79, 24)
    assert SetConsoleScreenBufferSize(GetStdHandle(-11), COORD(80, 25)) is True
    assert SetConsoleWindowInfo(GetStdHandle(-11), True, r) is True
