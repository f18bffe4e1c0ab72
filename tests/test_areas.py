"""The library-area registry (amppy/sema/areas.py): one table the type resolution, construction
and member-call dispatch loop over, and from which the lexer's library type names come."""
import importlib
import pkgutil

from amppy import sema
from amppy.sema import areas


def _declares(text: str, library) -> bool:
    """Whether `text` parses as one declaration (a type name, then a variable)."""
    from amppy.diagnostics import DiagnosticSink
    from amppy.parse.parser import parse
    from amppy.preprocess.preprocessor import preprocess
    sink = DiagnosticSink()
    pp = preprocess("t.cpp", text=text, sink=sink)
    try:
        tu = parse(pp, sink, library=library)
    except Exception:
        return False
    return type(tu.decls[0]).__name__ == "DeclStmt"


def test_the_lexer_reads_the_areas_names_as_types():
    """The parser knows a library type through the areas alone (the driver hands it their names):
    `HANDLE h;` is a declaration with them, a syntax error without."""
    with_names = areas.lexer_names()
    assert "HANDLE" in with_names[0] and "vector" in with_names[1] and "map" in with_names[1]
    assert _declares("HANDLE h;\n", with_names)
    assert _declares("std::vector<int> v;\n", with_names)
    assert not _declares("HANDLE h;\n", (frozenset(), frozenset()))


def test_every_area_module_is_registered():
    """A sema module that declares AREA is in the registry (else its hooks never run)."""
    registered = {id(a) for a in areas.REGISTRY.all}
    for info in pkgutil.iter_modules(sema.__path__):
        module = importlib.import_module(f"amppy.sema.{info.name}")
        area = getattr(module, "AREA", None)
        if area is not None:
            assert id(area) in registered, f"sema/{info.name}.py declares AREA but sema/areas.py does not list it"


def test_areas_have_a_name_and_hooks_that_are_functions():
    for area in areas.REGISTRY.all:
        assert area.name
        for hook in ("named_type", "template_type", "owns", "construct", "method"):
            f = getattr(area, hook)
            assert f is None or callable(f), (area.name, hook)


def test_owners_do_not_overlap():
    """Every library IR type belongs to one area at most (dispatch order must not matter)."""
    from amppy import ir
    samples = [ir.Vector(ir.INT), ir.StdString(False), ir.Library("ostringstream"), ir.Library("ostream"),
               ir.Library("accelerator"), ir.Library("completion_future"), ir.ArrayView(ir.INT, 1, False),
               ir.TiledExtent((4,)), ir.Pointer(ir.INT, "shared_ptr"), ir.Library("runtime_error"),
               ir.Library("mt19937"), ir.Library("critical_section")]
    for t in samples:
        owners = [a.name for a in areas.REGISTRY.all if a.owns is not None and a.owns(t)]
        assert len(owners) == 1, (t, owners)
