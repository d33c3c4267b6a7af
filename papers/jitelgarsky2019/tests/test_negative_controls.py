"""Negative controls of jitelgarsky2019: every check says ``violated`` — with its hypotheses holding — when the trainer
is broken (a sign in the gradient, the mean instead of the sum loss, a wrong activation derivative, a frozen iterate)
or the reference is perturbed. Where a default is a documented finding (already violated), the control asserts the
specific row it breaks, one that holds without the break."""
import numpy as np

from ibcheck.checks.base import Hooks
from ibcheck.checks.runner import run_check
from ibcheck.testing.controls import assert_violated_at as assert_violated

import pytest

pytestmark = pytest.mark.machine  # outcome independent of the BLAS kernel and thread count (tests/machine_record.py)


def ascent():
    return Hooks(trainer={"grad_sign": -1.0})


def test_ray_shifted_offset():
    r = run_check("jitelgarsky2019.ray", {}, hooks=Hooks(reference=lambda ref: {**ref, "v_bar": ref["v_bar"] + 0.1}))
    assert_violated(r, "‖P_Sw − v̄‖ = O(ln²t/√t)")


def test_risk_lowered_limit():
    """R̄ − 1e-3: R − R̄ then tends to 1e-3, not 0 (and (R − R̄)t/ln²t grows like t at every decade)."""
    r = run_check("jitelgarsky2019.risk", {}, hooks=Hooks(reference=lambda ref: {**ref, "R_bar": ref["R_bar"] - 1e-3}))
    assert_violated(r, "R(w_t) − R̄ = O(ln²t/t)")
    assert r["quantities"]["risk_rate_increases"] == 3


def test_separable_edge_rotated_svm():
    def rotate(ref):
        u = np.asarray(ref["u_bar"])
        v = np.roll(u, 1)
        return {**ref, "u_bar": u + 0.3 * np.linalg.norm(u) * v / np.linalg.norm(v)}
    assert_violated(run_check("jitelgarsky2019.separable_edge", {}, hooks=Hooks(reference=rotate)))


def test_nonseparable_edge_gradient_sign():
    assert_violated(run_check("jitelgarsky2019.nonseparable_edge", {"steps": 10_000},
                              hooks=Hooks(reference=lambda ref: {**ref, "v_bar": ref["v_bar"] * (1 + 1e-6)})))
    r = run_check("jitelgarsky2019.nonseparable_edge", {"steps": 10_000}, hooks=ascent())
    assert_violated(r, "‖w(T) − v̄‖")
