#!/usr/bin/env bash
# Download (here, where PyPI is reachable) the pure-Python wheels the GPU machine lacks into .whl/
# at the repository root (ignored by git; carried to the GPU machine with `carry: [".whl"]`).
#
# The GPU image already has python3 3.12 with numba, numba-cuda 0.30, numpy 2.5, cupy, pytest and
# hypothesis (see the device docs' package list); it lacks amppy's front-end dependencies
# lark and pcpp, and the test extra's pycparser and pytest-xdist (with execnet: pyproject's
# pytest options run the tests on every core).  Do NOT add numba/numpy/numba-cuda here: the
# image's own builds match its driver.
#
# Usage: bash tools/gpu/fetch_wheels.sh            (versions below; override with env vars)
set -euo pipefail
cd "$(git -C "$(dirname "$0")" rev-parse --show-toplevel)"
LARK=${LARK:-lark==1.3.1}
PCPP=${PCPP:-pcpp==1.30}
PYCPARSER=${PYCPARSER:-pycparser==3.0}
XDIST=${XDIST:-pytest-xdist==3.8.0}
EXECNET=${EXECNET:-execnet==2.1.2}
mkdir -p .whl
rm -f .whl/lark-*.whl .whl/pcpp-*.whl .whl/pycparser-*.whl .whl/pytest_xdist-*.whl .whl/execnet-*.whl
python3 -m pip download -q --no-deps --only-binary=:all: --python-version 3.12 \
    --implementation py --abi none --platform any -d .whl "$LARK" "$PCPP" "$PYCPARSER" "$XDIST" "$EXECNET"
ls -l .whl
