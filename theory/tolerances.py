"""Tolerances keyed by dtype (after neural-tangents' tolerance table), and tolerances derived from a quantity's
conditioning.

A check looks a tolerance up by name for the dtype it ran in; the reason travels into the JSON so the
reader sees why the comparison allows what it allows.

Two float64 computations of one quantity by different routes — numpy's OpenBLAS against torch's MKL, another CPU
kernel, another thread count, another summation order — agree only to the quantity's rounding error, which is
ε = 2⁻⁵² times its condition number, not to a fixed number. The functions below give that bound for the
comparisons the suite makes (Higham, *Accuracy and Stability of Numerical Algorithms*, 2nd ed.: §3.1 γ_k, §4.2
summation, §10/§15 and Weyl's inequality for eigen- and singular values); each takes the dtype (its ε) and a
``safety`` factor for the modest constants the bounds leave out (default ``SAFETY``). A comparison written with
one of them needs no further reason than the function's name and arguments; a bare number below 1e-8 needs its own
one-line reason next to it (tests/test_tolerances.py).
"""
from __future__ import annotations

import math

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


# The constants of LAPACK's and BLAS's error bounds (p(n) in Higham's theorems) are modest polynomials in the
# dimension, which the functions below include; SAFETY covers the rest. Measured errors sit 1–3 orders below.
SAFETY = 10.0


def eps(dtype: torch.dtype = torch.float64) -> float:
    """Unit roundoff ×2 of ``dtype`` (2.2e-16 for float64): the spacing of floats at 1."""
    return float(torch.finfo(dtype).eps)


def gamma(k: int, dtype: torch.dtype = torch.float64) -> float:
    """γ_k = kε/(1 − kε): the relative error of k successive roundings (Higham (3.8))."""
    ke = max(int(k), 1) * eps(dtype)
    return ke / (1 - ke) if ke < 1 else math.inf


def summation(abs_sum: float, n: int, dtype: torch.dtype = torch.float64, safety: float = SAFETY) -> float:
    """Absolute tolerance between two evaluations of a sum of ``n`` terms in any two orders: each is within
    γ_{n−1}·Σ|x_i| of the exact sum (Higham (4.4)), so they differ by ≤ 2γ_{n−1}Σ|x_i|. ``abs_sum`` = Σ|x_i|."""
    return safety * 2 * gamma(n - 1, dtype) * abs(abs_sum)


def relative(cond: float = 1.0, n: int = 1, dtype: torch.dtype = torch.float64, safety: float = SAFETY) -> float:
    """Relative tolerance between two backward-stable computations of a quantity with condition number ``cond``
    from ``n``-term inner products: each has relative forward error ≤ cond·γ_n, two of them ≤ 2·cond·γ_n."""
    return safety * 2 * cond * gamma(n, dtype)


def singular_ratio(ratio: float, size: int, dtype: torch.dtype = torch.float64, via: str = "gram",
                   safety: float = SAFETY) -> float:
    """Absolute tolerance between two computations of σ_k/σ₁ (``ratio``) of a matrix, ``size`` its dimension count
    (rows + columns of W, or the inner dimension of the Gram's products).

    ``via="svd"``: a backward-stable SVD is the exact SVD of W + E, ‖E‖₂ ≤ γ_size‖W‖₂, and Weyl's inequality moves
    each σ_i by ≤ ‖E‖₂: σ_k/σ₁ moves by ≤ γ_size(1 + ratio). ``via="gram"``: σ_i = √λ_i(WWᵀ) with the Gram formed
    and diagonalised in floating point, λ_i moves by ≤ δ = γ_size·σ₁² (Weyl again), so σ_k/σ₁ moves by
    ≤ √(ratio² + δ/σ₁²) − ratio ≤ √(γ_size) — of order ε/(2·ratio) for a ratio far above √ε, and a large multiple of
    ε·cond for a nearly rank-deficient W (σ₃/σ₁ ≈ 2e-7: ≈ 5e-9, not 1e-10). Both routes compared: the sum of
    the two bounds."""
    e = safety * gamma(size, dtype)
    svd = e * (1 + abs(ratio))
    if via == "svd":
        return 2 * svd
    if via != "gram":
        raise ValueError(f"via must be 'svd' or 'gram', got {via!r}")
    return svd + math.sqrt(ratio * ratio + e) - abs(ratio) + e * abs(ratio)


def gap(certified_gap: float, scale: float = 1.0, dtype: torch.dtype = torch.float64, safety: float = SAFETY) -> float:
    """Absolute tolerance on a solver's optimal value or solution norm: the certificate's duality gap (what the
    solver guarantees), plus rounding at the quantity's ``scale``."""
    return abs(certified_gap) + safety * eps(dtype) * abs(scale)
