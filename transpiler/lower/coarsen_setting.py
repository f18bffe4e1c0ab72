"""The `--coarsen` setting (lower/coarsen.py), read without importing the IR: the command line
checks it on every run, and a warm `amppy run` must not pay for the compiler's modules."""
from __future__ import annotations


def parse_setting(text: str) -> str | tuple:
    """`--coarsen` value: "auto", "off", or factors per dimension (`4` = the last dimension,
    `2x4` = the last two).  Raises ValueError for anything else."""
    text = (text or "auto").strip().lower()
    if text in ("auto", "off"):
        return text
    try:
        factors = tuple(int(x) for x in text.split("x"))
    except ValueError:
        raise ValueError(f"--coarsen takes auto, off or factors such as 4 or 2x4, not '{text}'") from None
    if not factors or len(factors) > 3 or any(f < 1 for f in factors):
        raise ValueError(f"--coarsen takes auto, off or factors such as 4 or 2x4, not '{text}'")
    return factors
