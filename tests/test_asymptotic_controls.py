"""Wrong trajectories fed to the asymptotic rows (theory.asymptotic through checks' Hooks) must be ``violated``.

A random trajectory for jitelgarsky2019.risk (frozen: a random w for every t; fresh: a new random w per checkpoint)
and the rescaled trajectory 1.5·W(t) for soudry2018.asymptotic (ρ then grows like ½ŵ log t): each is rejected by
a row that holds for the true GD run, with the hypotheses (stated on the inputs) holding.
"""
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


def test_soudry_asymptotic_rejects_the_rescaled_trajectory():
    r = run_check("soudry2018.asymptotic", {}, hooks=Hooks(limit=lambda W: 1.5 * W))
    assert all(h["holds"] for h in r["hypotheses"])
    assert r["verdict"] == "violated", r["reason"]
    row = next(c for c in r["conclusions"] if c["name"].startswith("‖ρ‖/log t"))
    # ‖1.5w/log t − ŵ‖ grows towards ½‖ŵ‖ > 0: the distance to the stated 0 does not decrease
    assert row["holds"] is False and "does not decrease" in row["judgement"], row["judgement"]
    assert row["values"][-1] > 0.1 and row["values"][-1] > row["values"][0]
    assert run_check("soudry2018.asymptotic", {})["verdict"] == "verified"  # unbroken: passes


def test_kkt_rejects_a_random_theta():
    """A random θ misclassifies some point (q_min ≤ 0): θ̃ is undefined, ε/‖θ̃‖ = ∞ — a definite failure, not a NaN."""
    rng = np.random.default_rng(0)
    r = run_check("lyuli2020.kkt", {"target_log_loss": -300.0},
                  hooks=Hooks(limit=lambda th: rng.normal(size=np.shape(th)) * np.linalg.norm(th) / np.sqrt(np.size(th))))
    assert r["verdict"] == "violated", r["reason"]
    assert "θ̃ defined at every checkpoint after t₀ (𝓛 < 1 ⇒ q_min > 0)" in failed(r)


def test_a_stated_rate_rejects_a_trajectory_that_barely_decays():
    """q = t^−0.1 against a stated O(1/t): a `rate` row is violated (stable order 0.1 < 0.75, the source states the
    rate); the same series under a bare `limit` row converges (an exact power law to 0): a bare limit is never
    refuted by its order."""
    from ibcheck.theory.asymptotic import Series
    from ibcheck.theory.statement import Sym, lim
    t, q = Sym("t", "t", "clock"), Sym("q", "q", "a vanishing quantity")
    s = Series(np.geomspace(10, 1e6, 11), np.geomspace(10, 1e6, 11) ** -0.1)
    rate = lim("q → 0 at rate 1/t", q.s, 0, clock="t", rate=1 / t.s, kind="rate").evaluate({"q": s})
    bare = lim("q → 0", q.s, 0, clock="t", rate=1 / t.s).evaluate({"q": s})
    assert rate["holds"] is False and "no decay at the stated rate" in rate["judgement"], rate
    assert bare["holds"] is True, bare


def test_woodworth_rich_rate_row_rejects_an_excess_that_barely_decays():
    """The rich regime's ℓ1 excess is stated O(1/log(1/α)): an excess decaying like (1/log(1/α))^0.1 over the α sweep
    is a counterexample to the rate row, which a bare limit row would let through as still converging."""
    from ibcheck.theory.asymptotic import Series
    from ibcheck.theory.catalogue import CATALOGUE
    row = next(c for c in CATALOGUE["woodworth2020.rich"].conclusions if c.name == "ℓ1 excess → 0 as α → 0")
    tau = np.geomspace(1e2, 1e12, 11)  # the clock 1/α
    s = Series(tau, np.log(tau) ** -0.1)
    r = row.evaluate({row.rel.lhs.name: s})
    assert r["holds"] is False, r
