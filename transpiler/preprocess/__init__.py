"""The preprocess stage: a file to `linemap.PreprocessedSource` (text plus a map from each
position to the user's file:line:col).

`preprocessor.preprocess` is the entry; `pcpp_adapter` drives pcpp, `directives` its directive hooks
and `#include` lookup, `virtual_headers` the system headers amppy knows, `errors` pcpp's messages and
source decoding, `macro_constants` the `#define` constants whose names the generated code keeps.
"""
