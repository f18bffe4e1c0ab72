"""The library areas: one table of what sema knows of the C++ AMP, standard and Windows
libraries, which the type resolution, construction and member-call dispatch loop over, and from
which the lexer's library type names are built.

An area is one sema module (`containers.py`, `strings.py`, `win32.py`, ...) that declares
`AREA = Area(...)`: the names it brings (the lexer needs them to tell a type from a value) and
the hooks it implements.  Every hook is optional:

- `named_type(a, t)`: an `ir.Type` for a library type name written without template arguments
  (`std::string`, `HANDLE`, `milliseconds`), or None when `t` is not the area's;
- `template_type(a, t)`: the same for a template-id (`std::vector<int>`, `array_view<float, 2>`);
- `owns(t)`: whether a value of IR type `t` is the area's (its constructions and member calls
  come to the area);
- `construct(a, t, args, span, spans)`: the value of type `t` made from analysed `args`;
- `method(a, obj, name, args, n)`: the member function call `obj.name(args)`;
- `static_call(a, owner, f, n)`: the call `owner::f(args)` of a static member function of a
  library class (`accelerator::get_all()`, `steady_clock::now()`), or None when `owner` is not
  the area's.

`a` is the `Analyser`; hooks return IR or report through it.  Adding a library class is one area
module (and its runtime); docs/architecture.md's how-to lists the files.  Names of the library
that amppy does not translate yet are in `NOT_YET`: they parse, and sema reports them as
`[unsupported]` at their use.
"""
from __future__ import annotations

import functools

from ..cxx.types import SCALAR_ALIASES
from .area import Area, names


#: standard names amppy knows C++ has but does not translate yet (reported as unsupported)
NOT_YET = Area(
    "not yet translated",
    types=names("string_view FILE reader_writer_lock task_group structured_task_group"),
    templates=names("""
        initializer_list valarray atomic
        combinable concurrent_vector checked_array_iterator unchecked_array_iterator
        basic_string basic_ostream basic_istream basic_iostream basic_stringstream basic_ostringstream
        basic_istringstream basic_ofstream basic_ifstream basic_fstream char_traits
        ostream_iterator istream_iterator back_insert_iterator reverse_iterator iterator iterator_traits
        graphics"""),
)

#: the C and C++ library's type names that are not classes (`size_t`, `int32_t`, `std::ios_base`'s;
#: `uint` is C++ AMP's): typedefs of numbers, which `types.TypeResolution` resolves
FUNDAMENTALS = Area("C and C++ fundamentals", types=frozenset(SCALAR_ALIASES) | names("nullptr_t"))

#: C++ AMP's kernel launch (a function template: `parallel_for_each<...>` parses as a template-id)
LAUNCH = Area("parallel_for_each", templates=names("parallel_for_each"))


def _areas() -> tuple:
    from . import (accelerators, algorithms, chrono, containers, exceptions, indices, lambdas, memory, ppl,
                   random, short_vectors, std_containers, streams, strings, tiling, traits, typeinfo, utility, views,
                   win32)
    return (FUNDAMENTALS,) + tuple(m.AREA for m in (
        win32, ppl, containers, std_containers, accelerators, views, indices, tiling, short_vectors, strings, streams,
        chrono, random, memory, utility, traits, typeinfo, lambdas, algorithms, exceptions)) + (LAUNCH, NOT_YET)


class _Registry:
    """The areas, in dispatch order (made on first use: the area modules import sema's core).
    Where two areas share a name the first wins: `std::array` (containers) before C++ AMP's
    `array` (views)."""
    _all: tuple | None = None

    @property
    def all(self) -> tuple:
        if _Registry._all is None:
            _Registry._all = _areas()
        return _Registry._all


REGISTRY = _Registry()


@functools.cache
def lexer_names() -> tuple[frozenset, frozenset]:
    """(library type names, library template names): what the lexer hack reads as type names;
    the driver gives them to `parse.parser.parse` with each unit's text."""
    areas = REGISTRY.all
    return (frozenset().union(*(x.types for x in areas)), frozenset().union(*(x.templates for x in areas)))


def _first(hook: str, *args):
    """The first answer (not None) of the areas that implement `hook`, in dispatch order."""
    for area in REGISTRY.all:
        f = getattr(area, hook)
        if f is not None:
            found = f(*args)
            if found is not None:
                return found
    return None


def named_type(a, t):
    return _first("named_type", a, t)


def template_type(a, t):
    return _first("template_type", a, t)


def static_call(a, owner: str, f, n):
    return _first("static_call", a, owner, f, n)


def owner(t) -> Area | None:
    """The area whose values have type `t`, or None (the C++ core's types: numbers, classes)."""
    for area in REGISTRY.all:
        if area.owns is not None and area.owns(t):
            return area
    return None
