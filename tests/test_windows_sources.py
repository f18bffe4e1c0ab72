"""Real Windows sources as they are: encodings, line ends and `#include` spellings.

Each program is written to a temporary folder byte for byte as Visual Studio saves it, then
run; the expected outputs are the C++ programs' own (by hand: they print ASCII).
"""
from __future__ import annotations

import pytest

HEADER = "// Copyright \u00a9 Microsoft Corporation.  All rights reserved.\r\n"
PROGRAM = HEADER + """\
#include <iostream>\r
#include <climits>\r
#include <cfloat>\r
// caf\u00e9 au lait: a comment in the Western code page\r
int main() {\r
    int big = INT_MAX;\r
    std::cout << big << " " << (FLT_MAX > 1e38f) << " " << CHAR_BIT << std::endl;\r
    return 0;\r
}\r
"""
OUTPUT = "2147483647 1 8\n"


@pytest.mark.parametrize("encoding,note", [
    ("cp1252", True), ("utf-8", False), ("utf-8-sig", False), ("utf-16", False), ("utf-16-be", None),
])
def test_encodings_and_crlf(run_amppy, tmp_path, encoding, note):
    raw = PROGRAM.encode(encoding)
    if encoding == "utf-16-be":
        raw = b"\xfe\xff" + raw                  # big-endian, with its byte order mark
    (tmp_path / "win.cpp").write_bytes(raw)
    rc, out, err = run_amppy(["run", "win.cpp"], cwd=tmp_path)
    assert (rc, out) == (0, OUTPUT), err
    if note:
        assert err == ("win.cpp:1:14: note: source file is not valid UTF-8; read as Windows-1252 "
                       "(cp1252) [pp-encoding]\n"
                       " 1 | // Copyright \u00a9 Microsoft Corporation.  All rights reserved.\n"
                       "   |              ^\n"
                       "   = help: save the file as UTF-8 to say so explicitly\n")
    else:
        assert err == ""


def test_windows_include_spellings(run_amppy, tmp_path):
    """`..\\Scan\\scan.h` with backslashes resolves silently; `Common.h` for `common.h` resolves
    as on Windows, with a warning naming the spelling on disk."""
    (tmp_path / "Scan").mkdir()
    (tmp_path / "Scan" / "scan.h").write_text("inline int twice(int x) { return 2 * x; }\n")
    (tmp_path / "common.h").write_text("#define COMMON 21\n")
    (tmp_path / "app").mkdir()
    (tmp_path / "app" / "main.cpp").write_text(
        '#include <iostream>\n#include "..\\Scan\\scan.h"\n#include "..\\Common.h"\n'
        "int main() { std::cout << twice(COMMON) << std::endl; return 0; }\n")
    rc, out, err = run_amppy(["run", "app/main.cpp"], cwd=tmp_path)
    assert (rc, out) == (0, "42\n"), err
    assert "app/main.cpp:3:2: warning: '..\\Common.h' is '../common.h' on disk (the letter case " \
           "differs) [pp-include-case]" in err
    assert err.count("warning:") == 1


def test_standard_headers_are_known_and_unimplemented_names_are_unsupported(run_amppy, tmp_path):
    (tmp_path / "s.cpp").write_text(
        "#include <valarray>\n#include <memory>\n#include <algorithm>\n#include <vector>\n"
        "int main() {\n    std::vector<int> v(3);\n    std::valarray<int> m;\n"
        "    std::partial_sum(v.begin(), v.end(), v.begin());\n    return 0;\n}\n")
    rc, out, err = run_amppy(["check", "s.cpp"], cwd=tmp_path)
    assert rc == 1
    assert "s.cpp:7:5: error: 'std::valarray' is not supported yet [unsupported]" in err
    assert "s.cpp:8:5: error: 'std::partial_sum' is not supported yet [unsupported]" in err
    assert "unknown" not in err and "undeclared" not in err


def test_concurrency_runtime_headers_are_known_and_their_names_unsupported(run_amppy, tmp_path):
    """<ppl.h> and friends come with Visual C++ next to <amp.h>: the include succeeds, and what a
    program uses from the PPL is reported where it is used."""
    (tmp_path / "p.cpp").write_text(
        "#include <ppl.h>\n#include <concurrent_vector.h>\n#include <xutility>\n#include <amprt.h>\n"
        "using namespace concurrency;\nint main() {\n    combinable<int> sum;\n"
        "    parallel_invoke([&]() { }, [&]() { });\n    return 0;\n}\n")
    rc, out, err = run_amppy(["check", "p.cpp"], cwd=tmp_path)
    assert rc == 1
    assert "p.cpp:7:5: error: 'combinable' is not supported yet [unsupported]" in err
    assert "p.cpp:8:5: error: 'parallel_invoke' is not supported yet [unsupported]" in err
    assert "pp-unknown-header" not in err and "undeclared" not in err


def test_c_style_and_microsoft_declarations(run_amppy, tmp_path):
    """Declarations real Windows code has that used to be syntax errors: `extern "C"` (one
    declaration or a block), `typedef struct { ... } P;` (also with a tag and a pointer typedef),
    forward declarations, `__declspec`/`__cdecl`/`__forceinline`, and SAL annotations."""
    (tmp_path / "c.cpp").write_text("""\
#include <iostream>
#include <Windows.h>
struct Later;
class Also;
typedef struct { int a; float b; } Pair;
typedef struct tag_Cell { int v; } Cell, *PCell;
extern "C" int twice(int x) { return 2 * x; }
extern "C" {
    int inc(_In_ int x) { return x + 1; }
    int declared_only(int y);
}
__declspec(dllexport) int __cdecl combine(int x, int y) { return x * 10 + y; }
__forceinline int WINAPI square(_Inout_ int x) { return x * x; }
struct Later { int n; };
int main() {
    Pair p = {3, 0.5f};
    Cell c = {4};
    struct tag_Cell d = {5};
    Later l = {6};
    std::cout << combine(twice(p.a), inc(c.v)) << " " << square(d.v) << " " << l.n + p.b << std::endl;
    return 0;
}
""")
    rc, out, err = run_amppy(["run", "c.cpp"], cwd=tmp_path)
    assert (rc, out, err) == (0, "65 25 6.5\n", "")
