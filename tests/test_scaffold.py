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
    rc, err = _cli("new", "paper", "mine2099", "--dir", "/proc/ibcheck-new")
    assert rc == 2 and "not writable" in err and not __import__("os").path.exists("/proc/ibcheck-new")
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "pyproject.toml").write_text("[project]\nname = 'theirs'\n")
    rc, err = _cli("new", "paper", "mine2099", "--dir", str(tmp_path / "pkg"))
    assert rc == 2 and "pyproject.toml already" in err and _tree(tmp_path / "pkg") == ["pyproject.toml"]
    from ibcheck.checks.index import table
    rc, err = _cli("new", "claim", next(iter(table("CLAIMS"))))
    assert rc == 2 and "exists already" in err


def test_a_paper_of_ones_own_has_the_layout_and_its_conformance_line(tmp_path):
    rc, err = _cli("new", "paper", "mine2099", "--dir", str(tmp_path))
    assert rc == 0, err
    assert {"pyproject.toml", "README.md", "mine2099"} <= set(_tree(tmp_path))
    files = _tree(tmp_path / "mine2099")
    for f in ("__init__.py", "index.py", "theory/statements.py", "checks/mean.py", "checks/expected.py",
              "wrong_answers.py", "pinned.py", "tests/test_mean.py", "tests/test_conformance.py"):
        assert f in files, (f, files)
    assert 'conformance_tests("mine2099")' in (tmp_path / "mine2099" / "tests" / "test_conformance.py").read_text()
    manifest = (tmp_path / "mine2099" / "__init__.py").read_text()
    assert 'PAPER = {"name": "mine2099"' in manifest and "import" not in manifest
    index = (tmp_path / "mine2099" / "index.py").read_text()
    assert "'mine2099.mean': ('mine2099', 'standard', 'the sample mean is within 5/√n of 0', 'checks.mean')" in index


def test_the_printed_commands_work_in_order(tmp_path):
    """``ibcheck new paper NAME --dir D`` prints ``pip install -e D``, ``ibcheck check NAME.mean``, ``pytest D``; run
    here in that order, in a fresh virtual environment that sees this one's packages (pip with ``--no-deps
    --no-build-isolation``: nothing is downloaded), the claim is verified and the package's own tests — its claim's
    test and ibcheck's conformance suite — pass, with no edit."""
    import os
    import site
    import subprocess
    import sys
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=120)
    py = venv / "bin" / "python"
    [sp] = [p for p in (venv / "lib").glob("python*/site-packages")]
    (sp / "_this_env.pth").write_text("import site; " + "; ".join(
        f"site.addsitedir({d!r})" for d in site.getsitepackages()) + "\n")
    env = {k: v for k, v in os.environ.items() if k not in ("IBCHECK_NO_PLUGINS", "PYTHONPATH", "VIRTUAL_ENV")}
    work = tmp_path / "work"
    work.mkdir()

    def run(*argv, timeout=600):
        return subprocess.run([str(py), *argv], capture_output=True, text=True, cwd=work, env=env, timeout=timeout)
    p = run("-m", "ibcheck", "new", "paper", "pkg2099", "--dir", "mypaper")
    assert p.returncode == 0, p.stderr
    lines = p.stdout.splitlines()
    steps = [ln.strip() for ln in lines[lines.index(next(ln for ln in lines if "next, in order" in ln)) + 1:]]
    assert steps == ["pip install -e mypaper", "ibcheck check pkg2099.mean", "pytest mypaper"], p.stdout
    toml = (work / "mypaper" / "pyproject.toml").read_text()
    assert '[project.entry-points."ibcheck.papers"]\npkg2099 = "pkg2099"' in toml
    local = {"pip": ["-m", "pip", "install", "-q", "--no-deps", "--no-build-isolation"],
             "ibcheck": ["-m", "ibcheck"], "pytest": ["-m", "pytest", "-q", "-p", "no:cacheprovider"]}
    for step in steps:
        tool, *rest = step.split()
        rest = rest[1:] if tool == "pip" else rest  # `install`
        p = run(*local[tool], *rest)
        assert p.returncode == 0, (step, p.stdout[-3000:], p.stderr[-3000:])
        if tool == "ibcheck":
            assert "VERIFIED" in p.stdout.upper(), p.stdout
        if tool == "pytest":
            assert " passed" in p.stdout and "failed" not in p.stdout, p.stdout[-3000:]


def test_new_claim_says_its_files_hold_a_copy_of_the_example(monkeypatch, capsys, tmp_path):
    """After the files it wrote, ``ibcheck new claim`` says they hold the example claim to edit, and where the docs say
    which file holds what."""
    from ibcheck import scaffold
    monkeypatch.setattr(scaffold, "new_claim", lambda cid: [tmp_path / "theory" / "statements.py"])
    assert main(["new", "claim", "mine2099.rate"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("wrote ") and "a copy of the example claim" in out[1] and "mine2099.rate" in out[1]
    assert "docs/api.md, section 5" in out[1]
