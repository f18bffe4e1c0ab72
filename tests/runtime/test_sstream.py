"""<sstream>/<fstream> streams against what libstdc++ (g++ 12.2, -std=c++20) printed for the same C++.

Each test's comment gives the C++ it mirrors and g++'s output; `ST` below prints the state the
way the C++ probes did: `[g<good> e<eof> f<fail> b<bad>]`.
"""
import gc

import numpy as np
import pytest

from amppy.runtime import (endl, ends, fixed, fstream, getline, ifstream, ios, ios_base, istringstream, left,
                           ofstream, ostringstream, setfill, setprecision, setw, stringstream, wistringstream,
                           wostringstream, wstringstream)


def ST(s):
    return f"[g{int(s.good())} e{int(s.eof())} f{int(s.fail())} b{int(s.bad())}]"


# ------------------------------------------------------------------ formatting through <<
def test_format_like_cout():
    # os << 42 << " " << 3.14159265 << " " << 'c' << "str" << " " << 1.0/3 << " " << 1e6 << " "
    #    << 100000.0 << " " << -7 << " " << true;     g++: "42 3.14159 cstr 0.333333 1e+06 100000 -7 1"
    os = ostringstream()
    r = os << 42 << " " << 3.14159265 << " " << "c" << "str" << " " << 1.0 / 3 << " " << 1e6 << " "
    r << 100000.0 << " " << -7 << " " << True
    assert r is os
    assert os.str() == "42 3.14159 cstr 0.333333 1e+06 100000 -7 1"


def test_manipulators_and_width():
    # os << fixed << setprecision(2) << 3.14159 << " " << setw(6) << 2.5 << "|" << left << setw(4) << 7
    #    << "|" << setfill('*') << setw(5) << "ab";      g++: "3.14   2.50|7   |ab***"
    os = ostringstream()
    os << fixed << setprecision(2) << 3.14159 << " " << setw(6) << 2.5 << "|" << left << setw(4) << 7
    os << "|" << setfill("*") << setw(5) << "ab"
    assert os.str() == "3.14   2.50|7   |ab***"


def test_numpy_scalars_endl_ends():
    # os << 0.1f << (int)-7 << endl << ends;   g++: "0.1-7\n\0" (size 7)
    os = ostringstream()
    os << np.float32(0.1) << np.int32(-7) << endl << ends
    assert os.str() == "0.1-7\n\0" and os.good()


# ------------------------------------------------------------------ str() / str(s)
def test_str_set_overwrites_from_start():
    # os << "hello"; os.str("abc"); os << "x";   g++: "xbc"
    os = ostringstream()
    os << "hello"
    assert os.str("abc") is None
    os << "x"
    assert os.str() == "xbc"
    # os << 1; os.str(""); os << 2;   g++: "2"
    os = ostringstream()
    os << 1
    os.str("")
    os << 2
    assert os.str() == "2"


def test_constructor_text_and_modes():
    # ostringstream os("abc"); os << "x";             g++: "xbc"
    # ostringstream os("abc", ios::ate); os << "x";   g++: "abcx"
    # ostringstream os("abc", ios::app); os << "x";   g++: "abcx"
    # stringstream ss("abc"); ss << "x";              g++: "xbc"
    for cls, mode, want in [(ostringstream, None, "xbc"), (ostringstream, ios.ate, "abcx"),
                            (ostringstream, ios.app, "abcx"), (stringstream, None, "xbc")]:
        s = cls("abc") if mode is None else cls("abc", mode)
        s << "x"
        assert s.str() == want


def test_str_keeps_flags_clear_resets_them():
    # os << "abc"; os.clear(ios::failbit); os << "d";  g++: "abc" [g0 e0 f1 b0]
    # os.str("zz");                                     g++: "zz"  [g0 e0 f1 b0]
    # os.clear(); os << "q";                            g++: "qz"  [g1 e0 f0 b0]
    os = ostringstream()
    os << "abc"
    os.clear(ios.failbit)
    os << "d"
    assert (os.str(), ST(os)) == ("abc", "[g0 e0 f1 b0]")
    os.str("zz")
    assert (os.str(), ST(os)) == ("zz", "[g0 e0 f1 b0]")
    os.clear()
    os << "q"
    assert (os.str(), ST(os)) == ("qz", "[g1 e0 f0 b0]")


def test_istringstream_str_resets_get_position_not_flags():
    # istringstream is("1 2"); is >> a >> a; is.str("7 8"); is >> a;  g++: 2 [g0 e1 f1 b0]
    # is.clear(); is >> a;                                              g++: 7 [g1 e0 f0 b0]
    s = istringstream("1 2")
    a = s.read_int(0)
    a = s.read_int(a)
    s.str("7 8")
    a = s.read_int(a)
    assert (a, ST(s)) == (2, "[g0 e1 f1 b0]")
    s.clear()
    a = s.read_int(a)
    assert (a, ST(s)) == (7, "[g1 e0 f0 b0]")


# ------------------------------------------------------------------ stringstream read/write
def test_stringstream_read_after_write():
    # ss << "1 2"; ss >> a >> b;   g++: 1 2 [g0 e1 f0 b0]
    # ss << " 3";                  g++: str "1 2", state unchanged (the sentry fails on eofbit)
    ss = stringstream()
    ss << "1 2"
    a = ss.read_int(0)
    b = ss.read_int(0)
    assert (a, b, ST(ss)) == (1, 2, "[g0 e1 f0 b0]")
    ss << " 3"
    assert (ss.str(), ST(ss)) == ("1 2", "[g0 e1 f0 b0]")


def test_stringstream_write_appends_at_put_position():
    # ss << "1 2 "; ss >> a; ss << "3"; ss >> b >> c;   g++: "1 2 3" 1 2 3 [g0 e1 f0 b0]
    ss = stringstream()
    ss << "1 2 "
    a = ss.read_int(0)
    ss << "3"
    b = ss.read_int(0)
    c = ss.read_int(0)
    assert (ss.str(), a, b, c, ST(ss)) == ("1 2 3", 1, 2, 3, "[g0 e1 f0 b0]")
    # ss << 5; ss >> a; ss.clear(); ss << 6; ss >> a;   g++: 6 "56" [g0 e1 f0 b0]
    ss = stringstream()
    ss << 5
    a = ss.read_int(0)
    ss.clear()
    ss << 6
    a = ss.read_int(a)
    assert (a, ss.str(), ST(ss)) == (6, "56", "[g0 e1 f0 b0]")


def test_stringstream_str_set_then_write_and_read():
    # ss << "hello world"; ss.str("ab"); ss << "X"; ss >> w;   g++: str "Xb", w "Xb" [g0 e1 f0 b0]
    ss = stringstream()
    ss << "hello world"
    ss.str("ab")
    ss << "X"
    w = ss.read_string("")
    assert (ss.str(), w, ST(ss)) == ("Xb", "Xb", "[g0 e1 f0 b0]")


def test_stringstream_mixed_types_and_positions():
    # ss << 1 << ' ' << 2.5 << ' ' << "w"; ss >> a >> d >> w;   g++: 1 2.5 w [g0 e1 f0 b0]
    ss = stringstream()
    ss << 1 << " " << 2.5 << " " << "w"
    assert (ss.read_int(0), ss.read_double(0.0), ss.read_string(""), ST(ss)) == (1, 2.5, "w", "[g0 e1 f0 b0]")
    # stringstream ss("10 20"); ss >> a; ss.tellg(), ss.tellp(); ss << "Z";   g++: 10, 2, 0, "Z0 20"
    ss = stringstream("10 20")
    assert ss.read_int(0) == 10
    assert (ss.tellg(), ss.tellp()) == (2, 0)
    ss << "Z"
    assert ss.str() == "Z0 20"


def test_seek_and_tell():
    # istringstream is("7"); is >> a; is.seekg(0);  g++: [g1 e0 f0 b0] tellg 0 (seekg clears eofbit)
    s = istringstream("7")
    s.read_int(0)
    s.seekg(0)
    assert (ST(s), s.tellg(), s.read_int(0)) == ("[g1 e0 f0 b0]", 0, 7)
    # is.seekg(5) on "7": g++ [g0 e0 f1 b0], tellg -1
    s = istringstream("7")
    s.seekg(5)
    assert (ST(s), s.tellg()) == ("[g0 e0 f1 b0]", -1)
    # istringstream is("7 8"); is.seekg(-1, ios::end); is >> a;   g++: 8
    s = istringstream("7 8")
    s.seekg(-1, ios.end)
    assert s.read_int(0) == 8
    # os << "hello"; os.seekp(1); os << "EY"; tellp; os.seekp(0, ios::end); os << "!";  g++: "hEYlo" 3 "hEYlo!"
    os = ostringstream()
    os << "hello"
    os.seekp(1)
    os << "EY"
    assert (os.str(), os.tellp()) == ("hEYlo", 3)
    os.seekp(0, ios.end)
    os << "!"
    assert os.str() == "hEYlo!"


# ------------------------------------------------------------------ extraction flags
def test_eof_after_last_number_then_fail():
    # istringstream is("5"); is >> a;   g++: 5 [g0 e1 f0 b0];  is >> a (a = 9 first): 9 [g0 e1 f1 b0]
    s = istringstream("5")
    a = s.read_int(9)
    assert (a, ST(s), bool(s)) == (5, "[g0 e1 f0 b0]", True)
    a = s.read_int(9)
    assert (a, ST(s), bool(s)) == (9, "[g0 e1 f1 b0]", False)
    # istringstream is("5 "); is >> a;  g++: 5 [g1 e0 f0 b0]; then 9 [g0 e1 f1 b0]
    s = istringstream("5 ")
    assert (s.read_int(9), ST(s)) == (5, "[g1 e0 f0 b0]")
    assert (s.read_int(9), ST(s)) == (9, "[g0 e1 f1 b0]")
    # istringstream is("  "); a = 3; is >> a;   g++: 3 [g0 e1 f1 b0]
    s = istringstream("  ")
    assert (s.read_int(3), ST(s)) == (3, "[g0 e1 f1 b0]")


def test_failed_read_and_clear():
    # istringstream is("abc"); is >> a;   g++: 0 [g0 e0 f1 b0];  is.clear(); is >> s;  g++: "abc" [g0 e1 f0 b0]
    s = istringstream("abc")
    assert (s.read_int(9), ST(s)) == (0, "[g0 e0 f1 b0]")
    assert s.get() == -1  # g++ (is("abc def") >> a; is.get()): -1, state stays [g0 e0 f1 b0]
    assert ST(s) == "[g0 e0 f1 b0]"
    s.clear()
    assert (s.read_string(""), ST(s)) == ("abc", "[g0 e1 f0 b0]")
    # istringstream is("99999999999"); is >> a;   g++: 2147483647 [g0 e1 f1 b0]
    s = istringstream("99999999999")
    assert (s.read_int(0), ST(s)) == (2147483647, "[g0 e1 f1 b0]")
    # istringstream is("3.5 2.25e1 x"); is >> d >> f;  g++: 3.5 22.5 [g1 e0 f0 b0];  is >> d:  0 [g0 e0 f1 b0]
    s = istringstream("3.5 2.25e1 x")
    d, f = s.read_double(0.0), s.read_float(np.float32(0))
    assert (d, f, ST(s)) == (3.5, np.float32(22.5), "[g1 e0 f0 b0]")
    assert (s.read_double(d), ST(s)) == (0.0, "[g0 e0 f1 b0]")


def test_char_string_get_peek_ignore():
    # istringstream is(" q"); is >> c;  g++: q [g1 e0 f0 b0];  is >> c:  q [g0 e1 f1 b0]
    s = istringstream(" q")
    assert (s.read_char("z"), ST(s)) == ("q", "[g1 e0 f0 b0]")
    assert (s.read_char("q"), ST(s)) == ("q", "[g0 e1 f1 b0]")
    # istringstream is("word"); is >> s;  g++: word [g0 e1 f0 b0];  is >> s (s = "old"): old [g0 e1 f1 b0]
    s = istringstream("word")
    assert (s.read_string("old"), ST(s)) == ("word", "[g0 e1 f0 b0]")
    assert (s.read_string("old"), ST(s)) == ("old", "[g0 e1 f1 b0]")
    # istringstream is("42"); is.get() is.get() is.get();   g++: 52 50 -1, last [g0 e1 f1 b0]
    s = istringstream("42")
    assert (s.get(), s.get(), ST(s)) == (52, 50, "[g1 e0 f0 b0]")
    assert (s.get(), ST(s)) == (-1, "[g0 e1 f1 b0]")
    # istringstream is("12"); is.peek();   g++: 49 [g1 e0 f0 b0]
    s = istringstream("12")
    assert (s.peek(), ST(s)) == (49, "[g1 e0 f0 b0]")
    # istringstream is("abc\ndef"); is.ignore(100, '\n'); is >> s;  g++: def [g0 e1 f0 b0];
    # is.ignore(5):  g++ [g0 e1 f1 b0]
    s = istringstream("abc\ndef")
    s.ignore(100, "\n")
    assert (s.read_string(""), ST(s)) == ("def", "[g0 e1 f0 b0]")
    s.ignore(5)
    assert ST(s) == "[g0 e1 f1 b0]"


# ------------------------------------------------------------------ getline
def test_getline_lines():
    # istringstream is("l1\nl2\n"); while (getline(is, s)) ...;   g++: "l1" [g1..], "l2" [g1..], then "" [g0 e1 f1 b0]
    s = istringstream("l1\nl2\n")
    got = []
    line = "x"
    while True:
        line = getline(s, line)
        if not s:
            break
        got.append((line, ST(s)))
    assert got == [("l1", "[g1 e0 f0 b0]"), ("l2", "[g1 e0 f0 b0]")]
    assert (line, ST(s)) == ("", "[g0 e1 f1 b0]")


def test_getline_last_line_without_newline_and_empty():
    # istringstream is("x"); getline(is, s);   g++: x [g0 e1 f0 b0];  again (s = "old"): old [g0 e1 f1 b0]
    s = istringstream("x")
    assert (getline(s, "old"), ST(s)) == ("x", "[g0 e1 f0 b0]")
    assert (getline(s, "old"), ST(s)) == ("old", "[g0 e1 f1 b0]")
    # istringstream is(""); s = "old"; getline(is, s);   g++: "" [g0 e1 f1 b0]
    s = istringstream("")
    assert (getline(s, "old"), ST(s)) == ("", "[g0 e1 f1 b0]")


def test_getline_with_delimiter():
    # istringstream is("a,b,,c"); while (getline(is, s, ',')) ...;
    # g++: a [g1..], b [g1..], "" [g1..], c [g0 e1 f0 b0]; after the loop s == "c" [g0 e1 f1 b0]
    s = istringstream("a,b,,c")
    got = []
    field = ""
    while True:
        field = s.read_line(field, ",")
        if not s:
            break
        got.append((field, ST(s)))
    assert got == [("a", "[g1 e0 f0 b0]"), ("b", "[g1 e0 f0 b0]"), ("", "[g1 e0 f0 b0]"), ("c", "[g0 e1 f0 b0]")]
    assert (field, ST(s)) == ("c", "[g0 e1 f1 b0]")
    assert istringstream("k=v").read_line("", ord("=")) == "k"  # a char code works as the delimiter


# ------------------------------------------------------------------ state members
def test_rdstate_setstate_clear_state():
    # ss.setstate(ios::eofbit);  g++: [g0 e1 f0 b0] rdstate 2;  ss.clear(ios::badbit): [g0 e0 f1 b0] rdstate 1;
    # ss << "x":  g++ rdstate 5 (bad|fail), nothing written
    ss = stringstream()
    ss.setstate(ios.eofbit)
    assert (ST(ss), ss.rdstate()) == ("[g0 e1 f0 b0]", 2)
    ss.clear(ios.badbit)
    assert (ST(ss), ss.rdstate()) == ("[g0 e0 f1 b1]", 1)
    ss << "x"
    assert (ss.rdstate(), ss.str()) == (5, "")


def test_ios_constants_and_wide_aliases():
    # cout << ios::app << ios::ate << ios::binary << ios::in << ios::out << ios::trunc:  g++: 1 2 4 8 16 32
    # ios::beg/cur/end: 0 1 2;  goodbit badbit eofbit failbit: 0 1 2 4
    assert (ios.app, ios.ate, ios.binary, ios.in_, ios.out, ios.trunc) == (1, 2, 4, 8, 16, 32)
    assert getattr(ios, "in") == ios.in_ and ios_base is ios
    assert (ios.beg, ios.cur, ios.end) == (0, 1, 2)
    assert (ios.goodbit, ios.badbit, ios.eofbit, ios.failbit) == (0, 1, 2, 4)
    assert (wostringstream, wistringstream, wstringstream) == (ostringstream, istringstream, stringstream)
    # wostringstream w; w << L"ab" << 3;   g++: ab3
    w = wostringstream()
    w << "ab" << 3
    assert w.str() == "ab3"
    assert wistringstream("4").read_int(0) == 4
    # ostringstream os(ios::ate) is the mode-only constructor
    assert ostringstream(ios.ate).str() == ""


# ------------------------------------------------------------------ file streams
def test_file_round_trip(tmp_path):
    # ofstream o(P); o << 1 << " " << 2.5 << "\n" << "hello world\n" << -3 << endl << "last"; o.close();
    #   g++: is_open 1 before, 0 after, [g1 e0 f0 b0] both times
    # ifstream in(P); in >> a >> d; getline(in, line); getline(in, l2); in >> c >> w;
    #   g++: 1 | 2.5 | "" | "hello world" | -3 | last [g0 e1 f0 b0]
    p = tmp_path / "t.txt"
    o = ofstream(str(p))
    assert (o.is_open(), ST(o)) == (True, "[g1 e0 f0 b0]")
    o << 1 << " " << 2.5 << "\n" << "hello world\n" << -3 << endl << "last"
    o.close()
    assert (o.is_open(), ST(o)) == (False, "[g1 e0 f0 b0]")
    assert p.read_text() == "1 2.5\nhello world\n-3\nlast"
    f = ifstream(p)  # a path object works as well as a str
    a = f.read_int(0)
    d = f.read_double(0.0)
    line = getline(f, "")
    l2 = getline(f, "")
    c = f.read_int(0)
    w = f.read_string("")
    assert (a, d, line, l2, c, w, ST(f)) == (1, 2.5, "", "hello world", -3, "last", "[g0 e1 f0 b0]")


def test_file_read_loops(tmp_path):
    # file "1\n2\n3\n":  while (in >> x) sum += x;   g++: 6 [g0 e1 f1 b0]
    # file "A\nB":  while (getline(in, s)) ...;       g++: A, B, then [g0 e1 f1 b0]
    p = tmp_path / "n.txt"
    p.write_text("1\n2\n3\n")
    f = ifstream(str(p))
    total = 0
    while True:
        x = f.read_int(0)
        if not f:
            break
        total += x
    assert (total, ST(f)) == (6, "[g0 e1 f1 b0]")
    p.write_text("A\nB")
    f = ifstream(str(p))
    lines, s = [], ""
    while True:
        s = getline(f, s)
        if not f:
            break
        lines.append(s)
    assert (lines, ST(f)) == (["A", "B"], "[g0 e1 f1 b0]")


def test_missing_file(tmp_path):
    # ifstream in("missing"); is_open, state, !in:   g++: 0 [g0 e0 f1 b0] 1;  in >> a (a = 5):  5 [g0 e0 f1 b0]
    f = ifstream(str(tmp_path / "missing.txt"))
    assert (f.is_open(), ST(f), not f) == (False, "[g0 e0 f1 b0]", True)
    assert (f.read_int(5), ST(f)) == (5, "[g0 e0 f1 b0]")
    # fstream f("missing");   g++: 0 [g0 e0 f1 b0]   (in|out does not create the file)
    g = fstream(str(tmp_path / "missing.txt"))
    assert (g.is_open(), ST(g)) == (False, "[g0 e0 f1 b0]")
    assert not (tmp_path / "missing.txt").exists()
    # ofstream o("/nonexistent_dir/x.txt");  g++: 0 [g0 e0 f1 b0];  o << 5:  [g0 e0 f1 b0]
    o = ofstream(str(tmp_path / "no_dir" / "x.txt"))
    assert (o.is_open(), ST(o)) == (False, "[g0 e0 f1 b0]")
    o << 5
    assert ST(o) == "[g0 e0 f1 b0]"


def test_append_and_truncate_modes(tmp_path):
    # file "abc\n":  ofstream o(P, ios::app); o << "MORE\n";  g++: "abc\nMORE\n"
    # ofstream o(P); o << "x";                            g++: "x"
    # ofstream o(P, ios::out | ios::app); o << "y";       g++: "xy"
    # ofstream o(P, ios::out | ios::ate); o << "q";       g++: "q" (out|ate still truncates)
    p = tmp_path / "a.txt"
    p.write_text("abc\n")
    o = ofstream(str(p), ios.app)
    o << "MORE\n"
    o.close()
    assert p.read_text() == "abc\nMORE\n"
    o = ofstream(str(p))
    o << "x"
    o.close()
    assert p.read_text() == "x"
    o = ofstream(str(p), ios.out | ios.app)
    o << "y"
    o.close()
    assert p.read_text() == "xy"
    o = ofstream(str(p), ios.out | ios.ate)
    o << "q"
    o.close()
    assert p.read_text() == "q"


def test_open_close_state(tmp_path):
    # ofstream o; is_open 0 [g1 e0 f0 b0];  o << 5: [g0 e0 f1 b1];  o.open(P): 1 [g1 e0 f0 b0] (a good open
    # clears the state);  o << "z"; o.close(); o.close():  [g0 e0 f1 b0], the file holds "z"
    p = tmp_path / "o.txt"
    o = ofstream()
    assert (o.is_open(), ST(o)) == (False, "[g1 e0 f0 b0]")
    o << 5
    assert ST(o) == "[g0 e0 f1 b1]"
    o.open(str(p))
    assert (o.is_open(), ST(o)) == (True, "[g1 e0 f0 b0]")
    o << "z"
    o.close()
    o.close()
    assert (ST(o), p.read_text()) == ("[g0 e0 f1 b0]", "z")
    # ifstream in(P); in.open(P) again:   g++: [g0 e0 f1 b0], still open
    f = ifstream(str(p))
    f.open(str(p))
    assert (ST(f), f.is_open()) == ("[g0 e0 f1 b0]", True)


def test_fstream_joint_position(tmp_path):
    # file "abcdef": fstream f(P, in|out); f << "XY"; f.seekg(0); f >> s;  g++: "XYcdef" [g0 e1 f0 b0], file "XYcdef"
    # fstream f(P, in|out|trunc); f << "1 2 3"; f.seekg(0); f >> a; f << "X"; f.seekg(0); getline(f, s);
    #   g++: "1X2 3" [g0 e1 f0 b0]   (reading and writing share one position)
    p = tmp_path / "f.txt"
    p.write_text("abcdef")
    f = fstream(str(p), ios.in_ | ios.out)
    f << "XY"
    f.seekg(0)
    assert (f.read_string(""), ST(f)) == ("XYcdef", "[g0 e1 f0 b0]")
    f.close()
    assert p.read_text() == "XYcdef"
    f = fstream(str(p), ios.in_ | ios.out | ios.trunc)
    f << "1 2 3"
    f.seekg(0)
    assert f.read_int(0) == 1
    f << "X"
    f.seekg(0)
    assert (getline(f, ""), ST(f)) == ("1X2 3", "[g0 e1 f0 b0]")
    f.close()
    assert p.read_text() == "1X2 3"


def test_fstream_in_app_and_ofstream_in(tmp_path):
    # file "A\nB": fstream f(P, in|out|app); f << "C"; f.seekg(0); getline(f, s);  g++: "A" [g1 e0 f0 b0],
    #   the file already holds "A\nBC" (seekg writes pending output out)
    # ofstream o(P, ios::in); o << "Q";   g++: opened without truncation, file "Q\nBC"
    p = tmp_path / "g.txt"
    p.write_text("A\nB")
    f = fstream(str(p), ios.in_ | ios.out | ios.app)
    f << "C"
    f.seekg(0)
    assert (getline(f, ""), ST(f), p.read_text()) == ("A", "[g1 e0 f0 b0]", "A\nBC")
    f.close()
    o = ofstream(str(p), ios.in_)
    assert o.is_open()
    o << "Q"
    o.close()
    assert p.read_text() == "Q\nBC"


def test_destruction_flushes(tmp_path):
    # { ofstream o(P); o << "abcdef"; }   the destructor closes: the file holds "abcdef"
    p = tmp_path / "d.txt"
    o = ofstream(str(p))
    o << "abc" << 123
    del o
    gc.collect()
    assert p.read_text() == "abc123"
    f = fstream(str(p))
    f.seekp(0, ios.end)
    f << "!"
    del f
    gc.collect()
    assert p.read_text() == "abc123!"


def test_flush_writes_through(tmp_path):
    p = tmp_path / "e.txt"
    o = ofstream(str(p))
    o << "line" << endl  # endl flushes, as in C++
    assert p.read_text() == "line\n"
    o << "x"
    o.flush()
    assert p.read_text() == "line\nx"
    o.close()


def test_non_ascii_round_trip(tmp_path):
    p = tmp_path / "u.txt"
    o = ofstream(str(p))
    o << "é ü"
    o.close()
    assert p.read_bytes() == "é ü".encode()
    p.write_bytes(b"\xff ok")  # not UTF-8: the byte survives a read and a write back
    f = fstream(str(p))
    w = f.read_string("")
    f.seekp(0, ios.end)
    f << "!"
    f.close()
    assert len(w) == 1 and p.read_bytes() == b"\xff ok!"


@pytest.mark.parametrize("mode", [ios.trunc, ios.in_ | ios.trunc, ios.app | ios.trunc])
def test_invalid_modes_fail_to_open(tmp_path, mode):
    # fstream f(P, ios::trunc) and the others: libstdc++ has no fopen mode for them, so the open fails
    f = fstream(str(tmp_path / "x.txt"), mode)
    assert not f.is_open() and f.fail()
