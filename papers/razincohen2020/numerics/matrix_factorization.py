"""Gradient flow of a depth-N matrix factorisation ``W = W_N ⋯ W_1`` (2×2 factors) on observed entries.

``L = ½Σ_{(i,j)∈Ω}(W_ij − B_ij)²``, ``G = P_Ω(W − B)``, ``Ẇ_k = −(W_N⋯W_{k+1})ᵀ G (W_{k−1}⋯W_1)ᵀ``.

Two phases, because the interesting regime (Razin–Cohen) drives ``det W → 0⁺`` far below what 2×2 entries
of size ‖W‖ can resolve in float64 (log σ₂ reaches −3.5·10⁵ at t = 10⁸ for N = 2):

1. **Raw factors** (any init): LSODA in log-time τ = log(1 + t) on the N factors while ``|det W|/‖W‖_F² ≥ 1e-8``
   (det is then resolved 10⁴× above the integration error); this phase certifies the sign of det W directly.
2. **Balanced end-to-end flow** (Arora et al. 2018: for balanced factors, ``W_{k+1}ᵀW_{k+1} = W_kW_kᵀ``, e.g.
   every factor αI): ``Ẇ = −Σ_k (WWᵀ)^{(N−k)/N} G (WᵀW)^{(k−1)/N}``, written in signed-SVD coordinates
   ``W = U(θ_U) diag(e^{ℓ₁}, s·e^{ℓ₂}) U(θ_V)ᵀ`` (s = sign det W): ``ℓ̇_r = −N σ_r^{1−2/N}·(sign)·Ĝ_rr`` with
   ``Ĝ = UᵀGV``, and the rotations from the off-diagonal of ``UᵀẆV``. For N ≥ 2 the log rates stay bounded as
   σ₂ → 0, so det W keeps its sign; for N = 1 the rate ``−s Ĝ₂₂/σ₂`` blows up when σ₂ → 0 and the solver fails
   (the sign would change in finite time). LSODA in log-time ``τ = log t`` (stiff: the fast equilibration of
   the observed entries has rate ∝ σ₁, i.e. ∝ t in τ). Decades of t cost a few hundred steps each.
"""
from __future__ import annotations

import math
import time

import numpy as np
from scipy.integrate import solve_ivp

from ibcheck.numerics.trajectory import Trajectory

DET_RESOLVED = 1e-8  # |det W|/‖W‖_F² below this ends the raw phase


def product(Ws, n: int = 2) -> np.ndarray:
    """``W_N ⋯ W_1`` (the identity for no factor)."""
    P = np.eye(n)
    for Wk in Ws:
        P = Wk @ P
    return P


def loss(W, mask, B) -> float:
    return 0.5 * float(np.sum((mask * (W - B)) ** 2))


def factor_field(N: int, mask, B):
    """``dvec(W_1..W_N)/dt`` of the raw factor flow."""
    n = mask.shape[0]

    def f(t, y):
        Ws = y.reshape(N, n, n)
        G = mask * (product(Ws) - B)
        return np.concatenate([-(product(Ws[k + 1:], n).T @ G @ product(Ws[:k], n).T).ravel() for k in range(N)])
    return f


def _rot(th):
    c, s = math.cos(th), math.sin(th)
    return np.array([[c, -s], [s, c]])


def signed_svd(W) -> tuple[float, float, float, float, float]:
    """``(θ_U, θ_V, ℓ₁, ℓ₂, s)`` with ``W = R(θ_U) diag(e^{ℓ₁}, s e^{ℓ₂}) R(θ_V)ᵀ``."""
    U, sv, Vt = np.linalg.svd(W)
    V = Vt.T
    s = 1.0
    if np.linalg.det(U) < 0:
        U[:, 1] *= -1
        s = -s
    if np.linalg.det(V) < 0:
        V[:, 1] *= -1
        s = -s
    return math.atan2(U[1, 0], U[0, 0]), math.atan2(V[1, 0], V[0, 0]), math.log(sv[0]), math.log(sv[1]), s


def from_svd(z, s) -> np.ndarray:
    return _rot(z[0]) @ np.diag([math.exp(z[2]), s * math.exp(z[3])]) @ _rot(z[1]).T


def e2e_field(N: int, s: float, mask, B, depth: int | None = None):
    """``dz/dτ`` (τ = log t) of the balanced end-to-end flow; ``depth`` replaces N in the dynamics (tests only)."""
    Nd = N if depth is None else depth

    def f(tau, z):
        U, V = _rot(z[0]), _rot(z[1])
        a1, a2 = math.exp(z[2]), math.exp(z[3])
        W = U @ np.diag([a1, s * a2]) @ V.T
        Gh = U.T @ (mask * (W - B)) @ V
        S = sum(a1 ** (2 * (Nd - k) / Nd) * a2 ** (2 * (k - 1) / Nd) for k in range(1, Nd + 1))
        P12, P21 = -Gh[0, 1] * S, -Gh[1, 0] * S
        s2 = s * a2
        den = a1 * a1 - a2 * a2
        rate = np.array([(a1 * P21 + s2 * P12) / den, (a1 * P12 + s2 * P21) / den,
                         -Nd * a1 ** (1 - 2 / Nd) * Gh[0, 0],
                         -Nd * s * a2 ** (1 - 2 / Nd) * Gh[1, 1]])  # N = 1 and σ₂ = 0: ZeroDivisionError
        return math.exp(tau) * rate
    return f


def effective_rank(l1: float, l2: float) -> float:
    """Roy–Vetterli ``exp(H(σ/Σσ))`` from log singular values (exact as σ₂/σ₁ underflows)."""
    lr = l2 - l1
    r = math.exp(lr)
    H = math.log1p(r) - (r * lr / (1 + r) if r > 0 else 0.0)
    return math.exp(H)


class FactorFlow(Trajectory):
    """The flow's ``Trajectory`` (engine ``LSODA``, raw then balanced phase) on its decade checkpoints ``t`` (real
    time): states ``W`` (W(t), 2×2 floats: σ₂ underflows harmlessly here), ``log_sv`` ((ℓ₁, ℓ₂)), ``det_sign`` and
    ``loss`` (L itself: ``log_loss`` is None). Stats: how each phase ended — ``t_switch``,
    ``balancedness_at_switch`` (max_k ‖W_{k+1}ᵀW_{k+1} − W_kW_kᵀ‖/‖W_k‖²), ``reached_end``, ``message``, ``nfev``,
    ``seconds`` — and the raw phase's own checkpoints ``raw_t`` with ``raw_det_rel`` (det W/‖W‖_F² there),
    ``raw_W`` (W there, 2×2 floats: det is resolved in this phase) and ``raw_loss``, one per ``raw_t``. This
    paper's readers of the record (``erank``, ``nuclear``) are its methods."""

    @classmethod
    def empty(cls) -> "FactorFlow":
        return cls(clock=[], states={"W": [], "log_sv": [], "det_sign": [], "loss": []}, engine="LSODA",
                   stats={"raw_t": [], "raw_det_rel": [], "raw_W": [], "raw_loss": [], "t_switch": math.nan,
                          "balancedness_at_switch": math.nan, "reached_end": False, "message": "", "nfev": 0,
                          "seconds": 0.0})

    def erank(self) -> list[float]:
        return [effective_rank(*ls) for ls in self.log_sv]

    def nuclear(self) -> list[float]:
        return [math.exp(a) + math.exp(b) for a, b in self.log_sv]


def init_factors(N: int, alpha: float, kind: str = "identity") -> list[np.ndarray]:
    """Every factor αI (balanced, det > 0); ``reflect``: W₁ = α·diag(1, −1) (balanced, det W(0) < 0)."""
    Ws = [alpha * np.eye(2) for _ in range(N)]
    if kind == "reflect":
        Ws[0] = alpha * np.diag([1.0, -1.0])
    elif kind != "identity":
        raise ValueError(f"unknown init {kind!r}")
    return Ws


class _OutOfTime(Exception):
    pass


def _timed(f, deadline):
    """``f`` that raises once the wall clock passes ``deadline`` (a guard for searches over many problems)."""
    def g(*args):
        if time.perf_counter() > deadline:
            raise _OutOfTime
        return f(*args)
    return g


def flow(N: int, alpha: float, mask, B, *, t_end: float = 1e8, init: str = "identity", rtol: float = 1e-10,
         depth: int | None = None, decades_from: int = 0, max_seconds: float = math.inf) -> FactorFlow:
    """Raw factors from ``init`` while det W is resolved, then the balanced end-to-end flow to ``t_end``.

    Both phases run in log-time (raw: τ = log(1 + t), from t = 0), by LSODA. ``depth`` (tests only) runs the
    dynamics as if the factorisation had that depth (``depth = 1``: plain gradient flow on W — a broken trainer
    for the depth-N claims). ``max_seconds`` stops a run that takes too long (``reached_end`` False, message says).
    """
    mask = np.asarray(mask, dtype=float)
    B = np.asarray(B, dtype=float)
    out = FactorFlow.empty()
    t0 = time.perf_counter()
    deadline = t0 + max_seconds
    Nr = N if depth is None else depth
    Ws = init_factors(N, alpha, init)
    if Nr != N:  # the broken dynamics acts on the product itself (one factor)
        Ws = [product(Ws)] + [np.eye(2)] * (Nr - 1) if Nr >= 1 else Ws
    y0 = np.concatenate([Wk.ravel() for Wk in Ws])
    f_t = factor_field(Nr, mask, B)
    f = _timed(lambda tau, y: math.exp(tau) * f_t(None, y), deadline)  # d/dτ with t = e^τ − 1

    def det_rel(W):
        return float(np.linalg.det(W) / np.sum(W * W))

    def resolved(tau, y):
        W = product(y.reshape(Nr, 2, 2))
        return abs(det_rel(W)) - DET_RESOLVED
    resolved.terminal, resolved.direction = True, -1
    # a sign change of det W while resolved is caught at the checkpoints below (det_rel < 0)
    tau_end = math.log1p(t_end)
    try:
        # LSODA: the flow turns stiff once σ₁ = O(1) (the observed entries equilibrate at rate ∝ σ₁^{2−2/N})
        sol = solve_ivp(f, (0.0, tau_end), y0, method="LSODA", rtol=rtol, atol=1e-14 * alpha ** Nr,
                        events=resolved, dense_output=True)
    except _OutOfTime:
        out.message, out.seconds = f"stopped after {max_seconds:g} s (raw phase)", time.perf_counter() - t0
        return out
    out.nfev += int(sol.nfev)
    t_sw = math.expm1(float(sol.t[-1]))
    t_chk = np.unique(np.concatenate([[0.0], np.logspace(-3, math.log10(max(t_sw, 1e-3)), 61)]))
    for t in t_chk[t_chk <= t_sw]:
        W = product(sol.sol(math.log1p(t)).reshape(Nr, 2, 2))
        out.raw_t.append(float(t)), out.raw_det_rel.append(det_rel(W)), out.raw_loss.append(loss(W, mask, B))
        out.raw_W.append(W)
    Ws = list(sol.y[:, -1].reshape(Nr, 2, 2))
    W = product(Ws)
    out.raw_t.append(t_sw), out.raw_det_rel.append(det_rel(W)), out.raw_loss.append(loss(W, mask, B))
    out.raw_W.append(W)
    out.t_switch = t_sw
    out.balancedness_at_switch = max([float(np.linalg.norm(Ws[k + 1].T @ Ws[k + 1] - Ws[k] @ Ws[k].T) /
                                            max(np.linalg.norm(Ws[k]) ** 2, 1e-300)) for k in range(Nr - 1)] or [0.0])
    th_u, th_v, l1, l2, s = signed_svd(W)
    z = np.array([th_u, th_v, l1, l2])
    ks = range(decades_from, int(math.floor(math.log10(t_end))) + 1)
    for k in ks:  # decade checkpoints inside the raw phase (det still resolved there)
        if 10.0 ** k <= t_sw:
            Wk = product(sol.sol(math.log1p(10.0 ** k)).reshape(Nr, 2, 2))
            _, _, a1, a2, sk = signed_svd(Wk)
            out.t.append(10.0 ** k), out.W.append(Wk.tolist()), out.log_sv.append((a1, a2))
            out.det_sign.append(sk), out.loss.append(loss(Wk, mask, B))
    taus = [math.log(10.0 ** k) for k in ks if 10.0 ** k > t_sw]
    if t_sw >= t_end * (1 - 1e-12):  # the raw phase reached the end
        out.reached_end, out.message = True, "raw phase reached t_end"
        out.seconds = time.perf_counter() - t0
        return out
    g = _timed(e2e_field(N, s, mask, B, depth=depth), deadline)
    tau0 = math.log(t_sw)
    reached = True
    with np.errstate(over="ignore", invalid="ignore", divide="ignore"):
        try:
            # atol: a floor only — after the switch the resolved entries are O(1) and growing (‖W‖ → ∞), so rtol
            # governs every step; 1e-12 keeps an entry passing through 0 from forcing steps below its rounding
            sol2 = solve_ivp(g, (tau0, math.log(t_end)), z, method="LSODA", rtol=rtol, atol=1e-12,
                             t_eval=taus if taus else None)
            out.message = str(sol2.message)
            reached = sol2.status == 0  # 0: reached log t_end; −1: a step failed (a finite-time singularity)
            ts, zs = sol2.t, sol2.y.T
            out.nfev += int(sol2.nfev)
        except (ValueError, OverflowError, ZeroDivisionError) as exc:
            out.message, reached, ts, zs = f"balanced flow broke down: {exc}", False, [], []
        except _OutOfTime:
            out.message, reached, ts, zs = f"stopped after {max_seconds:g} s (balanced phase)", False, [], []
    for tau, zz in zip(ts, zs):
        if not np.all(np.isfinite(zz)):
            reached = False
            break
        Wt = from_svd(zz, s)
        out.t.append(math.exp(tau)), out.W.append(Wt.tolist()), out.log_sv.append((float(zz[2]), float(zz[3])))
        out.det_sign.append(s), out.loss.append(loss(Wt, mask, B))
    out.reached_end = reached
    out.seconds = time.perf_counter() - t0
    return out
