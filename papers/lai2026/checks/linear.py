"""lai2026.linear: GD from 0 on the linear model lands exactly on the min-norm interpolant XᵀK⁻¹y."""
from __future__ import annotations

import numpy as np

from ibcheck.checks import binding

from ..theory import statements as st
from ..theory.minnorm import min_norm_interpolant_linear
from ibcheck.theory.tolerances import tol

from ibcheck.checks.base import CheckSpec, Context, Measurement
from . import common as C
from .m1 import M1_PARAMS_BASE


def measure_linear(ctx: Context) -> list[Measurement]:
    run = C.run_gd(ctx, [1.0], activation="linear")
    out = []
    for s, seed in enumerate(ctx.seeds):
        K = run.K[s].cpu().numpy()
        y = run.y[s].cpu().numpy()
        alpha = run.alpha[s, 0].cpu().numpy()
        star = min_norm_interpolant_linear(K, y)
        q = {"gap": C.knorm(K, alpha - star), "w_star_norm": C.knorm(K, star), "w_inf_norm": C.knorm(K, alpha),
             "steps": int(run.res.steps[s]), "converged": bool(run.res.converged[s]),
             "final_loss": float(run.res.loss[s])}
        q["gap_rel"] = q["gap"] / q["w_star_norm"]
        q["eta_lmax"] = float(run.eta[s]) * float(np.linalg.eigvalsh(K)[-1])  # the stable-step hypothesis: η λ_max(K) < 2
        out.append(Measurement(seed=seed, values=dict(q, converged=float(q["converged"]),
                                                      limit_rtol=tol("linear_gap_rel")), quantities=q,
                               data=run.datasets[s].describe()))
    return out


SPECS = [CheckSpec(claim=st.LINEAR, params=M1_PARAMS_BASE, measure=measure_linear,
                   quick=[{"n": 40, "d": 4000}, {"n": 100, "d": 20000, "spectrum": "power:0.5"}],
                   full=[{"n": 100, "d": d} for d in (10000, 100000, 1000000)], independent_rows="w* = Xᵀ K⁻¹ y solves with K = XXᵀ",
                   inert={**C.INERT, "init_scale": "the linear baseline starts at w = 0: the init scale is not used",
                          "data.labels": "any real targets: GD from 0 on an invertible K reaches XᵀK⁻¹y for every y"})]
