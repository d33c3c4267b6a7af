"""Positively homogeneous two-layer networks with both layers trained, exponential SUM loss (Lyu & Li 2020).

``f(x; θ) = Σ_j a_j σ(⟨w_j, x⟩)``, ``θ = (a, W)``; ``σ(z) = max(z, 0)^p`` (``relu``, p ≥ 1: ReLU for p = 1, C² off
0 for p > 2 as (S1) requires), ``z²`` (``square``) or ``z`` (``linear``: a two-layer linear net). Degree of
homogeneity ``L = 1 + p`` (relu), 3 (square), 2 (linear). Margins ``q_n = y_n f(x_n; θ)``,
``𝓛(θ) = Σ_n e^{−q_n}`` (``reduction="mean"`` divides by N: tests only), always carried as ``log 𝓛``.

Span coordinates (exact): the data enter only through ``X_r = X V_r`` (``V_r`` an orthonormal basis of the row
space of X, r = rank X ≤ min(n, d)); ``W = W_r V_rᵀ + W^⊥`` where the part ``W^⊥`` orthogonal to the data never
moves (its gradient is 0), so the state is ``θ = (a, W_r)`` and ``‖θ‖² = ‖a‖² + ‖W_r‖² + ‖W^⊥‖²``. Cost per
step O(m n r), independent of d.

Gradients are analytic (``∂q_n/∂a_j = y_n σ(z_jn)``, ``∂q_n/∂w_j = y_n a_j σ'(z_jn) x_n``) and tested against
autograd; ``−∇𝓛/𝓛 = Σ_n softmax(−q)_n ∇q_n`` is computed without ever forming 𝓛, so flows in the
reparametrised time ``ds = 𝓛 dt`` and the loss-based step ``η ∝ 1/𝓛`` run far below 1e-300.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Callable

import numpy as np
import torch

from ..runtime.device import generator
from ..runtime.errors import InputError
from ..trajectory import Trajectory, former_names
from .flow import integrate

ACTIVATIONS = ("relu", "square", "linear")


def span_basis(X: np.ndarray) -> np.ndarray:
    """Orthonormal basis ``V_r`` (d, r) of the row space of ``X``."""
    _, s, Vt = np.linalg.svd(np.asarray(X, dtype=np.float64), full_matrices=False)
    r = int((s > s.max() * max(X.shape) * np.finfo(float).eps).sum())
    return Vt[:r].T


@dataclass
class HomogeneousNet:
    """The homogeneous two-layer family's one net: data (in span coordinates) and architecture; ``theta`` is a flat
    float64 tensor ``(a, W_r)``.

    Its own family: both layers trained, σ positively homogeneous, the exponential loss summed (degree L, so the
    flow's log-loss clock applies), unlike ``two_layer.LeakyNet`` (first layer only, ``a`` fixed at ±1/√m) and
    ``relu_square.ReluSquareNet`` (the square loss of regression).
    """

    X: torch.Tensor  # (n, r)
    y: torch.Tensor  # (n,) ±1
    m: int
    act: str = "relu"
    p: float = 1.0
    perp_sq: float = 0.0
    reduction: str = "sum"
    deriv: Callable | None = None  # tests only: replaces σ' in the analytic gradient
    _cache: dict = field(default_factory=dict, repr=False)

    def __post_init__(self):
        if self.act not in ACTIVATIONS:
            raise InputError(f"unknown activation {self.act!r} (expected one of {ACTIVATIONS})")
        if self.act == "relu" and not self.p >= 1:
            raise InputError(f"relu power p must be >= 1, got {self.p}")
        if self.reduction not in ("sum", "mean"):
            raise InputError(f"unknown reduction {self.reduction!r}")

    # ---- architecture ----------------------------------------------------------------------------
    @property
    def n(self) -> int:
        return int(self.y.shape[0])

    @property
    def r(self) -> int:
        return int(self.X.shape[1])

    @property
    def size(self) -> int:
        return self.m * (1 + self.r)

    @property
    def degree(self) -> float:
        """``L``: ``Φ(cθ) = c^L Φ(θ)`` for ``c > 0``."""
        return {"relu": 1.0 + self.p, "square": 3.0, "linear": 2.0}[self.act]

    @property
    def smooth(self) -> bool:
        """(S1): σ is C² away from 0 — relu^p with p > 2, square, linear (ReLU itself is excluded)."""
        return self.act != "relu" or self.p > 2

    @property
    def lipschitz_gradient(self) -> bool:
        """Locally Lipschitz gradient (Ji–Telgarsky 2020's alignment hypothesis): σ' locally Lipschitz."""
        return self.act != "relu" or self.p >= 2

    def split(self, theta: torch.Tensor):
        return theta[: self.m], theta[self.m:].view(self.m, self.r)

    def sigma(self, z):
        """σ on a torch tensor or a numpy array."""
        if self.act == "relu":
            zp = z.clamp_min(0) if isinstance(z, torch.Tensor) else np.maximum(z, 0.0)
            return zp if self.p == 1 else zp ** self.p
        return z * z if self.act == "square" else z

    def dsigma(self, z):
        """σ' (σ'(0) = 0 for relu, docs/claims-ext.md §0); the ``deriv`` hook replaces it (tests only)."""
        if self.deriv is not None:
            return self.deriv(z)
        if self.act == "relu":
            if isinstance(z, torch.Tensor):
                return (z > 0).to(z.dtype) if self.p == 1 else self.p * z.clamp_min(0) ** (self.p - 1)
            return (z > 0).astype(float) if self.p == 1 else self.p * np.maximum(z, 0.0) ** (self.p - 1)
        return 2 * z if self.act == "square" else (torch.ones_like(z) if isinstance(z, torch.Tensor) else np.ones_like(z))

    # ---- margins and loss (torch: the autograd reference of the tests) ---------------------------------
    def margins(self, theta: torch.Tensor) -> torch.Tensor:
        a, W = self.split(theta)
        return self.y * (a @ self.sigma(W @ self.X.T))

    def log_loss(self, theta: torch.Tensor) -> torch.Tensor:
        """``log 𝓛(θ)``."""
        ll = torch.logsumexp(-self.margins(theta), 0)
        return ll - math.log(self.n) if self.reduction == "mean" else ll

    def norm_sq(self, theta) -> float:
        th = theta.detach().numpy() if isinstance(theta, torch.Tensor) else theta
        return float(th @ th) + self.perp_sq

    # ---- the trainers' analytic gradients (numpy: tiny arrays, ~20 µs per evaluation) -----------------
    def numpy_data(self):
        """``(X, y)`` as numpy arrays, converted once (the analytic gradients and the horizon flow read them)."""
        c = self._cache
        if "X" not in c:
            c["X"], c["y"] = self.X.numpy(), self.y.numpy()
        return c["X"], c["y"]

    def forward_np(self, th: np.ndarray):
        """``(Z, σ(Z), q, log 𝓛)`` for a flat numpy ``θ``."""
        X, y = self.numpy_data()
        a, W = th[: self.m], th[self.m:].reshape(self.m, self.r)
        Z = W @ X.T
        S = self.sigma(Z)
        q = y * (a @ S)
        mx = float((-q).max())
        ll = mx + math.log(float(np.exp(-q - mx).sum()))
        if self.reduction == "mean":
            ll -= math.log(self.n)
        return Z, S, q, ll

    def weighted_grad_np(self, th: np.ndarray, omega: np.ndarray, Z: np.ndarray, S: np.ndarray) -> np.ndarray:
        """``Σ_n ω_n ∇q_n``."""
        X, y = self.numpy_data()
        a = th[: self.m]
        c = omega * y
        return np.concatenate([S @ c, ((a[:, None] * self.dsigma(Z)) * c[None, :] @ X).ravel()])

    def grad_over_loss_np(self, th: np.ndarray):
        """``(−∇𝓛/𝓛, log 𝓛, q)`` with ``−∇𝓛/𝓛 = Σ softmax(−q)_n ∇q_n`` (no underflow at any loss)."""
        Z, S, q, ll = self.forward_np(th)
        full = ll + (math.log(self.n) if self.reduction == "mean" else 0.0)
        omega = np.exp(-q - full)
        return self.weighted_grad_np(th, omega, Z, S), ll, q

    def neg_grad(self, theta: torch.Tensor):
        """``(−∇𝓛, log 𝓛)``; −∇𝓛 underflows to 0 once 𝓛 < 1e-308 (as constant-step GD does in float)."""
        th = theta.detach().numpy()
        Z, S, q, ll = self.forward_np(th)
        omega = np.exp(-q) / (self.n if self.reduction == "mean" else 1)
        return torch.from_numpy(self.weighted_grad_np(th, omega, Z, S)), ll

    def neg_grad_over_loss(self, theta: torch.Tensor):
        """``(−∇𝓛/𝓛, log 𝓛)`` (see ``grad_over_loss_np``)."""
        g, ll, _ = self.grad_over_loss_np(theta.detach().numpy())
        return torch.from_numpy(g), ll

    def per_sample_grads(self, theta) -> np.ndarray:
        """``J`` (n, P) with rows ``∇q_n(θ)`` (analytic, numpy)."""
        X, y = self.numpy_data()
        th = theta.detach().numpy() if isinstance(theta, torch.Tensor) else theta
        a, W = th[: self.m], th[self.m:].reshape(self.m, self.r)
        Z = W @ X.T  # (m, n)
        Ja = (y[None, :] * self.sigma(Z)).T  # (n, m)
        JW = y[:, None, None] * (a[:, None] * self.dsigma(Z)).T[:, :, None] * X[:, None, :]  # (n, m, r)
        return np.concatenate([Ja, JW.reshape(self.n, -1)], 1)


# ---- data and init -----------------------------------------------------------------------------------
def make_net(X: np.ndarray, y: np.ndarray, m: int, act: str, p: float = 1.0, *, init_scale: float = 1.0,
             seed: int = 0, reduction: str = "sum", deriv: Callable | None = None):
    """The net on data ``X`` (n, d) and its init ``θ₀``: ``a_j, W_jk ~ N(0, init_scale²/·)`` (He-like scales
    ``1/m`` for a, ``1/d`` for W), drawn in ``R^d`` and split into span and ⊥ parts."""
    V = span_basis(X)
    g = generator(5_000_011 + int(seed))
    d = X.shape[1]
    a0 = torch.randn(m, generator=g, dtype=torch.float64) * init_scale / math.sqrt(m)
    W0 = torch.randn(m, d, generator=g, dtype=torch.float64).numpy() * init_scale / math.sqrt(d)
    Wr = W0 @ V
    perp = float((W0 * W0).sum() - (Wr * Wr).sum())
    net = HomogeneousNet(X=torch.as_tensor(np.asarray(X) @ V), y=torch.as_tensor(np.asarray(y, dtype=np.float64)),
                         m=m, act=act, p=p, perp_sq=max(perp, 0.0), reduction=reduction, deriv=deriv)
    return net, torch.cat([a0, torch.as_tensor(Wr).reshape(-1)])


def teacher_data(n: int, d: int, seed: int, m_teacher: int = 3) -> tuple[np.ndarray, np.ndarray]:
    """``x ~ N(0, I_d)``, labels ``sign`` of a random two-layer ReLU teacher of width ``m_teacher``."""
    g = generator(1_000_003 * int(seed) + 12)
    X = torch.randn(n, d, generator=g, dtype=torch.float64)
    Wt = torch.randn(m_teacher, d, generator=g, dtype=torch.float64)
    at = torch.randn(m_teacher, generator=g, dtype=torch.float64)
    f = (X @ Wt.T).clamp_min(0) @ at
    y = torch.where(f >= 0, 1.0, -1.0).to(torch.float64)
    return X.numpy(), y.numpy()


# ---- gradient flow -------------------------------------------------------------------------------------
def gradient_flow(net: HomogeneousNet, theta0: torch.Tensor, *, target_log_loss: float, rtol: float = 1e-10,
                  max_steps: int = 200000) -> Trajectory:
    """``dθ/dt = −∇𝓛`` integrated as ``dθ/ds = −∇𝓛/𝓛`` by ``numerics.trainers.flow.integrate`` (its public signature:
    ``record_every=1`` records every accepted step), until ``log 𝓛 ≤ target_log_loss``.

    A ``Trajectory`` (engine ``dopri5``) on every accepted step ``s`` (plus the initial point): states ``log_t`` and
    ``theta``, and ``log_loss``; its stats are what the integrator reports (``steps``, ``reached_target``, the final
    ``log_loss``, …).
    """
    tr = Trajectory(clock=[], states={"log_t": [], "theta": []}, log_loss=[], engine="dopri5", clock_name="s")

    def record(s, log_t, log_loss, steps, y):
        tr.s.append(float(s)), tr.log_t.append(float(log_t)), tr.log_loss.append(float(log_loss))
        tr.theta.append(y.clone())

    _, info = integrate(net.neg_grad_over_loss, theta0, target_log_loss=target_log_loss, rtol=rtol,
                        max_steps=max_steps, record=record, record_every=1.0, n=1)
    tr.stats.update(info)
    return tr


# ---- gradient descent ----------------------------------------------------------------------------------
def gradient_descent(net: HomogeneousNet, theta0: torch.Tensor, steps: int, *, eta: float | None = None,
                     loss_based: dict | None = None, loss_based_power: float = 1.0) -> Trajectory:
    """Constant-step GD (``eta``) or Lyu–Li's loss-based step (``loss_based``), ``steps`` gradient evaluations.

    Loss-based (the authors' ``LossBasedLRv1``): ``η_t = c_t/𝓛(θ_t)``; after an attempted step, if
    ``𝓛(θ_{t+1}) ≤ (1+eps)𝓛(θ_t)`` it is accepted and ``c ← α₁c``, else it is undone and ``c ← c/α₂``
    (defaults ``c₀ = lr·log 10``, ``lr = 0.1``, ``α₁ = 2^{1/5}``, ``α₂ = 2^{1/10}``, ``eps = 0``). The update
    ``c_t·(−∇𝓛/𝓛)`` is formed in the log domain. ``loss_based_power`` (tests only) uses ``η_t = c_t/𝓛^power``.

    A ``Trajectory`` (engine ``gd`` or ``loss_based_gd``) on the accepted steps ``step`` = 0, 1, …: state ``theta``
    (θ_t) and ``log_loss`` (log 𝓛(θ_t)) per point; ``scale`` = η_t𝓛(θ_t) (the update is ``scale·(−∇𝓛/𝓛)``: kept
    instead of log η_t, which would cancel catastrophically against log 𝓛 ≈ −1e25) and ``update`` (Δ_t), one per
    accepted step (one fewer than the points); stats ``evaluations`` (gradients computed) and ``rejected``.
    """
    tr = Trajectory(clock=[], states={"theta": [], "scale": [], "update": []}, log_loss=[],
                    engine="gd" if loss_based is None else "loss_based_gd", stats={"evaluations": 0, "rejected": 0},
                    clock_name="step")
    th = theta0.clone()
    if loss_based is None:
        for _ in range(steps):
            g, ll = net.neg_grad(th)
            tr.evaluations += 1
            upd = eta * g
            tr.theta.append(th), tr.log_loss.append(float(ll)), tr.update.append(upd)
            tr.scale.append(eta * math.exp(float(ll)))
            th = th + upd
        tr.theta.append(th), tr.log_loss.append(float(net.log_loss(th)))
        tr.clock.extend(range(len(tr.theta)))
        return tr
    lb = {"lr": 0.1, "alpha1": 2 ** 0.2, "alpha2": 2 ** 0.1, "eps": 0.0, **loss_based}
    c = lb["lr"] * math.log(10)
    g, ll = net.neg_grad_over_loss(th)
    while tr.evaluations < steps:
        # η = c/𝓛^power: update = c·𝓛^{1−power}·(−∇𝓛/𝓛)
        scale = math.exp(math.log(c) + (1 - loss_based_power) * float(ll))
        upd = scale * g
        new = th + upd
        g_new, ll_new = net.neg_grad_over_loss(new)
        tr.evaluations += 1
        if float(ll_new) <= float(ll) + math.log1p(lb["eps"]):
            tr.theta.append(th), tr.log_loss.append(float(ll)), tr.scale.append(scale), tr.update.append(upd)
            th, g, ll = new, g_new, ll_new
            c *= lb["alpha1"]
        else:
            tr.rejected += 1
            c /= lb["alpha2"]
    tr.theta.append(th), tr.log_loss.append(float(ll))
    tr.clock.extend(range(len(tr.theta)))
    return tr


__getattr__ = former_names(__name__, {"FlowTrace": Trajectory, "GDTrace": Trajectory})  # 0.1's records, until 0.3.0
