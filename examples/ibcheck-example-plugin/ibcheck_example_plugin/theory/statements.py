"""The example paper's statement: GD from 0 on least squares converges to the min-norm interpolant.

For ``X ∈ R^{n×d}`` with ``K = XXᵀ`` invertible, GD on ``½‖Xw − y‖²`` from ``w = 0`` stays in the row space of X
(every gradient ``Xᵀ(Xw − y)`` does) and converges to the interpolant there: ``w* = Xᵀ K⁻¹ y``, the min-ℓ2-norm one.
"""
from __future__ import annotations

import sympy as sp

from ibcheck.theory.statement import Claim, Sym, ge, le

gap = Sym("gap_rel", r"\frac{\|w_T-w^\star\|}{\|w^\star\|}", "relative distance of GD's limit to Xᵀ K⁻¹ y", dims="1")
perp = Sym("perp_rel", r"\frac{\|(I-P_X)w_T\|}{\|w_T\|}", "part of the limit outside the row space of X", dims="1")
cond = Sym("lambda_min_over_max", r"\lambda_{\min}(K)/\lambda_{\max}(K)", "conditioning of K = XXᵀ", dims="1")
tau = Sym("limit_rtol", r"\tau", "tolerance of a converged float64 limit", dims="1")

MINNORM = Claim(
    id="example.linreg.minnorm", title="example plugin: GD from 0 on least squares → the min-norm interpolant",
    source="example-plugin",
    summary="GD from w = 0 on ½‖Xw − y‖² (d ≥ n, K = XXᵀ invertible) converges to w* = Xᵀ K⁻¹ y and never "
            "leaves the row space of X.",
    symbols=(gap, perp, cond, tau),
    hypotheses=(ge("K = XXᵀ invertible", cond.s, sp.Rational(1, 10 ** 8),
                   reason="below 1e-8 the float64 solve for w* loses the digits the conclusions compare",
                   reads=("n", "d", "seed", "data.rank")),),
    conclusions=(le("limit = Xᵀ K⁻¹ y", gap.s, tau.s,
                    reason="GD stopped at relative gradient 1e-13 with κ(K) ≤ 1e8: the error is ≤ κ·1e-13 ≤ 1e-5 "
                           "in the worst case and ~1e-13 at the default d/n"),
                 le("limit in the row space of X", perp.s, tau.s,
                    reason="every step adds a vector of the row space: only rounding leaves it")),
    constants={"limit_rtol": 1e-8},
    references=("closed form w* = Xᵀ K⁻¹ y",),
)

CLAIMS = (MINNORM,)
