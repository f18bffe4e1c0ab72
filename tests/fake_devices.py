"""Run a sample's CPU translation with the CUDA target's data movement on fake devices.

    python tests/fake_devices.py SAMPLE.cpp [DEVICES]

The kernels are the CPU target's (numba on the CPU), but every launch goes through
`launch_cuda.launch` with `launch_cuda.HostDeviceOps(devices=DEVICES)`: separate "device" buffers per
device, `accelerator::get_all()` listing the fake GPUs, each view's launches on its device.  So the
several-GPU rules (views moving between devices, sections with copies of their own, coherence,
arrays bound to their device) run on a machine without a GPU.  Prints the program's output, then
one line `#devices: d0 d1 ...` (the device of each launch) on stderr.
"""
from __future__ import annotations

import contextlib
import importlib.util
import io
import os
import sys
import tempfile

from amppy.diagnostics import DiagnosticSink
from amppy.driver import Options, translate
from amppy.runtime import launch_cuda


def run(path: str, devices: int = 2) -> tuple[str, list[int]]:
    _, source = translate(path, Options(target="cpu"), DiagnosticSink())
    py = os.path.join(tempfile.mkdtemp(prefix="amppy-fake-"), "fake_devices_program.py")
    with open(py, "w", encoding="utf-8") as f:
        f.write(source)
    spec = importlib.util.spec_from_file_location("fake_devices_program", py)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    ops = launch_cuda.install(launch_cuda.HostDeviceOps(devices=devices))

    def launch(kernel_fn, domain, where, *captures, view=None):
        launch_cuda.launch(lambda grid, block, *args: kernel_fn(*args), domain, where, None, *captures, view=view)
    mod.launch_cpu = launch
    out = io.StringIO()
    try:
        with contextlib.redirect_stdout(out):
            mod.main()
    finally:
        launch_cuda.uninstall()
    return out.getvalue(), [d for d, _ in ops.launches]


if __name__ == "__main__":
    text, used = run(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 2)
    sys.stdout.write(text)
    print("#devices:", *used, file=sys.stderr)
