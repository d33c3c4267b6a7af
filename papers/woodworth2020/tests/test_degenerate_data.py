"""The runner's safety net for degenerate user data, shown on woodworth2020.limit (the generic test on every claim that
takes ``--data``: tests/test_degenerate_data.py)."""
import numpy as np

from ibcheck.checks.registry import REGISTRY
from ibcheck.cli import main


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
