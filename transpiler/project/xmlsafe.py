"""Reading project files safely: size-limited file reads and an XML parser that refuses DTDs.

`read_limited` reads a regular file of at most 32 MiB or raises `ProjectError` (a folder, a device,
a missing or unreadable file).  `parse_xml` turns an MSBuild file into a small tree of `Node`s.
It drives `xml.parsers.expat` directly: any DOCTYPE or ENTITY declaration stops the parse at
once with a `ProjectError`, so neither an entity-expansion bomb ("billion laughs") nor an
external entity (`<!ENTITY x SYSTEM "file:///etc/passwd">`) is ever expanded or fetched.
Namespaces are dropped (MSBuild's `http://schemas.microsoft.com/developer/msbuild/2003` and any
other): `Node.tag` is the local name.  UTF-8 (with or without a BOM), UTF-16 and the encodings
expat knows are accepted.
"""
from __future__ import annotations

import codecs
import os
import stat
from dataclasses import dataclass, field
from xml.parsers import expat

from .model import ProjectError

MAX_BYTES = 32 * 1024 * 1024


@dataclass
class Node:
    """An XML element: local tag name, attributes (local names), direct text, children, line."""

    tag: str
    attrib: dict[str, str]
    line: int
    children: list[Node] = field(default_factory=list)
    text: str = ""

    def get(self, name: str, default: str | None = None) -> str | None:
        """The attribute `name` (MSBuild's attribute names are matched case-insensitively here)."""
        if name in self.attrib:
            return self.attrib[name]
        low = name.lower()
        for key, value in self.attrib.items():
            if key.lower() == low:
                return value
        return default


def read_limited(path: str, what: str = "project file") -> bytes:
    """The bytes of the regular file `path` (at most MAX_BYTES), or a `ProjectError` saying why not."""
    try:
        st = os.stat(path)
    except FileNotFoundError:
        raise ProjectError(path, None, f"{what} not found") from None
    except OSError as e:
        raise ProjectError(path, None, f"cannot read {what}: {e.strerror or e}") from None
    if stat.S_ISDIR(st.st_mode):
        raise ProjectError(path, None, f"is a folder, not a {what}")
    if not stat.S_ISREG(st.st_mode):
        raise ProjectError(path, None, f"not a regular file; cannot read it as a {what}")
    if st.st_size > MAX_BYTES:
        raise ProjectError(path, None, f"{what} too large ({st.st_size} bytes; the limit is {MAX_BYTES})")
    try:
        with open(path, "rb") as f:
            data = f.read(MAX_BYTES + 1)
    except OSError as e:
        raise ProjectError(path, None, f"cannot read {what}: {e.strerror or e}") from None
    if len(data) > MAX_BYTES:
        raise ProjectError(path, None, f"{what} too large (over {MAX_BYTES} bytes)")
    return data


def _utf16(data: bytes) -> str | None:
    """The text of a UTF-16 file (with a BOM, or starting with '<' as UTF-16), else None."""
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return data.decode("utf-16")
    if data.startswith(b"<\x00"):
        return data.decode("utf-16-le")
    if data.startswith(b"\x00<"):
        return data.decode("utf-16-be")
    return None


def parse_xml(path: str) -> Node:
    """The root element of the XML file `path`; every problem is a `ProjectError`."""
    return parse_xml_bytes(read_limited(path), path)


def parse_xml_bytes(data: bytes, path: str) -> Node:
    """Parse `data` (the contents of `path`, used in messages) into a `Node` tree."""
    if not data.strip(b" \t\r\n\x00\xef\xbb\xbf\xfe\xff"):
        raise ProjectError(path, None, "empty project file")
    try:
        text = _utf16(data)
    except UnicodeDecodeError as e:
        raise ProjectError(path, None, f"malformed project file: not valid UTF-16 ({e.reason})") from None
    parser = expat.ParserCreate(namespace_separator="}")
    parser.buffer_text = True
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    stack: list[Node] = []
    texts: list[list[str]] = []
    root: list[Node] = []

    def refuse(what: str) -> None:
        raise ProjectError(path, parser.CurrentLineNumber,
                           f"project files may not declare a DTD or entities ({what} refused)")

    def start(name: str, attrs: dict[str, str]) -> None:
        node = Node(name.rsplit("}", 1)[-1], {k.rsplit("}", 1)[-1]: v for k, v in attrs.items()},
                    parser.CurrentLineNumber)
        if stack:
            stack[-1].children.append(node)
        else:
            root.append(node)
        stack.append(node)
        texts.append([])

    def end(name: str) -> None:
        node = stack.pop()
        node.text = "".join(texts.pop())

    def chars(data: str) -> None:
        if texts:
            texts[-1].append(data)

    def doctype(name: str, *_args: object) -> None:
        refuse(f"<!DOCTYPE {name}>")

    def entity(name: str, *_args: object) -> None:
        refuse(f"<!ENTITY {name}>")

    def external(*_args: object) -> int:
        refuse("external entity")
        return 0

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = chars
    parser.StartDoctypeDeclHandler = doctype
    parser.EntityDeclHandler = entity
    parser.UnparsedEntityDeclHandler = entity
    parser.ExternalEntityRefHandler = external
    try:
        if text is not None:
            parser.Parse(text, True)
        else:
            parser.Parse(data, True)
    except expat.ExpatError as e:
        raise ProjectError(path, e.lineno, f"malformed project file: {expat.ErrorString(e.code)}") from None
    except (ValueError, LookupError) as e:
        raise ProjectError(path, None, f"malformed project file: {e}") from None
    if not root:
        raise ProjectError(path, None, "malformed project file: no element found")
    return root[0]
