"""The lexer hack: tell type names from other names while the tokens stream by.

C++ cannot be parsed without knowing which names are types.  `TypeNames` is a
Lark postlexer that sits between a lexer and the LALR parser and retypes each
NAME token: a keyword the contextual lexer took for a name, `TYPE_NAME` (the
library's types, and the structs, enums, typedefs and aliases the program
declares), `TEMPLATE_NAME` (a library template, or a member template, followed
by `<`) or `NS_NAME` (a name followed by `::`); it also splits the `>>` that
closes two template argument lists.  Tokens in, the same tokens (retyped) out, except that
the program's own namespaces are one scope to amppy: `util::` before a name is dropped (a
name the program declares in two namespaces is reported by sema), and a namespace alias
(`namespace amp = concurrency;`) reads as the namespace it names.

The library's type and template names are not listed here: the library areas declare them
(`amppy.sema.areas`), and the driver hands them to `parse` with the text (plain data: the parse
stage sits below sema and imports none of it).

`amppy.parse.parser` uses it on both parse paths: as Lark's postlexer, and over
`amppy.parse.lalr.Lexer`'s tokens on the fast path.
"""
from __future__ import annotations

import re

from lark import Token

#: Library templates whose argument is a function type: `std::function<int(int)>`.
FUNCTION_TYPE_TEMPLATES = frozenset({"function"})

#: <chrono> types, type names only right after `chrono::` (a program's `int seconds` stays a name).
CHRONO_TYPES = frozenset("""
    nanoseconds microseconds milliseconds seconds minutes hours steady_clock high_resolution_clock
    system_clock
""".split())

#: Member types of a container: type names after any `X::` (`std::vector<int>::iterator`,
#: `InIt::value_type`, `Row::iterator` of a typedef).
CONTAINER_MEMBER_TYPES = frozenset("""
    iterator const_iterator size_type value_type difference_type reference const_reference
""".split())

#: Member types of library classes, type names right after `>::` or `_clock::`: those of the
#: containers, and `std::chrono::steady_clock::time_point`.
NESTED_TYPES = CONTAINER_MEMBER_TYPES | {"time_point", "duration", "rep"}

#: Member templates, template-ids only after `.`/`->`: `e.tile<2, 3>()`.
MEMBER_TEMPLATES = frozenset({"tile", "reinterpret_as", "sample", "gather_red", "gather_green", "gather_blue",
                              "gather_alpha"})

_BUILTIN_TYPE_TOKENS = frozenset(
    "INT UNSIGNED SIGNED SHORT LONG CHAR FLOAT DOUBLE BOOL VOID WCHAR_T AUTO TYPE_NAME".split())
_SPACE = re.compile(r"\s*")
#: what follows a type in a declaration: a name, `*` or `&` and a name
_DECLARED_NEXT = re.compile(r"\s*[*&]*\s*[A-Za-z_]")
_NESTED_SCOPE = re.compile(r"(>|_clock)\s*::\s*$")      # what a member type of a library class follows
_CHRONO_SCOPE = re.compile(r"\bchrono\s*::\s*$")
_ITERATOR_BASE = re.compile(r"(?:[:,]|\bpublic|\bprotected|\bprivate)\s*(?:::\s*)?std\s*::\s*$")
#: the member types a class derived from `std::iterator<...>` has (sema/traits.py's iterator_base)
ITERATOR_MEMBER_TYPES = ("iterator_category", "value_type", "difference_type", "pointer", "reference")
_PLAIN_TYPENAME = re.compile(r"\s+[A-Za-z_]\w*\s*[,>]")     # `typename T` closing a template argument
# `<int, 1>(` after a name: explicit template arguments of a call (one nested `<...>` at most)
_EXPLICIT_CALL = re.compile(r"\s*<(?![<=])[^;{}()<>]*(?:<[^;{}()<>]*>[^;{}()<>]*)*>\s*\(")
# the library's function templates a program may call with explicit arguments (`copy<int, 1>(a, b)`)
_EXPLICIT_LIBRARY_CALLS = frozenset({"copy", "copy_async"})

#: The tokens that move the postlexer's state (template brackets, typedefs, scopes).
_BOOKKEEPING = frozenset({"LT", "GT", "SHR", "TYPEDEF", "SEMICOLON", "LBRACE", "RBRACE", "LPAR", "RPAR"})

#: Tokens after which a name is being declared (`int index`, `float* array`, `const T& index`).
_DECLARATOR_PREV = _BUILTIN_TYPE_TOKENS | {"STAR", "AMP", "ANDAND", "CONST", "GT"}


#: What follows the name a declarator declares (`int norm = 2;`, `(float norm)`, `int norm[4]`, a
#: function `int norm(...)`), after a type; after `*`, `&`, `>` or `const` not `(` (`a * norm(x)`).
_AFTER_DECLARATOR = frozenset("=;,)[({:")
_AFTER_VARIABLE = frozenset("=;,)[{:")
#: what a variable named like a library type follows (after `const` alone a name is a type:
#: `const float_4`)
_VARIABLE_PREV = _DECLARATOR_PREV - {"CONST"}


#: What a restriction specifier follows: a function declarator's or lambda's `)` (or `[...]`),
#: its cv- and ref-qualifiers, `mutable`; elsewhere `restrict` is a name (C++ AMP's contextual keyword)
_BEFORE_RESTRICT = frozenset({"RPAR", "RSQB", "CONST", "VOLATILE", "MUTABLE", "AMP", "ANDAND", "NOEXCEPT"})


class _Shadows:
    """The library names (templates, types) that the program declares as variables, block by block.

    A declaration hides the template until the block that holds it closes.  A name
    declared in parentheses (a parameter, a for-init) belongs to the block that
    follows, or ends at the `;` of a prototype or of an unbraced for body."""
    __slots__ = ("live", "scopes", "pending", "paren_stack", "parens")

    def __init__(self):
        self.live: dict[str, int] = {}      # library name -> live declarations
        self.scopes: list[list[str]] = [[]]  # per open block: the names declared in it
        self.pending: list[str] = []        # declared in parentheses: for the block that follows
        self.paren_stack: list[int] = []    # paren depth saved at each '{'
        self.parens = 0

    def declare(self, name: str) -> None:
        self.live[name] = self.live.get(name, 0) + 1
        (self.pending if self.parens else self.scopes[-1]).append(name)

    def follow(self, t: str) -> None:
        """Track one bookkeeping token's effect on parentheses and blocks."""
        if t == "LPAR":
            self.parens += 1
        elif t == "RPAR":
            self.parens = max(self.parens - 1, 0)
        elif t == "LBRACE":
            self.paren_stack.append(self.parens)
            self.parens = 0
            self.scopes.append(self.pending)    # parameters and for-init names live in the body
            self.pending = []
        elif t == "RBRACE" and self.paren_stack:
            self.parens = self.paren_stack.pop()
            for name in self.scopes.pop():
                self.live[name] -= 1
        elif t == "SEMICOLON" and not self.parens and self.pending:
            for name in self.pending:           # a prototype, or the end of an unbraced for body
                self.live[name] -= 1
            self.pending = []


def _split_shr(tok):
    """The two `>` tokens of a `>>` that closes two template argument lists."""
    first = Token("GT", ">", tok.start_pos, tok.line, tok.column, tok.line,
                  tok.column + 1, tok.start_pos + 1)
    second = Token("GT", ">", tok.start_pos + 1, tok.line, tok.column + 1, tok.line,
                   tok.column + 2, tok.start_pos + 2)
    return first, second


#: After `(`: a function declarator's `*`, `&` or `C::*`.
#: After `T name(`: an expression's start (group 1), or a qualified name (2) and what follows it (3).
_PAREN_START = re.compile(r"\s*(?:([0-9'\"!~&(+\-]|\.[0-9])|((?:\w+\s*::\s*)*\w+)\s*(\w+|\S?))")
_TYPE_WORDS = frozenset("const volatile struct class union enum typename unsigned signed int short long char "
                        "float double bool void wchar_t auto decltype".split())
#: what follows the `)` of a function declarator's parameters: a function specifier
_FN_SPECIFIER_NEXT = re.compile(r"(?:restrict|throw|noexcept|const|volatile|override|final)\b|->|&")
#: the start of a function declaration's first parameter: none, `void)`, `...`, or a type (its
#: words) followed by a declarator's start (a name, `*`, `&`, `[`) or the parameter's end
_FIRST_PARAM = re.compile(r"\s*(?:(\)|void\s*\)|\.\.\.)|((?:\w+\s*::\s*)*\w+)(?:\s*<[^;{}()]*>)?\s*(?=[\w*&\[,)]|\(\s*[*&]*\s*\w+\s*\)))")
#: after the name of `typedef int (F)(int);`: its `)` and the function's parameters
_PARENTHESISED_NAME = re.compile(r"\s*\)\s*\(")
_VEXING_PARAM = re.compile(r"\s*\(")
_FN_POINTER = re.compile(r"\s*(?:[*&]|(?:\w+\s*::\s*)+\*)")
#: After `(`: a function type's parameters (none, or starting with a type's word).
_FN_PARAMS = re.compile(r"\s*(?:\)|\.\.\.|(?:const|volatile|struct|class|enum|typename|unsigned|signed|int|"
                        r"short|long|char|float|double|bool|void|wchar_t|auto)\b|(\w+)\s*(::)?)")

_TEMPLATE_HEAD = re.compile(r"\btemplate\s*<")
_ALIAS_TEMPLATE = re.compile(r"\s*using\s+(\w+)\s*=")
_TEMPLATE_PARAM = re.compile(r"\s*(?:class|typename)\s+(\w+)\s*[,>=]")
_DECLARED = re.compile(r"(?:\b(?:struct|class)\s+(\w+)\s*[<:{;])|(?:(\w+)\s*(?:<[^;{()]*>\s*)?\()")


def _template_names(text: str) -> set:
    """The names of every template the text declares: after `template<...>`, a class's name or
    the name before a function's `(` (a function template may be used, in another template,
    before its definition: `details::GetDelimiter<T>()`)."""
    names = set()
    for m in _TEMPLATE_HEAD.finditer(text):
        depth, i = 1, m.end()
        while i < len(text) and depth:          # the header's closing '>'
            c = text[i]
            depth += (c == "<") - (c == ">")
            i += 1
        end = min((k for k in (text.find("{", i), text.find(";", i)) if k >= 0), default=len(text))
        alias = _ALIAS_TEMPLATE.match(text, i) or _TEMPLATE_PARAM.match(text, i)
        if alias is not None:                   # `template<class T> using Vec = std::vector<T>;`,
            names.add(alias.group(1))           # `template<template<typename, int> class C>`
            continue
        d = _DECLARED.search(text, i, end + 1)
        if d is not None and (d.group(1) or d.group(2)) not in ("operator", "template"):
            names.add(d.group(1) or d.group(2))
    return names


class TypeNames:
    """Postlexer: NAME -> TYPE_NAME / TEMPLATE_NAME / keyword, one token at a time.

    It never buffers tokens (the contextual lexer lexes with the parser's
    current state), and looks ahead in the *text* for a following `<`.

    A library template name that the program declares as a variable (`int
    index = 0;`, a parameter `int array`) is an ordinary name until the block
    that declared it closes, so `index < n` stays a comparison.  A name after
    `.`/`->` is a member, never a library template (`d.index < n`), except the
    member templates (`e.tile<2, 3>()`).
    """
    always_accept = ("NAME", "LPAR")       # LPAR: the postlexer makes DECL_LPAR of some

    def __init__(self, keywords: dict[str, str]):
        self.keywords = keywords        # keyword text -> terminal name
        self.text = ""
        self.types: set = set()
        #: the library's type and template names (`sema.areas.lexer_names()`, given to `parse`)
        self.library_types: frozenset = frozenset()
        self.library_templates: frozenset = frozenset()

    def _next_char(self, pos: int) -> str:
        m = _SPACE.match(self.text, pos)
        end = m.end()
        return self.text[end] if end < len(self.text) else ""

    def _prev_char(self, pos: int) -> str:
        """The character before `pos`, skipping white space."""
        k = pos - 1
        while k >= 0 and self.text[k] in " \t\r\n":
            k -= 1
        return self.text[k] if k >= 0 else ""

    def process(self, stream):
        """The tokens of `stream`, retyped, with `const static` read as `static const` (both the
        fast path and Lark's parser call this)."""
        return _storage_first(self._declarator_parens(self._retyped(stream)))

    def _declarator_parens(self, stream):
        """The tokens of `stream`, with DECL_LPAR for a `(` after a type that opens a function
        declarator's parentheses (`int (*f)(int)`, `(int (&)(int))g`, `int (C::*pm)(int)`: the
        parenthesis holds `*`, `&` or `C::*` and is followed by a parameter list) or, in a
        template argument list or an alias declaration, a function type's parameters
        (`T<bool() restrict(cpu)>`, `using F = int(int);`).  Elsewhere `int(*p)`, `(*f)(x)` stay
        expressions."""
        type_end = False                    # the last token (past `*`, `&`, const) ends a type
        brackets: list[str] = []            # open '(', '{', '<' (template), 'f' (std::function<),
                                            # 'd' (the parenthesis of decltype)
        closed = None                       # the bracket the last `)` closed
        alias = 0                           # `using N =`: 1 after using, 2 after N, 3 after =
        last = None
        named = False                       # the last token is a name right after a type
        listed = False                      # the last token is a name right after a comma
        qualifier = False                   # the last token is `S` or `S::` right after a type
        qualified = False                   # the last token is the name of `T S::name` (no brackets open)
        for tok in stream:
            tt = tok.type
            if tt == "TYPENAME" and brackets[-1:] == ["<"] and _PLAIN_TYPENAME.match(self.text, tok.end_pos):
                continue                    # Visual C++'s `std::iterator<tag, typename T, int>`: `T`
            if tt == "LPAR":
                if type_end and self._declarator_paren(tok.end_pos, brackets[-1:] == ["<"] or alias == 3):
                    tok.type = "DECL_LPAR"
                elif named and "(" not in brackets and "d" not in brackets and "<" not in brackets:
                    if self._initializer_paren(tok.end_pos):
                        tok.type = "INIT_LPAR"
                    elif self._function_paren(tok.end_pos):
                        tok.type = "FN_LPAR"
                elif qualified and not brackets and self._initializer_paren(tok.end_pos):
                    tok.type = "INIT_LPAR"      # `array<int, 1> S::a(10);`: a static member's definition
                elif listed and "(" not in brackets and "d" not in brackets and "<" not in brackets \
                        and not self._initializer_paren(tok.end_pos) and self._function_paren(tok.end_pos, False):
                    tok.type = "FN_LPAR"        # `int a = 1, f(int);`: a function among the declarators
                brackets.append("d" if last == "DECLTYPE" else "(")
            elif tt in ("RPAR", "RBRACE"):
                openers = "(d" if tt == "RPAR" else "{"
                closed = None
                if any(b in openers for b in brackets):
                    while (closed := brackets.pop()) not in openers:
                        pass
            elif tt == "LBRACE":
                brackets.append("{")
            elif tt == "LT" and last in ("TEMPLATE_NAME", "FN_TEMPLATE_NAME"):
                brackets.append("<" if last == "TEMPLATE_NAME" else "f")
            qualified = tt == "NAME" and last == "SCOPE" and qualifier
            qualifier = tt == "NS_NAME" and type_end or tt == "SCOPE" and qualifier
            named = tt == "NAME" and type_end
            listed = tt == "NAME" and last == "COMMA"
            if tt in _BUILTIN_TYPE_TOKENS:
                type_end = True
            elif tt == "GT" and brackets and brackets[-1] in "<f":
                brackets.pop()
                type_end = True             # `vector<int> (*f)()`
            elif tt == "RPAR" and closed == "d":
                type_end = True             # `decltype(&f)(float)`: a function type
            elif tt not in ("STAR", "AMP", "ANDAND", "CONST", "VOLATILE"):
                type_end = False
            if tt == "USING":
                alias = 1
            elif alias == 1:
                alias = 2 if tt in ("NAME", "TYPE_NAME") else 0
            elif alias == 2:
                alias = 3 if tt == "EQ" else 0
            elif tt == "SEMICOLON":
                alias = 0
            last = tt
            yield tok

    def _assigned_or_ends(self, pos: int) -> bool:
        """The text after `pos` is `=` (not `==`) or `;`: what follows a declarator after a comma."""
        end = _SPACE.match(self.text, pos).end()
        return self.text[end:end + 1] == ";" or self.text[end:end + 1] == "=" and self.text[end + 1:end + 2] != "="

    def _opens_arguments(self, pos: int) -> bool:
        """The text after `pos` is `<` alone (not `<<`, `<=`, `<<=`)."""
        end = _SPACE.match(self.text, pos).end()
        return self.text[end:end + 1] == "<" and self.text[end + 1:end + 2] not in ("<", "=")

    def _in_std(self, scope) -> bool:
        """The `::` token `scope` follows `std` (`std::`, `::std::`)."""
        return self.text[max(0, scope.start_pos - 5):scope.start_pos].rstrip().endswith("std") and \
            not self.text[max(0, scope.start_pos - 5):scope.start_pos].rstrip()[:-3][-1:].isalnum()

    def _initializer_paren(self, pos: int) -> bool:
        """Whether the `(` that ends at `pos`, after `T name`, holds a constructor's arguments
        (`accelerator cpu(accelerator::cpu_accelerator);`, `vector<int> v(4, 0);`) rather than a
        function's parameters (`int f(int n)`, `S g(Item*)`, `T h()`): it starts with a literal or
        an operator, or with a name that is no type and no declaration follows."""
        m = _PAREN_START.match(self.text, pos)
        if m is None:
            return False
        if m.group(1):                      # a literal, `-x`, `!x`, `&x`, `(...)`
            return True
        words = m.group(2).replace(" ", "").split("::")
        if words[0] in _TYPE_WORDS or words[-1] in self.types:
            return False
        return m.group(3) not in ("<", "*", "&") and not m.group(3).isidentifier()

    def _closing_paren(self, pos: int) -> int:
        """The end of the `)` that closes the `(` ending at `pos` (looked for 4,000 characters)."""
        text = self.text
        depth, i, end = 1, pos, min(len(text), pos + 4000)
        while i < end and depth:
            c = text[i]
            depth += (c == "(") - (c == ")")
            i += 1
        return i

    def _function_paren(self, pos: int, vexing: bool = True) -> bool:
        """Whether the `(` that ends at `pos`, after `T name`, opens the parameters of a function
        declaration (C++'s most vexing parse: what can be a declaration is one).  Decided only where
        no initializer can be meant: a function specifier follows the `)` (`S f(int(a))
        restrict(cpu);`), or `;`/`,` follows parameters that are none or start with a type and a
        declarator (`int f(int);`, `S g(const T& t, int n);`, `S h();`, `S v(int(a));`, the last
        one only with `vexing`)."""
        text = self.text
        after = _SPACE.match(text, self._closing_paren(pos)).end()
        if _FN_SPECIFIER_NEXT.match(text, after):
            return True
        if text[after:after + 1] not in (";", ","):
            return False
        m = _FIRST_PARAM.match(text, pos)
        if m is None:
            return False
        if m.group(1) is not None:          # `()`, `(void)`, `(...)`
            return True
        if not vexing and _VEXING_PARAM.match(text, m.end()):
            return False
        words = m.group(2).replace(" ", "").split("::")
        return words[0] in _TYPE_WORDS or words[-1] in self.types

    def _declarator_paren(self, pos: int, function_types: bool) -> bool:
        """Whether the `(` that ends at `pos` (after a type) opens a function declarator's
        parentheses, or (with `function_types`) a function type's parameter list."""
        text = self.text
        m = _FN_POINTER.match(text, pos)
        if m is None:
            if not function_types:
                return False
            p = _FN_PARAMS.match(text, pos)
            if p is None or p.group(1) and p.group(1) not in self.types and not p.group(2):
                return False                # `T<int(N)>`: a value
        nxt = self._next_char(self._closing_paren(pos))
        if m is not None:
            return nxt == "(" or function_types and nxt == "["     # `T<int (&)[4]>`
        return nxt in (">", ",", ";", "r")  # `restrict(...)`, the end of the argument or alias

    def _retyped(self, stream):
        """The tokens of `stream`, retyped.  A hot loop (every token of the program passes
        through it), so the state lives in locals, and in `_Shadows` for the blocks."""
        types = self.types = set(self.library_types)    # (`_declarator_paren` reads it too)
        library_templates = self.library_templates
        prev = None
        in_typedef = False
        typedef_braces = 0                  # open braces of a typedef's struct body
        typedef_parens = 0                  # open parentheses of a typedef (`typedef int (*f)(int);`)
        typedef_named = False
        shadows = _Shadows()
        shadowed = shadows.live
        angles = 0                          # open template argument lists
        aliases: dict[str, str] = {}        # `namespace amp = concurrency;`: amp -> concurrency
        alias = None                        # [name, target] of the alias being declared
        own = set()                         # the program's namespaces: `util::` is dropped
        drop_scope = False
        user_templates = _template_names(self.text)     # names the program declares as templates
                                            # (also those a template uses before their definition)
        theader = -1                        # inside `template<...>`: its open angles; then 0
        naming = False                      # after a template header, until the name it declares
        header_end = None                   # the `>` that closed the last template header
        for tok in stream:
            tt = tok.type
            if tt == "RESTRICT" or tt == "NAME" and tok.value == "restrict":
                # `int restrict = 2;`: a keyword only after a declarator (C++ AMP's contextual keyword)
                tok.type = tt = "RESTRICT" if prev is not None and prev.type in _BEFORE_RESTRICT and \
                    self._next_char(tok.end_pos) == "(" else "NAME"
            if tt == "TEMPLATE" and self._next_char(tok.end_pos) == "<":
                theader, naming = 0, False
            elif theader >= 0:
                if tt == "LT":
                    theader += 1
                elif tt in ("GT", "SHR"):
                    theader -= 1 if tt == "GT" else 2
                    if theader <= 0:
                        theader, naming, header_end = -1, True, tok
            elif naming and tt in ("NAME", "TYPE_NAME") and self._next_char(tok.end_pos) in ("(", "{", ":", ";") \
                    and not self.text.startswith("::", _SPACE.match(self.text, tok.end_pos).end()):
                user_templates.add(tok.value)   # `template<...> T name(`, `template<...> struct Name {`
                naming = False
            elif naming and tt in ("LBRACE", "SEMICOLON"):
                naming = False
            if tt == "NAME" and tok.value in user_templates and self._next_char(tok.end_pos) == "<":
                tok.type = "TEMPLATE_NAME"      # a template of the program's: `f<float>(x)`, `Buf<int, 4>`
                prev = tok
                yield tok
                continue
            if drop_scope and tok.type == "SCOPE":
                drop_scope = False
                continue
            drop_scope = False
            if tok.type == "NAME" and tok.value in own and \
                    self.text.startswith("::", _SPACE.match(self.text, tok.end_pos).end()):
                drop_scope = True           # the program's namespaces are one scope (sema/classes.py)
                continue
            if tok.type == "NAME" and prev is not None and prev.type == "NAMESPACE" and \
                    self._next_char(tok.end_pos) == "{":
                own.add(tok.value)
                if tok.value in ("Concurrency", "concurrency"):     # one namespace, two spellings (<amp.h>)
                    own.update(("Concurrency", "concurrency"))
            if tok.type == "NAME":
                value = tok.value
                if value == "iterator" and prev is not None and prev.type == "SCOPE" and \
                        _ITERATOR_BASE.search(self.text, max(0, tok.start_pos - 40), tok.start_pos):
                    types.update(ITERATOR_MEMBER_TYPES)     # `: public std::iterator<...>`: its member types,
                                                            # which Visual C++ finds unqualified in a template
                kw = self.keywords.get(value)
                if kw is not None and value != "restrict":
                    tok.type = kw           # a keyword the contextual lexer took for a name
                elif self.text.startswith("::", _SPACE.match(self.text, tok.end_pos).end()):
                    tok.type = "NS_NAME"    # std::, concurrency::, Outer::
                    if value in aliases:    # a namespace alias reads as the namespace it names
                        tok.value = aliases[value]
                    if alias is not None:
                        alias[1] = tok.value
                elif prev is not None and prev.type == "NAMESPACE" and self._next_char(tok.end_pos) == "=":
                    alias = [value, None]
                elif alias is not None and alias[0] != value:
                    alias[1] = aliases.get(value, value)
                elif prev is not None and (prev.type in ("STRUCT_KW", "ENUM", "TYPENAME") or prev.type == "ELLIPSIS"
                                           and self.text[:prev.start_pos].rstrip().endswith(("typename", "class"))):
                    types.add(value)
                    tok.type = "TYPE_NAME"
                elif prev is not None and prev.type == "USING":
                    types.add(value)        # `using X = T;` declares X (the token stays a NAME)
                elif in_typedef and not typedef_braces and (
                        not typedef_parens and self._next_char(tok.end_pos) in (";", ",", "[")
                        or not typedef_parens and not typedef_named and self._next_char(tok.end_pos) == "("
                        or typedef_parens == 1 and not typedef_named and prev is not None
                        and (prev.type in ("STAR", "AMP") or prev.type == "LPAR" and _PARENTHESISED_NAME.match(
                            self.text, tok.end_pos)) and self._next_char(tok.end_pos) == ")"):
                    types.add(value)        # the name a typedef declares stays a NAME
                    typedef_named = True    # (`typedef int (*fn)(int x)`, `typedef int F(int x)`: not x)
                elif value in NESTED_TYPES and prev is not None and prev.type == "SCOPE" and (
                        _NESTED_SCOPE.search(self.text, max(0, tok.start_pos - 40), tok.start_pos)
                        or value in CONTAINER_MEMBER_TYPES and self._next_char(tok.end_pos) != "<"):
                    tok.type = "TYPE_NAME"      # vector<int>::iterator, steady_clock::time_point
                elif value == "type" and prev is not None and prev.type == "SCOPE" and \
                        self.text[max(0, prev.start_pos - 1):prev.start_pos] == ">" and \
                        _DECLARED_NEXT.match(self.text, tok.end_pos):
                    tok.type = "TYPE_NAME"      # `std::result_of<F(int)>::type y` (no `typename`)
                elif prev is not None and prev.type == "ARROW" and value in types and \
                        self._prev_char(prev.start_pos) == ")" and self._next_char(tok.end_pos) in "{<&*;":
                    tok.type = "TYPE_NAME"      # a trailing return type: `[&]() -> R { ... }`
                elif prev is not None and prev.type in ("DOT", "ARROW", "TEMPLATE"):
                    if (value in MEMBER_TEMPLATES or prev.type == "TEMPLATE") and self._next_char(tok.end_pos) == "<":
                        tok.type = "TEMPLATE_NAME"
                elif value in _EXPLICIT_LIBRARY_CALLS and not shadowed.get(value) and \
                        _EXPLICIT_CALL.match(self.text, tok.end_pos):
                    tok.type = "TEMPLATE_NAME"      # `concurrency::copy<int, 1>(src, dst)`
                elif prev is not None and prev.type == "SCOPE" and self._next_char(tok.end_pos) == "<" and (
                        value in ("min", "max") or value not in library_templates and self._in_std(prev)
                        and self._opens_arguments(tok.end_pos)):
                    tok.type = "TEMPLATE_NAME"      # `std::min<size_t>(a, b)` (a bare `min <` compares),
                                                    # `std::queue<int>`: in std, `name<` opens template arguments
                elif (value in library_templates or value in self.library_types) and prev is not None and prev.type == "COMMA" \
                        and self._assigned_or_ends(tok.end_pos):
                    shadows.declare(value)  # `int a = 1, index = 2;`: the next declarator of a declaration
                elif value in library_templates:
                    if self._next_char(tok.end_pos) == "<":
                        if (not shadowed.get(value) or prev is not None and prev.type == "SCOPE") and not (
                                prev is not None and prev.type in _BUILTIN_TYPE_TOKENS):
                            tok.type = ("FN_TEMPLATE_NAME" if value in FUNCTION_TYPE_TEMPLATES
                                        else "TEMPLATE_NAME")
                    elif prev is not None and prev.type in _DECLARATOR_PREV and prev is not header_end:
                        # `int index = 0;`, `(int array)`: a variable hides the template (not
                        # `template <typename U> pair(const pair<U>&)`: a constructor template)
                        shadows.declare(value)
                    elif value in types:
                        tok.type = "TYPE_NAME"      # the program's own `struct map`
                elif value in types and prev is not None and prev.type in _VARIABLE_PREV and not angles and \
                        self._next_char(tok.end_pos) in (_AFTER_DECLARATOR if prev.type in _BUILTIN_TYPE_TOKENS
                                                         else _AFTER_VARIABLE):
                    shadows.declare(value)  # `int norm = 2;`, `(float texture)`, `int k` where another
                                            # template's parameter is `typename k`: a variable hides the type
                elif value in types and not (prev is not None and prev.type in _BUILTIN_TYPE_TOKENS) and \
                        not shadowed.get(value):
                    tok.type = "TYPE_NAME"
                elif value in CHRONO_TYPES and prev is not None and prev.type == "SCOPE" and \
                        _CHRONO_SCOPE.search(self.text, max(0, tok.start_pos - 40), tok.start_pos):
                    tok.type = "TYPE_NAME"      # std::chrono::milliseconds
            t = tok.type
            if t not in _BOOKKEEPING:
                prev = tok
                yield tok
                continue
            if t == "LT" and prev is not None and prev.type in ("TEMPLATE_NAME", "FN_TEMPLATE_NAME", "TEMPLATE"):
                angles += 1
            elif t == "GT" and angles:
                angles -= 1
            elif t == "SHR" and angles >= 2:
                # `vector<index<1>>`: C++11 closes two template argument lists
                angles -= 2
                first, tok = _split_shr(tok)
                yield first
                prev, t = first, "GT"
            if t == "TYPEDEF":
                in_typedef, typedef_braces, typedef_parens, typedef_named = True, 0, 0, False
            elif in_typedef and t in ("LPAR", "RPAR"):
                typedef_parens += 1 if t == "LPAR" else -1
            elif in_typedef and t == "LBRACE" and prev is not None and prev.type in ("STRUCT_KW", "ENUM", "NAME", "TYPE_NAME"):
                typedef_braces += 1             # `typedef struct { ... } P;`: P is declared after the body
            elif in_typedef and t == "RBRACE" and typedef_braces:
                typedef_braces -= 1
            elif t in ("SEMICOLON", "LBRACE", "RBRACE") and not (typedef_braces and t == "SEMICOLON"):
                in_typedef = False
            if t == "SEMICOLON" and alias is not None:
                if alias[1] is not None:
                    aliases[alias[0]] = alias[1]    # `fast_math = concurrency::fast_math`: fast_math
                alias = None
            shadows.follow(t)
            prev = tok
            yield tok


_STORAGE = frozenset({"STATIC", "INLINE", "EXTERN", "CONSTEXPR"})


def _storage_first(tokens):
    """`const static int N = 4;` is `static const int N = 4;`: C++ takes the specifiers in any order,
    the grammar storage first."""
    pending = None
    for tok in tokens:
        if pending is not None:
            if tok.type in _STORAGE:
                yield tok
                continue
            yield pending
            pending = None
        if tok.type == "CONST":
            pending = tok
            continue
        yield tok
    if pending is not None:
        yield pending
