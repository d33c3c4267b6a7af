"""The papers of the catalogue, discovered: one package per paper, found through the entry-point group
``ibcheck.papers``.

An entry point's value names either a paper package (its ``__init__`` holds the manifest ``PAPER``) or a
collection of them (a package whose sub-packages carrying a manifest are the papers). ibcheck declares one entry
point for its built-in collection ``ibcheck.papers`` (pyproject.toml); an installed package declares its own paper
package the same way, and is then found exactly like a built-in one. The manifest is light (stdlib only)::

    PAPER = {"name": "<paper>", "citation": "Authors, Title, Venue Year", "order": 120}

``order`` sorts the catalogue (the built-ins 10, 20, …); optional ``conjectures`` maps a module of the paper's
``conjectures/`` to its sort key among all conjectures (default: the paper's ``order``).; optional
``former_fixtures`` maps the names ``ibcheck.testing.fixed_cases`` gave a shared case before 0.2 (after the paper
that read it first) to its current name: the paper declares them, so no shared file names it (deprecated, until 0.3). Discovery reads the entry
points' metadata and imports the manifests only: a paper's statements, checks and figures are imported when they
are used (``theory.catalogue``, ``checks.registry``, ``checks.index`` for one claim). A broken installed paper is
skipped with one warning line (``ERRORS``); a broken built-in one is a bug and raises. ``IBCHECK_NO_PLUGINS=1``
skips every paper outside the built-in collection.
"""
from __future__ import annotations

import importlib
import importlib.util
import math
import os
import pkgutil
import re
from dataclasses import dataclass, field

GROUP = "ibcheck.papers"
BUILTIN = "ibcheck.papers"  # the built-in collection, declared in pyproject.toml
NAME = re.compile(r"^[a-z][a-z0-9_-]*$")


class PaperError(Exception):
    """Why an installed paper was skipped (one line)."""


@dataclass(frozen=True)
class Paper:
    """A discovered paper: its manifest and where it lives."""

    name: str
    package: str  # dotted name of the paper's package
    citation: str
    order: float
    summary: str  # the first line of the manifest's docstring
    entry_point: str  # the entry point that found it
    dist: str  # the distribution that declared it
    manifest: dict = field(default_factory=dict, compare=False)

    @property
    def builtin(self) -> bool:
        return self.package.startswith(BUILTIN + ".")

    def has(self, rel: str) -> bool:
        """Whether the paper has the module ``rel`` (``"checks.expected"``, ``"figures"``), without importing it."""
        try:
            return importlib.util.find_spec(f"{self.package}.{rel}") is not None
        except ModuleNotFoundError:
            return False

    def module(self, rel: str):
        return importlib.import_module(f"{self.package}.{rel}")

    def submodules(self, rel: str) -> list[str]:
        """The modules of the paper's sub-package ``rel`` (``"checks"``), by name, without importing them."""
        if not self.has(rel):
            return []
        pkg = self.module(rel)
        return sorted(m.name for m in pkgutil.iter_modules(getattr(pkg, "__path__", [])) if not m.ispkg)


def off(var: str = "IBCHECK_NO_PLUGINS") -> bool:
    return os.environ.get(var, "").strip() not in ("", "0")


def manifest_of(package: str) -> dict | None:
    """``PAPER`` of ``package`` (None when it has none)."""
    mod = importlib.import_module(package)
    m = getattr(mod, "PAPER", None)
    return m if isinstance(m, dict) else None


def paper_from_manifest(package: str, m: dict, ep_name: str, dist: str) -> Paper:
    name, cite, order = m.get("name"), m.get("citation", ""), m.get("order", 1000)
    if not isinstance(name, str) or not NAME.match(name):
        raise PaperError(f"{package}: PAPER['name'] must be a lower-case name, got {name!r}")
    if not isinstance(cite, str) or not isinstance(order, (int, float)) or not math.isfinite(order):
        raise PaperError(f"{package}: PAPER['citation'] must be a string and PAPER['order'] a number")
    doc = (importlib.import_module(package).__doc__ or "").strip().splitlines()
    return Paper(name=name, package=package, citation=cite, order=float(order), summary=doc[0] if doc else "",
                 entry_point=ep_name, dist=dist, manifest=dict(m))


def _from_entry_point(value: str, ep_name: str, dist: str) -> list[Paper]:
    """The papers an entry point names: its package itself (a manifest) or the sub-packages of a collection."""
    m = manifest_of(value)
    if m is not None:
        return [paper_from_manifest(value, m, ep_name, dist)]
    pkg = importlib.import_module(value)
    out = []
    for sub in sorted(s.name for s in pkgutil.iter_modules(getattr(pkg, "__path__", [])) if s.ispkg):
        sm = manifest_of(f"{value}.{sub}")
        if sm is not None:
            out.append(paper_from_manifest(f"{value}.{sub}", sm, ep_name, dist))
    if not out:
        raise PaperError(f"{value} has no PAPER manifest and no paper sub-package")
    return out


def _entry_points() -> list[tuple[str, str, str]]:
    """``(name, module, distribution)`` of the group's entry points; the built-in collection always among them
    (a checkout whose installed metadata predates the entry point still finds its own papers)."""
    eps = []
    for ep in entry_points_of(GROUP):
        dist = getattr(getattr(ep, "dist", None), "name", None) or "?"
        eps.append((ep.name, ep.value.split(":", 1)[0].strip(), dist))
    if not any(v == BUILTIN for _, v, _ in eps):
        eps.append(("builtin", BUILTIN, "ibcheck"))
    return sorted(set(eps), key=lambda e: (e[1] != BUILTIN, e[0], e[1]))


_EPS: list = []


def entry_points_of(group: str) -> list:
    """The entry points of ``group``, from one scan of the installed metadata per process (the scan is most of what
    discovery costs: ``ibcheck list`` asks for two groups)."""
    if not _EPS:
        from importlib.metadata import entry_points
        _EPS.append(entry_points())
    eps = _EPS[0]
    return list(eps.select(group=group)) if hasattr(eps, "select") else list(eps.get(group, []))


def _folders(value: str) -> list:
    """The folder of the entry point's package (no import: it may be what failed)."""
    from .paper_health import source_folder
    f = source_folder(value.split(".")[0])
    return [f] if f is not None else []


_CACHE: list = []
ERRORS: list[str] = []  # one line per skipped installed paper


def discover(refresh: bool = False) -> tuple[Paper, ...]:
    """Every paper, sorted by ``order`` then name (cached per process)."""
    if _CACHE and not refresh:
        return _CACHE[0]
    ERRORS.clear()
    found: dict[str, Paper] = {}
    try:
        eps = _entry_points()
    except Exception as exc:  # noqa: BLE001  (broken metadata on sys.path must not break the built-ins)
        ERRORS.append(f"entry points of group {GROUP!r} unreadable ({type(exc).__name__}): installed papers skipped")
        eps = [("builtin", BUILTIN, "ibcheck")]
    for ep_name, value, dist in eps:
        builtin = value == BUILTIN
        if not builtin and off():
            continue
        try:
            papers = _from_entry_point(value, ep_name, dist)
            for p in papers:
                if p.name in found:
                    raise PaperError(f"paper name {p.name!r} is taken by {found[p.name].package}")
        except Exception as exc:  # noqa: BLE001  (an installed paper's fault, whatever it raises: one line)
            if builtin:
                raise
            from .paper_health import blame, first_line
            b = blame(exc, {p: ep_name for p in _folders(value)})
            ERRORS.append(f"paper {ep_name!r} ({value}) skipped: {first_line(exc)}" + (f" at {b.where()}" if b else ""))
            continue
        found.update({p.name: p for p in papers})
    out = tuple(sorted(found.values(), key=lambda p: (p.order, p.name)))
    _CACHE[:] = [out]
    return out


def skipped(paper: Paper, exc: BaseException) -> None:
    """An installed paper whose statements or checks fail to import: one warning line (a built-in one raises)."""
    if paper.builtin:
        raise exc
    from .paper_health import first_line
    b = culprit(exc)
    line = f"paper {paper.name!r} ({paper.package}) skipped: {first_line(exc)}" + (f" at {b.where()}" if b else "")
    if line not in ERRORS:
        ERRORS.append(line)


_WARNED: set = set()


def warn(stream=None) -> None:
    """Print each skipped paper's line once per process (stderr), as ``ibcheck: warning: …``."""
    import sys
    for line in ERRORS:
        if line not in _WARNED:
            _WARNED.add(line)
            print(f"ibcheck: warning: {line}", file=stream or sys.stderr)


_ROOTS: list = []


def installed_roots() -> dict:
    """Folder (or file) → name, of every installed paper and every catalogue of the deprecated entry-point group
    ``ibcheck.catalogues`` (found without importing them); the built-in papers are ibcheck's own code."""
    if _ROOTS:
        return _ROOTS[0]
    from .paper_health import source_folder
    out = {}
    for p in discover():
        if not p.builtin and (f := source_folder(p.package)) is not None:
            out[f] = p.name
    try:
        for ep in entry_points_of("ibcheck.catalogues"):
            top = ep.value.split(":", 1)[0].strip().split(".")[0]
            if top != "ibcheck" and (f := source_folder(top)) is not None:
                out[f] = ep.name
    except Exception:  # noqa: BLE001  (unreadable metadata: nothing to blame there)
        pass
    _ROOTS[:] = [out]
    return out


def ibcheck_roots() -> tuple:
    """ibcheck's own folders (its package and the installed roots: a source checkout maps them to theory/, …)."""
    from .paper_health import source_folder
    found = [source_folder(m) for m in ("ibcheck", *(f"ibcheck.{r}" for r in ("theory", "numerics", "checks", "reports",
                                                                         "papers")))]
    return tuple(f for f in found if f is not None)


AUTHORING = ("ibcheck.theory.statement", "ibcheck.theory.rates", "ibcheck.checks.base", "ibcheck.checks.params")


def authoring_files() -> tuple:
    """The modules a paper builds its statements and checks with: their refusals are the paper's errors."""
    from .paper_health import source_folder
    return tuple(f for f in (source_folder(m) for m in AUTHORING) if f is not None)


def culprit(exc: BaseException):
    """The installed paper whose code raised ``exc`` (``theory.paper_health.Blame``: name, file, line), or None —
    also when asking fails: then the error is reported as ibcheck's own."""
    from .paper_health import blame
    try:
        roots = installed_roots()
        return blame(exc, roots, ibcheck_roots(), authoring_files()) if roots else None
    except Exception:  # noqa: BLE001  (the question must never hide the error it is about)
        return None
