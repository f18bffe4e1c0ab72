"""The codebase's shape (docs/architecture.md, "Layers"): every import follows the stage order,
no import circle, no file in transpiler/ or runtime/ over 650 lines.  tools/layout/imports.py
does the work; this test runs it, and checks that it can fail."""
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TOOL = os.path.join(ROOT, "tools", "layout", "imports.py")


def test_layers_circles_and_sizes():
    out = subprocess.run([sys.executable, TOOL], capture_output=True, text=True)
    assert out.returncode == 0, out.stdout + out.stderr


def test_the_check_finds_a_backward_import(tmp_path, monkeypatch):
    """The tool reports an import against the stage order (here: ir importing sema)."""
    sys.path.insert(0, os.path.dirname(TOOL))
    try:
        import imports as tool
    finally:
        sys.path.pop(0)
    fake = tmp_path / "transpiler"
    (fake / "ir").mkdir(parents=True)
    (fake / "sema").mkdir()
    (fake / "__init__.py").write_text("")
    (fake / "ir" / "__init__.py").write_text("from ..sema import x\n")
    (fake / "sema" / "__init__.py").write_text("")
    (fake / "sema" / "x.py").write_text("from .. import ir\n" + "x = 1\n" * 700)
    monkeypatch.setattr(tool, "PACKAGES", {"amppy": str(fake)})
    monkeypatch.setattr(tool, "ROOT", str(tmp_path))
    problems = tool.problems()
    assert any("backward import" in p and "ir/__init__.py" in p for p in problems), problems
    assert any("import circle" in p for p in problems), problems
    assert any("701 lines" in p for p in problems), problems
