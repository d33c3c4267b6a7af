"""The CLI's first hour on lai2026's claims (tests/test_cli_usability.py: the generic ones): verdict precedence
(a failed hypothesis before nan), one-line bad input, a missing Ray client, merged grids, a conjecture's list
columns, --data tables, the worst seed, a partial results.json for `ibcheck docs`."""
import json
import subprocess
import sys

import numpy as np
import pytest

from ibcheck.cli import main


def ibcheck(*args, cwd=None):
    return subprocess.run([sys.executable, "-m", "ibcheck", *args], capture_output=True, text=True, cwd=cwd,
                          env={**__import__("os").environ, "IBCHECK_NO_PLUGINS": "1"})


def test_failed_hypothesis_decides_outside_hypotheses_before_nan():
    """η‖λ‖₁ = 1e6: the "stable step" hypothesis fails and the run overflows; the verdict is outside-hypotheses
    (exit 3), not inconclusive, and no numpy RuntimeWarning reaches stderr."""
    p = ibcheck("check", "lai2026.m1.gap", "--set", "eta_scale=1e6")
    assert p.returncode == 3, p.stdout[-500:]
    assert "OUTSIDE-HYPOTHESES — hypothesis fails: stable step" in p.stdout
    assert "RuntimeWarning" not in p.stderr and p.stderr == ""
    d = ibcheck("check", "lai2026.m1.gap", "--set", "eta_scale=1e6", "--debug")  # --debug shows them
    assert d.returncode == 3 and "RuntimeWarning" in d.stderr


def test_no_negative_label_is_one_line_exit_2():
    p = ibcheck("check", "lai2026.m1.gap", "--set", "pos_frac=1")
    assert p.returncode == 2 and "leaves no negative label" in p.stderr and "pos_frac" in p.stderr
    assert len(p.stderr.strip().splitlines()) == 1 and p.stdout == ""


def test_ray_client_missing_is_exit_2_with_the_install_line(monkeypatch, capsys):
    ray = pytest.importorskip("ray")

    def no_client(*a, **k):
        raise RuntimeError("Ray Client requires pip package `ray[client]`. If you installed the minimal Ray "
                           "(e.g. `pip install ray`), please reinstall by executing `pip install ray[client]`.")
    monkeypatch.setattr(ray, "init", no_client)
    rc = main(["conjecture", "conj.lai-step", "--backend", "ray", "--address", "ray://head:10001", "--budget", "1"])
    err = capsys.readouterr().err
    assert rc == 2 and "pip install" in err and "ray[client]" in err and len(err.strip().splitlines()) == 1
    rc = main(["sweep", "lai2026.gram", "--grid", "n=10", "--backend", "ray", "--address", "ray://head:10001"])
    err = capsys.readouterr().err
    assert rc == 2 and "ray[client]" in err


def test_repeated_grid_keys_merge(capsys):
    from ibcheck.cli_io import parse_grids
    assert parse_grids(["n=20", "n=40,20", "d=2000"]) == [("n", ["20", "40"]), ("d", ["2000"])]
    rc = main(["sweep", "lai2026.gram", "--grid", "n=10", "--grid", "n=12", "--grid", "d=2000", "--backend", "serial"])
    out = capsys.readouterr().out
    assert rc == 0 and "2 points" in out and "n=10" in out and "n=12" in out


def test_list_puts_source_then_kind_for_conjectures(capsys):
    assert main(["list"]) == 0
    line = next(x for x in capsys.readouterr().out.splitlines() if x.startswith("conj.lai-step"))
    assert line.split()[1:4] == ["lai2026", "-", "conjecture"]


def test_data_run_prints_no_generator_parameters(tmp_path, capsys):
    rng = np.random.default_rng(1)
    f = tmp_path / "mine.npz"
    np.savez(f, X=rng.normal(size=(12, 3000)), y=np.where(rng.random(12) < 0.5, -1.0, 1.0) * 1.5)
    main(["check", "lai2026.m1.gap", "--data", str(f)])
    out = capsys.readouterr().out
    data, params = [x for x in out.splitlines() if x.startswith(("data:", "params:"))]
    assert "(X drawn)" not in data and "user:mine.npz" in data
    for gen in ("spectrum=", "labels=", "pos_frac=", "y_low=", "sampler="):
        assert gen not in params, params
    assert "n=12 d=3000" in params


def test_worst_seed_is_the_smallest_slack(tmp_path):
    from ibcheck.checks.runner import run_check, severity
    r = run_check("lai2026.m1.gap", {}, seeds=4)
    rows = r["per_seed"]
    assert len({x["verdict"] for x in rows}) == 1
    slack = {x["seed"]: min(c["slack"] for c in x["conclusions"]) for x in rows}
    assert r["worst_seed"] == min(slack, key=slack.get)
    ok = {"verdict": "verified", "conclusions": [{"slack": 0.5}]}
    assert severity({"verdict": "violated", "conclusions": [{"slack": 9.0}]}) > severity(ok)
    assert severity({"verdict": "verified", "conclusions": [{"slack": 0.1}]}) > severity(ok)


def test_docs_merges_a_partial_results_json(tmp_path, monkeypatch, capsys):
    """`ibcheck docs --results` with a results.json that lacks documented cases measures those (merges), so no
    measured row of findings.md turns into "full profile only"; the cases it has are taken from it."""
    import ibcheck.reports.docs as D
    from ibcheck.checks.runner import run_check
    key = D.needed_cases()[0]
    cid = key.split("[", 1)[0]
    r = run_check("lai2026.linear", {})
    given = dict(r, case=key, claim=cid)
    asked = []
    monkeypatch.setattr(D, "measure", lambda keys, progress=True: asked.extend(keys) or {k: dict(r, case=k) for k in keys})
    part = tmp_path / "results.json"
    part.write_text(json.dumps([{"kind": "check", **given}, {"kind": "conjecture", "conjecture": "conj.x"}]))
    assert main(["docs", "--results", str(part), "--out", str(tmp_path / "docs")]) == 0
    assert "measuring them" in capsys.readouterr().err
    assert sorted(asked) == sorted(k for k in D.needed_cases() if k != key)
    text = (tmp_path / "docs" / "findings.md").read_text()
    assert "not measured by this run" not in text
