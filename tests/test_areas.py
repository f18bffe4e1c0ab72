"""The library-area registry (amppy/sema/areas.py): one table the type resolution, construction
and member-call dispatch loop over, and from which the lexer's library type names come."""
import importlib
import pkgutil

from amppy import sema
from amppy.parse import lexhack
from amppy.sema import areas


def test_lexer_names_are_the_areas_names():
    types, templates = areas.lexer_names()
    assert lexhack.LIBRARY_TYPES == types, (
        f"in the lexer only: {sorted(lexhack.LIBRARY_TYPES - types)}; "
        f"in an area only: {sorted(types - lexhack.LIBRARY_TYPES)}")
    assert lexhack.LIBRARY_TEMPLATES == templates, (
        f"in the lexer only: {sorted(lexhack.LIBRARY_TEMPLATES - templates)}; "
        f"in an area only: {sorted(templates - lexhack.LIBRARY_TEMPLATES)}")


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
