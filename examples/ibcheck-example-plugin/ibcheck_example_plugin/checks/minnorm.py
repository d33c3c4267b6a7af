"""The example paper's check: GD with step 1/λ_max(K) from w = 0, against w* = Xᵀ K⁻¹ y (torch is imported here,
only when this claim runs)."""
from __future__ import annotations

import math

import torch

from ibcheck.checks.base import CheckSpec, Context, Inconclusive, Measurement, Reason
from ibcheck.checks.params import Param
from ibcheck.numerics.data.sets import make_gaussian

from ..theory.statements import MINNORM

GRAD_RTOL = 1e-13  # stopping rule: ‖∇‖ ≤ 1e-13‖∇₀‖

PARAMS = {
    "n": Param("n", int, 20, "number of examples", lambda v: v >= 1, "must be >= 1"),
    "d": Param("d", int, 400, "input dimension", lambda v: v >= 1, "must be >= 1"),
    "max_steps": Param("max_steps", int, 10000, "GD step budget", lambda v: v >= 1, "must be >= 1"),
    "seed": Param("seed", int, 0, "first seed", lambda v: v >= 0, "must be >= 0"),
    # the statement's constant is a parameter too, so a wrong constant can be tried (--set limit_rtol=...)
    "limit_rtol": Param("limit_rtol", float, MINNORM.constants["limit_rtol"], "constant of the statement",
                        lambda x: math.isfinite(x), "finite"),
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
        why = None if gn <= GRAD_RTOL * g0 else Inconclusive(
            Reason.NOT_CONVERGED, f"GD stopped after {steps} steps at relative gradient {gn / g0:.1e}")
        values = {**{k: float(v) for k, v in q.items()}, "trace_sigma": float(ds.trace_sigma)}
        out.append(Measurement(seed=seed, values=values, quantities=q, inconclusive=why))
    return out


SPECS = (CheckSpec(claim=MINNORM, params=PARAMS, measure=measure, quick=[{}, {"n": 10, "d": 1000}],
                   full=[{"n": 100, "d": 20000}], data_note="X (n×d, d ≥ n) and real-valued y",
                   inert={"max_steps": "the GD step budget: a run that stops short is inconclusive (not converged), "
                                       "never a verdict",
                          "data.labels": "any real targets y: with K invertible every y is interpolated"}),)
