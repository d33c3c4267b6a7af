"""Negative controls: the wrong answers each gunasekar2018 check must reject (the swap probes first), run through
``run_check`` with the hooks of the discrimination table, and the verdict and the rejecting row asserted."""
import math

import numpy as np
import pytest

from ibcheck.checks.base import Hooks
from ibcheck.checks.runner import run_check
from ibcheck.numerics.data.linear_data import planted
from ibcheck.theory.norm_margin import max_margin

Z = planted(8, 12, 0).Z  # the steepest check's default data


def _fixed(p):
    w = max_margin(Z, None, p).w
    return lambda W: np.linalg.norm(W, axis=1, keepdims=True) * w[None] / np.linalg.norm(w)


def _failed(r):
    return [c["name"] for c in r["conclusions"] if c["holds"] is False]


# the ℓ2 answer offered as sign descent's in the quick profile; the ℓ∞ answer as GD's and as CD's with --profile full
# (papers/zhang2024 runs the ℓ∞-as-GD swap quick)
@pytest.mark.parametrize("norm,p_wrong", [("linf", 2.0), pytest.param("l2", math.inf, marks=pytest.mark.full),
                                          pytest.param("l1", math.inf, marks=pytest.mark.full)])
def test_swap_probes_are_violated(norm, p_wrong, request):
    if norm != "linf" and request.config.getoption("--profile", default="quick") != "full":
        pytest.skip("a second swap probe of the same rows: --profile full")
    """The ℓ2 max-margin direction offered as sign descent's answer, the ℓ∞ one as GD's (and as coordinate
    descent's): the normalised margin settles at the wrong direction's, below γ — a counterexample, exit 1."""
    r = run_check("gunasekar2018.steepest", {"norm": norm}, hooks=Hooks(limit=_fixed(p_wrong)))
    assert r["verdict"] == "violated", r["reason"]
    limit = next(c for c in r["conclusions"] if c["name"].startswith("normalised margin"))
    assert limit["holds"] is False and "settled" in limit["judgement"]
    right = run_check("gunasekar2018.steepest", {"norm": norm})
    assert right["verdict"] == "verified"


def test_steepest_rejects_random_ascent_frozen_and_a_wrong_reference():
    def rnd(W):
        return np.random.default_rng(0).normal(size=W.shape) * np.linalg.norm(W, axis=1, keepdims=True)
    for hooks, row in ((Hooks(limit=rnd), "L(w_t) decreases"), (Hooks(trainer={"grad_sign": -1.0}), "normalised"),
                       (Hooks(limit=lambda W: np.repeat(W[1:2], len(W), 0)), "normalised")):
        r = run_check("gunasekar2018.steepest", {"steps": 3000}, hooks=hooks)
        assert r["verdict"] == "violated" and any(n.startswith(row) for n in _failed(r)), r["reason"]
    w2 = max_margin(Z, None, 2.0).w
    wrong = Hooks(reference=lambda ref: {**ref, "gamma": float((Z @ w2).min() / np.abs(w2).max())})
    r = run_check("gunasekar2018.steepest", {"steps": 3000}, hooks=wrong)  # GD's answer as sign descent's reference
    assert r["verdict"] == "violated" and "γ_t ≤ γ at every recorded step (weak duality)" in _failed(r)


def test_md_rejects_another_potentials_projection_and_a_null_space_shift():
    """The entropy run judged against the ℓ2 projection (an interpolant, the wrong one): the distance settles at
    ~3e-2, and the failure persists at 4× and 16× smaller steps over 4× and 16× as many (the step level is a
    threshold): violated. At η = ¼/β_ψ, T = 10³ (ηT = 250/β_ψ, converged), deeper runs kept at T would stop at
    ηT ≈ 16/β_ψ, still moving, and the failure would seem to fade."""
    from ibcheck.papers.gunasekar2018.numerics.regression import initial, regression
    from ibcheck.papers.gunasekar2018.theory.bregman import bregman_projection
    X, y, _ = regression(10, 30, 0)
    w_l2 = bregman_projection(X, y, initial("entropy", 30, 0), "l2").w
    r = run_check("gunasekar2018.md_bregman", {"eta_scale": 0.25, "steps": 1000},
                  hooks=Hooks(reference=lambda ref: {**ref, "w_B": w_l2}))
    assert r["verdict"] == "violated" and "persists" in r["reason"], r["reason"]
    Q, _ = np.linalg.qr(X.T)
    v = np.random.default_rng(1).normal(size=30)
    v -= Q @ (Q.T @ v)
    r = run_check("gunasekar2018.md_bregman", {"potential": "l2"}, hooks=Hooks(limit=lambda W: W + v))
    failed = _failed(r)
    assert r["verdict"] == "violated" and any(n.startswith("w_t → w_B") for n in failed)
    assert not any(n.startswith("Xw_t → y") for n in failed)  # it still interpolates: only the limit is wrong


def test_md_random_iterates_leave_the_mirror_span():
    r = run_check("gunasekar2018.md_bregman", {"potential": "l2"}, hooks=Hooks(
        limit=lambda W: np.random.default_rng(2).normal(size=W.shape)))
    assert r["verdict"] == "violated"
    assert "∇ψ(w_t) − ∇ψ(w₀) ∈ range(Xᵀ) at every recorded step (the mirror update)" in _failed(r)


def test_comparison_reports_a_wrong_ranking_as_observed_never_violated():
    """Every optimizer answering the ℓ2 max-margin direction: GD still ranks ℓ2 first, the others do not —
    exploratory, so `observed` (exit 0)."""
    fixed = _fixed(2.0)
    r = run_check("gunasekar2018.comparison", {"steps_pgd": 2000, "steps_adam": 2000, "steps_sd": 2000},
                  hooks=Hooks(limit=lambda name, W: fixed(W)))
    assert r["verdict"] == "observed"
    wrong = {c["name"].split(" approaches")[0] for c in r["conclusions"] if c["holds"] is False}
    assert wrong == {"coordinate descent (steepest ℓ1)", "sign descent (steepest ℓ∞)", "p-GD, p = 1.5", "p-GD, p = 3",
                     "Adam (ε = 0)"}
