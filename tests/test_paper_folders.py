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
points: the built-in ones, whose folders sit in this tree), matched as whole names in any case and after an
underscore or a dot (``FREI2023_X``, ``test_lai2026``, ``conj.kou2023``) — never a pattern such as "a word with four
digits", so ``smith2024`` or ``ieee1394`` in a shared file is nobody's paper until a paper of that name is installed.
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


def _naming(extra: tuple[str, ...] = (), root: Path = ROOT, files: list[str] | None = None) -> dict[str, list[str]]:
    """File → the paper names it contains (files outside the paper folders, not exempt); ``extra``: names of papers
    not installed here, as if they were (a newcomer's); ``root``, ``files``: another tree (default: this one)."""
    names = sorted({p.name for p in discover() if p.builtin} | set(extra))
    pat = re.compile(r"(?<![A-Za-z0-9])(" + "|".join(map(re.escape, names)) + r")(?![0-9])", re.IGNORECASE)
    out = {}
    for f in _files() if files is None else files:
        if f.startswith("papers/") and f.count("/") >= 2 or any(fnmatch(f, e) for e in EXEMPT):
            continue
        try:
            text = (root / f).read_text(encoding="utf-8")
        except (UnicodeDecodeError, OSError):
            continue
        found = sorted(n for n in {m.lower() for m in pat.findall(text)} if f not in EXAMPLES.get(n, ()))
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


def test_a_paper_name_planted_in_a_shared_module_is_caught(tmp_path):
    """The negative control: a built-in paper's name planted in shared modules (as an import, a constant, a
    conjecture ID, a fixture name, upper case) turns the test red; the same text in that paper's folder, a word with
    four digits that names no installed paper, and a name of another paper folded into a longer word do not."""
    paper = next(p.name for p in discover() if p.builtin)
    planted = {
        "theory/planted_import.py": f"from ibcheck.papers.{paper}.theory import statements\n",
        "numerics/data/planted_fixture.py": f"def {paper}_dataset(seed):\n    return seed\n",
        "checks/planted_constant.py": f"{paper.upper()}_X = [[1.0]]\n",
        "reports/planted_id.py": f'SKIP = ("conj.{paper}-step",)\n',
        "tests/test_planted.py": f"def test_{paper}():\n    pass\n",
        f"papers/{paper}/theory/own.py": f"from ibcheck.papers.{paper}.theory import statements\n",
        "theory/not_a_paper.py": "IEEE1394 = 'smith2024, toy2099 and x2024 are no installed paper'\n",
        "theory/longer_word.py": f"X = 'pre{paper}'\n",
    }
    for f, text in planted.items():
        (tmp_path / f).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / f).write_text(text, encoding="utf-8")
    found = _naming(root=tmp_path, files=sorted(planted))
    assert found == {f: [paper] for f in planted if f.startswith(("theory/planted", "numerics/", "checks/",
                                                                 "reports/", "tests/"))}, found
    assert _naming(("smith2024",), root=tmp_path, files=sorted(planted))["theory/not_a_paper.py"] == ["smith2024"]


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
