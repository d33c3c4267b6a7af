"""The leaky two-layer flow field by activation mode, for the event-aware integrator (``numerics.integrators.flow_events``).

The span-coordinate field ``F(B) = a_j φ'(Z_ji) v_i`` (``Z = BK``, ``v_i = y_i|ℓ'(q_i)|/Σ_kℓ(q_k)``) jumps
where a pre-activation ``Z_ji`` crosses 0. A *mode* fixes every entry's side: ``+1`` (slope 1), ``−1`` (slope
γ) or ``0`` (sliding on ``Z_ji = 0``). With the mode fixed, ``φ`` is the linear piece ``slope·z`` extended
across the surface, so the field is analytic in ``B`` and a Runge–Kutta error estimate is meaningful.

Sliding (Filippov): on ``Z_ji = 0`` the normal speed is ``dZ_ji/ds = a_j Σ_k K_ik D_jk v_k``, linear in the
slopes ``D_jk ∈ [γ, 1]`` of the entries at zero (``v`` does not depend on them: ``φ(0) = 0``). The Filippov
set is the image of that box, so the sliding field is the *equivalent control*: the slopes ``D_jI`` of the
row's sliding set ``I`` solve ``K_II (D_I∘v_I) = −K_{I,R}(D_R∘v_R)`` (then every ``Z_jI`` stays exactly
constant — a linear invariant, preserved by any Runge–Kutta step). Which entries at zero slide and which cross
is a box-constrained linear complementarity problem per row (``switch``); sliding ends when a ``D_ji`` leaves
``[γ, 1]`` (``exit_margins``). Numpy, float64: the arrays are tiny and torch's per-op overhead dominated.
"""
from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, field

import numpy as np

LCP_ENUM_MAX = 8  # entries of one row at zero at once: enumerate 3^k sign/slide patterns up to this size
EPS = np.finfo(np.float64).eps


@dataclass
class Mode:
    """Which linear piece every entry uses: ``side`` ±1 or 0 (sliding), and ``a_j·slope`` for the margins."""

    side: np.ndarray  # (m, n) int8
    slope: np.ndarray  # (m, n): 1, γ; sliding entries (1+γ)/2 (it multiplies Z_ji = 0: any slope would do)
    AD: np.ndarray  # a_j·slope
    slide: dict[int, np.ndarray] = field(default_factory=dict)  # row j → sliding columns (sorted)
    chol: dict[int, np.ndarray] = field(default_factory=dict)  # row j → Cholesky factor of K_II

    def copy(self) -> "Mode":
        return Mode(self.side.copy(), self.slope.copy(), self.AD.copy(), dict(self.slide), dict(self.chol))


def _log_loss_np(q: np.ndarray, loss: str) -> np.ndarray:
    """``log ℓ(q)`` (numpy twin of ``two_layer.log_loss``)."""
    if loss == "exp":
        return -q
    u = np.exp(-np.maximum(q, 0.0))
    with np.errstate(divide="ignore", invalid="ignore"):  # each branch is only used where it is finite
        ratio = np.where(u < 1e-8, 1 - u / 2, np.log1p(u) / np.where(u > 0, u, 1.0))
        neg = np.log(np.maximum(-q, 0.0) + np.log1p(np.exp(-np.abs(q))))  # softplus(−q) for q ≤ 0
    return np.where(q > 0, -q + np.log(ratio), neg)


def _log_neg_dloss_np(q: np.ndarray, loss: str) -> np.ndarray:
    """``log|ℓ'(q)|`` (numpy twin of ``two_layer.log_neg_dloss``): ``−q`` or ``−softplus(q)``."""
    return -q if loss == "exp" else -(np.maximum(q, 0.0) + np.log1p(np.exp(-np.abs(q))))


def _chol_solve(L: np.ndarray, b: np.ndarray) -> np.ndarray:
    import scipy.linalg as sl
    return sl.cho_solve((L, True), b)


class LeakyModes:
    """``dB/ds = −∇L̂/L̂`` (or ``−∇L̂`` with ``real_time``) for ``f = Σ_j a_j max(γz, z)``, by mode.

    Implements the interface of ``flow_events.integrate_switched``: ``switching``, ``start``, ``field``,
    ``dense`` (switching functions ``Z = BK`` and ``log L̂`` along a step), ``guard_tol``, ``exit_margins``,
    ``exit_entries``, ``switch``.
    """

    def __init__(self, K, y, a, gamma: float, loss: str, real_time: bool = False):
        self.K = np.ascontiguousarray(K, dtype=np.float64)
        self.absK_colsum = np.abs(self.K).sum(0)
        self.y = np.asarray(y, dtype=np.float64)
        self.a = np.asarray(a, dtype=np.float64)
        self.gamma = float(gamma)
        self.loss = loss
        self.real_time = real_time
        self.n = self.y.shape[0]
        self.log_n = math.log(self.n)
        self.switching = self.gamma != 1.0  # γ = 1: φ is linear, no surface at all
        self._last_B_ref = self._last_B = self._last_Z = None

    @classmethod
    def from_net(cls, net, real_time: bool = False) -> "LeakyModes":
        t = lambda x: x.detach().cpu().numpy()  # noqa: E731
        return cls(t(net.K), t(net.y), t(net.a), net.gamma, net.loss, real_time)

    # --- modes -------------------------------------------------------------------------------------------
    def _mode(self, side: np.ndarray, slide: dict[int, np.ndarray]) -> Mode:
        slope = np.where(side > 0, 1.0, np.where(side < 0, self.gamma, 0.5 * (1 + self.gamma)))
        chol = {j: np.linalg.cholesky(self.K[np.ix_(I, I)]) for j, I in slide.items()}
        return Mode(side.astype(np.int8), slope, self.a[:, None] * slope, slide, chol)

    def start(self, B: np.ndarray) -> Mode:
        """The side of every entry at ``B`` (``z ≤ 0`` → slope γ, as ``two_layer.leaky_grad``)."""
        return self._mode(np.where(B @ self.K > 0, 1, -1), {})

    # --- field -------------------------------------------------------------------------------------------
    def _preacts(self, B: np.ndarray) -> np.ndarray:
        """``Z = BK``, remembered for the last ``B`` seen (the integrator asks again for the step's start;
        the copy guards against a caller changing ``B`` in place)."""
        if not (B is self._last_B_ref and np.array_equal(B, self._last_B)):
            self._last_B_ref, self._last_B, self._last_Z = B, B.copy(), B @ self.K
        return self._last_Z

    def _log_loss_q(self, q: np.ndarray) -> np.ndarray:
        """``log L̂`` from margins ``q`` (..., n)."""
        ll = -q if self.loss == "exp" else _log_loss_np(q, self.loss)
        mx = ll.max(-1, keepdims=True)
        return mx[..., 0] + np.log(np.exp(ll - mx).sum(-1)) - self.log_n

    def _weights(self, B: np.ndarray, mode: Mode):
        """``Z``, ``log L̂`` and ``v = y∘|ℓ'(q)|/Σℓ``."""
        Z = self._preacts(B)
        q = self.y * np.einsum("ji,ji->i", mode.AD, Z)
        ll = -q if self.loss == "exp" else _log_loss_np(q, self.loss)
        mx = ll.max()
        e = np.exp(ll - mx)
        tot = e.sum()
        lse = mx + math.log(tot)
        w = e / tot if self.loss == "exp" else np.exp(_log_neg_dloss_np(q, self.loss) - lse)
        return Z, lse - self.log_n, w * self.y

    def _equivalent(self, mode: Mode, j: int, v: np.ndarray) -> np.ndarray:
        """``u = D_jI∘v_I`` that keeps ``dZ_jI/ds = 0`` on row j's sliding set I."""
        I = mode.slide[j]
        rest = mode.slope[j] * v
        rest[I] = 0.0
        return -_chol_solve(mode.chol[j], self.K[I] @ rest)

    def field(self, B: np.ndarray, mode: Mode):
        """``(dB/ds, log L̂, slopes of the sliding entries or None)``."""
        Z, logL, v = self._weights(B, mode)
        F = mode.AD * v
        D = None
        if mode.slide:
            D = {}
            for j, I in mode.slide.items():
                u = self._equivalent(mode, j, v)
                F[j, I] = self.a[j] * u
                with np.errstate(divide="ignore", invalid="ignore"):
                    D[j] = u / v[I]
        if self.real_time:
            F = F * math.exp(logL)
        return F, logL, D

    # --- events ------------------------------------------------------------------------------------------
    def dense(self, B: np.ndarray, CB: np.ndarray, mode: Mode) -> "_Dense":
        """On a step's dense output ``B(θ) = B + Σ_p CB_p θ^{p+1}``: the switching functions ``Z(θ)`` as
        polynomials (``Z`` is linear in B) and ``log L̂(θ)`` (with the mode fixed the margins are linear in Z)."""
        Z0 = self._preacts(B)
        CZ = CB @ self.K
        q0 = self.y * np.einsum("ji,ji->i", mode.AD, Z0)
        qc = self.y * np.einsum("ji,pji->pi", mode.AD, CZ)
        return _Dense(Z0.ravel(), CZ.reshape(4, -1), q0, qc, self._log_loss_q)

    def guard_tol(self, B: np.ndarray) -> np.ndarray:
        """A bound on the rounding of ``Z_ji = Σ_l B_jl K_li`` (a sign within it is undecided):
        ``16 n ε max_l|B_jl| Σ_l|K_li|`` (rank one: no extra product per step)."""
        return (16 * self.n * EPS) * np.outer(np.abs(B).max(1), self.absK_colsum) + 1e-300

    def exit_margins(self, mode: Mode, D) -> np.ndarray | None:
        """``min(D − γ, 1 − D)`` of every sliding entry (≥ 0 while sliding is consistent), row-major."""
        if not D:
            return None
        out = np.concatenate([np.minimum(D[j] - self.gamma, 1.0 - D[j]) for j in sorted(D)])
        return np.where(np.isfinite(out), out, -np.inf)

    def exit_entries(self, mode: Mode) -> list[tuple[int, int]]:
        """The entries ``exit_margins`` lists, in its order."""
        return [(j, int(i)) for j in sorted(mode.slide) for i in mode.slide[j]]

    def switch(self, B: np.ndarray, mode: Mode, hits, leaving=()):
        """New mode after ``hits`` reached ``Z = 0`` (and sliding entries ``leaving`` hit ``γ`` or ``1``).

        Row by row, the entries at zero (the row's sliding set plus its hits) get slopes from the box LCP
        ``w = base + M D``: ``D = γ ⇒ w ≤ 0``, ``D = 1 ⇒ w ≥ 0``, ``γ < D < 1 ⇒ w = 0`` (slide). Returns
        ``(B, mode, new sliding entries)``; ``B`` moves by a rounding-size amount so sliding entries sit on 0.
        """
        _, _, v = self._weights(B, mode)
        side = mode.side.copy()
        slide = dict(mode.slide)
        hits = [(int(j), int(i)) for j, i in hits]
        leaving = {(int(j), int(i)) for j, i in leaving}
        new_slides = 0
        B = B.copy()
        for j in sorted({j for j, _ in hits} | {j for j, _ in leaving}):
            hit_i = {i for jj, i in hits if jj == j} | {i for jj, i in leaving if jj == j}
            I = np.array(sorted(set(slide.get(j, np.array([], int)).tolist()) | hit_i), dtype=int)
            slopes = np.where(side[j] > 0, 1.0, self.gamma)
            rest = slopes * v
            rest[I] = 0.0
            base = self.a[j] * (self.K[I] @ rest)
            M = self.a[j] * self.K[np.ix_(I, I)] * v[I][None, :]
            pref = []
            for i in I.tolist():
                if (j, i) in leaving:
                    pref.append(None)  # leave to whichever side its slope reached
                elif side[j, i] == 0:
                    pref.append(0)  # keep sliding
                else:
                    pref.append(-int(side[j, i]))  # cross
            states = _box_lcp(base, M, self.gamma, 1.0, pref)
            for i, st in zip(I.tolist(), states):
                if st == 0 and side[j, i] != 0:
                    new_slides += 1
                side[j, i] = st
            I_s = I[np.array(states) == 0] if len(I) else I
            if len(I_s):
                slide[j] = I_s
                Z_I = B[j] @ self.K[:, I_s]
                B[j, I_s] -= np.linalg.solve(self.K[np.ix_(I_s, I_s)], Z_I)  # onto Z_jI = 0 (a rounding-size move)
            else:
                slide.pop(j, None)
        return B, self._mode(side, slide), new_slides


@dataclass
class _Dense:
    g0: np.ndarray  # switching functions at θ = 0, flattened
    gc: np.ndarray  # (4, m·n): their θ^1..θ^4 coefficients
    q0: np.ndarray
    qc: np.ndarray  # (4, n)
    _lq: object

    def log_loss(self, thetas: np.ndarray) -> np.ndarray:
        t = np.asarray(thetas, dtype=np.float64)[:, None]
        return self._lq(self.q0 + t * (self.qc[0] + t * (self.qc[1] + t * (self.qc[2] + t * self.qc[3]))))


def _box_lcp(base: np.ndarray, M: np.ndarray, lo: float, hi: float, pref: list) -> list[int]:
    """States (+1: D = hi, −1: D = lo, 0: interior) solving ``w = base + M D`` with ``D ∈ [lo, hi]``,
    ``D = lo ⇒ w ≤ 0``, ``D = hi ⇒ w ≥ 0``, interior ``⇒ w = 0``.

    Unique when −M is a P-matrix (every entry attracting: ``a_j v_i < 0``, ``M = a_j K_II diag(v_I)``); else the
    solution matching most of ``pref`` (per entry the preferred state, None: either side). Enumerates 3^k
    patterns for ``k ≤ LCP_ENUM_MAX``; beyond that each entry is decided alone (others at their current pieces).
    """
    k = len(base)
    if k == 0:
        return []
    if k == 1:  # one entry: w(D) = b + M D is monotone in D
        b, mm, p = float(base[0]), float(M[0, 0]), pref[0]
        tol = 1e-12 * (abs(b) + abs(mm) * hi + 1e-300)
        w_lo, w_hi = b + mm * lo, b + mm * hi
        ok = {-1: w_lo <= tol, 1: w_hi >= -tol, 0: w_lo > tol and w_hi < -tol}  # 0: attracting from both sides
        order = ([p] if p in ok else []) + [-1, 1, 0]
        if p is None:  # leaving a sliding segment: to whichever side is consistent, never back to sliding
            order = [-1, 1] if w_lo <= w_hi else [1, -1]
        for st in order:
            if ok.get(st):
                return [st]
        return [-1 if abs(w_lo) <= abs(w_hi) else 1]
    scale = np.abs(base) + np.abs(M).sum(1) * hi + 1e-300
    if k > LCP_ENUM_MAX:
        return [_box_lcp(base[i:i + 1], M[i:i + 1, i:i + 1], lo, hi, pref[i:i + 1])[0] for i in range(k)]
    best, best_key = None, None
    for pattern in itertools.product((-1, 1, 0), repeat=k):
        p = np.array(pattern)
        D = np.where(p > 0, hi, lo).astype(float)
        free = p == 0
        if free.any():
            A = M[np.ix_(free, free)]
            rhs = -(base[free] + M[np.ix_(free, ~free)] @ D[~free])
            try:
                D[free] = np.linalg.solve(A, rhs)
            except np.linalg.LinAlgError:
                continue
            if not np.all(np.isfinite(D[free])):
                continue
        w = base + M @ D
        span = hi - lo
        viol = np.concatenate([np.maximum(lo - D[free], 0) / span, np.maximum(D[free] - hi, 0) / span,
                               np.maximum(w[p < 0], 0) / scale[p < 0], np.maximum(-w[p > 0], 0) / scale[p > 0]])
        bad = float(viol.max()) if viol.size else 0.0
        valid = bad <= 1e-12
        if pref is not None:
            miss = sum(1 for s, q in zip(pattern, pref) if q is not None and s != q)
            # a leaving entry (pref None) must not slide again
            miss += sum(1 for s, q in zip(pattern, pref) if q is None and s == 0)
        else:
            miss = 0
        key = (not valid, bad if not valid else 0.0, miss)
        if best_key is None or key < best_key:
            best, best_key = list(pattern), key
    return best
