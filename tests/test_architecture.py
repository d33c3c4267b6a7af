"""The package's shape, enforced: one-way layers, no import circles, small modules, papers kept apart.

* Layers: ``theory`` and ``numerics`` import neither ``checks``, ``reports`` nor the command line (``ibcheck.*``
  modules outside the four sub-packages); ``checks`` does not import ``reports``.
* No import circles between modules of the package (every ``import``, also inside functions: a lazy import
  hides a circle from the interpreter, not from a reader).
* Every module of the package ≤ 400 lines.
* A paper's folder (``theory/<paper>/``, ``checks/<paper>/``) imports no other paper's folder.
"""
from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FOLDERS = {"ibcheck": "ibcheck", "theory": "ibcheck.theory", "numerics": "ibcheck.numerics",
           "checks": "ibcheck.checks", "reports": "ibcheck.reports", "papers": "ibcheck.papers"}
MAX_LINES = 400


def _modules() -> dict[str, Path]:
    """Dotted module name → file, for every module of the installed package (tests excluded)."""
    out = {}
    for folder, pkg in FOLDERS.items():
        for f in sorted((ROOT / folder).rglob("*.py")):
            rel = f.relative_to(ROOT / folder).with_suffix("")
            if any(p.startswith("test_") or p in ("conftest", "tests") for p in rel.parts):
                continue
            parts = [p for p in rel.parts if p != "__init__"]
            out[".".join([pkg, *parts])] = f
    return out


MODULES = _modules()


def _resolve(name: str) -> str | None:
    """The package module a dotted name refers to: itself, else its longest importable prefix."""
    while name:
        if name in MODULES:
            return name
        name = name.rpartition(".")[0]
    return None


def _imports(mod: str, path: Path) -> set[str]:
    """The package modules ``mod`` imports (``from a import b`` counts ``a.b`` when that is a module)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    pkg = mod if path.name == "__init__.py" else mod.rpartition(".")[0]
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = pkg
                for _ in range(node.level - 1):
                    base = base.rpartition(".")[0]
                base = f"{base}.{node.module}" if node.module else base
            else:
                base = node.module or ""
            names = [f"{base}.{a.name}" if f"{base}.{a.name}" in MODULES else base for a in node.names]
        else:
            continue
        for n in names:
            r = _resolve(n) if n.startswith("ibcheck") else None
            if r and r != mod:
                found.add(r)
    return found


GRAPH = {m: _imports(m, p) for m, p in MODULES.items()}


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan), each sorted."""
    index, low, stack, on, out, counter = {}, {}, [], set(), [], [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))
    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


PAPER_LAYERS = {"theory": "theory", "numerics": "numerics", "checks": "checks", "conjectures": "checks",
                "wrong_answers": "checks", "pinned": "checks", "hooks": "reports", "figures": "reports"}


def _layer(mod: str) -> str:
    """The layer of a module; inside a paper folder (``ibcheck.papers.<paper>.<part>``) the part's layer mirrors the
    top level (the manifest and the generated index are ``manifest``: they import nothing of ibcheck)."""
    parts = mod.split(".")
    if len(parts) > 2 and parts[1] == "papers":
        return PAPER_LAYERS.get(parts[3], "manifest") if len(parts) > 3 else "manifest"
    return parts[1] if len(parts) > 1 and parts[1] in FOLDERS else "cli"


def test_no_import_circles():
    assert _cycles(GRAPH) == []


def test_layers_flow_one_way():
    banned = {"theory": {"checks", "reports", "cli"}, "numerics": {"checks", "reports", "cli"},
              "checks": {"reports", "cli"}, "manifest": {"theory", "numerics", "checks", "reports", "cli", "papers"}}
    bad = [f"{m} imports {t}" for m, ts in GRAPH.items() for t in sorted(ts)
           if _layer(t) in banned.get(_layer(m), ())]
    assert bad == []


def test_modules_are_small():
    big = {m: n for m, p in MODULES.items() if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_LINES}
    assert big == {}


PAPERS = sorted({p.parent.parent.name for p in (ROOT / "papers").glob("*/theory/statements.py")})


def _paper(mod: str) -> str | None:
    parts = mod.split(".")
    return parts[2] if len(parts) > 2 and parts[1] == "papers" and parts[2] in PAPERS else None


def test_papers_do_not_import_each_other():
    bad = [f"{m} imports {t}" for m, ts in GRAPH.items() if _paper(m) for t in sorted(ts)
           if _paper(t) and _paper(t) != _paper(m)]
    assert bad == []


def test_the_checker_sees_a_circle():
    """The circle finder itself: a → b → a is found, a → b → c is not."""
    assert _cycles({"a": {"b"}, "b": {"a"}}) == [["a", "b"]]
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": set()}) == []
    assert len(PAPERS) >= 11 and "lai2026" in PAPERS


# ---- docs/architecture.md's recipe "add a claim", followed literally in a copy of the tree -------------------------
RECIPE = ROOT / "docs" / "architecture.md"
_STEP = re.compile(r"<!-- recipe: (write (\S+)|append (\"[^\"]+\") to (\w+) in (\S+)|run (\w+)) -->")


def _recipe_steps() -> list[tuple]:
    """``("write", path, source)``, ``("append", literal, name, path)``, ``("run", what)`` in document order; a
    written file's source is the fenced block after its marker (empty for a marker outside a block's lead-in)."""
    text = RECIPE.read_text(encoding="utf-8")
    steps = []
    for m in _STEP.finditer(text):
        if m.group(2):
            rest = text[m.end():]
            fence = re.match(r"\n(?:<!--[^\n]*-->\n)?```python\n(.*?)```", rest, re.S)
            steps.append(("write", m.group(2), fence.group(1) if fence else ""))
        elif m.group(3):
            steps.append(("append", m.group(3), m.group(4), m.group(5)))
        else:
            steps.append(("run", m.group(6)))
    return steps


def _append(path: Path, literal: str, name: str) -> None:
    """Add ``literal`` as the last item of the tuple assigned to ``name`` (``NAME = (...)`` or ``tuple(... for m in (...))``)."""
    text = path.read_text(encoding="utf-8")
    start = text.index(f"\n{name} = ") + 1
    close = text.index("))" if "tuple(" in text[start:text.index("\n", start)] else ")", start)
    path.write_text(text[:close] + f", {literal}" + text[close:], encoding="utf-8")


def test_the_add_a_claim_recipe_runs(tmp_path):
    import subprocess
    import sys
    sys.path.insert(0, str(ROOT / "mutants"))
    from mutate import copy_tree
    steps = _recipe_steps()
    assert [s[0] for s in steps].count("write") == 6 and [s[0] for s in steps][-2:] == ["run", "run"], steps
    copy_tree(tmp_path)
    env = dict(__import__("os").environ, PYTHONPATH=str(tmp_path))
    for step in steps:
        if step[0] == "write":
            (tmp_path / step[1]).parent.mkdir(parents=True, exist_ok=True)
            (tmp_path / step[1]).write_text(step[2], encoding="utf-8")
        elif step[0] == "append":
            _append(tmp_path / step[3], step[1], step[2])
        elif step[1] == "index_build":
            p = subprocess.run([sys.executable, "-m", "ibcheck.checks.index_build"], cwd=tmp_path, env=env,
                               capture_output=True, text=True)
            assert p.returncode == 0 and str(tmp_path) in p.stdout, p.stdout + p.stderr
        else:
            p = subprocess.run([sys.executable, "-m", "ibcheck", "check", "toy2099.mean"], cwd=tmp_path, env=env,
                               capture_output=True, text=True)
            assert p.returncode == 0 and "VERIFIED" in p.stdout, p.stdout + p.stderr
    listed = subprocess.run([sys.executable, "-m", "ibcheck", "list"], cwd=tmp_path, env=env,
                            capture_output=True, text=True).stdout
    assert "toy2099.mean" in listed
    assert "toy2099.mean" not in (ROOT / "checks" / "index.py").read_text()  # the checkout itself is untouched
