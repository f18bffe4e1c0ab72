"""Write grammar/cpp_amp.tables.xz: the parser's fast-path tables (amppy.parse.lalr's lexer and
LALR driver over Lark's tables), so a new user's first run does not spend seconds building them
from grammar/cpp_amp.lark.  Run it after changing the grammar or transpiler/parse/lalr.py
(tests/test_parse_fast.py fails while the shipped tables are not made from both):

    python tools/grammar/ship_tables.py
"""
from __future__ import annotations

import os
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def main() -> int:
    os.environ["AMPPY_CACHE_DIR"] = tempfile.mkdtemp(prefix="amppy-tables-")   # built from the grammar
    from amppy.parse import parser
    data = parser.build_tables()
    out = os.path.join(ROOT, "grammar", parser.SHIPPED_TABLES)
    with open(out, "wb") as f:
        f.write(data)
    print(f"{out}: {len(data)} bytes, tables {parser.tables_digest()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
