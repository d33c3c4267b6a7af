"""Tolerances keyed by dtype (after neural-tangents' tolerance table): each entry carries its reason.

A check looks a tolerance up by name for the dtype it ran in; the reason travels into the JSON so the
reader sees why the comparison allows what it allows.
"""
from __future__ import annotations

import torch

_TABLE = {
    torch.float64: {
        "span_vs_direct": (1e-10, "two exact implementations of the same float64 iteration; rounding only"),
        "limit_rel": (1e-8, "GD stopped at ‖∇L‖ ≤ 1e-12‖∇L₀‖ and cond(K_PP) ≤ 10 in (d≫n), so ‖w−w_lim‖/‖w‖ ≲ 1e-11"),
        "interp_abs": (1e-8, "residual of a converged float64 least-squares fit on labels of order 1"),
        "loss_rel": (1e-9, "loss limit ½Σy² is reached up to the squared interpolation residual"),
        "solver_feas": (1e-8, "re-verified feasibility of the polished cvxpy solution in label units"),
        "solver_kkt": (1e-8, "re-verified KKT residual of the polished cvxpy solution, relative to max|y_i|"),
        "linear_gap_rel": (1e-8, "GD from 0 on a linear model stops at relative gradient 1e-12; cond(K) ≤ 10"),
        "enum_rel": (1e-7, "closed-form active-set enumeration vs interior-point solution, relative norm"),
    },
    torch.float32: {
        "span_vs_direct": (1e-4, "float32 rounding over tens of steps"),
        "limit_rel": (1e-4, "float32 GD cannot reach 1e-12 relative gradient; stopped earlier"),
        "interp_abs": (1e-4, "float32 residual of a least-squares fit"),
        "loss_rel": (1e-5, "float32 loss"),
        "solver_feas": (1e-8, "solver runs in float64 regardless of the trainer dtype"),
        "solver_kkt": (1e-8, "solver runs in float64 regardless of the trainer dtype"),
        "linear_gap_rel": (1e-4, "float32 GD"),
        "enum_rel": (1e-7, "enumeration runs in float64"),
    },
}


def tol(name: str, dtype: torch.dtype = torch.float64) -> float:
    """The tolerance ``name`` for ``dtype``."""
    return _TABLE[dtype][name][0]


def reason(name: str, dtype: torch.dtype = torch.float64) -> str:
    """The one-line reason for the tolerance ``name``."""
    return _TABLE[dtype][name][1]
