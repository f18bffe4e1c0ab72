"""C++ AMP kernels called from Python: `amppy.load` translates image_kernels.cpp (a library: no
main) and gives its functions as a module; they take NumPy arrays and write into them, and on the
GPU also CuPy arrays, used in place (nothing copied to the host and back).

    python samples/python/blur_and_sum.py [cpu|cuda|auto]

The image and the values are small integers, so every result is exact and the numbers below are
the same on every target (and those a C++ compiler's build of the kernels gives).
"""
import sys
from pathlib import Path

import numpy as np

import amppy

target = sys.argv[1] if len(sys.argv) > 1 else "auto"
lib = amppy.load(Path(__file__).with_name("image_kernels.cpp"), target=target)
print(lib.box_blur.__doc__.splitlines()[0])
print(lib.total.__doc__.splitlines()[0])

image = (np.arange(5 * 6) % 7).astype(np.float32).reshape(5, 6)
blurred = np.empty_like(image)
lib.box_blur(image, blurred)                    # written in place
print("image:")
print(image)
print("blurred (x 9):")
print(np.round(blurred * 9, 3))

values = (np.arange(1000) % 10).astype(np.float32)
print("total of 1000 values:", lib.total(values))
print("total of a list:", lib.total([0.5, 1.5, 2.0]))

try:
    lib.box_blur(image.astype(np.float64), blurred)
except TypeError as e:
    print("TypeError:", e)

if lib.__amppy_target__ == "cuda":              # the same functions on arrays in the GPU's memory
    import cupy
    gpu_image = cupy.asarray(image)
    gpu_blurred = cupy.empty_like(gpu_image)
    lib.box_blur(gpu_image, gpu_blurred)        # CuPy's memory, in place, on CuPy's stream
    print("blurred from CuPy arrays, the same:", bool((cupy.asnumpy(gpu_blurred) == blurred).all()))
    print("sum of 1000 values in CuPy's memory:", lib.sum_view(cupy.asarray(values)))
