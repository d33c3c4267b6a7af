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
    """Dotted module name → file, for every module of the installed package (tests and a paper's benchmarks/ — scripts,
    not installed — excluded)."""
    out = {}
    for folder, pkg in FOLDERS.items():
        for f in sorted((ROOT / folder).rglob("*.py")):
            rel = f.relative_to(ROOT / folder).with_suffix("")
            if any(p.startswith("test_") or p in ("conftest", "tests", "benchmarks") for p in rel.parts):
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
                "wrong_answers": "checks", "pinned": "cli", "hooks": "reports", "figures": "reports"}  # pinned: ibcheck.testing


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
    assert len(PAPERS) >= 11


# ---- docs/architecture.md's recipe "add a paper", followed literally in a copy of the tree -------------------------
RECIPE = ROOT / "docs" / "architecture.md"
_STEP = re.compile(r"<!-- recipe: \$ (.+?) -->")


def _recipe_steps() -> list[str]:
    """The recipe's commands, in document order."""
    return _STEP.findall(RECIPE.read_text(encoding="utf-8"))


def test_the_add_a_paper_recipe_runs_and_touches_one_folder(tmp_path):
    """The scaffold, as a newcomer runs it: in a copy of the tree under git, every command of the recipe exits 0
    (the new paper's claims verified, its cases, the conformance suite, its own tests, the generated-docs tests and
    this file's other tests green with it), and `git status` then shows only the new paper's folder."""
    import os
    import shlex
    import subprocess
    import sys
    sys.path.insert(0, str(ROOT / "mutants"))
    from mutate import copy_tree
    steps = _recipe_steps()
    assert steps[0].startswith("python -m ibcheck new paper toy2099") and any("pytest" in s for s in steps), steps
    copy_tree(tmp_path)
    git = ["git", "-c", "user.email=recipe@ibcheck", "-c", "user.name=recipe"]
    for cmd in (["init", "-q"], ["add", "-A"], ["commit", "-qm", "the tree before the recipe"]):
        subprocess.run(git + cmd, cwd=tmp_path, check=True, capture_output=True)
    env = dict(os.environ, PYTHONPATH=str(tmp_path), OMP_NUM_THREADS="1")
    for step in steps:
        argv = shlex.split(step)
        argv[0] = sys.executable if argv[0] == "python" else argv[0]
        p = subprocess.run(argv, cwd=tmp_path, env=env, capture_output=True, text=True)
        assert p.returncode == 0, (step, p.stdout[-3000:], p.stderr[-3000:])
        if argv[1:4] == ["-m", "ibcheck", "check"]:
            assert "VERIFIED" in p.stdout, (step, p.stdout)
    status = subprocess.run(["git", "status", "--porcelain", "--untracked-files=normal"], cwd=tmp_path,
                            capture_output=True, text=True, check=True).stdout.splitlines()
    assert status == ["?? papers/toy2099/"], status
    assert not (ROOT / "papers" / "toy2099").exists()  # the checkout itself is untouched
