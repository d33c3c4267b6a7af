"""Minimum-nuclear-norm matrix completion: the limit Gunasekar et al. conjectured for factorised gradient flow.

``min ‖W‖_* s.t. W_ij = B_ij on Ω``: cvxpy ``normNuc`` (an SDP for Clarabel), status checked; re-verified here
(feasibility of the observed entries, the optimal value against numpy's singular values). For a 2×2 problem
with one unobserved entry x an independent check: ``‖W(x)‖_* = √(‖W(x)‖_F² + 2|det W(x)|)`` is convex in x
and is minimised by a bounded scalar search.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from ibcheck.theory.solver import SolveInfo, solve


@dataclass
class Completion:
    W: np.ndarray
    nuclear: float
    info: SolveInfo
    feasibility: float  # max |W_ij − B_ij| on Ω
    value_gap: float  # |Σσ(W) − solver objective| / Σσ(W)
    scalar_check: float | None  # 2×2, one unknown: |‖W‖_* − min_x ‖W(x)‖_*| / ‖W‖_* (None otherwise)

    @property
    def certified(self) -> bool:
        ok = self.info.accurate and self.feasibility <= 1e-7 and self.value_gap <= 1e-7
        return ok and (self.scalar_check is None or self.scalar_check <= 1e-6)


def nuclear_norm(W) -> float:
    return float(np.linalg.svd(np.asarray(W, dtype=float), compute_uv=False).sum())


def min_nuclear_2x2_scalar(mask, B) -> tuple[float, float]:
    """2×2 with exactly one unobserved entry: ``(x*, ‖W(x*)‖_*)`` by a bounded golden-section search."""
    from scipy.optimize import minimize_scalar
    (i, j), = [tuple(ix) for ix in np.argwhere(np.asarray(mask) == 0)]
    Bm = np.where(np.asarray(mask) > 0, B, 0.0)
    scale = 10.0 * (1.0 + float(np.abs(Bm).max()))

    def f(x):
        W = Bm.copy()
        W[i, j] = x
        return math.sqrt(max(float(np.sum(W * W)) + 2.0 * abs(float(np.linalg.det(W))), 0.0))
    r = minimize_scalar(f, bounds=(-scale, scale), method="bounded", options={"xatol": 1e-12})
    return float(r.x), float(r.fun)


def min_nuclear_completion(mask, B) -> Completion:
    import cvxpy as cp
    mask = np.asarray(mask, dtype=float)
    B = np.asarray(B, dtype=float)
    Wv = cp.Variable(B.shape)
    idx = np.argwhere(mask > 0)
    cons = [Wv[int(i), int(j)] == B[int(i), int(j)] for i, j in idx]
    prob = cp.Problem(cp.Minimize(cp.normNuc(Wv)), cons)
    info = solve(prob)
    W = np.asarray(Wv.value, dtype=float)
    nuc = nuclear_norm(W)
    feas = float(max((abs(W[i, j] - B[i, j]) for i, j in idx), default=0.0))
    scalar = None
    if B.shape == (2, 2) and int((mask == 0).sum()) == 1:
        _, v = min_nuclear_2x2_scalar(mask, B)
        scalar = abs(nuc - v) / max(nuc, 1e-300)
    return Completion(W=W, nuclear=nuc, info=info, feasibility=feas,
                      value_gap=abs(nuc - float(prob.value)) / max(nuc, 1e-300), scalar_check=scalar)
