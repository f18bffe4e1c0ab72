"""Target lowerings: IR reshaped for one target before its code is written.

`barrier_regions`: the CPU target cuts a tiled kernel at its barriers into regions that run
the tile's threads one after another (DESIGN §4).  Lowerings read the IR and the analyses in
`passes/` (`uniformity`) and hand codegen plain data; they import nothing from `codegen/`.
"""
