"""The parse stage: preprocessed text to `ast.TranslationUnit`.

`parser.parse` is the entry; `lalr` is amppy's lexer and LALR driver over Lark's tables, `lexhack`
the lexer hack (which identifiers are type names), `builders` with `build_{base,decls,stmts,exprs}`
the AST builders (one per grammar rule), `errors` the syntax errors reported through Lark, `ast`
the tree they build.
"""
