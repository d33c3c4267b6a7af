"""Whose fault an error is: an installed paper's own code, or ibcheck's.

An exception raised while an installed (not built-in) paper's statements or checks import or run is that paper's
error — exit 2 naming the paper, the file and the line (``ibcheck.cli``), an ``inconclusive`` naming them in a report
or sweep, a one-line skip in discovery — while exit 5 stays for ibcheck's own bugs. ``blame`` (``theory.papers.culprit`` for the installed papers) finds the innermost
frame of the traceback that lies in a paper's folder (a ``SyntaxError``'s own file and line count as the innermost;
a worker process's traceback arrives as text, ``concurrent.futures``' ``_RemoteTraceback``, and is read the same
way). ``static_problem`` answers, without importing anything, whether a paper's modules would import: each one
compiles, and every module it imports exists (an absolute import's top-level package installed, a relative one's
file present) — what ``ibcheck list`` can afford to ask in a few milliseconds.
"""
from __future__ import annotations

import ast
import importlib.util
import re
import traceback
from dataclasses import dataclass
from pathlib import Path

_TB_LINE = re.compile(r'File "(?P<file>[^"]+)", line (?P<line>\d+), in (?P<fn>\S+)')


@dataclass(frozen=True)
class Blame:
    """The paper whose code raised, and where."""

    paper: str
    file: str
    line: int
    function: str

    def where(self) -> str:
        return f"{self.file}:{self.line}" + (f" (in {self.function})" if self.function else "")


def source_folder(module: str) -> Path | None:
    """The folder of a package, or the file of a module, without importing it."""
    try:
        spec = importlib.util.find_spec(module)
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.origin or spec.origin in ("built-in", "frozen"):
        return None
    origin = Path(spec.origin).resolve()
    return origin.parent if spec.submodule_search_locations else origin


def _owner(file: str, table: dict[Path, str]) -> str | None:
    try:
        path = Path(file).resolve()
    except (OSError, ValueError):
        return None
    for root, name in table.items():
        if path == root or root in path.parents:
            return name
    return None


def _sites(exc: BaseException) -> list[tuple[str, int, str]]:
    """``(file, line, function)`` of every frame of ``exc`` and the exceptions chained to it, outermost first."""
    out: list[tuple[str, int, str]] = []
    seen = set()
    e: BaseException | None = exc
    chain = []
    while e is not None and id(e) not in seen:
        seen.add(id(e))
        chain.append(e)
        e = e.__cause__ or e.__context__
    for e in reversed(chain):
        out += [(f.filename, f.lineno or 0, f.name) for f in traceback.extract_tb(e.__traceback__)]
        text = getattr(e, "tb", None)  # concurrent.futures.process._RemoteTraceback: the worker's traceback
        if isinstance(text, str):
            out += [(m["file"], int(m["line"]), m["fn"]) for m in _TB_LINE.finditer(text)]
        if isinstance(e, SyntaxError) and e.filename:
            out.append((e.filename, e.lineno or 0, ""))
    return out


def blame(exc: BaseException, table: dict[Path, str], own: tuple = (), authoring: tuple = ()) -> Blame | None:
    """The innermost frame of ``exc`` in the code of one of ``table``'s folders (folder or file → paper name; the
    installed papers': ``theory.papers.culprit``), or None (then it is ibcheck's own error). Frames of other
    libraries (numpy, torch) are passed over; a frame in ``own`` (ibcheck's folders) deeper than any paper's ends
    the search: an error raised inside ibcheck is ibcheck's, even when a paper's code called it — except in the
    ``authoring`` modules (the statement model, ``CheckSpec``, ``Param``), whose errors refuse what the paper
    built (a rate that does not decrease, an unknown kind) and are passed over like a library's."""
    if not table:
        return None
    mine, api = {f: "" for f in own}, {f: "" for f in authoring}
    for file, line, fn in reversed(_sites(exc)):
        name = _owner(file, table)
        if name is not None:
            return Blame(name, file, line, "" if fn == "<module>" else fn)
        if mine and _owner(file, mine) is not None and not (api and _owner(file, api) is not None):
            return None
    return None


def first_line(exc: BaseException) -> str:
    lines = str(exc).strip().splitlines()
    return f"{type(exc).__name__}: {lines[0][:300]}" if lines else type(exc).__name__


def describe(exc: BaseException, b: Blame | None) -> str:
    """One line: the paper, the error and where it was raised — or the bare error when it is none of a paper's."""
    if b is None:
        return first_line(exc)
    return (f"paper {b.paper!r}: {first_line(exc)} at {b.where()} — an error in that paper's own code, not in "
            "ibcheck")


def _module_exists(base: Path, parts: list[str]) -> bool:
    target = base.joinpath(*parts)
    return target.with_suffix(".py").is_file() or (target / "__init__.py").is_file()


def static_problem(package: str) -> str | None:
    """Why the installed paper ``package`` would fail to import (``"SyntaxError: … at FILE:LINE"``), or None —
    without importing it: each of its modules (tests and benchmarks aside) compiles, and each module it imports
    exists."""
    folder = source_folder(package)
    if folder is None or not folder.is_dir():
        return None
    for path in sorted(folder.rglob("*.py")):
        rel = path.relative_to(folder)
        if rel.parts[0] in ("tests", "benchmarks") or "__pycache__" in rel.parts:
            continue
        try:
            tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        except SyntaxError as exc:
            return f"SyntaxError: {exc.msg} at {path}:{exc.lineno}"
        except (OSError, UnicodeDecodeError, ValueError) as exc:
            return f"{type(exc).__name__}: {exc} at {path}"
        own = package.split(".")
        pkg_parts = package.split(".") + list(rel.parent.parts)
        guarded = {id(n) for t in ast.walk(tree) if isinstance(t, ast.Try) for b in t.body for n in ast.walk(b)}
        for node in ast.walk(tree):
            if id(node) in guarded:  # `try: import optional` — its absence is handled by the paper
                continue
            if isinstance(node, ast.Import):
                mods = [(a.name, 0) for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                mods = [(node.module or "", node.level)]
            else:
                continue
            for name, level in mods:
                if level == 0:
                    top = name.split(".")[0]
                    if top and top != own[0] and importlib.util.find_spec(top) is None:
                        return f"ModuleNotFoundError: No module named {top!r} at {path}:{node.lineno}"
                elif name:
                    base_parts = pkg_parts[:len(pkg_parts) - (level - 1)]
                    if len(base_parts) < len(own):  # above the paper's package: not ours to resolve
                        continue
                    if not _module_exists(folder, base_parts[len(own):] + name.split(".")):
                        return (f"ModuleNotFoundError: No module named "
                                f"{'.'.join(base_parts + name.split('.'))!r} at {path}:{node.lineno}")
    return None
