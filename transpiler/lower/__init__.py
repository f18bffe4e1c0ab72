"""Target lowerings: IR reshaped for one target as codegen writes it (codegen calls them; the
driver does not run them as a stage, since what is lowered, and how, depends on the target).

`barrier_regions`: the CPU target cuts a tiled kernel at its barriers into regions that run
the tile's threads one after another (DESIGN §4).  `host_loops`: which host loops are compiled
with Numba.  `coarsen`: which C++ AMP threads the CUDA target runs in one CUDA thread.  Lowerings read the IR and what `passes/` shares (`uniformity`, `tile_functions`,
`patterns`) and hand codegen plain data; they import nothing from `codegen/`.
"""
