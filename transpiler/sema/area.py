"""What a library area declares (`AREA = Area(...)` in its module; `sema/areas.py` is the
registry that lists them and dispatches to them, and says what each hook does)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Optional


@dataclass(frozen=True)
class Area:
    name: str
    types: frozenset = frozenset()          # library type names (not templates)
    templates: frozenset = frozenset()      # library templates: `NAME <` starts a template-id
    named_type: Optional[Callable] = None
    template_type: Optional[Callable] = None
    owns: Optional[Callable] = None
    construct: Optional[Callable] = None
    method: Optional[Callable] = None
    static_call: Optional[Callable] = None


def names(text: str) -> frozenset:
    return frozenset(text.split())


#: (valid C++ amppy lacks), not `undeclared` (docs/coverage.md says what is there).
#: Standard C, C++ and Win32 names amppy does not translate yet: using one is `unsupported`
STD_NAMES = frozenset("""
    parallel_for parallel_invoke parallel_transform parallel_reduce parallel_sort parallel_buffered_sort
    parallel_radixsort task_group structured_task_group combinable critical_section reader_writer_lock
    concurrent_vector concurrent_queue create_task when_all when_any make_task send receive asend
    malloc calloc realloc free memcpy memset memmove memcmp strcpy strncpy strcat
    strlen strcmp strncmp strchr strstr strtol strtoul strtod exit abort atexit
    getenv system difftime getchar putchar puts gets fopen fclose fread fwrite fgets
    fputs fprintf fscanf sscanf sprintf snprintf scanf qsort bsearch abs labs div
    generate_n copy_n
    partial_sum adjacent_difference
    minmax_element swap unique remove remove_if
    lower_bound upper_bound binary_search random_shuffle shuffle
    make_pair
    make_unique make_shared move forward distance begin end
    GetLogicalProcessorInformation GetLogicalProcessorInformationEx GetModuleFileName GetModuleFileNameA
    GetModuleFileNameW CreateThread WaitForSingleObject WaitForMultipleObjects CloseHandle CreateEvent
    SetEvent ResetEvent InitializeCriticalSection EnterCriticalSection LeaveCriticalSection
    DeleteCriticalSection GetComputerName FormatMessage LocalFree VirtualAlloc VirtualFree
""".split())


def not_yet(a, name: str, namespace, span, known=STD_NAMES) -> None:
    """Report a standard library name amppy does not translate yet as `unsupported`: one in
    `std::`, or one of the `known` library names (functions, or the lexer's library types)."""
    if tuple(namespace)[:1] == ("std",) or name in known:
        qualified = "::".join(tuple(namespace) + (name,))
        a.unsupported(f"'{qualified}' is", span,
                      "docs/coverage.md lists the parts of the standard library amppy translates")
