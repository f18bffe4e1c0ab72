"""Windows paths from project files, found on a case-sensitive file system.

Project files come from Windows: `\\` separators, drive letters, and any letter case, because
NTFS ignores case.  `Resolver.resolve(base, text)` joins a relative path to `base`, collapses `.`
and `..` the way Windows does (by text), and then walks the result one component at a time,
taking the on-disk spelling of each component that matches ignoring case.  Where nothing
matches, the rest keeps the spelling given.  Drive-letter, UNC and root-relative Windows paths
cannot name anything here: `resolve` returns None for them.
"""
from __future__ import annotations

import os
import re

_DRIVE = re.compile(r"^[A-Za-z]:")


def is_windows_absolute(text: str) -> bool:
    """True for `C:\\x`, `C:x`, `\\\\server\\share` and `\\x`: paths that name nothing on this machine."""
    return bool(_DRIVE.match(text)) or text.startswith("\\")


def win_dir(path: str) -> str:
    """A folder as MSBuild macros spell it: absolute with a trailing backslash."""
    return path.rstrip("/") + "\\"


class Resolver:
    """Case-insensitive path lookup with a cache of folder listings (one per loaded project set)."""

    def __init__(self) -> None:
        self._listings: dict[str, dict[str, str]] = {}

    def _match(self, folder: str, name: str) -> str | None:
        listing = self._listings.get(folder)
        if listing is None:
            listing = {}
            try:
                names = sorted(os.listdir(folder))
            except OSError:
                names = []
            for n in names:
                listing.setdefault(n.casefold(), n)
            self._listings[folder] = listing
        return listing.get(name.casefold())

    def resolve(self, base: str, text: str) -> tuple[str, bool] | None:
        """(absolute path, whether it exists) for `text` relative to the folder `base`.

        None when `text` is a Windows absolute path (drive letter, UNC, root-relative)."""
        text = text.strip()
        if is_windows_absolute(text):
            return None
        full = os.path.normpath(os.path.join(base, text.replace("\\", "/")))
        if full.startswith("//"):
            full = "/" + full.lstrip("/")
        if os.path.exists(full):
            return full, True
        parts = [p for p in full.split("/") if p]
        current = "/"
        for i, part in enumerate(parts):
            candidate = os.path.join(current, part)
            if os.path.lexists(candidate):
                current = candidate
                continue
            found = self._match(current, part)
            if found is None:
                return os.path.join(current, *parts[i:]), False
            current = os.path.join(current, found)
        return current, os.path.exists(current)

    def find_file(self, base: str, text: str) -> str | None:
        """The absolute path of an existing file `text` relative to `base`, else None."""
        found = self.resolve(base, text)
        if found is None or not found[1] or not os.path.isfile(found[0]):
            return None
        return found[0]

    def find_dir(self, base: str, text: str) -> str | None:
        """The absolute path of an existing folder `text` relative to `base`, else None."""
        found = self.resolve(base, text)
        if found is None or not found[1] or not os.path.isdir(found[0]):
            return None
        return found[0]

    def exists(self, base: str, text: str) -> bool:
        """MSBuild's Exists(): a file or folder is there (an empty path is not)."""
        if not text.strip():
            return False
        found = self.resolve(base, text)
        return found is not None and found[1]
