"""An ibcheck plugin: the linear-regression baseline "GD from 0 on least squares converges to the min-norm interpolant".

For ``X ∈ R^{n×d}`` with ``K = XXᵀ`` invertible, GD on ``½‖Xw − y‖²`` from ``w = 0`` stays in the row space of X
(every gradient ``Xᵀ(Xw − y)`` does) and converges to the interpolant there: ``w* = Xᵀ K⁻¹ y``, the min-ℓ2-norm one.
ibcheck loads ``CLAIMS`` and ``SPECS`` from this module through the entry point in ``pyproject.toml``.
"""
from __future__ import annotations

import sympy as sp
import torch

from ibcheck.checks.base import CheckSpec, Context, Measurement
from ibcheck.checks.params import Param
from ibcheck.numerics.data import make_gaussian
from ibcheck.theory.statement import Claim, Sym, ge, le

GRAD_RTOL = 1e-13  # stopping rule: ‖∇‖ ≤ 1e-13‖∇₀‖

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
                   reason="below 1e-8 the float64 solve for w* loses the digits the conclusions compare"),),
    conclusions=(le("limit = Xᵀ K⁻¹ y", gap.s, tau.s,
                    reason="GD stopped at relative gradient 1e-13 with κ(K) ≤ 1e8: the error is ≤ κ·1e-13 ≤ 1e-5 "
                           "in the worst case and ~1e-13 at the default d/n"),
                 le("limit in the row space of X", perp.s, tau.s,
                    reason="every step adds a vector of the row space: only rounding leaves it")),
    constants={"limit_rtol": 1e-8},
    references=("closed form w* = Xᵀ K⁻¹ y",),
)

PARAMS = {
    "n": Param("n", int, 20, "number of examples", lambda v: v >= 1, "must be >= 1"),
    "d": Param("d", int, 400, "input dimension", lambda v: v >= 1, "must be >= 1"),
    "max_steps": Param("max_steps", int, 10000, "GD step budget", lambda v: v >= 1, "must be >= 1"),
    "seed": Param("seed", int, 0, "first seed", lambda v: v >= 0, "must be >= 0"),
}


def measure(ctx: Context) -> list[Measurement]:
    """GD with step 1/λ_max(K) from w = 0 (``ctx.hooks.init`` may move the start: negative controls only)."""
    out = []
    for seed in ctx.seeds:
        ds = ctx.data or make_gaussian(ctx.params["n"], ctx.params["d"], seed)
        X, y = ds.X.double(), ds.y.double()
        K = X @ X.T
        ev = torch.linalg.eigvalsh(K)
        w = torch.zeros(X.shape[1], dtype=X.dtype)
        if ctx.hooks.init is not None:
            w = ctx.hooks.init(w)
        g0 = float((X.T @ (X @ w - y)).norm())
        steps, gn = 0, g0
        while steps < ctx.params["max_steps"] and gn > GRAD_RTOL * g0:
            w = w - (X.T @ (X @ w - y)) / float(ev[-1])
            gn = float((X.T @ (X @ w - y)).norm())
            steps += 1
        w_star = X.T @ torch.linalg.solve(K, y)
        w_row = X.T @ torch.linalg.solve(K, X @ w)  # projection of w onto the row space
        q = {"gap_rel": float((w - w_star).norm() / w_star.norm()), "perp_rel": float((w - w_row).norm() / w.norm()),
             "lambda_min_over_max": float(ev[0] / ev[-1]), "steps": steps, "grad_rel": gn / g0}
        why = None if gn <= GRAD_RTOL * g0 else f"GD stopped after {steps} steps at relative gradient {gn / g0:.1e}"
        values = {**{k: float(v) for k, v in q.items()}, "trace_sigma": float(ds.trace_sigma)}
        out.append(Measurement(seed=seed, values=values, quantities=q, inconclusive=why))
    return out


CLAIMS = (MINNORM,)
SPECS = (CheckSpec(claim=MINNORM, params=PARAMS, measure=measure, quick=[{}, {"n": 10, "d": 1000}],
                   full=[{"n": 100, "d": 20000}], data_note="X (n×d, d ≥ n) and real-valued y"),)
