"""The Python name of every C++ name: one rule, used by sema for every entity.

C++ names are kept in generated Python wherever that is safe.  A name is
*reserved* when, written as itself, it could change what the generated module
does: a Python keyword or soft keyword, a builtin (`breakpoint`, `exit`,
`print`, `compile`, `range`, ...), a dunder, a name the generated module imports
from `amppy.runtime` or from its backend prelude (`np`, `cuda`, `prange`, ...),
or a name of the shape amppy gives its own generated definitions (`main_kernel`,
`f_device`, `S_record`, `main_kernel_part2`, ...).

A name is mangled when its *base* (the name without a tail of `_` and `_<digits>`
groups) is reserved: a name not ending in `_` gets one appended, a name ending in
`_` gets `1`: `sum` -> `sum_`, a user's own `sum_` -> `sum_1`, `sum_1` -> `sum_1_`.
The rule is injective (two different C++ names never get the same Python name,
and a mangled name keeps a reserved base, so it is never an unmangled user name)
and needs no state, so it holds in any scope, on any target.  It never makes a
pair `x_`/`x__`, which Numba's parallel lowering cannot tell apart.  Generated names (kernels,
device copies, records, temporaries) are made by appending to already
mangled names and never pass through this rule.

Struct fields have their own namespace (attributes): their reserved set is
Python's keywords plus every attribute the runtime's struct classes and numpy
records have (`copy`, `dtype`, `_rec`, ...) and every name starting with `_`.
"""
from __future__ import annotations

import builtins
import keyword
import re

_IDENT = re.compile(r"^[A-Za-z_][A-Za-z_0-9]*$")

#: What generated modules import or define besides `amppy.runtime.__all__`: the backend
#: preludes' modules and functions, numpy/numba scalar names, and fixed generated names.
PRELUDE_NAMES = frozenset("""
    np numpy numba njit prange cuda math sys os register_jitable float64 int8 int16 int64 uint8 uint16
    uint64 bool_ launch launch_cuda import_cuda atomic_add atomic_sub atomic_max atomic_min atomic_and
    atomic_or atomic_xor atomic_exch atomic_inc atomic_dec atomic_cas syncthreads threadfence self
    switch_value first_iteration Pointer array_pointer element_pointer element_pointer2 element_pointer3
    null_pointer pointer_address pointer_diff field_span rand_next rand_state
""".split())

#: `amppy.runtime.__all__` as of this version.  tests/test_names.py fails when the runtime
#: exports a name missing here, so the two cannot drift apart (importing the runtime here
#: would pull numpy and numba into `amppy check`).
RUNTIME_NAMES = frozenset("""
    BACKGROUND_BLUE BACKGROUND_GREEN BACKGROUND_INTENSITY BACKGROUND_RED COORD EOF FOREGROUND_BLUE
    FOREGROUND_GREEN FOREGROUND_INTENSITY FOREGROUND_RED GetStdHandle HANDLE SMALL_RECT STD_ERROR_HANDLE
    STD_INPUT_HANDLE STD_OUTPUT_HANDLE SetConsoleScreenBufferSize SetConsoleTextAttribute
    SetConsoleWindowInfo Sleep array array_view boolalpha carray cdiv cerr cformat check_tiled_domain cin
    clog cmod copy copy_async cout dec defaultfloat endl ends extent fflush fixed float32 flush fprintf
    fputc fputs getchar getline hex index int32 internal invalid_compute_domain launch_cpu left
    noboolalpha noshowpoint noshowpos nouppercase np_type oct out_of_range printf putchar puts
    register_device_hooks reset_console right run_main runtime_exception scientific setfill setprecision
    setw showpoint showpos ios_xalloc char_cstring std_out_of_range stderr stdout struct union_struct cpp_char HostObject user_iterator destroy_object tiled_extent to_dtype to_int to_int64 to_uint64 uint32
    int8 int16 int64 uint8 uint16 uint64 fdiv cround rand srand time clock texture texture_view
    access_type_none access_type_read access_type_write access_type_read_write access_type_auto
    out_of_memory unsupported_feature accelerator_view_removed
    ampmath sampling
    std_map std_multimap std_set std_multiset std_unordered_map std_unordered_multimap std_unordered_set
    std_unordered_multiset std_list std_forward_list std_deque std_queue std_stack std_priority_queue
    container_type std_less_key
    LARGE_INTEGER QueryPerformanceCounter QueryPerformanceFrequency GetTickCount atoi atol atoll atof
    SYSTEM_INFO GetSystemInfo GetNativeSystemInfo GetTickCount64 GetLastError SetLastError OutputDebugString
    OutputDebugStringA OutputDebugStringW MessageBox MessageBoxA MessageBoxW GetCurrentProcessId
    GetCurrentThreadId
    std_fill std_sort std_accumulate std_iota std_reverse std_count
    std_exception std_logic_error std_invalid_argument std_domain_error std_length_error
    std_runtime_error std_range_error std_overflow_error std_underflow_error std_bad_alloc cpp_exception
    chrono vector_type std_array memcpy memmove memset free flat element_address ptr_add ptr_diff ptr_equal ptr_not_equal ptr_compare ptr_reinterpret
    npos str_at str_set str_substr str_find str_rfind str_find_first_of str_find_last_of str_compare
    str_erase str_insert str_replace str_resize str_repeat str_begin str_end str_range to_string stoi stol stoll stoul stoull stof
    stod stold std_sort_by std_find std_find_if std_count_if std_all_of std_any_of std_none_of
    std_for_each std_for_each_ref ppl_parallel_for std_copy_pointers std_generate std_transform std_transform2 std_copy std_equal std_replace std_fill_n
    std_min_element std_max_element std_inner_product std_less std_greater std_less_equal
    std_greater_equal std_equal_to std_not_equal_to std_remove_if std_remove std_mismatch std_accumulate_by std_plus std_minus std_multiplies
    mt19937 mt19937_64 default_random_engine minstd_rand minstd_rand0 random_device
    uniform_int_distribution uniform_real_distribution normal_distribution bernoulli_distribution
    generate_canonical set_msstl_update get_msstl_update
    uppercase vector wcout
    ios ios_base ostringstream istringstream stringstream wostringstream wistringstream wstringstream
    ofstream ifstream fstream remove
    accelerator accelerator_view queuing_mode_automatic queuing_mode_immediate check_launch_view
    critical_section critical_section_scoped_lock improper_lock improper_unlock concurrent_queue
""".split())

RESERVED = (frozenset(keyword.kwlist) | frozenset(keyword.softkwlist) | frozenset(dir(builtins))
            | PRELUDE_NAMES | RUNTIME_NAMES)

#: Suffixes amppy gives generated module-level definitions (`main_kernel2`, `f_device`, ...).
_GENERATED_SHAPE = re.compile(r".*_(kernel\d*|thread\d*|part\d*|device|record|checks)$")

#: Attributes of the runtime's struct classes and of numpy records (see runtime/containers.py).
FIELD_RESERVED = frozenset(keyword.kwlist) | frozenset(keyword.softkwlist) | frozenset("""
    copy assign dtype from_record to_record fields item view getfield setfield tolist
""".split())


_TAIL = re.compile(r"(_\d*)+$")


def _base(name: str) -> str:
    return _TAIL.sub("", name) or name


def _mangled(name: str) -> str:
    return name + ("1" if name.endswith("_") else "_")


def is_reserved(name: str) -> bool:
    base = _base(name)
    return base in RESERVED or name.startswith("__") or bool(_GENERATED_SHAPE.match(base))


def python_name(name: str) -> str:
    """The Python identifier of a C++ identifier (module, function or kernel scope)."""
    if not _IDENT.match(name):
        raise ValueError(f"not an identifier: {name!r}")
    return _mangled(name) if is_reserved(name) else name


def field_name(name: str) -> str:
    """The Python attribute name of a C++ struct field."""
    if not _IDENT.match(name):
        raise ValueError(f"not an identifier: {name!r}")
    base = _base(name)
    return _mangled(name) if base in FIELD_RESERVED or name.startswith("_") else name


#: The Python spelling of each overloadable operator (`operator+` -> `op_add`).
OPERATORS = {
    "+": "add", "-": "sub", "*": "mul", "/": "div", "%": "mod", "==": "eq", "!=": "ne", "<": "lt",
    ">": "gt", "<=": "le", ">=": "ge", "+=": "iadd", "-=": "isub", "*=": "imul", "/=": "idiv",
    "%=": "imod", "[]": "getitem", "()": "call", "=": "assign", "<<": "shl", ">>": "shr", "!": "not",
    "~": "invert", "++": "inc", "--": "dec", "&&": "and", "||": "or", "&": "bitand", "|": "bitor",
    "^": "xor", "->": "arrow", "<<=": "ishl", ">>=": "ishr", "&=": "iand", "|=": "ior", "^=": "ixor",
}


def free_py_name(name: str, operands: int = 2) -> str:
    """The Python name of a function named `name` (`operator*` -> `op_mul`, unary `operator-`
    -> `op_neg`) with `operands` operands."""
    if not name.startswith("operator"):
        return name
    op = name[len("operator"):]
    if operands == 1 and op in ("-", "+"):
        return "op_neg" if op == "-" else "op_pos"
    return "op_" + OPERATORS[op]


#: the set-up call of a CUDA translation that lists the accelerators (codegen/cuda.py writes it;
#: `amppy run` looks for it to start every GPU's set-up before the module's imports)
EVERY_GPU_INSTALL = "launch_cuda.install(every_gpu=True)"
