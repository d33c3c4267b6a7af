"""The horizon engine (numerics.integrators.horizon): analytic Jacobian, agreement with the explicit DP5 flow, flat cost per
decade of log(1/𝓛), exact geometric checkpoints."""
import math

import numpy as np
import pytest

from ibcheck.numerics.trainers.homogeneous_net import make_net, teacher_data
from ibcheck.numerics.integrators.horizon import LogLossClock, horizon_flow


@pytest.fixture(scope="module")
def net0():
    X, y = teacher_data(8, 20, 0)
    return make_net(X, y, 10, "relu", 2.0, init_scale=1e-3, seed=0)


@pytest.mark.parametrize("act,p", [("relu", 2.0), ("relu", 3.0), ("square", 1.0), ("linear", 1.0)])
def test_jacobian_matches_central_differences(act, p):
    X, y = teacher_data(6, 9, 1)
    net, th = make_net(X, y, 4, act, p, init_scale=1.0, seed=1)
    rng = np.random.default_rng(0)
    yy = np.concatenate([th.numpy() * 3 + 0.1 * rng.standard_normal(net.size), [2.0, 0.5, -1.0]])
    sysc = LogLossClock(net)
    Ja = sysc.jac(0.0, yy)
    Jn = np.zeros_like(Ja)
    for i in range(len(yy)):
        e = np.zeros_like(yy)
        h = 1e-6 * max(1.0, abs(yy[i]))
        e[i] = h
        Jn[:, i] = (sysc.rhs(0.0, yy + e) - sysc.rhs(0.0, yy - e)) / (2 * h)
    # central differences: O(h²) truncation + O(EPS/h) rounding ≈ 1e-9 relative to the largest entry
    assert np.abs(Ja - Jn).max() <= 1e-6 * np.abs(Ja).max()


def test_agrees_with_explicit_flow(net0):
    """Both integrators to the same level log(1/𝓛) ≈ 1000: states within 1e-9 (two rtol-1e-10 integrations with
    different controllers; measured 3.0e-10, each within 2.2e-10 / 0.9e-10 of an rtol-1e-12 run)."""
    import torch

    from ibcheck.numerics.trainers.flow import integrate
    net, th0 = net0
    P = net.size
    field = lambda t: (lambda g: (g[0], g[1]))(net.neg_grad_over_loss(t))  # noqa: E731
    yt, info = integrate(field, th0, target_log_loss=-1000.0, rtol=1e-10, max_steps=60000)
    h = horizon_flow(net, th0.numpy(), target_log_loss=info["log_loss"], rtol=1e-10, euler=False)
    assert h["reached_target"] and abs(h["log_loss"] - info["log_loss"]) <= 1e-9 * 1000
    assert np.linalg.norm(h["state"] - yt.numpy()) <= 1e-9 * np.linalg.norm(yt.numpy())
    # s is ill-conditioned near the saddle (the flow is slow there: a state error of 1e-10 moves s by ~1e-6)
    assert abs(h["s"] - info["s"]) <= 1e-8 * info["s"]
    assert h["state"].shape == (P,) and isinstance(yt, torch.Tensor)


def test_far_horizon_flat_cost_and_exact_checkpoints(net0):
    net, th0 = net0
    recs = []
    h = horizon_flow(net, th0.numpy(), target_log_loss=-1e6, per_decade=1,
                     record=lambda s, lt, ll, k, y: recs.append((ll, k, y[-1])))
    assert h["reached_target"], h["log_loss"]
    assert -1e6 * (1 + 1e-10) <= h["log_loss"] <= -1e6  # onto the level by one Euler step
    assert h["stats"]["implicit_steps"] < 2000
    assert np.allclose(h["checkpoints"], [10.0 ** k for k in range(1, 7)], rtol=1e-11)
    steps = {round(-ll): k for ll, k, _ in recs if any(abs(-ll - c) < 1e-6 * c for c in h["checkpoints"])}
    per = np.diff([steps[10 ** k] for k in range(2, 7)])
    assert per.max() <= 1.5 * per[0]  # steps per decade do not grow (measured 157, 94, 79, 77)
    # log t − ℓ = log(t𝓛) stays O(log ℓ): t𝓛 ≈ 1/‖F‖²
    assert abs(h["log_t"] + h["log_loss"]) < 50


def test_deterministic(net0):
    net, th0 = net0
    a = horizon_flow(net, th0.numpy(), target_log_loss=-200.0)
    b = horizon_flow(net, th0.numpy(), target_log_loss=-200.0)
    assert np.array_equal(a["state"], b["state"]) and a["log_t"] == b["log_t"]


@pytest.mark.parametrize("act", ["square", "linear"])  # relu² on a net this small stalls at a saddle (𝓛 = 3)
def test_lsoda_method_agrees_with_radau(act):
    """``method="LSODA"`` (one integration, checkpoints as critical times) and the Radau engine to log(1/𝓛) = 1e3
    on a tiny net (n=4, d=5, m=3): the same end state to the accuracy rtol 1e-10 implies (measured 1e-10 …
    1e-11 each against an rtol-1e-12 run), the same checkpoints on their levels, the end on the target level."""
    X, y = teacher_data(4, 5, 0)
    net, th = make_net(X, y, 3, act, 2.0, init_scale=1e-2, seed=0)
    a = horizon_flow(net, th.numpy(), target_log_loss=-1000.0, rtol=1e-10, euler=False)
    recs = []
    b = horizon_flow(net, th.numpy(), target_log_loss=-1000.0, rtol=1e-10, euler=False, method="LSODA",
                     record=lambda s, lt, ll, k, yy: recs.append(ll))
    assert a["reached_target"] and b["reached_target"] and b["stats"]["method"] == "LSODA"
    # two rtol-1e-10 integrations with different methods: states within 1e-8 (100·rtol: the errors add up over
    # ~10 checkpoints and the state is ill-conditioned along the flow near the handoff)
    assert np.linalg.norm(b["state"] - a["state"]) <= 1e-8 * np.linalg.norm(a["state"])
    # log t ≈ ℓ here: an absolute 1e-6 is a relative 1e-9 of it
    assert abs(b["log_t"] - a["log_t"]) <= 1e-6
    # checkpoints projected onto ℓ = 10^{k/4} (below it by at most 1e-12 relative, plus the 1e-13 margin)
    assert np.allclose(b["checkpoints"], a["checkpoints"], rtol=1e-11)
    # the end on the target level: past it by at most 1e-12 relative (the projection's margin is 1e-13)
    assert -1000.0 * (1 + 1e-12) <= b["log_loss"] <= -1000.0
    # the start and every step once (a step ending on a checkpoint recorded as the checkpoint, on its level)
    assert len(recs) == b["steps"] + 1


def test_unknown_method_refused(net0):
    net, th0 = net0
    with pytest.raises(ValueError, match="method"):
        horizon_flow(net, th0.numpy(), target_log_loss=-10.0, method="BDF")


def test_lsoda_method_step_budget_stops_not_reached():
    """A step budget that runs out in the log-loss clock: the last step's state, ``reached_target`` False."""
    X, y = teacher_data(4, 5, 0)
    net, th = make_net(X, y, 3, "square", 2.0, init_scale=1e-2, seed=0)
    full = horizon_flow(net, th.numpy(), target_log_loss=-1000.0, method="LSODA")
    cut = full["stats"]["early_steps"] + 50
    h = horizon_flow(net, th.numpy(), target_log_loss=-1000.0, method="LSODA", max_steps=cut)
    assert not h["reached_target"] and h["steps"] == cut and -1000.0 < h["log_loss"] < -1.0


def test_lsoda_method_without_scipys_private_tcrit_restarts_per_checkpoint(monkeypatch):
    """A scipy whose LSODA lacks the private work array (``_tcrit_handle`` → None) gets a fresh LSODA per segment:
    the same end and checkpoints to the accuracy rtol 1e-10 implies (as against Radau above), never an error."""
    import ibcheck.numerics.integrators.horizon as H
    X, y = teacher_data(4, 5, 0)
    net, th = make_net(X, y, 3, "square", 2.0, init_scale=1e-2, seed=0)
    a = horizon_flow(net, th.numpy(), target_log_loss=-1000.0, rtol=1e-10, euler=False, method="LSODA")
    monkeypatch.setattr(H, "_tcrit_handle", lambda solver: None)
    b = horizon_flow(net, th.numpy(), target_log_loss=-1000.0, rtol=1e-10, euler=False, method="LSODA")
    assert a["reached_target"] and b["reached_target"]
    # two rtol-1e-10 integrations restarted differently: states within 1e-8 (as the Radau comparison above)
    assert np.linalg.norm(b["state"] - a["state"]) <= 1e-8 * np.linalg.norm(a["state"])
    assert np.allclose(b["checkpoints"], a["checkpoints"], rtol=1e-11)  # both projected onto their levels
    assert b["stats"]["lu"] >= a["stats"]["lu"]  # the restarts factorise again
