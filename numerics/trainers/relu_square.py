"""Two-layer ReLU network with both layers trained on the square loss, in span coordinates (float64).

``h(x) = Σ_j a_j σ(⟨w_j,x⟩)``, ``σ = ReLU`` with ``σ'(0) = 0``, ``L = (1/2n)Σ_k (h(x_k) − y_k)²``. Rows
``w_j = w_j^⊥ + Σ_k C_jk x_k``: the gradient of L in w_j lies in span{x_k}, so ``w_j^⊥`` never moves and only
its norm ``p_j = ‖w_j^⊥‖²`` matters (in ‖w_j‖² and the balancedness ``a_j² − ‖w_j‖²``). Preactivations
``Z = CK``; ``ȧ_j = −(1/n)Σ_k r_k σ(Z_jk)``, ``Ċ_jk = −(1/n) a_j r_k σ'(Z_jk)``. Cost per step O(mn²),
independent of d.

Gradient flow (``gradient_flow``): between activation changes the field is smooth (the pattern M is held
fixed and ``σ(Z) = M∘Z``), integrated by DOP853 at rtol 1e-12; each sign change of a preactivation is an
event, located by the solver, after which the coordinate is put just on its new side (1e-14 relative) and
the integration restarts with the new pattern. On orthogonal data an inactive coordinate has zero velocity
(``Ż_jk = Ċ_jk‖x_k‖²``), so a coordinate that reaches 0 stays dead: no sliding mode can occur. If one does
(non-orthogonal data), the run stops and says so. ``events=False`` integrates the field with σ'(Z) read
off the state instead (the adaptive solver then crosses kinks by step rejection).
Gradient descent (``gradient_descent``): plain GD with the same gradients, recording the per-step
balancedness identity.
"""
from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import Callable

import numpy as np
from scipy.integrate import solve_ivp

from ..trajectory import NETS, Trajectory, former_names


@dataclass
class ReluSquareNet:
    """The ReLU regression family's one net (data as a Gram matrix, the fixed ‖w_j^⊥‖²; the state ``z = (a, C)``).

    Its own family: both layers trained on the square loss (regression, no margin to grow), unlike
    ``two_layer.LeakyNet`` (first layer only, classification loss) and ``homogeneous_net.HomogeneousNet`` (both
    layers, exponential classification loss carried as log 𝓛).
    """

    K: np.ndarray  # (n, n) Gram matrix
    y: np.ndarray  # (n,)
    perp: np.ndarray  # (m,) ‖w_j^⊥‖²

    @property
    def n(self) -> int:
        return len(self.y)

    def unpack(self, z: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        m = len(self.perp)
        return z[:m], z[m:].reshape(m, self.n)

    def pack(self, a, C) -> np.ndarray:
        return np.concatenate([a, C.ravel()])

    def loss(self, z) -> float:
        a, C = self.unpack(z)
        r = a @ np.maximum(C @ self.K, 0.0) - self.y
        return 0.5 * float(r @ r) / self.n

    def norms2(self, C) -> np.ndarray:
        """‖w_j‖² = C_j K C_jᵀ + p_j."""
        return np.einsum("ji,ik,jk->j", C, self.K, C) + self.perp

    def balancedness(self, z) -> np.ndarray:
        a, C = self.unpack(z)
        return a * a - self.norms2(C)

    def gradients(self, a, C, M=None, deriv: Callable | None = None):
        """``(∂L/∂a, ∂L/∂C, r)`` with the pattern ``M`` (σ' values) if given, else σ'(Z) = 𝟙{Z > 0}."""
        Z = C @ self.K
        D = (Z > 0).astype(float) if M is None else M
        if deriv is not None:
            D = deriv(Z)
        S = np.where(Z > 0, Z, 0.0) if M is None else M * Z
        r = a @ S - self.y
        return (S @ r) / self.n, a[:, None] * D * r[None, :] / self.n, r


def _sliding_mu(net: ReluSquareNet, a, C, M, slide) -> np.ndarray:
    """σ' on the sliding coordinates (Filippov): per neuron j with sliding set S, ``Ż_jk = 0`` for k ∈ S, i.e.
    ``Σ_{l∈S} K_kl r_l μ_l = −Σ_{l∉S} K_kl r_l M_jl``; returns M with those μ filled in."""
    K = net.K
    Meff = M.copy()
    rows = np.nonzero(slide.any(1))[0]
    if rows.size == 0:
        return Meff
    Z = C @ K
    r = a @ np.where(slide, 0.0, M * Z) - net.y  # sliding coordinates contribute σ(0) = 0
    for j in rows:
        S = np.nonzero(slide[j])[0]
        A = K[np.ix_(S, S)] * r[S][None, :]
        b = -(K[S] @ (r * np.where(slide[j], 0.0, M[j])))
        try:
            Meff[j, S] = np.linalg.solve(A, b)
        except np.linalg.LinAlgError:
            Meff[j, S] = np.linalg.lstsq(A, b, rcond=None)[0]
    return Meff


def gradient_flow(net: ReluSquareNet, z0: np.ndarray, *, t_max: float = 5000.0, loss_stop: float = 1e-22, rtol: float = 1e-12,
                  grid=(), snapshots=(), events: bool = True, max_events: int = 20000,
                  deriv: Callable | None = None, a_rate: float = 1.0, rate: float = 1.0,
                  observe: Callable | None = None) -> Trajectory:
    """GF from ``z0 = (a, C)`` until ``L ≤ loss_stop`` (if > 0) or ``t_max``; ``grid`` times record L and balancedness.

    Hybrid integration: a fixed pattern between events; a preactivation that crosses 0 flips its pattern entry;
    if both sides push it back into 0 it slides (Filippov: held at 0 with σ' = μ ∈ [0,1] solved so that it stays,
    which is the Clarke-subgradient flow) until μ leaves [0,1]. On orthogonal data nothing ever slides.
    ``deriv`` (a wrong σ'), ``a_rate`` (a wrong speed of the second layer) and ``rate`` (the whole field scaled:
    −1 ascends, 0 freezes) exist for negative controls; with
    ``deriv`` or ``events=False`` the field reads σ'(Z) off the state and no event is handled. ``observe`` (negative
    controls: a wrong answer in place of the flow's) maps every state read out — grid, snapshots, the final one —
    before L and the balancedness are computed from it; ``flow_loss`` and ``reached_loss`` stay the flow's own.

    A ``Trajectory`` (engine ``DOP853``, scipy's, with the pattern events) on the ``grid`` times reached
    (``grid_t``, sorted): states ``grid_loss`` (L itself: ``log_loss`` is None), ``grid_balancedness`` (c_j = a_j² −
    ‖w_j‖², (m,) each), ``grid_scale`` (a_j² + ‖w_j‖², (m,) each), ``grid_grad2`` (‖∇L‖², a and w = Σ_k C_k x_k).
    Stats: the final state ``z``, its time ``t`` and loss ``loss`` (of the observed final state), ``flow_loss`` (the
    flow's own final loss), ``events``, ``sliding`` (how many sliding episodes: Filippov, a preactivation held at 0,
    σ' ∈ [0,1] solved for), ``nfev``, ``seconds``, ``reached_loss``, ``message`` and ``snapshots`` (t → state z).
    """
    obs = observe or (lambda v: v)
    K = net.K
    z = np.asarray(z0, dtype=float).copy()
    a, C = net.unpack(z)
    events = events and deriv is None
    M = (C @ K > 0).astype(float)
    slide = np.zeros_like(M, dtype=bool)
    t, nfev, nev, nslide = 0.0, 0, 0, 0
    grid = sorted(float(x) for x in grid if 0 <= x <= t_max)
    snaps = sorted(float(x) for x in snapshots if 0 <= x <= t_max)
    out = Trajectory(clock=[], states={"grid_loss": [], "grid_balancedness": [], "grid_scale": [], "grid_grad2": []},
                     engine="DOP853", clock_name="grid_t",
                     stats={"z": z, "t": 0.0, "loss": net.loss(z), "events": 0, "nfev": 0, "seconds": 0.0,
                            "reached_loss": False, "sliding": 0, "snapshots": {}, "flow_loss": math.nan, "message": ""})
    t0 = time.perf_counter()
    Kinv = np.linalg.pinv(K) if events else None
    orthogonal = bool(np.allclose(K, np.diag(np.diag(K))))

    def log_loss_ev(t_, z_):
        L = net.loss(z_)
        return math.log(L) - math.log(loss_stop) if L > 0 else -1.0
    log_loss_ev.terminal = True
    stop_on_loss = [log_loss_ev] if loss_stop > 0 else []

    def move(C, j, k, target):
        """Set Z_jk to ``target`` by C_j += δ K⁺e_k (changes row j's preactivations by δ e_k only)."""
        Zj = C[j] @ K
        C[j] += (target - Zj[k]) * Kinv[:, k]

    while True:
        if events:
            def f(t_, z_, M=M, slide=slide):
                a_, C_ = net.unpack(z_)
                Me = np.clip(_sliding_mu(net, a_, C_, M, slide), 0.0, 1.0)  # bounded between the exit events
                ga, gC, _ = net.gradients(a_, C_, np.where(slide, Me, M))
                return net.pack(-rate * a_rate * ga, -rate * gC)
            live = ~slide & (M > 0) if orthogonal else ~slide  # orthogonal: dead coordinates never move again

            def switch(t_, z_, M=M, live=live):
                Z = net.unpack(z_)[1] @ K
                s_ = np.where(M > 0, Z, -Z)[live]
                return float(s_.min()) if s_.size else 1.0
            switch.terminal, switch.direction = True, -1

            def leave(t_, z_, M=M, slide=slide):  # a sliding coordinate's μ reaches 0 or 1
                if not slide.any():
                    return 1.0
                a_, C_ = net.unpack(z_)
                mu = _sliding_mu(net, a_, C_, M, slide)[slide]
                v = float(np.minimum(mu, 1.0 - mu).min())
                return v if math.isfinite(v) else -1.0
            leave.terminal, leave.direction = True, -1
            evs = [switch, leave] + stop_on_loss
        else:
            def f(t_, z_):
                a_, C_ = net.unpack(z_)
                ga, gC, _ = net.gradients(a_, C_, None, deriv)
                return net.pack(-rate * a_rate * ga, -rate * gC)
            evs = list(stop_on_loss)
        with np.errstate(over="ignore", invalid="ignore", divide="ignore"):  # a broken trainer may blow up
            sol = solve_ivp(f, (t, t_max), z, method="DOP853", rtol=rtol, atol=1e-300, events=evs,
                            dense_output=bool(grid or snaps))
        nfev += int(sol.nfev)
        t_end = float(sol.t[-1])
        for tt in [x for x in grid if t <= x <= t_end]:
            zt = sol.sol(tt)
            zz = np.asarray(obs(zt), dtype=float)
            a_, C_ = net.unpack(zz)
            out.grid_t.append(tt), out.grid_loss.append(net.loss(zz)), out.grid_balancedness.append(net.balancedness(zz))
            out.grid_scale.append(a_ * a_ + net.norms2(C_))
            # ‖∇L‖² with the flow's own σ' (the Filippov μ on sliding coordinates, where Z = 0 and 𝟙{Z > 0} is
            # round-off): the Clarke element GF follows, so dL/dt = −‖∇L‖² holds along the flow's states
            P = np.clip(_sliding_mu(net, *net.unpack(zt), M, slide), 0.0, 1.0) if events and slide.any() else None
            ga_, gC_, _ = net.gradients(a_, C_, None if P is None else np.where(slide, P, (C_ @ K > 0)))
            out.grid_grad2.append(float(ga_ @ ga_ + np.einsum("ji,ik,jk->", gC_, K, gC_)))
        for tt in [x for x in snaps if t <= x <= t_end]:
            out.snapshots[tt] = np.asarray(obs(sol.sol(tt)), dtype=float)
        grid = [x for x in grid if x > t_end]
        snaps = [x for x in snaps if x > t_end]
        t, z = t_end, sol.y[:, -1].copy()
        if not np.all(np.isfinite(z)):
            out.message = "the state blew up"
            break
        if not events or sol.status != 1 or not any(len(e) for e in sol.t_events[:2]):
            out.message = str(sol.message)
            break
        if nev >= max_events:
            out.message = f"stopped after {nev} activation events"
            break
        nev += 1
        a, C = net.unpack(z)
        Z = C @ K
        if len(sol.t_events[0]):  # a preactivation crossed 0
            s_ = np.where(M > 0, Z, -Z)
            s_[~live] = np.inf
            j, k = np.unravel_index(int(np.argmin(s_)), s_.shape)
            M[j, k] = 1.0 - M[j, k]
            tiny = 1e-14 * max(float(np.abs(Z[j]).max()), 1e-300)
            move(C, j, k, tiny if M[j, k] else -tiny)
            Me = _sliding_mu(net, a, C, M, slide)
            _, gC, _ = net.gradients(a, C, np.where(slide, Me, M))
            zdot = float(-(gC[j] @ K[:, k]))
            if not orthogonal and zdot != 0 and (zdot < 0) == bool(M[j, k]):  # pushed back: it slides at 0
                slide[j, k] = True
                nslide += 1
                move(C, j, k, 0.0)
        else:  # a sliding coordinate leaves the kink on the side its μ reached
            mu = _sliding_mu(net, a, C, M, slide)
            cand = np.where(slide, np.minimum(mu, 1.0 - mu), np.inf)
            j, k = np.unravel_index(int(np.argmin(cand)), cand.shape)
            slide[j, k] = False
            M[j, k] = 1.0 if mu[j, k] >= 0.5 else 0.0
            tiny = 1e-14 * max(float(np.abs(Z[j]).max()), 1e-300)
            move(C, j, k, tiny if M[j, k] else -tiny)
        # Several kinks of one neuron slide together (their μ are coupled): release, one at a time, every
        # coordinate whose μ is out of [0, 1], to the side it points to, until the sliding set is consistent.
        while slide.any():
            mu = _sliding_mu(net, a, C, M, slide)
            bad = np.where(slide, np.maximum(-mu, mu - 1.0), -np.inf)
            if bad.max() <= 0:
                break
            j, k = np.unravel_index(int(np.argmax(bad)), bad.shape)
            slide[j, k] = False
            M[j, k] = 1.0 if mu[j, k] > 1.0 else 0.0
            move(C, j, k, (1.0 if M[j, k] else -1.0) * 1e-14 * max(float(np.abs(C[j] @ K).max()), 1e-300))
        z = net.pack(a, C)
    out.flow_loss = net.loss(z)
    z = np.asarray(obs(z), dtype=float)
    out.z, out.t, out.loss, out.events, out.nfev, out.sliding = z, t, net.loss(z), nev, nfev, nslide
    out.reached_loss, out.seconds = loss_stop > 0 and out.flow_loss <= loss_stop * 1.01, time.perf_counter() - t0
    return out


def gradient_descent(net: ReluSquareNet, z0: np.ndarray, eta: float, steps: int, *, deriv: Callable | None = None,
                     a_step: float = 1.0, observe: Callable | None = None) -> Trajectory:
    with np.errstate(over="ignore", invalid="ignore"):  # a broken trainer may blow up: reported as inf
        return _gd(net, z0, eta, steps, deriv, a_step, observe)


def _gd(net, z0, eta, steps, deriv, a_step, observe=None) -> Trajectory:
    """GD ``a ← a − η g_a``, ``C ← C − η g_C`` with the per-step identity of the balancedness (Du, Hu, Lee 2018):
    ``Δ(a_j² − ‖w_j‖²) = η²(g_{a_j}² − ‖g_{w_j}‖²)`` exactly, since ``a_j g_{a_j} = ⟨w_j, g_{w_j}⟩`` for a
    positively 1-homogeneous σ with σ(0) = 0. ``deriv`` and ``a_step`` (a wrong σ', a wrong step on a) exist for
    negative controls; ``observe`` maps every iterate before the identity is read: the identity is then checked on
    the observed iterates z'_k (Δc from z'_k to z'_{k+1}, the gradient at z'_k), as for a trajectory handed in.

    A ``Trajectory`` (engine ``gd``) on the steps ``t`` = 0, 1, …: states ``identity_by_step`` (per step, max_j of the
    residual below) and ``losses`` (L at each step's start; the last missing when the iterate blew up); stats the
    final ``z``, ``identity_residual`` = max_t,j |Δc_j − η²(g_a² − ‖g_w‖²)| / (a_j² + ‖w_j‖²) and ``drift`` =
    max_t,j |c_j(t) − c_j(0)| / (a_j² + ‖w_j‖²) (what GD changes: η² terms)."""
    a, C = net.unpack(np.asarray(z0, dtype=float).copy())
    c0 = a * a - net.norms2(C)
    losses, worst, by_step, drift = [], 0.0, [], 0.0
    for _ in range(steps):
        if not (np.all(np.isfinite(a)) and np.all(np.isfinite(C))):
            by_step.append(math.inf)
            worst = math.inf
            break
        ga, gC, r = net.gradients(a, C, None, deriv)
        losses.append(0.5 * float(r @ r) / net.n)
        a1, C1 = a - a_step * eta * ga, C - eta * gC
        if observe is not None:  # the identity read on the observed iterates (tests only)
            (ao, Co), (a1o, C1o) = (net.unpack(np.asarray(observe(net.pack(u, v)), dtype=float))
                                    for u, v in ((a, C), (a1, C1)))
            gao, gCo, _ = net.gradients(ao, Co, None, deriv)
        else:
            ao, Co, a1o, C1o, gao, gCo = a, C, a1, C1, ga, gC
        c_before = ao * ao - net.norms2(Co)
        gw2 = np.einsum("ji,ik,jk->j", gCo, net.K, gCo)
        a, C = a1, C1
        c_after = a1o * a1o - net.norms2(C1o)
        scale = a1o * a1o + net.norms2(C1o)
        res = np.abs((c_after - c_before) - eta ** 2 * (gao * gao - gw2)) / np.maximum(scale, 1e-300)
        by_step.append(float(res.max()))
        worst = max(worst, by_step[-1])
        drift = max(drift, float((np.abs(c_after - c0) / np.maximum(scale, 1e-300)).max()))
    return Trajectory(clock=list(range(len(by_step))), states={"losses": losses, "identity_by_step": by_step},
                      engine="gd", stats={"z": net.pack(a, C), "identity_residual": worst, "drift": drift})


def init_state(X: np.ndarray, m: int, lam: float, seed: int, *, balanced: bool = True) -> tuple[np.ndarray, np.ndarray]:
    """``(z0, p)``: rows ``w_j = λ g_j/√d`` (g ~ N(0, I_d)), ``a_j = ±‖w_j‖`` (balanced, random signs) or
    ``a_j = λ·N(0,1)`` (unbalanced); split into span coefficients C and the perpendicular norms p."""
    import torch

    from ..runtime.device import generator
    n, d = X.shape
    g = generator(11_000_027 + seed)
    W0 = (torch.randn(m, d, generator=g, dtype=torch.float64) * lam / math.sqrt(d)).numpy()
    if balanced:
        sgn = torch.randint(0, 2, (m,), generator=g).numpy() * 2.0 - 1.0
        a0 = sgn * np.linalg.norm(W0, axis=1)
    else:
        a0 = (torch.randn(m, generator=g, dtype=torch.float64) * lam).numpy()
    K = X @ X.T
    C0 = np.linalg.lstsq(K, X @ W0.T, rcond=None)[0].T  # K singular (d < n): any coefficients of the projection
    p = np.maximum(np.sum(W0 * W0, axis=1) - np.einsum("ji,ik,jk->j", C0, K, C0), 0.0)
    return np.concatenate([a0, C0.ravel()]), p


__getattr__ = former_names(__name__, {"FlowResult": Trajectory, "GDResult": Trajectory, "Net": ReluSquareNet},
                           {"Net": NETS})  # 0.1's names, until 0.3.0
