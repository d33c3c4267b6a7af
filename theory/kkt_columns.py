"""The columns ``C`` (P × N) of the KKT stationarity problem ``min_{w ∈ W} ‖θ − C w‖``: explicit, or known through
inner products only (a model too large for its per-example gradients to be held: P ≈ 2·10⁶, n = 500).

Every solver here needs only the reduction ``(S, b, ρ)`` of the columns and θ:

    ‖θ − C diag(1/s) v‖² = ρ² + ‖b − S v‖²    for every v,

with ``S`` (r × N) and ``b`` (r): explicitly ``C diag(1/s) = QS`` (thin QR), ``b = Qᵀθ``, ``ρ = ‖θ − Qb‖``; through
the Gram matrix ``G = CᵀC`` and ``c = Cᵀθ``, ``G/(ssᵀ) = VΛVᵀ`` gives ``S = Λ^{1/2}Vᵀ``, ``b = Λ^{-1/2}Vᵀ(c/s)``
and ``ρ² = ‖θ‖² − ‖b‖²`` (eigenvalues below the rounding of G dropped). Linear combinations of columns (a kink's
derivative fixed) are columns too (``combine``). The residual itself, ``θ − Cw``, is always recomputed exactly
(``matvec``: for the streamed columns one backward pass of ``Σ_k w_k q_k`` over the data), so the reported
stationarity certifies whatever the Gram's rounding; only a refutation must allow for it (``gram_slack``).

The columns come from each constraint's Clarke subdifferential, described by a ``SampleGrad``: ``smooth`` (one
gradient), ``box`` (``g = g₀ + Σ_k s_k v_k`` with ``s_k ∈ [lo_k, hi_k]``: one activation layer, each kink's derivative
free in its Clarke interval, every sign pattern realisable), ``vertices`` (the gradients of the realisable pieces;
their hull is a subset of ∂°q_i) or ``uncertified`` (not described). ``sample_columns`` lays them out as the columns
``[free | box bases | box directions]`` that ``theory.kkt_residual`` and ``theory.kkt_verdict`` solve over.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable

import numpy as np

UNIT_ROUNDOFF = 2.0 ** -53


@dataclass
class Reduced:
    S: np.ndarray  # (r, N)
    b: np.ndarray  # (r,)
    perp: float  # ρ: the part of θ no combination of the columns reaches
    theta_norm: float


@dataclass
class Columns:
    """Explicit ``C`` or ``(gram, ct, apply)``; ``rounding`` bounds the Gram's entries, ``|δG_ij| ≤ rounding·‖c_i‖‖c_j‖``."""

    C: np.ndarray | None = None
    gram: np.ndarray | None = None
    ct: np.ndarray | None = None
    apply: Callable[[np.ndarray], np.ndarray] | None = None
    rounding: float = 0.0
    weights: np.ndarray | None = None  # Σ|M_kj|‖c_k‖ over the streamed columns k that column j combines (its norm)

    @property
    def N(self) -> int:
        return self.C.shape[1] if self.C is not None else self.gram.shape[0]

    @property
    def streamed(self) -> bool:
        return self.C is None

    def matvec(self, w: np.ndarray) -> np.ndarray:
        """``C w``, exactly (explicit product or the streamed backward pass)."""
        return self.C @ w if self.C is not None else self.apply(np.asarray(w, dtype=np.float64))

    def norms(self) -> np.ndarray:
        if self.C is not None:
            return np.linalg.norm(self.C, axis=0)
        return np.sqrt(np.clip(np.diag(self.gram), 0, None))

    def dots(self, theta: np.ndarray) -> np.ndarray:
        """``Cᵀθ`` (streamed: computed with the Gram, for the θ it was built with)."""
        return self.C.T @ theta if self.C is not None else self.ct

    def combine(self, M: np.ndarray) -> Columns:
        """The columns ``C M``."""
        if self.C is not None:
            return Columns(C=self.C @ M)
        base, wts = self.apply, self._weights()
        return Columns(gram=M.T @ self.gram @ M, ct=M.T @ self.ct, apply=lambda w: base(M @ w),
                       rounding=self.rounding, weights=np.abs(M).T @ wts)

    def _weights(self) -> np.ndarray:
        return self.weights if self.weights is not None else self.norms()

    def reduce(self, theta: np.ndarray, scale: np.ndarray | None = None) -> Reduced:
        """``(S, b, ρ)`` of the columns ``C diag(1/scale)`` and θ (module docstring)."""
        s = np.ones(self.N) if scale is None else np.asarray(scale, dtype=np.float64)
        tn = float(np.linalg.norm(theta))
        if self.C is not None:
            Q, R = np.linalg.qr(self.C / s)
            b = Q.T @ theta
            return Reduced(R, b, float(np.linalg.norm(theta - Q @ b)), tn)
        G = self.gram / np.outer(s, s)
        w, V = np.linalg.eigh((G + G.T) / 2)
        # the Gram's own rounding (≥ N·u of its largest eigenvalue): directions below it are not resolved
        keep = w > max(self.rounding, self.N * UNIT_ROUNDOFF) * max(float(w.max()), 0.0)
        if not keep.any():
            return Reduced(np.zeros((0, self.N)), np.zeros(0), tn, tn)
        w, V = w[keep], V[:, keep]
        S = np.sqrt(w)[:, None] * V.T
        b = (V.T @ (self.ct / s)) / np.sqrt(w)
        return Reduced(S, b, math.sqrt(max(0.0, tn * tn - float(b @ b))), tn)

    def gram_slack(self, w: np.ndarray, stationarity: float, theta_norm: float) -> float:
        """How far the least stationarity may lie below ``stationarity`` (that of the multipliers ``w``) because the
        Gram was rounded: ``|δf(w)| ≤ γ(a² + 2a)``, ``a = Σ|w_k|‖c_k‖/‖θ‖``, for ``f = ‖θ − Cw‖²/‖θ‖²``; twice
        that for the unknown exact minimiser (of comparable size). 0 for explicit columns (QR is backward stable)."""
        if self.C is not None or self.rounding == 0.0:
            return 0.0
        a = float(np.abs(w) @ self._weights()) / theta_norm
        d = 4.0 * self.rounding * (a * a + 2 * a)
        return stationarity - math.sqrt(max(0.0, stationarity ** 2 - d))


@dataclass
class SampleGrad:
    """The Clarke subdifferential of ``q_i`` at ``θ̃`` (see the module docstring)."""

    kind: str  # smooth | box | vertices | uncertified
    g: np.ndarray | None = None  # smooth: the gradient; box: g₀ (every kinked derivative at 0)
    row: int | None = None  # smooth, streamed: the gradient is row ``row`` of the streamed Gram (g is None)
    V: np.ndarray | None = None  # box: (k, P) the gradient's change per unit of each kink's derivative
    lo: np.ndarray | None = None  # box: (k,) Clarke interval of each kink's derivative
    hi: np.ndarray | None = None
    vertices: np.ndarray | None = None  # vertices: (v, P)
    reason: str = ""
    elements: list | None = None  # box: the kink of each row of V; vertices: the kinks their patterns fix
    patterns: list | None = None  # vertices: each vertex's derivatives at ``elements`` (γ or 1)


def sample_columns(samples: list[SampleGrad]):
    """Free columns (smooth gradients and vertices, each with its owner) and the box parts; a streamed smooth
    gradient is its row index (``space`` turns such lists into ``Columns``)."""
    free, owner_free, base, box_owner, V, lo, hi, owner_V = [], [], [], [], [], [], [], []
    for i, s in enumerate(samples):
        if s.kind == "smooth":
            free.append(s.g if s.row is None else s.row)
            owner_free.append(i)
        elif s.kind == "vertices":
            free.extend(s.vertices)
            owner_free.extend([i] * len(s.vertices))
        elif s.kind == "box":
            base.append(s.g)
            box_owner.append(i)
            V.extend(s.V)
            lo.extend(s.lo)
            hi.extend(s.hi)
            owner_V.extend([len(box_owner) - 1] * len(s.V))
    return free, owner_free, base, box_owner, V, np.array(lo), np.array(hi), np.array(owner_V, dtype=int)


def explicit(entries: list) -> Columns:
    """The default ``space``: every column given as a vector."""
    return Columns(C=np.stack(entries, axis=1))
