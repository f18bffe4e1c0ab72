"""MSBuild's evaluation of one project file, for one configuration and platform.

MSBuild evaluates in passes, and so does `Evaluation.run`:

1. properties: `PropertyGroup`s in document order, with `Import`s read in where they appear
   (recursively; each file at most once) and `Choose`/`When`/`Otherwise` followed;
2. item definitions: `ItemDefinitionGroup` metadata defaults, accumulated in document order,
   `%(Name)` standing for the value defined so far;
3. items: each `Include` entry starts from its type's defaults and applies its own metadata,
   `%(Name)` again standing for the value so far.

Conditions of item groups, items and metadata are evaluated with the final properties, as in
MSBuild; `$(MSBuildThisFile...)` always names the file the element is written in.  Visual
Studio's own imports (`$(VCTargetsPath)`, `Microsoft.Cpp.*`, ...) are not available on this
machine and are skipped without a word; the properties they would define and a project is
likely to use (OutDir, IntDir, TargetName, ...) have defaults here instead.
"""
from __future__ import annotations

import os
import re
from dataclasses import dataclass
from typing import NoReturn

from .model import ProjectError
from .msbuild import Expander, MetadataLookup, Properties, evaluate_condition, split_list, unescape
from .paths import Resolver, win_dir
from .xmlsafe import Node, parse_xml

MAX_IMPORT_DEPTH = 64
_TOOLSET_MACROS = ("$(vctargetspath)", "$(userrootdir)", "$(msbuildextensionspath", "$(msbuildtoolspath)",
                   "$(msbuildbinpath)", "$(msbuildsdkspath)", "$(vstoolspath)", "$(msbuildframeworktoolspath")
_TOOLSET_FILE = re.compile(r"^(microsoft\.cpp\..*|microsoft\.common\..*|microsoft\.cppbuild\.targets)$", re.I)
_RESERVED = {"msbuildprojectdirectory", "msbuildprojectfile", "msbuildprojectextension", "msbuildprojectfullpath",
             "msbuildprojectname", "msbuildprojectdirectorynoroot", "msbuildthisfile", "msbuildthisfiledirectory",
             "msbuildthisfilefullpath", "msbuildthisfilename", "msbuildthisfileextension",
             "msbuildthisfiledirectorynoroot", "configuration", "platform"}


@dataclass(frozen=True)
class Item:
    """One evaluated item: type (lower case), the Include entry, its metadata (lower-case names)."""

    type: str
    spec: str
    meta: dict[str, str]
    file: str
    line: int


def _stem(path: str) -> str:
    return os.path.splitext(os.path.basename(path))[0]


class Evaluation:
    """The evaluated properties, item definitions and items of one project file."""

    def __init__(self, path: str, root: Node, configuration: str, platform: str, solution_dir: str | None,
                 solution_path: str | None, resolver: Resolver) -> None:
        self.path = path
        self.dir = os.path.dirname(path)
        self.root = root
        self.resolver = resolver
        self.warnings: list[str] = []
        self._warned: set[str] = set()
        stem, ext = os.path.splitext(os.path.basename(path))
        sol_dir = os.path.abspath(solution_dir) if solution_dir else self.dir
        sol_path = solution_path or os.path.join(sol_dir, stem + ".sln")
        values = {
            "Configuration": configuration, "Platform": platform, "PlatformName": platform,
            "ProjectDir": win_dir(self.dir), "ProjectPath": path, "ProjectName": stem,
            "ProjectFileName": os.path.basename(path), "ProjectExt": ext,
            "MSBuildProjectDirectory": self.dir, "MSBuildProjectDirectoryNoRoot": self.dir.lstrip("/"),
            "MSBuildProjectFile": os.path.basename(path), "MSBuildProjectName": stem,
            "MSBuildProjectExtension": ext, "MSBuildProjectFullPath": path,
            "SolutionDir": win_dir(sol_dir), "SolutionPath": sol_path, "SolutionName": _stem(sol_path),
            "SolutionFileName": os.path.basename(sol_path), "SolutionExt": os.path.splitext(sol_path)[1],
        }
        readonly = set(_RESERVED)
        if solution_dir or solution_path:
            readonly |= {"solutiondir", "solutionpath", "solutionname", "solutionfilename", "solutionext"}
        self.props = Properties(values, readonly, self._default)
        self.expander = Expander(self.props, self.warn)
        self._this_file = ""
        self._imported = {path}
        self._deferred: list[tuple[Node, str]] = []
        self.defs: dict[str, dict[str, str]] = {}
        self.items: list[Item] = []

    # ---- helpers ----------------------------------------------------------------------

    def warn(self, message: str) -> None:
        if message not in self._warned:
            self._warned.add(message)
            self.warnings.append(message)

    def _default(self, key: str) -> str | None:
        """What Visual Studio's props define for a property the project does not set."""
        p = self.props

        def sub() -> str:
            if p.get("Platform").lower() in ("win32", "x86"):
                return f"{p.get('Configuration')}\\"
            return f"{p.get('Platform')}\\{p.get('Configuration')}\\"

        if key == "targetname":
            return p.get("ProjectName")
        if key == "outdir":
            return p.get("SolutionDir") + sub()
        if key == "intdir":
            return sub()
        if key == "targetext":
            return {"staticlibrary": ".lib", "dynamiclibrary": ".dll"}.get(p.get("ConfigurationType").lower(), ".exe")
        if key == "targetdir":
            return p.get("OutDir")
        if key == "targetfilename":
            return p.get("TargetName") + p.get("TargetExt")
        if key == "targetpath":
            return p.get("TargetDir") + p.get("TargetFileName")
        return None

    def _enter(self, file: str) -> None:
        """Point the MSBuildThisFile... properties at `file`."""
        if file == self._this_file:
            return
        self._this_file = file
        folder = os.path.dirname(file)
        name, ext = os.path.splitext(os.path.basename(file))
        for key, value in (("MSBuildThisFile", name + ext), ("MSBuildThisFileName", name),
                           ("MSBuildThisFileExtension", ext), ("MSBuildThisFileFullPath", file),
                           ("MSBuildThisFileDirectory", win_dir(folder)),
                           ("MSBuildThisFileDirectoryNoRoot", win_dir(folder).lstrip("/"))):
            self.props.force(key, value)

    def expand(self, text: str, file: str, line: int, meta: MetadataLookup | None = None) -> str:
        return self.expander.expand(text, (file, line), meta)

    def cond(self, el: Node, file: str, base: str | None = None, meta: MetadataLookup | None = None) -> bool:
        """Evaluate `el`'s Condition (none: true); Exists() paths are relative to `base`."""
        text = el.get("Condition")
        if text is None or not text.strip():
            return True

        def fail(message: str) -> NoReturn:
            raise ProjectError(file, el.line, f"cannot evaluate condition {text.strip()!r}: {message}")

        return evaluate_condition(text, lambda s: self.expand(s, file, el.line, meta),
                                  lambda p: self.resolver.exists(base or self.dir, p), fail)

    # ---- pass 1: properties and imports -------------------------------------------------

    def run(self) -> None:
        self._walk(self.root, self.path, 0)
        self._definitions()
        self._items()

    def _walk(self, container: Node, file: str, depth: int) -> None:
        if depth > MAX_IMPORT_DEPTH:
            raise ProjectError(file, container.line, f"imports or Choose elements nested over {MAX_IMPORT_DEPTH} deep")
        for el in container.children:
            self._enter(file)
            if el.tag == "PropertyGroup":
                if self.cond(el, file):
                    for prop in el.children:
                        if self.cond(prop, file):
                            self.props.set(prop.tag, self.expand(prop.text.strip(), file, prop.line))
            elif el.tag == "Import":
                self._import(el, file, depth)
            elif el.tag == "ImportGroup":
                if self.cond(el, file):
                    for imp in el.children:
                        if imp.tag == "Import":
                            self._enter(file)
                            self._import(imp, file, depth)
            elif el.tag in ("ItemGroup", "ItemDefinitionGroup"):
                self._deferred.append((el, file))
            elif el.tag == "Choose":
                for branch in el.children:
                    if branch.tag == "Otherwise" or (branch.tag == "When" and self.cond(branch, file)):
                        self._walk(branch, file, depth + 1)
                        break

    def _import(self, el: Node, file: str, depth: int) -> None:
        raw = el.get("Project") or ""
        folder = os.path.dirname(file)
        if not self.cond(el, file, base=folder):
            return
        low = raw.lower()
        if any(macro in low for macro in _TOOLSET_MACROS):
            return
        target = unescape(self.expand(raw, file, el.line)).strip()
        if _TOOLSET_FILE.match(os.path.basename(target.replace("\\", "/"))):
            return
        where = f"{file}:{el.line}"
        if not target:
            self.warn(f"{where}: an Import without a Project path was skipped")
            return
        if "*" in target or "?" in target:
            self.warn(f"{where}: wildcard import '{raw}' is not supported; skipped")
            return
        found = self.resolver.resolve(folder, target)
        if found is None or not found[1] or not os.path.isfile(found[0]):
            self.warn(f"{where}: imported file not found, skipped: '{raw}'")
            return
        path = found[0]
        if path in self._imported:
            self.warn(f"{where}: '{raw}' is imported more than once (or in a cycle); the repeated import was skipped")
            return
        self._imported.add(path)
        root = parse_xml(path)
        if root.tag != "Project":
            raise ProjectError(path, root.line, f"not an MSBuild file: the root element is <{root.tag}>, not <Project>")
        self._walk(root, path, depth + 1)

    # ---- pass 2: item definitions --------------------------------------------------------

    @staticmethod
    def _lookup(item_type: str, meta: dict[str, str], builtin: dict[str, str] | None = None) -> MetadataLookup:
        def lookup(qualifier: str | None, name: str) -> str:
            if qualifier is not None and qualifier.lower() != item_type:
                return ""
            key = name.lower()
            if key in meta:
                return meta[key]
            return builtin.get(key, "") if builtin else ""
        return lookup

    def _apply_metadata(self, item_el: Node, file: str, item_type: str, meta: dict[str, str],
                        builtin: dict[str, str] | None = None) -> None:
        lookup = self._lookup(item_type, meta, builtin)
        for key, value in item_el.attrib.items():
            if key.lower() not in ("condition", "include", "exclude", "remove", "update", "keepmetadata",
                                   "removemetadata", "keepduplicates"):
                meta[key.lower()] = self.expand(value, file, item_el.line, lookup)
        for m in item_el.children:
            if self.cond(m, file, meta=lookup):
                meta[m.tag.lower()] = self.expand(m.text.strip(), file, m.line, lookup)

    def _elements(self, tag: str):
        """(element, file) of each `tag` group's children whose conditions hold, in document order."""
        for group, file in self._deferred:
            if group.tag != tag:
                continue
            self._enter(file)
            if not self.cond(group, file):
                continue
            for item_el in group.children:
                if self.cond(item_el, file):
                    yield item_el, file

    def _definitions(self) -> None:
        for item_el, file in self._elements("ItemDefinitionGroup"):
            item_type = item_el.tag.lower()
            self._apply_metadata(item_el, file, item_type, self.defs.setdefault(item_type, {}))

    # ---- pass 3: items ---------------------------------------------------------------------

    def _builtin(self, spec: str) -> dict[str, str]:
        unix = spec.replace("\\", "/")
        name, ext = os.path.splitext(os.path.basename(unix))
        rel = spec[:len(spec) - len(os.path.basename(unix))]
        return {"identity": spec, "filename": name, "extension": ext, "relativedir": rel,
                "fullpath": os.path.normpath(os.path.join(self.dir, unix))}

    def _items(self) -> None:
        for item_el, file in self._elements("ItemGroup"):
            self._item(item_el, file)

    def _item(self, item_el: Node, file: str) -> None:
        item_type = item_el.tag.lower()
        where = f"{file}:{item_el.line}"
        include = item_el.get("Include")
        if include is None:
            remove = item_el.get("Remove")
            if remove is not None:
                gone = {s.replace("/", "\\").lower() for s in split_list(self.expand(remove, file, item_el.line))}
                self.items = [it for it in self.items
                              if it.type != item_type or it.spec.replace("/", "\\").lower() not in gone]
            elif item_el.get("Update") is not None:
                self.warn(f"{where}: <{item_el.tag} Update=...> items are not supported; skipped")
            return
        for spec in split_list(self.expand(include, file, item_el.line)):
            if "@(" in spec or "*" in spec or "?" in spec:
                if item_type == "clcompile":
                    self.warn(f"{where}: wildcard or item-list Include '{spec}' is not expanded; skipped")
                continue
            meta = dict(self.defs.get(item_type, {}))
            self._apply_metadata(item_el, file, item_type, meta, self._builtin(spec))
            self.items.append(Item(item_type, spec, meta, file, item_el.line))
