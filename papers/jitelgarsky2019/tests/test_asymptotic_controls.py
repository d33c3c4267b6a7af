"""Wrong trajectories fed to jitelgarsky2019.risk's asymptotic rows (theory.asymptotic through checks' Hooks) must be
``violated``: a random trajectory (frozen: a random w for every t; fresh: a new random w per checkpoint) is rejected
by a row that holds for the true GD run, with the hypotheses (stated on the inputs) holding."""
import numpy as np

from ibcheck.checks.base import Hooks
from ibcheck.checks.runner import run_check

import pytest

pytestmark = pytest.mark.machine  # outcome independent of the BLAS kernel and thread count (tests/machine_record.py)


def failed(r):
    return [c["name"] for c in r["conclusions"] if c["holds"] is False]


def test_risk_rejects_a_frozen_random_output():
    rng = np.random.default_rng(0)

    def frozen(W):
        w = rng.normal(size=W.shape[-1]) * np.linalg.norm(W[..., -1, :]) / np.sqrt(W.shape[-1])
        return np.broadcast_to(w, W.shape).copy()
    r = run_check("jitelgarsky2019.risk", {}, hooks=Hooks(limit=frozen))
    assert all(h["holds"] for h in r["hypotheses"])
    assert r["verdict"] == "violated", r["reason"]
    assert "R(w_t) − R̄ = O(ln²t/t)" in failed(r)  # a stable order 0 against a stated rate


def test_risk_rejects_a_random_trajectory():
    rng = np.random.default_rng(1)
    r = run_check("jitelgarsky2019.risk", {}, hooks=Hooks(
        limit=lambda W: rng.normal(size=W.shape) * np.linalg.norm(W, axis=-1, keepdims=True) / np.sqrt(W.shape[-1])))
    assert r["verdict"] == "violated", r["reason"]
    assert any(n.startswith("R(w_t) non-increasing") for n in failed(r))


def test_risk_default_verified_with_its_limit_rows():
    r = run_check("jitelgarsky2019.risk", {})
    assert r["verdict"] == "verified", r["reason"]
    rows = {c["name"]: c for c in r["conclusions"]}
    lim = rows["R(w_t) → R̄"]
    assert lim["kind"] == "limit" and lim["provenance"] == "paper" and len(lim["checkpoints"]) >= 5
    lo, hi = rows["R(w_t) − R̄ = O(ln²t/t)"]["limit_estimate"]["interval"]
    assert lo <= r["quantities"]["R_bar"] <= hi
