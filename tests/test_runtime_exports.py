"""`amppy.runtime` imports a module on the first use of one of its names (`runtime/_exports.py`):
the table is current, every name resolves to what the package's star imports gave, and a program
that uses none of `<random>`'s or `<chrono>`'s names does not load them."""
import importlib.util
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _writer():
    spec = importlib.util.spec_from_file_location("write_exports", ROOT / "tools" / "runtime" / "write_exports.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_the_export_table_is_current():
    assert (ROOT / "runtime" / "_exports.py").read_text(encoding="utf-8") == _writer().text(), \
        "runtime/_exports.py is stale: run python tools/runtime/write_exports.py"


def test_every_name_is_the_defining_modules_and_star_import_gets_them_all():
    import amppy.runtime as rt
    table = _writer().table()
    for name, module in table.items():
        assert getattr(rt, name) is getattr(importlib.import_module(f"amppy.runtime.{module}"), name), name
    scope: dict = {}
    exec("from amppy.runtime import *", scope)
    assert set(rt.__all__) <= set(scope) and callable(scope["launch_cpu"])


def test_a_program_loads_only_the_runtime_modules_it_uses():
    code = ("import sys; from amppy.runtime import extent, cout, endl, vector; "
            "print(sorted(m for m in sys.modules if m.startswith('amppy.runtime.')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert "amppy.runtime.cppio" in out and "amppy.runtime.extents" in out
    for unused in ("random_distributions", "chrono", "sstream", "associative", "win32"):
        assert f"amppy.runtime.{unused}'" not in out, unused
