"""Negative controls of sun2022.direction: the ℓ2 max-margin direction (GD's answer) offered as p-GD's, GD's own
trajectory, random iterates, ascent, a frozen trainer and a hidden 400× step (the failure persists deeper inside the
threshold step level, since the hidden factor rides along)."""
import numpy as np
import pytest

from ibcheck.checks.base import Hooks
from ibcheck.checks.runner import run_check
from ibcheck.numerics.data.linear_data import planted
from ibcheck.numerics.trainers.linear_geometry import p_gd
from ibcheck.theory.norm_margin import max_margin

Z = planted(8, 12, 0).Z
FAST = {"steps": 10_000}  # the probes do not need the default horizon to be rejected


def _failed(r):
    return [c["name"] for c in r["conclusions"] if c["holds"] is False]


def test_l2_direction_offered_as_pgd_answer_is_violated():
    w2 = max_margin(Z, None, 2.0).w
    fixed = lambda W: np.linalg.norm(W, axis=1, keepdims=True) * w2[None] / np.linalg.norm(w2)  # noqa: E731
    for p in (1.5, 3.0):
        r = run_check("sun2022.direction", {**FAST, "p": p}, hooks=Hooks(limit=fixed))
        assert r["verdict"] == "violated", r["reason"]
        assert "w_t/‖w_t‖_p → w_p⋆ (the ℓp max-margin direction)" in _failed(r)


def test_gd_trajectory_and_random_iterates_leave_the_mirror_span():
    eta = 8.0 / (len(Z) * float(np.linalg.norm(Z, axis=1).max()) ** 2)
    gd = p_gd(Z, 2.0, eta, FAST["steps"]).W  # p = 2: GD at the same step, recorded at the same steps
    rnd = lambda W: np.random.default_rng(0).normal(size=W.shape)  # noqa: E731
    for hooks in (Hooks(limit=lambda W: gd), Hooks(limit=rnd)):
        r = run_check("sun2022.direction", FAST, hooks=hooks)
        assert r["verdict"] == "violated"
        assert "∇ψ(w_t) ∈ range(Zᵀ) at every recorded step (the mirror update from w₀ = 0)" in _failed(r)


@pytest.mark.full
def test_ascent_frozen_and_a_hidden_large_step_are_violated(request):
    if request.config.getoption("--profile", default="quick") != "full":
        pytest.skip("five runs (the conformance suite rejects the cheapest wrong answer quick): --profile full")
    for hooks in (Hooks(trainer={"grad_sign": -1.0}), Hooks(limit=lambda W: np.repeat(W[1:2], len(W), 0))):
        assert run_check("sun2022.direction", FAST, hooks=hooks)["verdict"] == "violated"
    # a step 400× the recorded one, hidden from the hypotheses: at p = 1.5 the first step overshoots, the exponential
    # loss underflows and the run freezes in a wrong direction (settled 0.48 from w_p⋆); at p = 3 the dual overflows.
    # The hidden factor rides along into the deeper runs (κ/4, κ/16), so the failure persists: a wrong trainer, rejected
    for p in (1.5, 3.0):
        r = run_check("sun2022.direction", {**FAST, "p": p}, hooks=Hooks(trainer={"step_factor": 400.0}))
        assert r["verdict"] == "violated" and "persists" in r["reason"], r["reason"]
