"""The fast parse path: a lean lexer and LALR(1) driver over Lark's own tables.

Lark builds the LALR tables from `grammar/cpp_amp.lark` (and caches them); this
module only *runs* them, faster than Lark's general-purpose machinery can:

* `Lexer` tokenizes with one regular expression per line, made from the
  grammar's terminals in the order Lark's lexer tries them, keywords looked up
  in a dict (as Lark's lexer does for string terminals a NAME also matches).
  Tokens are `Tok`s: Lark's token attributes without `str` underneath.
* `Driver` runs the shift/reduce loop and applies Lark's tree-shaping rules
  itself -- anonymous tokens filtered, `_rule`s inlined, `?rule`s with one child
  replaced by it, `[x]` placeholders -- calling one *builder* per rule with the
  rule's children and its position, so the AST is built while parsing: no parse
  tree, no second pass.  Positions follow Lark's `propagate_positions` rule: a
  node spans from its first child's start to its last child's end, the tokens
  that the tree drops (parentheses, `;`) included.

Anything the fast path does not expect -- a character no terminal matches, a
token the parser state does not accept (Lark's contextual lexer might have cut
it differently) -- raises `Fallback`; the caller then runs Lark itself, which
reports syntax errors with its full knowledge.  So the fast path only ever has
to be right on programs that parse, and a test compares its AST with Lark's on
every sample and on mutated programs.

Both read Lark's internals (`Lark.terminals`, `Lark.lexer_conf`, the parse table
under `Lark.parser`, `lalr_analysis.Shift`, the rules' options), which Lark does
not promise to keep: pyproject.toml pins the tested minor series (`TESTED_LARK`),
and a Lark without them stops with `LarkInternalsError`, which says so.
"""
from __future__ import annotations

import re

try:
    from lark.parsers.lalr_analysis import Shift
except ImportError:         # reported by `Driver` (LarkInternalsError), where it is needed
    Shift = None

__all__ = ["Fallback", "Tok", "Lexer", "Driver", "Inline", "LarkInternalsError", "lark_internal"]

#: The Lark releases whose internals this module reads (pyproject.toml pins the same range).
TESTED_LARK = "lark>=1.3.1,<1.4"


class LarkInternalsError(RuntimeError):
    """The installed Lark lacks an internal that amppy's fast parser reads."""

    def __init__(self, what: str):
        import lark
        super().__init__(
            f"amppy's parser reads Lark internals that the installed lark "
            f"{getattr(lark, '__version__', '?')} does not have "
            f"({what}); amppy is tested with {TESTED_LARK}: pip install '{TESTED_LARK}'")


def lark_internal(obj, path: str):
    """`obj.<path>` (a dotted attribute path into Lark's internals), or LarkInternalsError."""
    for name in path.split("."):
        try:
            obj = getattr(obj, name)
        except AttributeError:
            raise LarkInternalsError(f"no {type(obj).__name__}.{name}") from None
    return obj


class Fallback(Exception):
    """The fast path cannot decide; let Lark parse (and report) this input."""


class Tok:
    """A token: the attributes of Lark's `Token` that amppy reads, on a plain object."""
    __slots__ = ("type", "value", "line", "column", "end_line", "end_column", "start_pos", "end_pos")

    def __init__(self, type, value, line, column, end_column, start_pos):
        self.type = type
        self.value = value
        self.line = self.end_line = line
        self.column = column
        self.end_column = end_column
        self.start_pos = start_pos
        self.end_pos = start_pos + len(value)

    def __repr__(self):
        return f"Tok({self.type}, {self.value!r}, {self.line}:{self.column})"


class Inline:
    """The children of an inlined `_rule`, with their positions, until the parent splices them."""
    __slots__ = ("children", "positions")

    def __init__(self, children, positions):
        self.children = children
        self.positions = positions


_WORDS = re.compile(r"^\(\?:([A-Za-z_][A-Za-z_0-9]*(?:\|[A-Za-z_][A-Za-z_0-9]*)*)\)$")


class Lexer:
    """The grammar's terminals as one regular expression, tried in Lark's order.

    Lark's lexer tries terminals by priority, then longest possible match, then
    longest pattern.  In this grammar that puts the regex terminals (literals,
    NAME) before every operator, and the operators longest first; keywords are
    NAMEs looked up in a dict, as Lark does for string terminals that NAME also
    matches.  The regex terminals get one capturing group each (their own groups
    made non-capturing) and the operators share one, typed by a dict: a handful
    of groups keeps the regex engine fast."""

    def __init__(self, lark):
        ignore = set(lark_internal(lark, "lexer_conf.ignore"))
        try:
            keywords, ops, regexes, groups = self._terminals(lark_internal(lark, "terminals"), ignore)
        except AttributeError as e:     # a terminal or pattern without what Lark 1.3 has
            raise LarkInternalsError(f"terminals: {e}") from e
        groups.append("|".join(re.escape(o) for o in sorted(ops, key=len, reverse=True)))
        self.pattern = re.compile(r"[ \t\f\r]*(?:" + "|".join(f"({g})" for g in groups) + r")")
        self.group_types = [None] + [str(t.name) for t in regexes] + [None]   # None: an operator
        self.op_group = len(groups)
        self.keywords = keywords
        self.ops = ops

    @staticmethod
    def _terminals(terminals, ignore):
        """(keywords, operators, regex terminals in Lark's order, their regexes) of the grammar."""
        keywords: dict[str, str] = {}
        ops: dict[str, str] = {}
        regexes: list = []
        for t in terminals:
            if t.name in ignore:
                continue
            p = t.pattern
            if p.type == "str":
                (keywords if p.value.isidentifier() else ops)[str(p.value)] = str(t.name)
                continue
            words = _WORDS.match(p.value)
            if words:       # STRUCT_KW: "struct" | "class" | "union" -- words NAME also matches
                for w in words.group(1).split("|"):
                    keywords[w] = str(t.name)
                continue
            regexes.append(t)
        regexes.sort(key=lambda t: (-t.priority, -t.pattern.max_width, -len(t.pattern.value), t.name))
        longest_op = max(map(len, ops))
        if any(t.priority or t.pattern.max_width <= longest_op for t in regexes):
            raise ValueError("grammar terminals no longer fit amppy.lalr.Lexer's model of Lark's order")
        return keywords, ops, regexes, [_non_capturing(t.pattern.to_regexp()) for t in regexes]

    def tokens(self, text: str) -> list:
        """All tokens of `text`, keywords typed; raises Fallback on a character no terminal takes."""
        finditer = self.pattern.finditer
        types = self.group_types
        op_group = self.op_group
        keywords = self.keywords
        ops = self.ops
        out = []
        append = out.append
        offset = 0
        for lineno, line in enumerate(text.split("\n"), 1):
            pos = 0
            for m in finditer(line):
                if m.start() != pos:            # something no terminal matches
                    raise Fallback()
                g = m.lastindex
                start, pos = m.span(g)
                value = line[start:pos]
                if g == op_group:
                    ttype = ops[value]
                else:
                    ttype = types[g]
                    if ttype == "NAME":
                        ttype = keywords.get(value, "NAME")
                append(Tok(ttype, value, lineno, start + 1, pos + 1, offset + start))
            if pos != len(line) and line[pos:].strip(" \t\f\r"):
                raise Fallback()
            offset += len(line) + 1
        return out


def _non_capturing(regex: str) -> str:
    """`regex` with its capturing groups made non-capturing (so group numbers are ours)."""
    out = []
    i, n = 0, len(regex)
    in_class = False
    while i < n:
        c = regex[i]
        if c == "\\":
            out.append(regex[i:i + 2])
            i += 2
            continue
        if in_class:
            in_class = c != "]"
        elif c == "[":
            in_class = True
            if regex[i + 1:i + 2] == "]":       # `[]...]`: a literal ']' first
                out.append("[]")
                i += 2
                continue
        elif c == "(" and regex[i + 1:i + 2] != "?":
            out.append("(?:")
            i += 1
            continue
        out.append(c)
        i += 1
    return "".join(out)


class Driver:
    """Lark's LALR tables, run with one builder call per reduction.

    Builders are looked up by a rule's callback name (its alias, or its name);
    they get `(pos, children)`, and those named in `with_positions` also the
    children's positions: `(pos, children, positions)`.  A position is
    `(line, column, end_line, end_column)` in the parsed text, or None for a
    node without tokens."""

    # reduction modes: splice into the parent, build, build with the children's positions
    INLINE, BUILD, BUILD_WITH_POSITIONS = 0, 1, 2

    def __init__(self, lark, with_positions=frozenset(), start: str = "start"):
        if Shift is None:
            raise LarkInternalsError("no lark.parsers.lalr_analysis.Shift")
        table = lark_internal(lark, "parser.parser.parser.parse_table")
        try:
            self._read_table(table, with_positions, start)
        except AttributeError as e:     # a table or rule without what Lark 1.3 has
            raise LarkInternalsError(f"parse table: {e}") from e

    def _read_table(self, table, with_positions, start):
        """The states of Lark's `parse_table`, each action as the parse loop wants it."""
        self.start_state = table.start_states[start]
        self.end_state = table.end_states[start]
        self.with_positions = frozenset(with_positions)
        self.callback_names: list[str] = []      # per rule id
        infos = {}
        states = {}
        for state, row in table.states.items():
            out = {}
            for term, (action, arg) in row.items():
                term = str(term)
                if action is Shift:
                    out[term] = arg
                else:
                    info = infos.get(arg)
                    if info is None:
                        info = infos[arg] = self._rule_info(arg, start)
                    out[term] = info
            states[state] = out
        self.states = states

    def _rule_info(self, rule, start):
        """How to reduce by `rule`, as the parse loop wants it:

        * a `str` (the rule's name) where the value and its position stay as they are and
          only the state changes: a chain rule `?a: b`, and an inlined rule of one kept
          symbol `_a: b` (splicing `[x]` into the parent is appending `x`, so the parent
          splices only values that are `Inline`s);
        * else a tuple (size, name, rule id, mode, to_include, trailing Nones, keep_all,
          expand1, single): `to_include` holds (index, splice?, Nones before) per kept
          child, as Lark's child filter has it; keep_all says that every child is kept as
          it is, and single that the rule has one symbol, kept as it is (its value can be
          replaced in place)."""
        expansion = rule.expansion
        opts = rule.options
        empty = opts.empty_indices
        if empty:
            s = "".join(str(int(b)) for b in empty)
            nones = [len(ones) for ones in s.split("0")]
        else:
            nones = [0] * (len(expansion) + 1)
        include = []
        pending = 0
        for i, sym in enumerate(expansion):
            pending += nones[i]
            if opts.keep_all_tokens or not (sym.is_term and sym.filter_out):
                include.append((i, not sym.is_term and sym.name.startswith("_"), pending))
                pending = 0
        pending += nones[len(expansion)]
        # plain `str`s: a freshly loaded grammar names rules with Lark Tokens (a str subclass)
        name = str(rule.origin.name)
        callback = str(rule.alias or opts.template_source or name)
        inline = name.startswith("_")
        expand1 = bool(opts.expand1 and not rule.alias)
        one_kept = len(expansion) == 1 and len(include) == 1 and include[0][2] == 0 and not pending
        if one_kept and name != start and (inline or (expand1 and not include[0][1])):
            return name
        keep_all = include == [(i, False, 0) for i in range(len(expansion))]
        if inline:
            mode = self.INLINE
        elif callback in self.with_positions:
            mode = self.BUILD_WITH_POSITIONS
        else:
            mode = self.BUILD
        self.callback_names.append(callback)
        single = len(expansion) == 1 and keep_all and not pending and mode != self.INLINE and not expand1
        return (len(expansion), name, len(self.callback_names) - 1, mode, tuple(include),
                pending, keep_all, expand1, single)

    def parse(self, tokens, builders, default):
        """Run the tables over `tokens`: the start rule's value, or Fallback.

        A rule without a builder becomes `default(name, children)`."""
        fns = []
        for name in self.callback_names:
            f = builders.get(name)
            fns.append(f if f is not None else (lambda pos, ch, name=name: default(name, ch)))
        states = self.states
        end_state = self.end_state
        stack = [self.start_state]
        vals: list = []
        poss: list = []
        push_state, push_val, push_pos = stack.append, vals.append, poss.append
        str_ = str
        INLINE, BUILD = self.INLINE, self.BUILD
        tokens = iter(tokens)
        tok = next(tokens, None)
        ttype = tok.type if tok is not None else "$END"
        while True:
            a = states[stack[-1]].get(ttype)
            if a is None:
                raise Fallback()
            cls = a.__class__
            if cls is int:                                  # shift
                push_state(a)
                push_val(tok)
                push_pos((tok.line, tok.column, tok.end_line, tok.end_column))
                tok = next(tokens, None)
                ttype = tok.type if tok is not None else "$END"
                continue
            if cls is str_:                                 # only the state changes
                stack[-1] = states[stack[-2]][a]
                continue
            size, origin, rid, mode, include, trailing, keep_all, expand1, single = a
            if single:                                      # one child: replace it in place
                p = poss[-1]
                if mode is BUILD:
                    vals[-1] = fns[rid](p, [vals[-1]])
                else:
                    vals[-1] = fns[rid](p, [vals[-1]], [p])
                stack[-1] = states[stack[-2]][origin]
                if tok is None and stack[-1] == end_state:
                    return vals[-1]
                continue
            if size:
                vs = vals[-size:]
                ps = poss[-size:]
                del stack[-size:], vals[-size:], poss[-size:]
                # the container position: first child's start to last child's end
                p, q = ps[0], ps[-1]
                if p is None or q is None:
                    p = q = None
                    for p in ps:
                        if p is not None:
                            for q in reversed(ps):
                                if q is not None:
                                    break
                            break
                cpos = (p[0], p[1], q[2], q[3]) if p is not None else None
                if keep_all:
                    ch, cp = vs, ps
                else:
                    ch, cp = [], []
                    for i, expand, nn in include:
                        if nn:
                            ch += [None] * nn
                            cp += [None] * nn
                        v = vs[i]
                        if expand and v.__class__ is Inline:
                            if ch:
                                ch += v.children
                                cp += v.positions
                            else:           # left recursion (`_items: _items "," item`): reuse
                                ch, cp = v.children, v.positions
                        else:
                            ch.append(v)
                            cp.append(ps[i])
            else:
                cpos = None
                ch, cp = [], []
            if trailing:
                ch += [None] * trailing
                cp += [None] * trailing
            if mode is INLINE:
                value = Inline(ch, cp)
            elif expand1 and len(ch) == 1:
                value = ch[0]
            elif mode is BUILD:
                value = fns[rid](cpos, ch)
            else:
                value = fns[rid](cpos, ch, cp)
            push_state(states[stack[-1]][origin])
            push_val(value)
            push_pos(cpos)
            if tok is None and stack[-1] == end_state:
                return vals[-1]
