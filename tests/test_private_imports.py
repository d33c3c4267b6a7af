"""No module uses another module's private (``_name``) names: what another module needs has a public name.

A leading underscore says "only this module relies on it": its author may rename or change it without looking
elsewhere. An import of such a name from another module (``from ibcheck.numerics.data.sets import _stream``) or an
attribute read through an imported name (``gf._CACHE``, ``Probe._terms``) breaks that promise silently, so it is
refused here, parsed with ``ast`` (nothing is imported).

Scanned: every ``.py`` file of the shipped folders (``ibcheck/``, ``theory/``, ``numerics/``, ``checks/``,
``reports/``, ``papers/``; a paper's ``benchmarks/`` too) except test folders (``tests/``). Decided:

* a package's ``__init__`` re-exporting a private name of its own sub-module counts as another module: it is
  refused too (re-export a public name instead);
* only names bound by an import of the package itself (``ibcheck.*`` or a relative import) are followed: a
  library's private names (``torch._ops``, ``os._exit``) are that library's business, and an object's private
  attribute read through a local variable cannot be told from a parameter without running the code;
* dunder names (``__version__``, ``__doc__``) are public.
"""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FOLDERS = {"ibcheck": "ibcheck", "theory": "ibcheck.theory", "numerics": "ibcheck.numerics",
           "checks": "ibcheck.checks", "reports": "ibcheck.reports", "papers": "ibcheck.papers"}


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def _shipped() -> dict[str, Path]:
    """Dotted module name → file, for every shipped file (test folders excluded)."""
    out = {}
    for folder, pkg in FOLDERS.items():
        for f in sorted((ROOT / folder).rglob("*.py")):
            rel = f.relative_to(ROOT / folder).with_suffix("")
            if "tests" in rel.parts or "__pycache__" in rel.parts:
                continue
            out[".".join([pkg, *[p for p in rel.parts if p != "__init__"]])] = f
    return out


def _violations(mod: str, path: Path, root: Path = ROOT) -> list[str]:
    """``file:line: what`` for each private name of another package module this file uses."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    pkg = mod if path.name == "__init__.py" else mod.rpartition(".")[0]
    where = path.relative_to(root)
    bad, bound = [], {}  # bound: local name → the package module (or module.attribute) an import bound it to
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                if a.name.split(".")[0] == "ibcheck":
                    bound[a.asname or "ibcheck"] = a.name if a.asname else "ibcheck"
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = pkg.rsplit(".", node.level - 1)[0] if node.level > 1 else pkg
                source = f"{base}.{node.module}" if node.module else base
            elif (node.module or "").split(".")[0] == "ibcheck":
                source = node.module
            else:
                continue
            for a in node.names:
                if _private(a.name) and source != mod:
                    bad.append(f"{where}:{node.lineno}: from {source} import {a.name}")
                bound[a.asname or a.name] = f"{source}.{a.name}"
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Attribute) and _private(node.attr)):
            continue
        if isinstance(node.value, ast.Name) and node.value.id in bound and bound[node.value.id] != mod:
            bad.append(f"{where}:{node.lineno}: {node.value.id}.{node.attr} ({bound[node.value.id]})")
        elif isinstance(node.value, ast.Attribute) and "ibcheck" in bound:  # ibcheck.numerics.data.sets._stream
            dotted = ast.unparse(node.value)
            if dotted.startswith("ibcheck.") and dotted != mod:
                bad.append(f"{where}:{node.lineno}: {dotted}.{node.attr}")
    return bad


def test_no_module_uses_another_modules_private_names():
    bad = [v for mod, path in _shipped().items() for v in _violations(mod, path)]
    assert bad == [], "give these a public name in their home module:\n" + "\n".join(bad)


def test_the_scan_sees_the_shapes_it_refuses(tmp_path):
    """The shapes are caught (a scan that matches nothing would pass vacuously)."""
    f = tmp_path / "m.py"
    f.write_text("from ibcheck.numerics.data.sets import _stream\nfrom . import gf\nfrom .probe import Probe\n"
                 "import ibcheck.numerics.data.sets as D\nimport ibcheck.theory.svm\nimport os\n"
                 "gf._CACHE.clear(); Probe._terms; D._x; os._exit; gf.__doc__; self._y; ibcheck.theory.svm._f\n",
                 encoding="utf-8")
    got = sorted(g.split(": ", 1)[1] for g in _violations("ibcheck.checks.m", f, tmp_path))
    assert got == ["D._x (ibcheck.numerics.data.sets)", "Probe._terms (ibcheck.checks.probe.Probe)",
                   "from ibcheck.numerics.data.sets import _stream", "gf._CACHE (ibcheck.checks.gf)",
                   "ibcheck.theory.svm._f"], got
