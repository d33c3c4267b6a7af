"""The event-aware gradient flow (numerics.integrators.flow_events, numerics.trainers.leaky_modes): event location, Filippov sliding,
grazing, agreement with the plain integrator and the direct flow, step statistics, determinism, progress."""
import math
import time
from dataclasses import dataclass

import numpy as np
import pytest
import torch
from scipy.integrate import quad
from scipy.special import lambertw

from ibcheck.numerics.data.classification import gaussian_pm1
from ibcheck.numerics.trainers.flow import flow_to_time, gradient_flow
from ibcheck.numerics.integrators.flow_events import integrate_switched
from ibcheck.numerics.trainers.leaky_modes import LeakyModes, _box_lcp
from ibcheck.numerics.trainers.two_layer import LeakyNet, gaussian_init, second_layer
from ibcheck.papers.frei2023.theory.kkt import kkt_check

from ibcheck.papers.frei2023.tests.test_numerics import _setup


# --- a generic switched system for the integrator alone -------------------------------------------------------
@dataclass
class _Mode:
    side: np.ndarray
    slide: dict


class _Toy:
    """State (u, v, w), one switching function g = u. ``field_by_side[±1](y) → dy``; ``log L̂ = −w`` (w' = 1)."""

    switching = True

    def __init__(self, field_by_side):
        self.f = field_by_side

    def start(self, y):
        return _Mode(np.array([[1 if y[0, 0] > 0 else -1, 0, 0]], dtype=np.int8), {})

    def field(self, y, mode):
        return self.f[int(mode.side[0, 0])](y), -float(y[0, 2]), None

    def dense(self, y, CB, mode):
        @dataclass
        class D:
            g0: np.ndarray
            gc: np.ndarray

            def log_loss(self, th):
                th = np.asarray(th)[:, None]
                return -(y[0, 2] + (np.concatenate([th, th ** 2, th ** 3, th ** 4], 1) @ CB[:, 0, 2]))
        return D(y.ravel().copy(), CB.reshape(4, -1))

    def guard_tol(self, y):
        return np.full(y.size, 1e-300)

    def exit_margins(self, mode, D):
        return None

    def exit_entries(self, mode):
        return []

    def switch(self, y, mode, hits, leaving=()):
        side = mode.side.copy()
        for j, i in hits:
            side[j, i] = -side[j, i]
        return y, _Mode(side, {}), 0


def _rotation(omega):
    return lambda y: np.array([[-omega * y[0, 1], omega * y[0, 0], 1.0]])


def test_event_located_on_a_known_crossing():
    """u = cos s until u = 0 at s = π/2; then rotation at ω = 2 brings u back to 0 at s = π: both located to
    the integrator's accuracy (the dense output's root, not a step end)."""
    log = []
    y, info = integrate_switched(_Toy({1: _rotation(1.0), -1: _rotation(2.0)}), np.array([[1.0, 0.0, 0.0]]),
                                 target_log_loss=-math.inf, s_end=3.5, rtol=1e-12, event_log=log)
    times = [e["s"] for e in log]
    assert len(times) == 2
    assert times[0] == pytest.approx(math.pi / 2, abs=1e-11)  # rtol 1e-12 on an O(1) solution
    # rtol 1e-12 on an O(1) solution: event times to ~1e-12
    assert times[1] == pytest.approx(math.pi, abs=1e-11)
    assert info["stats"]["events"] == 2 and info["stats"]["rejected"] <= 2  # the first step size is a guess


@pytest.mark.parametrize("c", [-1e-8, 0.0, 1e-12])
def test_grazing_dip_is_found_and_tangency_does_not_hang(c):
    """u = (s−1)² + c: a dip of depth 1e-8 inside one long step (the field is quadratic, DP5 is exact, the
    steps grow ×5) crosses twice at 1 ∓ 1e-4; a tangency (c = 0) or a near miss is no event and ends."""
    f = lambda y: np.array([[2 * (y[0, 2] - 1), 0.0, 1.0]])  # noqa: E731  u' = 2(s − 1)
    log = []
    y, info = integrate_switched(_Toy({1: f, -1: f}), np.array([[1.0 + c, 0.0, 0.0]]), target_log_loss=-math.inf,
                                 s_end=3.0, rtol=1e-10, event_log=log)
    assert info["s"] == 3.0
    if c < 0:
        # g' = ∓2e-4 at the crossings: a rounding-size error in u (1e-15) moves them by 5e-12
        assert [e["s"] for e in log] == pytest.approx([1 - 1e-4, 1 + 1e-4], abs=1e-10)
    else:
        assert log == []


# --- the frei2023 field ------------------------------------------------------------------------------------------
def _slide_system(q0=0.1, gamma=0.25):
    """One neuron (a = 1), two examples (y = +1, −1), K = [[2, .8], [.8, 1]]. On Z₁₂ = 0 the γ-side pushes Z₁₂ up
    and the 1-side down: Filippov sliding with slope D* = (K₁₂/K₂₂)e^{−q₁}, while q₁ = Z₁₁ solves
    q' = c σ(−q), c = det K / K₂₂: q + e^q = c s + q₀ + e^{q₀} (Lambert W). Sliding ends when D* = γ."""
    K = np.array([[2.0, 0.8], [0.8, 1.0]])
    sysm = LeakyModes(K, np.array([1.0, -1.0]), np.array([1.0]), gamma, "exp")
    B0 = np.array([[q0, 0.0]]) @ np.linalg.inv(K)
    c = np.linalg.det(K) / K[1, 1]

    def q1(s):
        u = c * s + q0 + math.exp(q0)
        return u - float(np.real(lambertw(math.exp(u))))
    q_exit = math.log(K[0, 1] / (gamma * K[1, 1]))
    return sysm, B0, K, q1, (q_exit + math.exp(q_exit) - q0 - math.exp(q0)) / c


def test_sliding_mode_matches_the_analytic_filippov_solution():
    sysm, B0, K, q1, s_exit = _slide_system()
    for s_end in (0.5 * s_exit, s_exit):
        log = []
        B, info = integrate_switched(sysm, B0, target_log_loss=-math.inf, s_end=s_end, n=2, event_log=log)
        Z = B @ K
        assert abs(Z[0, 1]) <= 1e-15  # stays on the surface (a linear invariant of the sliding field)
        assert Z[0, 0] == pytest.approx(q1(s_end), abs=1e-10)  # rtol 1e-9 on an O(1) solution
        t = quad(lambda s: 2 / (1 + math.exp(-q1(s))), 0, s_end, epsabs=0, epsrel=1e-13)[0]  # L̂ = (e^{−q₁}+1)/2
        # log t from the integrated clock at rtol 1e-9 vs quad at 1e-13, log t = O(1)
        assert info["log_t"] == pytest.approx(math.log(t), abs=1e-10)
        st = info["stats"]
        assert st["sliding"] == 1 and st["rejected"] == 0 and st["steps"] < 100  # no chattering
        assert [e["sliding"] for e in log] == [1]
    log = []
    B, info = integrate_switched(sysm, B0, target_log_loss=-math.inf, s_end=1.5 * s_exit, n=2, event_log=log)
    assert info["stats"]["exits"] == 1
    # the exit event located by Illinois on a dense output at rtol 1e-9, s = O(1)
    assert log[-1]["leaving"] == [(0, 1)] and log[-1]["s"] == pytest.approx(s_exit, abs=1e-9)
    assert (B @ K)[0, 1] < 0  # it left on the γ side, where the equivalent slope ended


def test_plain_integrator_chatters_on_the_sliding_surface():
    """The plain controller steps across an attracting surface again and again (on this example, rtol 1e-9 took
    ~60000 step attempts for s ∈ [0, 1e-4]); at rtol 1e-7 it stays within O(rtol) of the surface and of the
    event flow, which is on the analytic solution."""
    sysm, B0, K, q1, s_exit = _slide_system()
    net = LeakyNet(K=torch.tensor(K), y=torch.tensor([1.0, -1.0], dtype=torch.float64),
              a=torch.tensor([1.0], dtype=torch.float64), gamma=0.25, loss="exp",
              perp_gram=torch.zeros(1, 1, dtype=torch.float64))
    old = gradient_flow(net, torch.tensor(B0), s_end=1e-4, rtol=1e-7, events=False, max_steps=100000)
    new = gradient_flow(net, torch.tensor(B0), s_end=1e-4, rtol=1e-9)
    assert old.stats["rejected"] > 100 * new.stats["steps"]  # chattering
    assert float((old.stats["B"] - new.stats["B"]).abs().max()) <= 1e-6  # the plain one's own error on the surface is O(rtol)
    # q₁(s) = B·K at s = 1e-4: one short sliding step, O(1e-4) values, rounding ~1e-18
    assert float((new.stats["B"].numpy() @ K)[0, 0]) == pytest.approx(q1(1e-4), abs=1e-14)
    # the surface ⟨w, x⟩ = 0 is a linear invariant of the sliding field: it stays 0 up to rounding of O(1e-4) values
    assert abs(float((new.stats["B"].numpy() @ K)[0, 1])) <= 1e-15


def test_box_lcp_complementarity():
    """Random attracting rows (−M a P-matrix): the slopes satisfy D = γ ⇒ w ≤ 0, D = 1 ⇒ w ≥ 0, else w = 0."""
    rng = np.random.default_rng(0)
    gamma = 0.3
    for _ in range(200):
        k = int(rng.integers(1, 4))
        A = rng.normal(size=(k, k))
        Kii = A @ A.T + k * np.eye(k)
        M = -Kii * rng.uniform(0.1, 2.0, size=k)[None, :]
        base = rng.normal(size=k) * 3
        states = np.array(_box_lcp(base, M, gamma, 1.0, [-1] * k))
        D = np.where(states > 0, 1.0, gamma)
        free = states == 0
        if free.any():
            D[free] = np.linalg.solve(M[np.ix_(free, free)], -(base[free] + M[np.ix_(free, ~free)] @ D[~free]))
        w = base + M @ D
        assert np.all(D >= gamma - 1e-12) and np.all(D <= 1 + 1e-12)
        # Filippov's sliding values at an exact solve of O(1) data: rounding ~1e-15; a wrong mode misses by O(1)
        assert np.all(w[states < 0] <= 1e-9) and np.all(w[states > 0] >= -1e-9) and np.allclose(w[free], 0)


def _frei(n=20, d=20000, m1=5, m2=5, gamma=0.5, loss="exp", seed=0):
    dat = gaussian_pm1(n, d, seed)
    B0, perp = gaussian_init(dat.X, dat.K, m1 + m2, 1e-3 / math.sqrt(d), seed)
    return LeakyNet(K=dat.K, y=dat.y, a=second_layer(m1, m2), gamma=gamma, loss=loss, perp_gram=perp), B0


def _quantities(net, B):
    K, y, a, P = (t.numpy() for t in (net.K, net.y, net.a, net.perp_gram))
    B = B.numpy()
    Z = B @ K
    ev, U = np.linalg.eigh(P)  # σ(W) from an SVD of a square root of WWᵀ: accurate to ε‖W‖, not √ε‖W‖
    sv = np.linalg.svd(np.hstack([B @ np.linalg.cholesky(K), U * np.sqrt(np.clip(ev, 0, None))]), compute_uv=False)
    fro = float(np.sqrt((sv ** 2).sum()))
    rep = kkt_check(K, y, a, net.gamma, B, P)
    return {"normalized_margin": (y * (a[:, None] * np.maximum(net.gamma * Z, Z)).sum(0)).min() / fro,
            "singular_values": sv / fro,
            "kkt_stationarity": rep.stationarity, "kkt_complementarity": rep.complementarity}


@pytest.mark.parametrize("loss", ["exp", "logistic"])
def test_same_flow_as_the_plain_integrator(loss):
    """The test setting of test_frei_numerics (n = 8, m = 5, d = 2000): the event flow at rtol 1e-9, ended at
    log L̂ = −300, against the plain integrator at rtol 1e-12 landing on the same s. Final quantities to 1e-9
    (normalised margin relative), crossing time of log(2)/n to 1e-9 relative."""
    X, y, K, a, W0, B0, net = _setup(d=2000, loss=loss)
    new = gradient_flow(net, B0, target_log_loss=-300.0)
    # the target log L̂ = −300 located on the dense output to the integrator's tolerance (rtol 1e-9 ⇒ ≪ 1e-9·300)
    assert new.stats["log_loss"] == pytest.approx(-300.0, abs=1e-9) and new.reached_target
    ref = gradient_flow(net, B0, target_log_loss=-math.inf, s_end=new.stats["s"], rtol=1e-12, events=False, max_steps=10 ** 6)
    qn, qr = _quantities(net, new.stats["B"]), _quantities(net, ref.stats["B"])
    assert qn["normalized_margin"] == pytest.approx(qr["normalized_margin"], rel=1e-9)
    # two integrations (rtol 1e-9 and 1e-12) of one flow: states within ~1e-10 relative; singular values O(1) (Weyl)
    assert np.abs(qn["singular_values"] - qr["singular_values"]).max() <= 1e-9
    # residuals of two states ~1e-10 apart: a Lipschitz function of the state, O(1) constant
    assert abs(qn["kkt_stationarity"] - qr["kkt_stationarity"]) <= 1e-9
    # as above
    assert abs(qn["kkt_complementarity"] - qr["kkt_complementarity"]) <= 1e-9
    assert new.stats["log_loss"] == pytest.approx(ref.stats["log_loss"], rel=1e-9)
    n = y.shape[0]
    cross = gradient_flow(net, B0, target_log_loss=math.log(math.log(2) / n))  # ends at the crossing itself
    at = gradient_flow(net, B0, target_log_loss=-math.inf, s_end=cross.stats["s"], rtol=1e-12, events=False)
    assert new.time_to_log2_over_n == pytest.approx(math.exp(at.stats["log_t"]), rel=1e-9)
    assert new.stats["accept_ratio"] >= 0.8 and new.stats["events"] > 0


def test_real_time_flow_matches_the_plain_integrator():
    X, y, K, a, W0, B0, net = _setup(d=2000)
    ref = flow_to_time(net, B0, 0.5, rtol=1e-12, events=False, max_steps=10 ** 6)
    new = flow_to_time(net, B0, 0.5)
    # two integrations (rtol 1e-9 and 1e-12) of one flow to t = 0.5, relative K-norm
    assert float(torch.sqrt(torch.trace((new - ref) @ K @ (new - ref).T) / torch.trace(ref @ K @ ref.T))) <= 1e-9


def test_frei_default_accept_ratio_stats_and_determinism():
    """The frei2023 default flow (n = 20, d = 2e4, m = 5 + 5, γ = ½): accepted/total ≥ 0.8 (the plain
    controller: < 0.5), every activation crossing an event, and two runs bitwise equal."""
    net, B0 = _frei()
    r1 = gradient_flow(net, B0)
    r2 = gradient_flow(net, B0)
    st = r1.stats
    assert st["accept_ratio"] >= 0.8 and st["events"] >= 50 and st["sliding"] == 0 and st["forced"] == 0
    # the target log L̂ = −2000 located on the dense output to the integrator's tolerance
    assert r1.reached_target and r1.stats["log_loss"] == pytest.approx(-2000.0, abs=1e-9)
    assert torch.equal(r1.stats["B"], r2.stats["B"]) and r1.stats["log_t"] == r2.stats["log_t"]
    assert {k: v for k, v in r1.stats.items() if k != "B"} == {k: v for k, v in r2.stats.items() if k != "B"}
    assert r1.time_to_log2_over_n == r2.time_to_log2_over_n
    assert r1.clock == r2.clock and r1.log_loss == r2.log_loss


def test_progress_hook_reports_log_loss_against_target():
    calls = []
    net, B0 = _frei(n=10, d=5000)
    t0 = time.monotonic()
    gradient_flow(net, B0, target_log_loss=-500.0, progress=lambda ll, tgt: calls.append((time.monotonic(), ll, tgt)))
    wall = time.monotonic() - t0
    assert len(calls) <= wall / 0.2 + 1  # at most every 0.2 s
    assert all(tgt == -500.0 and ll > -500.0 for _, ll, tgt in calls)
    assert all(b[1] <= a[1] for a, b in zip(calls, calls[1:]))  # log L̂ only falls
    calls.clear()
    sysm = LeakyModes.from_net(net)
    integrate_switched(sysm, B0.numpy(), target_log_loss=-50.0, n=10, progress=lambda ll, t: calls.append(ll),
                       progress_every=0.0)
    assert len(calls) > 10  # every accepted step when asked to
    calls.clear()
    gradient_flow(net, B0, target_log_loss=-50.0, events=False, progress=lambda ll, t: calls.append(ll))
    assert all(ll > -50.0 for ll in calls)  # the plain integrator has the same hook
