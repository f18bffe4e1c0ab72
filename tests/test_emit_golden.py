"""`--emit ir` and `--emit py` goldens: the typed IR and the Python of a dozen samples, for both
targets, under tests/golden/emit/.  A change in what amppy writes shows up as a diff of these
files, to be reviewed like code (`pytest --update-golden` rewrites them; each file is written by
exactly one test; the Python goldens end in `.py.golden` so linters and duplicate finders
leave them alone).  In-process, through the driver, so they are cheap."""
from __future__ import annotations

from pathlib import Path

import pytest

from amppy import ir
from amppy.codegen import generate
from amppy.diagnostics import DiagnosticSink
from amppy.driver import Options, analyse

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = [
    "using-tiles/tile_average.cpp",
    "using-tiles/tiling_description.cpp",
    "matrix/matmul_tiled.cpp",
    "matrix/matmul_simple.cpp",
    "reduction/tree_reduction.cpp",
    "tiles/tiles_3d.cpp",
    "tiles/value_after_barrier.cpp",
    "untiled/untiled_2d.cpp",
    "atomics/histogram.cpp",
    "host/host_semantics.cpp",
    "host/compiled_loops.cpp",
    "arith/kernel_integers.cpp",
    "kernels/struct_values.cpp",
    "classes/members.cpp",
    "classes/kernel_classes.cpp",
    "classes/lifetimes.cpp",
    "classes/templates.cpp",
    "classes/functors.cpp",
    "classes/class_members.cpp",
    "classes/inheritance.cpp",
    "classes/specialisations.cpp",
    "kernels/stored_lambdas.cpp",
    "kernels/reference_params.cpp",
    "kernels/switch_barrier.cpp",
    "kernels/index_arithmetic.cpp",
    "library/memory.cpp",
    "library/streams.cpp",
]


def _analyse(rel: str, target: str):
    opts = Options(target=target)
    pp, program = analyse(str(Path("samples") / rel), opts, DiagnosticSink())
    return opts, pp, program


def _stem(rel: str) -> str:
    """`matrix/matmul_tiled.cpp` -> `matrix__matmul_tiled` (a golden's file name)."""
    return rel[:-len(".cpp")].replace("/", "__")


def _relative(text: str) -> str:
    return text.replace(str(ROOT) + "/", "")


@pytest.fixture(autouse=True)
def _at_root(monkeypatch):
    monkeypatch.chdir(ROOT)            # sample paths as a user in the repository would type them


def test_the_samples_exist():
    missing = [s for s in SAMPLES if not (ROOT / "samples" / s).exists()]
    assert missing == []


@pytest.mark.parametrize("rel", SAMPLES)
def test_ir(rel, golden):
    _, _, program = _analyse(rel, "cpu")
    golden(f"emit/{_stem(rel)}.ir", _relative(ir.dump(program)))


@pytest.mark.parametrize("target", ["cpu", "cuda"])
@pytest.mark.parametrize("rel", SAMPLES)
def test_py(rel, target, golden):
    opts, pp, program = _analyse(rel, target)
    golden(f"emit/{_stem(rel)}.{target}.py.golden", _relative(generate(program, opts, pp.sources)))
