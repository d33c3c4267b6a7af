"""Exact references for orthogonal data: the minimum variation norm and the saddle-to-saddle predictions.

[derived] With ``β_± = Σ_{±y_k>0} |y_k| x_k/‖x_k‖²``, ``min Σ_j|a_j|‖w_j‖`` over interpolating two-layer ReLU
networks equals ``‖β₊‖ + ‖β₋‖``, attained by ``σ(⟨β₊,x⟩) − σ(⟨β₋,x⟩)`` (lower bound: clip each neuron's
projection onto its class's span, then Cauchy–Schwarz). Cross-check: the SOCP ``min ‖P₊‖ + ‖P₋‖`` s.t.
``⟨P_±, x_k⟩ ≥ |y_k|`` on its class (cvxpy, in span coordinates ``P = Σc_k x_k``).

[derived] Saddle to saddle (loss ``(1/2n)Σ(h − y)²``, init scale λ → 0): with ``D_± = (1/n)‖Σ_{±y_k>0} y_k x_k‖``,
the class with the larger D escapes first, at ``τ_fast ≈ ln(1/λ)/D_fast``; the loss then sits at
``(1/2n)Σ_{slow class} y_k²`` until ``τ_slow ≈ ln(1/λ)/D_slow`` and falls to 0.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from ibcheck.theory.solver import SolveInfo, solve


def betas(X: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``(β₊, β₋)`` in R^d."""
    w = np.abs(y) / np.sum(X * X, axis=1)
    return ((w * (y > 0)) @ X, (w * (y < 0)) @ X)


def min_variation_norm(X: np.ndarray, y: np.ndarray) -> float:
    bp, bm = betas(X, y)
    return float(np.linalg.norm(bp) + np.linalg.norm(bm))


@dataclass
class SOCPCheck:
    value: float
    info: SolveInfo
    feasibility: float  # worst violation of ⟨P_±, x_k⟩ ≥ |y_k| (re-verified)


def min_variation_socp(X: np.ndarray, y: np.ndarray) -> SOCPCheck:
    """``min ‖P₊‖ + ‖P₋‖`` s.t. ``⟨P_±, x_k⟩ ≥ |y_k|`` for k in class ±, in span coordinates (Clarabel)."""
    import cvxpy as cp
    K = X @ X.T
    s = float(np.mean(np.diag(K)))
    ev, U = np.linalg.eigh(K / s)
    R = (U * np.sqrt(np.clip(ev, 0, None))).T  # ‖Σc_k x_k‖² = s‖Rc‖²
    cp_, cm_ = cp.Variable(len(y)), cp.Variable(len(y))
    pos, neg = y > 0, y < 0
    cons = []
    if pos.any():
        cons.append((K @ cp_)[pos] >= np.abs(y[pos]))
    if neg.any():
        cons.append((K @ cm_)[neg] >= np.abs(y[neg]))
    prob = cp.Problem(cp.Minimize(cp.norm(R @ cp_) + cp.norm(R @ cm_)), cons)
    info = solve(prob)
    cpv, cmv = np.asarray(cp_.value), np.asarray(cm_.value)
    val = float(math.sqrt(max(cpv @ K @ cpv, 0)) + math.sqrt(max(cmv @ K @ cmv, 0)))
    viol = max([float(np.clip(np.abs(y[pos]) - (K @ cpv)[pos], 0, None).max(initial=0.0)),
                float(np.clip(np.abs(y[neg]) - (K @ cmv)[neg], 0, None).max(initial=0.0))])
    return SOCPCheck(value=val, info=info, feasibility=viol)


def escape_rates(X: np.ndarray, y: np.ndarray) -> tuple[float, float]:
    """``(D₊, D₋)`` with ``D_± = (1/n)‖Σ_{±y_k>0} y_k x_k‖``."""
    n = len(y)
    return float(np.linalg.norm((y * (y > 0)) @ X) / n), float(np.linalg.norm((y * (y < 0)) @ X) / n)


@dataclass
class SaddlePrediction:
    L0: float  # (1/2n)Σy²: the loss at the first saddle (h ≈ 0)
    plateau: float  # (1/2n)Σ_{slow class} y²
    tau_fast: float
    tau_slow: float
    fast: str  # "+" or "-"
    rate_ratio: float  # D_fast/D_slow


def saddle_prediction(X: np.ndarray, y: np.ndarray, lam: float) -> SaddlePrediction:
    n = len(y)
    Dp, Dm = escape_rates(X, y)
    fast = "+" if Dp >= Dm else "-"
    slow_mask = (y < 0) if fast == "+" else (y > 0)
    L = math.log(1.0 / lam)
    Df, Ds = max(Dp, Dm), min(Dp, Dm)
    return SaddlePrediction(L0=0.5 * float(y @ y) / n, plateau=0.5 * float(np.sum(y[slow_mask] ** 2)) / n,
                            tau_fast=L / Df, tau_slow=L / Ds if Ds > 0 else math.inf, fast=fast,
                            rate_ratio=Df / Ds if Ds > 0 else math.inf)
