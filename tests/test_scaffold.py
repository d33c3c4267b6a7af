"""`ibcheck new paper|claim`: refusals are one line, exit 2, and write nothing; a paper written into a folder of
one's own (``--dir``) has the layout and its one-line conformance test. (The scaffold run end to end — a new paper
in a copy of the tree, its suite green, `git status` showing only the new folder — is docs/architecture.md's recipe,
run by tests/test_architecture.py.)"""
from __future__ import annotations

import contextlib
import io

import pytest

from ibcheck.cli import main
from ibcheck.theory.papers import discover


def _cli(*argv) -> tuple[int, str]:
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        rc = main(list(argv))
    return rc, err.getvalue()


def _tree(path) -> list[str]:
    return sorted(str(p.relative_to(path)) for p in path.rglob("*"))


@pytest.mark.parametrize("argv,words", [
    (["new", "paper", "Bad-Name"], "paper name"),
    (["new", "paper", "9lives"], "paper name"),
    (["new", "claim", "nodot"], "PAPER.NAME"),
    (["new", "claim", "no_such_paper_xyz.rate"], "no paper"),
])
def test_refusals_write_nothing(argv, words, tmp_path):
    before = _tree(tmp_path)
    rc, err = _cli(*argv, *(["--dir", str(tmp_path)] if argv[1] == "paper" else []))
    assert rc == 2 and words in err and len(err.strip().splitlines()) == 1, (rc, err)
    assert _tree(tmp_path) == before


def test_a_taken_name_or_folder_is_refused_before_writing(tmp_path):
    taken = next(p.name for p in discover() if p.builtin)
    rc, err = _cli("new", "paper", taken, "--dir", str(tmp_path))
    assert rc == 2 and "exists already" in err and _tree(tmp_path) == []
    (tmp_path / "mine2099").mkdir()
    rc, err = _cli("new", "paper", "mine2099", "--dir", str(tmp_path))
    assert rc == 2 and "exists already" in err and _tree(tmp_path) == ["mine2099"]
    rc, err = _cli("new", "paper", "mine2099", "--dir", str(tmp_path / "missing"))
    assert rc == 2 and "not a writable folder" in err and not (tmp_path / "missing").exists()
    from ibcheck.checks.index import table
    rc, err = _cli("new", "claim", next(iter(table("CLAIMS"))))
    assert rc == 2 and "exists already" in err


def test_a_paper_of_ones_own_has_the_layout_and_its_conformance_line(tmp_path):
    rc, err = _cli("new", "paper", "mine2099", "--dir", str(tmp_path))
    assert rc == 0, err
    files = _tree(tmp_path / "mine2099")
    for f in ("__init__.py", "index.py", "theory/statements.py", "checks/mean.py", "checks/expected.py",
              "wrong_answers.py", "pinned.py", "tests/test_mean.py", "tests/test_conformance.py"):
        assert f in files, (f, files)
    assert 'conformance_tests("mine2099")' in (tmp_path / "mine2099" / "tests" / "test_conformance.py").read_text()
    manifest = (tmp_path / "mine2099" / "__init__.py").read_text()
    assert 'PAPER = {"name": "mine2099"' in manifest and "import" not in manifest
    index = (tmp_path / "mine2099" / "index.py").read_text()
    assert "'mine2099.mean': ('mine2099', 'standard', 'the sample mean is within 5/√n of 0', 'checks.mean')" in index
