#!/usr/bin/env bash
# Run a command on the GPU machine with amppy importable, without pip-installing amppy.
#
#   bash tools/gpu/run_on_gpu.sh 'python3 -m pytest -q -m cuda tests/test_cuda_runtime.py'
#
# Run from the repository root there (the device tool's working directory), with `.whl` carried
# (fill it here first with tools/gpu/fetch_wheels.sh).  It
#   1. installs .whl/*.whl into /tmp/site (pip --target: no index, no dependencies);
#   2. makes /tmp/site/amppy a directory of symbolic links to transpiler/'s entries plus
#      amppy/runtime -> runtime/ and amppy/grammar -> grammar/ (the setuptools package-dir
#      mapping), so `import amppy` and `import amppy.runtime` load the live working tree;
#   3. byte-compiles amppy and the wheels (the image sets PYTHONDONTWRITEBYTECODE=1);
#   4. exports PYTHONPATH=/tmp/site and PYTHONUNBUFFERED=1, then runs the command with bash.
# numba-cuda is the image's own (its .pth redirector runs from the venv's site-packages).
set -euo pipefail
ROOT=$(pwd)
SITE=${AMPPY_SITE:-/tmp/site}
mkdir -p "$SITE"
if ls .whl/*.whl >/dev/null 2>&1; then
    python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade \
        --target "$SITE" .whl/*.whl
else
    echo "run_on_gpu.sh: no .whl/*.whl (run tools/gpu/fetch_wheels.sh here and carry .whl)" >&2
fi
rm -rf "$SITE/amppy"
mkdir -p "$SITE/amppy"
for entry in "$ROOT"/transpiler/*; do
    ln -s "$entry" "$SITE/amppy/$(basename "$entry")"
done
ln -s "$ROOT/runtime" "$SITE/amppy/runtime"
ln -s "$ROOT/grammar" "$SITE/amppy/grammar"
# Byte-compile what was just put there, as `pip install` does: the image sets
# PYTHONDONTWRITEBYTECODE=1, so without this every process compiled amppy's and the wheels'
# modules from source (about 45 ms of a warm `amppy run`: benchmarks/startup.py).
python3 -m compileall -q "$ROOT/transpiler" "$ROOT/runtime" "$SITE" >/dev/null 2>&1 || true
export PYTHONPATH="$SITE${PYTHONPATH:+:$PYTHONPATH}"
export PYTHONUNBUFFERED=1
exec bash -c "$1"
