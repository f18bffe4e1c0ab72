"""The part of MSBuild's evaluation language that C++ project files use.

* `Properties`: case-insensitive property names; read-only (reserved and global) properties;
  a fallback for properties Visual Studio's own .props files would define (OutDir, TargetName...).
* `Expander.expand`: `$(Name)` property references (undefined -> ""), and `%(Name)` /
  `%(Type.Name)` item metadata where a metadata lookup is given.  Property functions
  (`$([System.IO.Path]::Combine(...))`, `$(Name.Replace(...))`) and registry lookups are not
  evaluated: they read as empty text, with a warning.  Values are kept escaped (`%3B`) until
  `split_list` / `unescape` turn them into plain text, as MSBuild does.
* `evaluate_condition`: `==`, `!=`, `<`, `>`, `<=`, `>=`, `and`, `or`, `!`, parentheses,
  `Exists('...')`, `HasTrailingSlash('...')`, `true` / `false`; keywords in any case.
"""
from __future__ import annotations

import re
from typing import Callable, NoReturn

from .model import ProjectError

MAX_VALUE = 1 << 20          # longest property / metadata value (guards against doubling bombs)
MAX_NESTING = 100            # deepest parenthesis / `!` nesting in a condition

_NAME = re.compile(r"\s*([A-Za-z_][A-Za-z0-9_\-]*)\s*")
_METADATA = re.compile(r"%\(\s*(?:([A-Za-z_][A-Za-z0-9_\-]*)\s*\.\s*)?([A-Za-z_][A-Za-z0-9_\-]*)\s*\)")
_ESCAPE = re.compile(r"%([0-9A-Fa-f]{2})")
_WORD = re.compile(r"[A-Za-z0-9_.\-+]+")
_TRUE = {"true", "on", "yes", "!false", "!off", "!no"}
_FALSE = {"false", "off", "no", "!true", "!on", "!yes"}

MetadataLookup = Callable[[str | None, str], str]


def unescape(text: str) -> str:
    """MSBuild's unescaping: `%3B` -> `;`, `%24` -> `$`, ..."""
    if "%" not in text:
        return text
    return _ESCAPE.sub(lambda m: chr(int(m.group(1), 16)), text)


def split_list(value: str) -> list[str]:
    """A `;`-separated MSBuild list: items trimmed, empty ones dropped, then unescaped."""
    return [unescape(s.strip()) for s in value.split(";") if s.strip()]


def is_true(value: str | None) -> bool:
    """A boolean property or metadata value (`true`, any case); unset is false."""
    return value is not None and unescape(value).strip().lower() in ("true", "on", "yes")


class Properties:
    """MSBuild properties: names in any case, read-only ones, and a fallback for missing ones."""

    def __init__(self, values: dict[str, str], readonly: set[str],
                 fallback: Callable[[str], str | None] | None = None) -> None:
        self._values = {k.lower(): v for k, v in values.items()}
        self._readonly = {k.lower() for k in readonly}
        self.fallback = fallback

    def get(self, name: str) -> str:
        key = name.lower()
        value = self._values.get(key)
        if value is None and self.fallback is not None:
            value = self.fallback(key)
        return value or ""

    def defined(self, name: str) -> bool:
        return name.lower() in self._values

    def set(self, name: str, value: str) -> bool:
        """Define a property; False (nothing changed) for a read-only one."""
        key = name.lower()
        if key in self._readonly:
            return False
        self._values[key] = value
        return True

    def force(self, name: str, value: str) -> None:
        """Set a property even when it is read-only (the evaluator's own MSBuildThisFile...)."""
        self._values[name.lower()] = value


def matching_paren(text: str, open_index: int) -> int:
    """The index of the `)` closing the `(` at `open_index` (quoted text skipped), or -1."""
    depth = 0
    quote = ""
    for j in range(open_index, len(text)):
        ch = text[j]
        if quote:
            if ch == quote:
                quote = ""
        elif ch in "'`\"" and depth >= 1:
            quote = ch
        elif ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
            if depth == 0:
                return j
    return -1


class Expander:
    """Expands `$(...)` and `%(...)` in attribute and element text."""

    def __init__(self, props: Properties, warn: Callable[[str], None]) -> None:
        self.props = props
        self.warn = warn

    def expand(self, text: str, where: tuple[str, int], meta: MetadataLookup | None = None) -> str:
        """`text` with metadata (when `meta` is given) and then properties expanded."""
        if meta is not None and "%(" in text:
            text = self._expand_metadata(text, where, meta)
        if "$(" not in text:
            return text
        out: list[str] = []
        size = 0
        i = 0
        while True:
            j = text.find("$(", i)
            if j < 0:
                out.append(text[i:])
                break
            out.append(text[i:j])
            k = matching_paren(text, j + 1)
            if k < 0:
                out.append(text[j:])
                break
            inner = text[j + 2:k]
            m = _NAME.fullmatch(inner)
            if m:
                value = self.props.get(m.group(1))
            else:
                self.warn(f"{where[0]}:{where[1]}: '$({inner})' is a property function or registry lookup "
                          "amppy does not evaluate; it reads as empty text")
                value = ""
            size += len(value) + j - i
            if size > MAX_VALUE:
                self._too_long(where)
            out.append(value)
            i = k + 1
        result = "".join(out)
        if len(result) > MAX_VALUE:
            self._too_long(where)
        return result

    def _expand_metadata(self, text: str, where: tuple[str, int], meta: MetadataLookup) -> str:
        size = 0

        def one(m: re.Match[str]) -> str:
            nonlocal size
            value = meta(m.group(1), m.group(2))
            size += len(value)
            if size > MAX_VALUE:
                self._too_long(where)
            return value

        result = _METADATA.sub(one, text)
        if len(result) > MAX_VALUE:
            self._too_long(where)
        return result

    @staticmethod
    def _too_long(where: tuple[str, int]) -> NoReturn:
        raise ProjectError(where[0], where[1], f"a property or metadata value grows past {MAX_VALUE} characters")


# ---- conditions ---------------------------------------------------------------------------

def _end_quote(text: str, i: int) -> int:
    """The index of the `'` closing a string that starts at `i` (`$(...)` skipped whole), or -1."""
    n = len(text)
    while i < n:
        ch = text[i]
        if ch == "'":
            return i
        if ch == "$" and text.startswith("$(", i):
            k = matching_paren(text, i + 1)
            if k < 0:
                return -1
            i = k + 1
            continue
        i += 1
    return -1


def _tokens(text: str, fail: Callable[[str], NoReturn]) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c.isspace():
            i += 1
        elif c == "'":
            j = _end_quote(text, i + 1)
            if j < 0:
                fail("a quoted string is not closed")
            out.append(("str", text[i + 1:j]))
            i = j + 1
        elif text.startswith(("$(", "@(", "%("), i):
            k = matching_paren(text, i + 1)
            if k < 0:
                fail("a parenthesis is not closed")
            out.append(("str", text[i:k + 1]))
            i = k + 1
        elif text.startswith(("==", "!=", "<=", ">="), i):
            out.append(("op", text[i:i + 2]))
            i += 2
        elif c in "<>":
            out.append(("op", c))
            i += 1
        elif c in "()!,":
            out.append((c, c))
            i += 1
        else:
            m = _WORD.match(text, i)
            if not m:
                fail(f"unexpected character {c!r}")
            out.append(("word", m.group()))
            i = m.end()
    return out


def _number(text: str) -> float | None:
    t = text.strip()
    try:
        return float(int(t, 16)) if t.lower().startswith("0x") else float(t)
    except ValueError:
        return None


class _Condition:
    """Recursive-descent evaluation of one condition (MSBuild's grammar: `or` < `and` < `!`)."""

    def __init__(self, text: str, expand: Callable[[str], str], exists: Callable[[str], bool],
                 fail: Callable[[str], NoReturn]) -> None:
        self.fail = fail
        self.toks = _tokens(text, fail)
        self.pos = 0
        self.depth = 0
        self.expand = expand
        self.exists = exists

    def peek(self, offset: int = 0) -> tuple[str, str] | None:
        i = self.pos + offset
        return self.toks[i] if i < len(self.toks) else None

    def keyword(self, word: str) -> bool:
        t = self.peek()
        if t is not None and t[0] == "word" and t[1].lower() == word:
            self.pos += 1
            return True
        return False

    def take(self, kind: str) -> bool:
        t = self.peek()
        if t is not None and t[0] == kind:
            self.pos += 1
            return True
        return False

    def run(self) -> bool:
        if not self.toks:
            return True
        value = self.or_()
        if self.pos != len(self.toks):
            self.fail(f"unexpected {self.toks[self.pos][1]!r}")
        return value

    def or_(self) -> bool:
        value = self.and_()
        while self.keyword("or"):
            rhs = self.and_()
            value = value or rhs
        return value

    def and_(self) -> bool:
        value = self.not_()
        while self.keyword("and"):
            rhs = self.not_()
            value = value and rhs
        return value

    def not_(self) -> bool:
        self.depth += 1
        if self.depth > MAX_NESTING:
            self.fail("nested too deeply")
        if self.take("!"):
            value = not self.not_()
        else:
            value = self.relation()
        self.depth -= 1
        return value

    def relation(self) -> bool:
        if self.take("("):
            value = self.or_()
            if not self.take(")"):
                self.fail("expected ')'")
            return value
        left = self.operand()
        t = self.peek()
        if t is not None and t[0] == "op":
            self.pos += 1
            return self.compare(left, t[1], self.operand())
        return self.boolean(left)

    def operand(self) -> str | bool:
        t = self.peek()
        if t is None:
            self.fail("expected a value at the end")
        self.pos += 1
        if t[0] == "str":
            return self.expand(t[1])
        if t[0] != "word":
            self.fail(f"expected a value, found {t[1]!r}")
        nxt = self.peek()
        if nxt is not None and nxt[0] == "(":
            return self.function(t[1])
        if t[1].lower() in ("and", "or"):
            self.fail(f"expected a value, found {t[1]!r}")
        return t[1]

    def function(self, name: str) -> bool:
        self.pos += 1                       # the "("
        args: list[str | bool] = []
        if not self.take(")"):
            while True:
                args.append(self.operand())
                if self.take(")"):
                    break
                if not self.take(","):
                    self.fail(f"expected ',' or ')' in {name}(...)")
        low = name.lower()
        if low in ("exists", "hastrailingslash") and len(args) == 1 and isinstance(args[0], str):
            arg = unescape(args[0]).strip()
            if low == "exists":
                return self.exists(arg)
            return arg.endswith(("\\", "/"))
        self.fail(f"unknown function {name}() with {len(args)} argument(s)")

    def boolean(self, value: str | bool) -> bool:
        if isinstance(value, bool):
            return value
        low = unescape(value).strip().lower()
        if low in _TRUE:
            return True
        if low in _FALSE:
            return False
        self.fail(f"expected a boolean value, found {value!r}")

    def compare(self, left: str | bool, op: str, right: str | bool) -> bool:
        if op in ("==", "!="):
            if isinstance(left, bool) or isinstance(right, bool):
                equal = self.boolean(left) == self.boolean(right)
            else:
                a, b = unescape(left), unescape(right)
                na, nb = _number(a), _number(b)
                if na is not None and nb is not None:
                    equal = na == nb
                else:
                    equal = a.lower() == b.lower()
            return equal if op == "==" else not equal
        na = _number(left) if isinstance(left, str) else None
        nb = _number(right) if isinstance(right, str) else None
        if na is None or nb is None:
            self.fail(f"'{op}' compares numbers; found {left!r} and {right!r}")
        return {"<": na < nb, ">": na > nb, "<=": na <= nb, ">=": na >= nb}[op]


def evaluate_condition(text: str, expand: Callable[[str], str], exists: Callable[[str], bool],
                       fail: Callable[[str], NoReturn]) -> bool:
    """Evaluate an MSBuild `Condition`; `fail(message)` raises for syntax MSBuild would reject."""
    return _Condition(text, expand, exists, fail).run()
