"""Run a sample's CPU translation with the CUDA target's data movement on fake devices.

    python tests/fake_devices.py samples/FOLDER/SAMPLE.cpp [DEVICES]     (from the checkout)

The kernels are the CPU target's (numba on the CPU), but every launch goes through
`launch_cuda.launch` with `launch_cuda.HostDeviceOps(devices=DEVICES)`: separate "device" buffers per
device, `accelerator::get_all()` listing the fake GPUs, each view's launches on its device.  So the
several-GPU rules (views moving between devices, sections with copies of their own, coherence,
arrays bound to their device) run on a machine without a GPU.  Prints the program's output, then
one line `#devices: d0 d1 ...` (the device of each launch) on stderr.
"""
from __future__ import annotations

import importlib
import os
import runpy
import sys

from amppy.diagnostics import DiagnosticSink
from amppy.driver import Options, translate
from amppy.runtime import launch_cuda

from build_cache import module_for

launch_cpu_module = importlib.import_module("amppy.runtime.launch_cpu")


def run(path: str, devices: int = 2) -> int:
    """Run the program (its output on stdout), then print the devices line; its exit status."""
    _, source = translate(path, Options(target="cpu"), DiagnosticSink())
    # where `amppy run --target cpu PATH` keeps the same module (named as given: run from the
    # checkout as `samples/...`, the text is the same in every checkout), and run as that run
    # runs it (`__main__`), so Numba's cache of its kernels is shared with that test and with the
    # next run of the suite
    py = str(module_for(source, os.path.basename(path), "cpu"))
    ops = launch_cuda.install(launch_cuda.HostDeviceOps(devices=devices))

    def launch(kernel_fn, domain, where, *captures, view=None):
        launch_cuda.launch(lambda grid, block, *args: kernel_fn(*args), domain, where, None, *captures, view=view)
    saved = launch_cpu_module.launch_cpu
    launch_cpu_module.launch_cpu = launch       # what the module's `from ... import launch_cpu` finds
    code = 0
    try:
        runpy.run_path(py, run_name="__main__")
    except SystemExit as e:                     # run_main's exit
        code = e.code
    finally:
        launch_cpu_module.launch_cpu = saved
        launch_cuda.uninstall()
    sys.stdout.flush()
    print("#devices:", *[d for d, _ in ops.launches], file=sys.stderr)
    return code


if __name__ == "__main__":
    sys.exit(run(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 2))
