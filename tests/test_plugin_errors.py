"""An installed paper's own error is that paper's, named: its file and line, exit 2 for its claim (an
``inconclusive`` naming it in a report), and ``ibcheck list`` marks a paper whose code would not import — while
exit 5 stays for ibcheck's own bugs (``theory.paper_health``). The paper is one written by ``ibcheck new paper``,
installed with pip into a target folder, then broken in two ways: a KeyError in its check, a SyntaxError in its
statements."""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys

import pytest

from ibcheck.theory.paper_health import Blame, blame, describe, static_problem

NAME = "bad2099"


def _ibcheck(*args, site, cwd):
    env = {k: v for k, v in os.environ.items() if k != "IBCHECK_NO_PLUGINS"}
    env["PYTHONPATH"] = str(site)
    return subprocess.run([sys.executable, "-m", "ibcheck", *args], capture_output=True, text=True, env=env,
                          cwd=cwd, timeout=600)


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("papererr")
    p = subprocess.run([sys.executable, "-m", "ibcheck", "new", "paper", NAME, "--dir", str(tmp / "src")],
                       capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stderr
    site = tmp / "site"
    p = subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--no-build-isolation",
                        "--no-index", "--target", str(site), str(tmp / "src")], capture_output=True, text=True,
                       timeout=300)
    assert p.returncode == 0, p.stderr
    return tmp, site


def _broken(installed, how: str):
    tmp, site = installed
    out = tmp / how
    if not out.exists():
        shutil.copytree(site, out)
        if how == "runtime":
            f = out / NAME / "checks" / "mean.py"
            text = f.read_text().replace("    out = []\n", "    out = []\n    ctx.params['c_bound']\n", 1)
            f.write_text(text)
        else:
            f = out / NAME / "theory" / "statements.py"
            f.write_text(f.read_text() + "\ndef (:\n")
    line = next(i for i, ln in enumerate(f.read_text().splitlines(), 1)
                if "c_bound" in ln or ln.startswith("def (:"))
    return out, f, line


def test_a_runtime_error_in_a_papers_check_is_exit_2_naming_the_paper_file_and_line(installed, tmp_path):
    site, f, line = _broken(installed, "runtime")
    p = _ibcheck("check", f"{NAME}.mean", site=site, cwd=tmp_path)
    assert p.returncode == 2, (p.returncode, p.stderr)
    err = p.stderr.strip().splitlines()
    assert len(err) == 1 and f"paper {NAME!r}" in err[0] and "KeyError: 'c_bound'" in err[0], err
    assert f"{f.name}:{line}" in err[0] and "internal error" not in err[0], err
    p = _ibcheck("list", site=site, cwd=tmp_path)  # its code imports: listed as a claim
    assert p.returncode == 0 and re.search(rf"^{NAME}\.mean .* claim ", p.stdout, re.M), p.stdout[-2000:]
    p = _ibcheck("report", "--claims", f"{NAME}.*", "--out", str(tmp_path / "r"), "--backend", "serial",
                 site=site, cwd=tmp_path)
    assert p.returncode == 0, p.stderr
    data = json.loads((tmp_path / "r" / "results.json").read_text())
    rows = [r for r in (data if isinstance(data, list) else data["results"]) if r.get("claim", "").startswith(NAME)]
    assert rows and all(r["verdict"] == "inconclusive" and f"paper {NAME!r}" in r["reason"]
                        and f"{f.name}:{line}" in r["reason"] for r in rows), [r["reason"] for r in rows]


def test_a_syntax_error_in_a_papers_statements_is_exit_2_and_marked_by_list(installed, tmp_path):
    site, f, line = _broken(installed, "syntax")
    p = _ibcheck("check", f"{NAME}.mean", site=site, cwd=tmp_path)
    err = p.stderr.strip().splitlines()
    assert p.returncode == 2 and len(err) == 1, (p.returncode, p.stderr)
    assert f"paper {NAME!r}" in err[0] and "SyntaxError" in err[0] and f"statements.py:{line}" in err[0], err
    p = _ibcheck("list", site=site, cwd=tmp_path)
    assert p.returncode == 0, p.stderr
    assert re.search(rf"^{NAME}\.mean .* broken ", p.stdout, re.M), p.stdout[-2000:]
    warn = [ln for ln in p.stdout.splitlines() if ln.startswith(f"# warning: paper {NAME!r}")]
    assert len(warn) == 1 and "SyntaxError" in warn[0] and f"statements.py:{line}" in warn[0], warn
    assert len(p.stderr.strip().splitlines()) == 1 and "SyntaxError" in p.stderr, p.stderr
    p = _ibcheck("list", "-v", site=site, cwd=tmp_path)  # the live catalogue: skipped with one line
    assert p.returncode == 0 and f"{NAME}.mean" not in p.stdout.split("# ")[0]
    assert any("skipped: SyntaxError" in ln and f"statements.py:{line}" in ln for ln in p.stdout.splitlines())


def test_ibchecks_own_bug_stays_exit_5(monkeypatch, capsys):
    import ibcheck.checks.runner as runner
    from ibcheck.cli import main

    def bug(*a, **k):
        return {}["c_bound"]
    monkeypatch.setattr(runner, "run_check", bug)
    from ibcheck.checks.index import table
    claim = next(c for c, v in table("CLAIMS").items() if v[3])  # any built-in claim with a check
    assert main(["check", claim]) == 5
    assert "internal error: KeyError" in capsys.readouterr().err


def test_blame_reads_frames_syntax_errors_and_a_workers_traceback_text(tmp_path):
    pkg = tmp_path / "mine"
    pkg.mkdir()
    f = pkg / "m.py"
    f.write_text("def g():\n    return {}['k']\n")
    table = {pkg.resolve(): "mine"}
    ns: dict = {}
    exec(compile(f.read_text(), str(f), "exec"), ns)
    with pytest.raises(KeyError) as got:
        ns["g"]()
    assert blame(got.value, table) == Blame("mine", str(f), 2, "g")
    assert blame(got.value, {tmp_path / "other": "x"}) is None
    syn = SyntaxError("invalid syntax", (str(f), 7, 1, "def (:"))
    assert blame(syn, table) == Blame("mine", str(f), 7, "")

    class Remote(Exception):
        tb = f'Traceback:\n  File "/x/ibcheck/run.py", line 3, in run\n  File "{f}", line 2, in g\nKeyError'
    err = RuntimeError("boom")
    err.__cause__ = Remote()
    b = blame(err, table)
    assert b == Blame("mine", str(f), 2, "g") and "paper 'mine': RuntimeError: boom at" in describe(err, b)


def test_static_problem_finds_syntax_and_missing_modules_without_importing(tmp_path, monkeypatch):
    root = tmp_path / "statpkg2099"
    (root / "checks").mkdir(parents=True)
    (root / "__init__.py").write_text("")
    (root / "checks" / "__init__.py").write_text("")
    (root / "checks" / "a.py").write_text("import numpy\nfrom ..theory.statements import X\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    assert "No module named 'statpkg2099.theory.statements'" in static_problem("statpkg2099")
    (root / "theory").mkdir()
    (root / "theory" / "__init__.py").write_text("")
    (root / "theory" / "statements.py").write_text("import no_such_module_xyz_2099\n")
    assert "No module named 'no_such_module_xyz_2099'" in static_problem("statpkg2099")
    (root / "theory" / "statements.py").write_text("X = (\n")
    assert static_problem("statpkg2099").startswith("SyntaxError") and "statements.py:1" in static_problem("statpkg2099")
    (root / "theory" / "statements.py").write_text("try:\n    import no_such_2099\nexcept ImportError:\n    pass\nX = 1\n")
    assert static_problem("statpkg2099") is None
    assert "statpkg2099" not in sys.modules


def test_an_error_raised_inside_ibcheck_stays_ibchecks_even_when_a_paper_called_it(tmp_path):
    """A paper's frame above, ibcheck's frame where it raised: ibcheck's bug (exit 5), not the paper's."""
    pkg, lib = tmp_path / "mine", tmp_path / "ibcheck_like"
    pkg.mkdir()
    lib.mkdir()
    (lib / "core.py").write_text("def f():\n    return {}['k']\n")
    ns_lib: dict = {}
    exec(compile((lib / "core.py").read_text(), str(lib / "core.py"), "exec"), ns_lib)
    (pkg / "m.py").write_text("def g(f):\n    return f()\n")
    ns: dict = {}
    exec(compile((pkg / "m.py").read_text(), str(pkg / "m.py"), "exec"), ns)
    with pytest.raises(KeyError) as got:
        ns["g"](ns_lib["f"])
    table = {pkg.resolve(): "mine"}
    assert blame(got.value, table, (lib.resolve(),)) is None
    assert blame(got.value, table) == Blame("mine", str(pkg / "m.py"), 2, "g")  # without ibcheck's folders


def test_a_statement_ibcheck_refuses_is_the_papers_error(tmp_path):
    """A paper's statement with a rate that does not decrease: ``lim`` refuses it inside ibcheck's statement model,
    and the error is the paper's, at the paper's line (the authoring modules are passed over)."""
    from ibcheck.theory.papers import authoring_files, ibcheck_roots
    pkg = tmp_path / "mine"
    pkg.mkdir()
    f = pkg / "statements.py"
    f.write_text("import sympy as sp\nfrom ibcheck.theory.statement import lim\nt = sp.Symbol('t', positive=True)\n"
                 "ROW = lim('q = O(t)', sp.Symbol('q'), 0, clock='t', rate=t, kind='rate')\n")
    with pytest.raises(ValueError) as got:
        exec(compile(f.read_text(), str(f), "exec"), {})
    assert "does not decrease in t" in str(got.value)
    b = blame(got.value, {pkg.resolve(): "mine"}, ibcheck_roots(), authoring_files())
    assert b == Blame("mine", str(f), 4, ""), b
    assert blame(got.value, {pkg.resolve(): "mine"}, ibcheck_roots()) is None  # without the authoring exception
