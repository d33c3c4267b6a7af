"""A paper is one folder: no file outside a paper's folder names a paper, so adding a paper touches one folder.

Scanned: every file of the tree (git's tracked and untracked-not-ignored files, as ``mutants/mutate.py`` copies
them) outside ``papers/<paper>/`` — shipped code, configs, CI, tests, benchmarks, examples — for the name of any
discovered built-in paper. Exempt, each for a reason:

* the paper folders themselves: a paper's statements may cite another paper's result in prose (docs/catalogue.md
  quotes them); importing another paper's folder is what tests/test_architecture.py forbids;
* ``EXEMPT``: generated docs that list every paper by design, the papers' specification documents, prose docs (a
  user's guide cites example claims and measured numbers), the changelog (history), the mutation suite's list (one
  file all sessions append to; a mutant names the file it patches) and the frozen record of the table before rows
  were named;
* ``PENDING``: files that still name papers — open work, each listed; the list only shrinks (a listed file that no
  longer names a paper fails the test: delete its line);
* ``EXAMPLES``: the recipe's and the scaffold's own example names (``toy2099``, ``smith2024``, ``mine2099``), each
  allowed in the files that teach it — so a newcomer who names a paper after the example stays green.

The names are the discovered papers' (``ibcheck.theory.papers.discover``, read from the ``ibcheck.papers`` entry
points: the built-in ones, whose folders sit in this tree), matched as whole names — never a pattern such as "a word
with four digits".
"""
from __future__ import annotations

import re
import subprocess
from fnmatch import fnmatch
from pathlib import Path

from ibcheck.theory.papers import discover

ROOT = Path(__file__).resolve().parents[1]
EXEMPT = {
    "docs/catalogue.md": "generated: every claim of every paper", "docs/findings.md": "generated: every finding",
    "docs/discrimination.md": "generated: every claim × family", "docs/pinned.md": "generated: every pinned case",
    "docs/claims.md": "the papers' specification (verbatim source)",
    "docs/claims-ext.md": "the papers' specification (verbatim source)",
    "docs/*.md": "prose: the user's guide cites example claims and measured numbers (its commands run elsewhere)",
    "README.md": "prose: the user's guide", "CHANGELOG.md": "history",
    "mutants/spec.py": "the mutation suite's one list, appended to by every session; a mutant names its file",
    "mutants/patches/*": "generated from mutants/spec.py",
    ".ci/baseline/quick.json": "generated: the quick profile's results, every case by ID (.ci/baseline/update)",
    "tests/contract/snapshot.json": "generated: every claim's parameters (python -m tests.contract.surface --update)",
    "tests/data/expected_positional.json": "the frozen record of EXPECTED before rows were named",
    "tests/test_paper_folders.py": "this test: PENDING lists files still to move, some named after their paper",
}
# The examples the scaffold and the recipe (docs/architecture.md) teach with: name → the files that use it as such.
EXAMPLES = {"toy2099": {"tests/test_architecture.py"}, "smith2024": {"ibcheck/scaffold.py"},
            "mine2099": {"tests/test_scaffold.py"}}
# Open work: files that still name papers (none left: a new one fails the test; move it into its paper's folder or
# make it generic, a claim picked by discovery).
PENDING: set[str] = set()


def _files() -> list[str]:
    """The tree's files: git's view in a checkout; elsewhere (a copy: mutants/mutate.py) every file but caches."""
    p = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard"], cwd=ROOT,
                       capture_output=True, text=True)
    if p.returncode == 0 and (ROOT / ".git").exists():
        out = p.stdout.splitlines()
    else:
        skip = ("__pycache__", ".git", ".pytest_cache", ".hypothesis", "build")
        out = [str(f.relative_to(ROOT)) for f in ROOT.rglob("*")
               if not any(s in f.relative_to(ROOT).parts or s.endswith(".egg-info") for s in skip)
               and not any(x.endswith(".egg-info") for x in f.relative_to(ROOT).parts)]
    return [f for f in out if (ROOT / f).is_file() and not (ROOT / f).is_symlink()]


def _naming(extra: tuple[str, ...] = ()) -> dict[str, list[str]]:
    """File → the paper names it contains (files outside the paper folders, not exempt); ``extra``: names of papers
    not installed here, as if they were (a newcomer's)."""
    names = sorted({p.name for p in discover() if p.builtin} | set(extra))
    pat = re.compile(r"(?<![A-Za-z0-9_])(" + "|".join(map(re.escape, names)) + r")(?![0-9])")
    out = {}
    for f in _files():
        if f.startswith("papers/") and f.count("/") >= 2 or any(fnmatch(f, e) for e in EXEMPT):
            continue
        try:
            text = (ROOT / f).read_text(encoding="utf-8")
        except (UnicodeDecodeError, OSError):
            continue
        found = sorted(n for n in set(pat.findall(text)) if f not in EXAMPLES.get(n, ()))
        if found:
            out[f] = found
    return out


def test_no_file_outside_a_paper_folder_names_a_paper():
    naming = _naming()
    new = {f: n for f, n in naming.items() if f not in PENDING}
    assert not new, f"files outside the paper folders naming papers (move it into the paper's folder): {new}"
    fixed = sorted(PENDING - set(naming))
    assert not fixed, f"no longer naming a paper: delete these lines of PENDING: {fixed}"


def test_a_paper_named_after_the_examples_turns_nothing_red(monkeypatch):
    """A newcomer following the recipe (``ibcheck new paper toy2099``) or the scaffold's help (``smith2024``) adds a
    paper of that name: the files teaching the example still pass; only those files are excused (without the
    exemption the recipe's test file is caught)."""
    assert _naming(tuple(EXAMPLES)) == {}
    monkeypatch.setitem(EXAMPLES, "toy2099", set())
    assert _naming(("toy2099",)).get("tests/test_architecture.py") == ["toy2099"]


def test_shipped_code_imports_no_tests():
    """Shipped code (the package's folders) never imports the repository's tests/ (tests/test_architecture.py
    checks the layers; this is the one import a checkout would hide)."""
    bad = []
    for folder in ("ibcheck", "theory", "numerics", "checks", "reports", "papers"):
        for f in (ROOT / folder).rglob("*.py"):
            rel = f.relative_to(ROOT)
            if "tests" in rel.parts[1:] or f.name.startswith("test_") or f.name == "conftest.py":
                continue
            text = f.read_text(encoding="utf-8")
            if re.search(r"^\s*(from|import)\s+tests\b|import_module\(\s*[\"']tests\.", text, re.M):
                bad.append(str(rel))
    assert bad == []


def test_the_central_modules_name_no_paper_and_papers_are_discovered():
    """The collecting modules loop over discovery; the built-in papers come from the one entry point."""
    from importlib.metadata import entry_points
    assert any(ep.value == "ibcheck.papers" for ep in entry_points(group="ibcheck.papers")), (
        "pyproject's entry point: pip install -e . again")
    assert len([p for p in discover() if p.builtin]) >= 11


def test_papers_come_in_their_manifests_order():
    """The catalogue's order is the manifests' ``order`` (the built-ins 10, 20, …), then each paper's own."""
    from ibcheck.theory.catalogue import CATALOGUE, PAPER_OF
    papers = discover()
    assert [p.order for p in papers] == sorted(p.order for p in papers)
    builtin = [p for p in papers if p.builtin]
    assert [p.order for p in builtin[:11]] == [10.0 * k for k in range(1, 12)], [p.name for p in builtin]
    rank = {p.name: k for k, p in enumerate(papers)}
    seq = [rank[PAPER_OF[c]] for c in CATALOGUE]
    assert seq == sorted(seq)
