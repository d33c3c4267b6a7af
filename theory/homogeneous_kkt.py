"""What ``ibcheck kkt`` reports beside the KKT residual: stable ranks and exact max-margin references.

The KKT residual itself (multipliers, Clarke QP, Euler checks) is ``theory.kkt_residual`` and the Clarke description
of a constraint (``SampleGrad``) is ``theory.kkt_columns``; their former names here (``kkt_residuals``,
``KKTResiduals``, ``SampleGrad``, ``sample_columns``, ``explicit``, ``euler_tolerance``, ``worst_units``,
``SUPPORT_TAU``, ``EULER_HEADROOM``) still answer, with a ``DeprecationWarning``, until 0.3.0.
"""
from __future__ import annotations

import math
import warnings

import numpy as np

from .solver import OPTIMAL, OPTIMAL_INACCURATE, SolverError, solve

_MOVED = {"kkt_residuals": ("kkt_residual", "kkt_residuals"), "KKTResiduals": ("kkt_residual", "KKTResidual"),
          "euler_tolerance": ("kkt_residual", "euler_tolerance"), "worst_units": ("kkt_residual", "worst_units"),
          "SUPPORT_TAU": ("kkt_residual", "SUPPORT_TAU"), "EULER_HEADROOM": ("kkt_residual", "EULER_HEADROOM"),
          "SampleGrad": ("kkt_columns", "SampleGrad"), "sample_columns": ("kkt_columns", "sample_columns"),
          "explicit": ("kkt_columns", "explicit")}


def __getattr__(name: str):
    """The moved names (module docstring), with a ``DeprecationWarning`` naming where they are now."""
    if name not in _MOVED:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib
    mod, new = _MOVED[name]
    warnings.warn(f"{__name__}.{name} is ibcheck.theory.{mod}.{new} now (one KKT residual); the old path is removed "
                  f"in 0.3.0", DeprecationWarning, stacklevel=2)
    return getattr(importlib.import_module(f"{__package__}.{mod}"), new)


def stable_rank(W: np.ndarray) -> float:
    """``‖W‖_F² / ‖W‖₂²`` of a weight tensor reshaped to ``out × (everything else)`` (conv: out × in·k·k)."""
    M = np.asarray(W, dtype=np.float64).reshape(W.shape[0], -1)
    sv = np.linalg.svd(M, compute_uv=False)
    return float((sv ** 2).sum() / sv[0] ** 2) if sv[0] > 0 else math.nan


def _svm(X: np.ndarray, y: np.ndarray):
    """Hard-margin SVM through the origin: in the span (``theory.two_layer_margin.svm_margin``, n variables) when
    d ≥ n, else in the primal ``min ½‖u‖² s.t. y_i⟨u,x_i⟩ ≥ 1`` (d variables). Returns ``(margin, status)``."""
    from ibcheck.theory.two_layer_margin import svm_margin
    n, d = X.shape
    if d >= n:
        svm = svm_margin(X @ X.T, y)
        return svm.margin, svm.info.status + (" (polished, re-verified)" if svm.verified else "")
    import cvxpy as cp  # here, not at the top: only the primal SVM (d < n) is a cvxpy program
    s = float(np.sqrt(np.mean(np.sum(X * X, 1))))
    u = cp.Variable(d)
    info = solve(cp.Problem(cp.Minimize(0.5 * cp.sum_squares(u)), [cp.multiply(y, (X / s) @ u) >= 1]),
                 allow_infeasible=True)
    if info.status not in (OPTIMAL, OPTIMAL_INACCURATE):
        return 0.0, info.status
    uv = np.asarray(u.value)
    return float((y * (X @ uv)).min() / np.linalg.norm(uv)), info.status


PROBLEM1_MAX_N = 400  # the label-aligned QP has 2n variables over a dense n × n Gram matrix


def two_layer_references(X: np.ndarray, y: np.ndarray, gamma: float, a_fixed: np.ndarray | None,
                         enum_max_mn: int = 12) -> dict:
    """Exact references for ``f(x) = Σ_j a_j φ(⟨w_j,x⟩)``, bias-free, ``φ(z) = max(γz, z)`` (γ = 1: linear).

    * always: the hard-margin linear SVM through the origin, ``svm_margin = max_{‖u‖=1} min_i y_i⟨u,x_i⟩``;
    * both layers trained (L = 2): the SVM direction embedded in the network. Linear network (γ = 1): the exact
      optimum ``svm/2`` of the normalised margin ``min q/‖θ‖²`` (``‖θ‖² ≥ 2‖W‖‖a‖ ≥ 2‖Wᵀa‖``); (leaky) ReLU
      (m ≥ 2): the pair ``w = ±cu, a = ±c`` reaches ``(1+γ)/4 · svm``, a feasible point, so a lower bound on the
      network's optimum;
    * second layer fixed to ±1/√m (L = 1, the leaky two-layer architecture): Problem (1) on the label-aligned
      pattern, ``1/‖W*‖`` (its optimum under near-orthogonality (H), otherwise a feasible point: a lower bound), and
      the global optimum by enumerating the ``2^{mn}`` patterns when ``m·n ≤ enum_max_mn``.
    """
    from ibcheck.theory.two_layer_margin import closed_form_kkt, global_over_patterns, qp_aligned
    out: dict = {}
    try:
        svm, status = _svm(X, y)
    except SolverError as exc:
        return {"reference": f"linear SVM failed ({exc}): no reference"}
    sep = status.split(" ")[0] in (OPTIMAL, OPTIMAL_INACCURATE)
    out["svm_margin"] = svm if sep else None
    out["svm_status"] = status if sep else "infeasible: the data are not linearly separable through the origin"
    if a_fixed is None:
        if gamma == 1.0:
            out["reference"] = "linear network: max normalised margin = svm_margin/2 (exact)"
            out["reference_margin"] = svm / 2 if sep else None
            out["reference_is_optimum"] = True
        else:
            out["reference"] = (f"SVM direction as two opposite units (w=±cu, a=±c): (1+γ)/4·svm_margin with γ={gamma:g}; "
                                f"a feasible point, so a lower bound on the network's max normalised margin")
            out["reference_margin"] = (1 + gamma) / 4 * svm if sep else None
            out["reference_is_optimum"] = False
        return out
    m = len(a_fixed)
    m1, m2 = int((a_fixed > 0).sum()), int((a_fixed < 0).sum())
    if m1 == 0 or m2 == 0:
        out["reference"] = "Problem (1) needs neurons of both signs in the fixed second layer: no reference"
        return out
    if len(y) > PROBLEM1_MAX_N:
        out["reference"] = f"Problem (1) reference skipped: n = {len(y)} > {PROBLEM1_MAX_N} (dense n × n QP)"
        return out
    K = X @ X.T
    try:
        qp = qp_aligned(K, y, m1, m2, gamma)
        cf = closed_form_kkt(K, y, m1, m2, gamma)
    except SolverError as exc:
        out["reference"] = f"Problem (1): the label-aligned QP failed ({exc})"
        return out
    ok = qp.B is not None
    out["problem1_aligned_margin"] = 1.0 / qp.norm if ok else None
    out["problem1_status"] = qp.info.status
    out["problem1_feasibility"] = qp.feasibility if ok else None
    out["problem1_closed_form_valid"] = bool(cf.valid)
    out["reference"] = ("Problem (1) (second layer fixed to ±1/√m, m1=%d, m2=%d, γ=%g): label-aligned "
                        "optimum 1/‖W*‖ — the global optimum under (H) (Theorem 3.2), otherwise a lower bound" % (m1, m2, gamma))
    out["reference_margin"] = out["problem1_aligned_margin"]
    out["reference_is_optimum"] = False
    if m * len(y) <= enum_max_mn and gamma > 0:
        gnorm, _, solved, inacc = global_over_patterns(K, y, m1, m2, gamma)
        out["problem1_global_margin"] = 1.0 / gnorm if math.isfinite(gnorm) else None
        out["problem1_patterns_solved"] = solved
        out["reference"] += f"; global optimum by enumerating 2^{m * len(y)} patterns"
        out["reference_margin"] = out["problem1_global_margin"]
        out["reference_is_optimum"] = inacc == 0
    return out
