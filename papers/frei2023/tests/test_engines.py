"""The frei2023 flow's engines agree value by value: the event-aware explicit integrator (rtol 1e-12, the reference),
the fixed-mode LSODA after the handoff (``engine=stiff``, the default) and the log-loss-clock Radau
(``engine=horizon``) — on the quantities the checks read — and the stiff engine needs ≥ 5× fewer field evaluations
after the handoff."""
import math

import numpy as np
import pytest
import torch

from ibcheck.papers.frei2023.checks.gf import init_B
from ibcheck.numerics.data.classification import gaussian_pm1
from ibcheck.numerics.integrators.engine import ENGINES
from ibcheck.numerics.trainers.flow import gradient_flow
from ibcheck.numerics.trainers.leaky_horizon import FixedModePiece, continue_stiff
from ibcheck.numerics.trainers.two_layer import LeakyNet, second_layer
from ibcheck.papers.frei2023.theory.kkt import kkt_check

N, D, TARGET = 8, 1_000_000, -300.0


@pytest.fixture(scope="module")
def setup():
    dat = gaussian_pm1(N, D, 0, sampler="auto")
    a = second_layer(3, 3)
    B0, perp = init_B(dat.X, dat.K, 6, 1e-5, 0, "span", D)
    return LeakyNet(K=dat.K, y=dat.y, a=a, gamma=0.5, loss="exp", perp_gram=perp), B0


def quantities(net, res):
    K, y, a = (t.numpy() for t in (net.K, net.y, net.a))
    B = res.stats["B"].numpy()
    Z = B @ K
    q = y * (a[:, None] * np.maximum(0.5 * Z, Z)).sum(0)
    r = kkt_check(K, y, a, 0.5, B)
    return {"normalized_margin": q.min() / math.sqrt(np.einsum("ji,ik,jk->", B, K, B)),
            "margin_spread": (q.max() - q.min()) / q.min(), "stationarity": r.stationarity,
            "complementarity": r.complementarity, "log_t": res.stats["log_t"], "log_loss": res.stats["log_loss"]}


@pytest.fixture(scope="module")
def runs(setup):
    net, B0 = setup
    return {e: gradient_flow(net, B0, target_log_loss=TARGET, rtol=1e-12 if e == "explicit" else 1e-9,
                             engine=ENGINES[e])
            for e in ("explicit", "stiff", "horizon")}


@pytest.mark.parametrize("engine", ["stiff", "horizon"])
def test_engines_agree_with_the_explicit_reference(setup, runs, engine):
    ref, got = quantities(setup[0], runs["explicit"]), quantities(setup[0], runs[engine])
    assert runs[engine].stats["engine"] == engine
    for k, v in ref.items():  # margins O(1)·scale, log t ~ 300: 1e-10 relative
        assert abs(got[k] - v) <= 1e-10 * max(1.0, abs(v)), (k, got[k], v)
    assert runs[engine].time_to_log2_over_n == pytest.approx(runs["explicit"].time_to_log2_over_n, rel=1e-10)  # before the handoff


def test_stiff_needs_five_times_fewer_evaluations_after_the_handoff(setup, runs):
    st, ex = runs["stiff"].stats, runs["explicit"].stats
    late_explicit = ex["field_evals"] - st["explicit_field_evals"]  # same explicit phase up to the handoff at rtol 1e-12
    assert st["late_field_evals"] * 5 <= late_explicit, (st, ex)


def test_fixed_mode_field_is_the_gradient_and_its_jacobian(setup):
    """F = ∇ℓ (ℓ = −log L̂) and DF against central differences, in θ = BL."""
    net, B0 = setup
    K, y, a = (t.numpy() for t in (net.K, net.y, net.a))
    g = np.random.default_rng(0)
    B = g.normal(size=(6, N)) * 3e-7  # margins O(1): central differences exact to ~1e-9
    fm = FixedModePiece(K, y, a, 0.5, np.where(B @ K > 0, 1, -1))
    th = fm.to_theta(B)
    F, ll, _, _, DF, _ = fm.field_and_jacobian(th)
    h = 1e-6
    E = np.eye(th.size)
    num = np.array([-(fm.forward_np(th + h * e)[3] - fm.forward_np(th - h * e)[3]) / (2 * h) for e in E])
    # central differences with h = 1e-6: O(h²) truncation + O(ε/h) ≈ 1e-10 rounding on O(1) entries
    assert np.allclose(F, num, rtol=1e-6, atol=1e-9)
    numJ = np.array([(fm.field_and_jacobian(th + h * e, False)[0] - fm.field_and_jacobian(th - h * e, False)[0]) / (2 * h)
                     for e in E]).T
    assert np.allclose(DF, numJ, rtol=1e-5, atol=1e-8)
    # a change of coordinates and back (two O(1)-conditioned linear maps of O(1) values): rounding ~1e-15
    assert np.allclose(fm.to_B(th), B, rtol=1e-13, atol=1e-13)


def test_a_crossing_after_the_handoff_is_refused(setup):
    """A state whose pre-activations are about to change sign: the fixed-mode continuation returns None (the
    caller falls back to the explicit integrator) instead of integrating the wrong piece."""
    net, B0 = setup
    K, y, a = (t.numpy() for t in (net.K, net.y, net.a))
    B = -np.outer(a, np.linalg.solve(K, y)) * 3.0  # every neuron fits −y: the flow must turn every entry round
    B[:, 0] *= -1
    assert continue_stiff(K, y, a, 0.5, B, s0=0.0, log_t0=0.0, target_log_loss=-50.0) is None
    res = gradient_flow(net, torch.from_numpy(B), target_log_loss=-50.0, engine=ENGINES["stiff"])
    assert res.stats["engine"] == "explicit" or res.reached_target


@pytest.mark.parametrize("kind", ["stiff", "horizon"])
def test_a_crossing_without_fallback_is_an_inconclusive_row_not_an_exit_5(monkeypatch, kind):
    """The Section 3 check with an engine that has no fallback and hands off while pre-activations still change
    sign (log L̂ = −1e-4, in the first crossings from the small init: measured s ≈ 3e-10): the crossing is the
    check's typed outcome — inconclusive, ``numerics-failed``, naming the continuation — and the CLI exits 4."""
    from ibcheck.checks.base import Hooks
    from ibcheck.checks.runner import run_check
    from ibcheck.cli import main
    from ibcheck.numerics.integrators.engine import FixedMode, Handoff
    from ibcheck.papers.frei2023.checks import gf
    monkeypatch.setitem(gf.ENGINES, "stiff", Handoff(then=FixedMode(kind), level=-1e-4))
    r = run_check("frei2023.thm3.1", {"target_log_loss": -60.0}, hooks=Hooks(init=lambda B: B))  # hooks: no memo
    assert r["verdict"] == "inconclusive" and r["reason_code"] == "numerics-failed"
    assert f"handoff crossing: the {kind} continuation met an activation crossing" in r["reason"]
    gf.clear_cache()  # the CLI's run is memoised on its parameters, not on the engine object
    try:
        assert main(["check", "frei2023.thm3.1", "--set", "target_log_loss=-60"]) == 4
    finally:
        gf.clear_cache()
