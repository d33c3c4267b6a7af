"""The command line per CONTRACT.md on lai2026's claims: the check's JSON, seeds, user data, exit codes of findings,
and exit 2 on bad data and bad usage (the generic CLI tests: tests/test_cli.py)."""
import json

import numpy as np
import pytest

from ibcheck.testing.cli import run_cli

REQUIRED_M = ["gap", "lower", "upper", "w_star_norm", "w_inf_norm", "final_loss", "min_loss", "steps",
              "pattern_changes_after_step1", "pattern_after_step1_matches_labels", "solver_status"]
TOP = ["claim", "source", "provenance", "statement_latex", "params", "data", "hypotheses", "quantities",
       "conclusions", "verdict", "reason", "env"]


ibcheck = run_cli  # the command through ``main`` in this process; tests/test_cli.py starts real ones


def test_check_gap_json_contract(tmp_path):
    j = tmp_path / "out.json"
    p = ibcheck("check", "lai2026.m1.gap", "--set", "n=40", "--set", "d=4000", "--json", str(j))
    assert p.returncode == 0, p.stderr
    assert "hypotheses" in p.stdout and "conclusions" in p.stdout and "VERIFIED" in p.stdout
    r = json.loads(j.read_text())
    assert all(k in r for k in TOP)
    assert all(k in r["quantities"] for k in REQUIRED_M)
    assert r["params"]["n"] == 40 and r["params"]["d"] == 4000 and r["params"]["seed"] == 0
    assert {k: r["data"][k] for k in ("kind", "trace_sigma", "trace_sigma_estimated", "n", "d", "spectrum", "labels")} \
        == {"kind": "gaussian", "trace_sigma": 4000.0, "trace_sigma_estimated": False, "n": 40, "d": 4000,
            "spectrum": "isotropic", "labels": "uniform"}
    assert r["data"]["sampler"]["law"] == "gram"  # K drawn from its exact law (numerics.data.gram_law)
    assert set(r["env"]) >= {"device", "dtype", "torch", "cvxpy", "solver", "git", "seconds"}
    for c in r["conclusions"]:
        assert set(c) >= {"name", "lhs", "rhs", "relation", "tolerance", "holds"}


def test_check_seeds_per_seed(tmp_path):
    j = tmp_path / "s.json"
    p = ibcheck("check", "lai2026.m1.gap", "--seeds", "8", "--json", str(j))
    assert p.returncode == 0, p.stderr
    r = json.loads(j.read_text())
    assert [s["seed"] for s in r["per_seed"]] == list(range(8))
    assert len({s["quantities"]["gap"] for s in r["per_seed"]}) == 8


def test_check_user_data(tmp_path):
    rng = np.random.default_rng(0)
    X = rng.normal(size=(20, 3000))
    y = np.where(rng.random(20) < 0.5, -1, 1) * rng.uniform(1, 2, 20)
    f = tmp_path / "mine.npz"
    np.savez(f, X=X, y=y)
    j = tmp_path / "u.json"
    p = ibcheck("check", "lai2026.m1.gap", "--data", str(f), "--json", str(j))
    assert p.returncode == 0, p.stdout + p.stderr
    assert "estimated" in p.stdout
    r = json.loads(j.read_text())
    assert r["data"]["kind"] == "user:mine.npz" and r["data"]["trace_sigma_estimated"] is True


def test_exit_codes_for_findings():
    assert ibcheck("check", "lai2026.m1.gap", "--set", "eta_scale=0.5").returncode == 1  # violated (finding)
    assert ibcheck("check", "lai2026.m1.gap", "--set", "d=400").returncode == 3  # outside-hypotheses


def _bad_npz(tmp_path, kind):
    f = tmp_path / f"{kind}.npz"
    X = np.random.default_rng(0).normal(size=(5, 100))
    if kind == "nan":
        X[0, 0] = np.nan
        np.savez(f, X=X, y=np.ones(5))
    elif kind == "ylen":
        np.savez(f, X=X, y=np.ones(4))
    elif kind == "noy":
        np.savez(f, X=X)
    elif kind == "notnpz":
        f.write_text("not an archive")
    elif kind == "zerolabel":
        np.savez(f, X=X, y=np.array([1.0, 0, -1, 1, -1]))
    elif kind == "dltn":
        np.savez(f, X=X[:, :3], y=np.array([1.0, -1, 1, -1, 1]))
    return str(f)


@pytest.mark.parametrize("kind,msg", [("nan", "NaN"), ("ylen", "shape"), ("noy", "missing array 'y'"),
                                      ("notnpz", "not a readable .npz"), ("zerolabel", "non-zero"),
                                      ("dltn", "d ≫ n")])
def test_bad_data_is_one_line_exit_2(tmp_path, kind, msg):
    p = run_cli("check", "lai2026.m1.gap", "--data", _bad_npz(tmp_path, kind))  # main in-process (ibcheck.testing.cli)
    assert p.returncode == 2
    assert msg in p.stderr and len(p.stderr.strip().splitlines()) == 1 and "Traceback" not in p.stderr


@pytest.mark.parametrize("args,msg", [
    (["check", "lai2026.nope"], "unknown claim"),
    (["check", "lai2026.m1.gap", "--set", "bogus=1"], "unknown parameter 'bogus'"),
    (["check", "lai2026.m1.gap", "--set", "n=abc"], "expected int"),
    (["check", "lai2026.m1.gap", "--set", "eta_scale=-1"], "out of range"),
    (["check", "lai2026.m1.gap", "--set", "d=10"], "d ≫ n"),
    (["check", "lai2026.m1.gap", "--set", "n"], "KEY=VALUE"),
    (["check", "lai2026.m1.gap", "--set", "spectrum=power:x"], "spectrum"),
    (["check", "lai2026.m1.gap", "--seeds", "0"], "--seeds"),
    (["check", "lai2026.gram", "--data", "x.npz"], "does not take --data"),
    (["check", "conj.lai-step"], "is a conjecture: run `ibcheck conjecture conj.lai-step`"),
])
def test_bad_usage_is_one_line_exit_2(args, msg):
    p = run_cli(*args)  # main in-process (ibcheck.testing.cli); tests/test_cli.py starts a process
    assert p.returncode == 2, p.stdout
    assert msg in p.stderr and "Traceback" not in p.stderr
    assert len(p.stderr.strip().splitlines()) == 1


def test_cuda_without_gpu_is_exit_2():
    import torch
    if torch.cuda.is_available():
        pytest.skip("a CUDA device is present")
    p = ibcheck("check", "lai2026.m1.gap", "--device", "cuda")
    assert p.returncode == 2 and "no CUDA device" in p.stderr


def test_user_data_fix_n_and_d_in_params_and_table(tmp_path):
    rng = np.random.default_rng(1)
    f = tmp_path / "mine.npz"
    np.savez(f, X=rng.normal(size=(12, 3000)), y=np.where(rng.random(12) < 0.5, -1.0, 1.0) * 1.5)
    j = tmp_path / "o.json"
    p = ibcheck("check", "lai2026.m1.gap", "--data", str(f), "--json", str(j))
    r = json.loads(j.read_text())
    assert r["params"]["n"] == 12 and r["params"]["d"] == 3000 and "n=12 d=3000" in p.stdout
    assert "is a directory" in ibcheck("check", "lai2026.m1.gap", "--data", str(tmp_path)).stderr


def test_bad_grid_value_names_the_grid():
    p = ibcheck("sweep", "lai2026.m1.gap", "--grid", "n=abc,4", "--backend", "serial")
    assert p.returncode == 2 and "--grid n=abc" in p.stderr
