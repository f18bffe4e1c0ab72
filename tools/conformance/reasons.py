"""Which amppy diagnostics answer the MSVC errors that the C++ AMP conformance suite expects.

A negative test of the suite names the Visual C++ error(s) it expects in `//#Expects:` lines
(`error C3581`, ...). amppy has its own diagnostic codes (docs/diagnostics.md); a rejection counts
as "for the right reason" when amppy's first error has one of the codes this table maps the test's
MSVC code(s) to.

`REASONS[msvc_code] = (what the MSVC error means, amppy codes for the same rule)`.

Rules of the table:
- an amppy code is listed only when its meaning is the rule the MSVC error enforces, as the
  suite's tests use that error (several MSVC errors come out of <amp.h> itself: C2338 is a
  static_assert of the library, C2228/C2248 are what a private or ill-formed library member gives);
- `unsupported` is never listed: amppy saying "X is not supported yet" is not a rejection;
- `syntax-error` only for MSVC errors that are themselves parse errors of the declaration.
"""

from __future__ import annotations

# amppy codes used together by several MSVC errors: a call, construction or conversion that the
# types (rank, element type, constness, arity) do not allow.
_CONVERSION = frozenset({
    "type-mismatch", "no-matching-function", "ctor-args", "call-args", "ref-binding",
    "elem-mismatch", "rank-mismatch", "not-assignable",
})
# The checks <amp.h> makes with static_assert; amppy reports each with its own code.
_LIBRARY_ASSERT = frozenset({
    "static-assert", "template-args", "rank-mismatch", "elem-mismatch", "ctor-args", "call-args",
    "no-matching-function", "no-member", "not-assignable", "amp-tile-shape", "amp-restrict",
    "amp-capture",
})


def _c(*codes: str) -> frozenset[str]:
    return frozenset(codes)


REASONS: dict[str, tuple[str, frozenset[str]]] = {
    "C2039": ("'name' is not a member of the type (also a barrier on an untiled index)", _c("no-member", "amp-barrier-context")),
    "C2059": ("syntax error: unexpected token", _c("syntax-error")),
    "C2065": ("undeclared identifier", _c("undeclared")),
    "C2088": ("operator not defined for the class operands", _c("no-matching-function", "type-mismatch", "rank-mismatch")),
    "C2118": ("negative subscript: an array bound or container rank below zero", _c("bad-array-size", "rank-mismatch", "template-args")),
    "C2146": ("syntax error: missing token before identifier", _c("syntax-error", "unknown-type")),
    "C2177": ("constant too big for its type (a literal out of range)", _c("amp-restrict")),
    "C2228": ("left of '.member' must have class type (in <amp.h>: a read-write view of const data)", _c("no-member", "elem-mismatch", "ctor-args", "no-matching-function", "type-mismatch")),
    "C2248": ("cannot access private member (the private default constructor of a library type)", _c("no-default-ctor", "ctor-args")),
    "C2338": ("static_assert failed (a check of <amp.h>: rank, arity, element type, tile size, constness)", _LIBRARY_ASSERT),
    "C2440": ("cannot convert from one type to another", _CONVERSION | _c("amp-restrict")),
    "C2446": ("no conversion between the operand types of a conditional or comparison", _c("type-mismatch", "no-matching-function")),
    "C2448": ("function-style initializer appears to be a function definition (misplaced restrict)", _c("syntax-error")),
    "C2512": ("no appropriate default constructor available", _c("no-default-ctor", "ctor-args", "no-matching-function")),
    "C2528": ("pointer to reference is illegal (a container of references)", _c("template-args", "type-mismatch")),
    "C2530": ("a reference must be initialized", _c("ref-binding")),
    "C2535": ("member function already defined or declared", _c("redefinition")),
    "C2558": ("no copy constructor available or it is explicit", _c("deleted-copy", "no-matching-function", "ctor-args")),
    "C2582": ("'operator =' is unavailable", _c("deleted-copy", "not-assignable", "no-matching-function")),
    "C2661": ("no overloaded function takes that number of arguments", _c("ctor-args", "call-args", "no-matching-function")),
    "C2664": ("cannot convert an argument to the parameter type", _CONVERSION),
    "C2665": ("no overload could convert all the argument types", _CONVERSION),
    "C2668": ("ambiguous call (in <amp.h>: concurrency::copy between mismatched ranks, element types, into const)", _c("ambiguous-call", "type-mismatch", "elem-mismatch", "rank-mismatch", "not-assignable")),
    "C2678": ("binary operator: no operator takes a (const) left operand of that type", _c("not-assignable", "no-matching-function", "type-mismatch")),
    "C2679": ("binary operator: no operator takes a right operand of that type", _CONVERSION),
    "C2733": ("second C linkage of an overloaded function is not allowed", _c("redefinition", "multiple-definition")),
    "C2774": ("no 'put' method is associated with the property (assignment to a read-only property)", _c("not-assignable")),
    "C2785": ("overloads selected by restriction have different return types", _c("ambiguous-call", "redefinition", "amp-restrict")),
    "C2973": ("invalid template argument (a container nested in a container)", _c("template-args", "static-assert")),
    "C3409": ("empty attribute block is not allowed (restriction misplaced in a lambda declarator)", _c("syntax-error", "bad-specifier")),
    "C3490": ("member cannot be modified: it is accessed through a const object", _c("not-assignable")),
    "C3556": ("incorrect argument to 'decltype' (an overloaded function name)", _c("ambiguous-call", "type-mismatch")),
    "C3561": ("tile barrier or tile_static declaration in control flow that is not tile-uniform", _c("amp-barrier-divergent", "amp-tile-static-context")),
    "C3574": ("tile size exceeds the limit (more than 1024 threads per tile)", _c("amp-tile-shape")),
    "C3581": ("unsupported type in amp-restricted code", _c("amp-restrict", "amp-capture", "amp-tile-static-type")),
    "C3584": ("tile_static not allowed here (initializer, pointer/reference type, non-amp function, non-variable)", _c("amp-tile-static-init", "amp-tile-static-type", "amp-tile-static-context", "bad-specifier")),
    "C3586": ("global or static variable used in amp-restricted code", _c("amp-restrict")),
    "C3587": ("dynamic_cast in amp-restricted code", _c("amp-restrict")),
    "C3588": ("cast between pointer and integer in amp-restricted code", _c("amp-restrict")),
    "C3589": ("string literal in amp-restricted code", _c("amp-restrict")),
    "C3590": ("by-reference or 'this' capture in an amp-restricted lambda", _c("amp-capture")),
    "C3591": ("typeid in amp-restricted code", _c("amp-restrict")),
    "C3593": ("goto in amp-restricted code", _c("amp-restrict")),
    "C3594": ("exception handling (try/throw/exception specification) in amp-restricted code", _c("amp-restrict")),
    "C3595": ("constant out of the range amp-restricted code supports", _c("amp-restrict")),
    "C3596": ("lambda captures a variable of a type amp-restricted code does not support", _c("amp-capture", "amp-restrict")),
    "C3597": ("concurrency::array captured by value in an amp-restricted lambda", _c("amp-capture")),
    "C3599": ("pointer arithmetic on a pointer to bool in amp-restricted code", _c("amp-restrict")),
    "C3646": ("unknown override specifier (misplaced restrict)", _c("syntax-error", "bad-specifier")),
    "C3892": ("cannot assign to a variable that is const", _c("not-assignable")),
    "C3930": ("no overload has restriction specifiers compatible with the calling context", _c("amp-restrict", "amp-barrier-context", "amp-definition-elsewhere")),
    "C3931": ("call of a function whose restriction specifiers are incompatible with the caller", _c("amp-restrict")),
    "C3933": ("destructor restriction does not cover the constructors' restrictions", _c("amp-restrict", "bad-specifier")),
    "C3935": ("overloads (or destructors) whose restriction specifiers overlap", _c("redefinition", "amp-restrict")),
    "C3936": ("unrecognized restriction specifier", _c("bad-specifier", "syntax-error")),
    "C3938": ("restriction specifiers not allowed on an extern \"C\" function", _c("bad-specifier", "amp-restrict")),
    "C3939": ("pointer or reference to an amp-restricted function", _c("amp-restrict", "amp-capture")),
    "C4430": ("missing type specifier, int assumed (misplaced restrict)", _c("syntax-error", "unknown-type")),
}


def answers(msvc_codes: frozenset[str] | set[str] | tuple[str, ...]) -> frozenset[str]:
    """The amppy codes that answer any of these MSVC codes (unknown codes contribute none)."""
    out: set[str] = set()
    for code in msvc_codes:
        entry = REASONS.get(code)
        if entry is not None:
            out |= entry[1]
    return frozenset(out)


#: Negative tests whose `//#Expects:` line numbers do not point at the code the error is about
#: (the file was edited after the Expects lines were written), with the lines the reason is on in
#: the suite at hcc fb91003 and why.  The runner checks amppy's first error against these lines
#: instead; the code it must have is still the Expects line's.  Every entry is a test read by hand.
STALE_LINES: dict[str, tuple[tuple[int, ...], str]] = {
    "2_Cxx_Lang_Exte/2_x_general/Functions/Negative/DefaultArguments/Test.01":
        ((22,), "expects line 16 (int foo() restrict(cpu)); the call boo1() whose default argument binds "
                "foo's cpu overload in amp code is on line 22, 6 lines below (as in Test.03)"),
    "2_Cxx_Lang_Exte/2_x_general/Functions/Negative/DefaultArguments/Test.03":
        ((23,), "expects line 17 (a blank line); the call poo() whose default argument binds foo's amp "
                "overload in cpu code is on line 23, 6 lines below"),
    "2_Cxx_Lang_Exte/2_x_general/Functions/Negative/DefaultArguments/Test.05":
        ((19,), "expects line 13 (using namespace); the call foo() whose default argument calls a "
                "restrict(cpu) lambda in amp code is on line 19, 6 lines below (as in Test.01, Test.03)"),
    "2_Cxx_Lang_Exte/2_4_amp_Rest_Modi/2_4_3_Rest_on_Func_Scop/2_4_3_5_Loca_Decl/2_4_3_5_1_tile_stat_Vari/"
    "Tile_static_Parameterized_Constructor":
        ((23,), "expects line 26 (int main()); the tile_static declaration with a constructor's "
                "arguments is on line 23"),
    "8_Corr_Sync_Cxx_AMP_Prog/8_1_Conc_of_sibl_thre/8_1_1_Corr_usag_of_tile_barr/Negative/Test.06":
        ((19, 20, 21), "expects lines 19-20 (the signature and brace of foo, a restrict(cpu) function); "
                       "the barrier wait the test is about is on line 21, the function's body"),
}
