"""lai2026.gram: K = XXᵀ concentrates around ‖λ‖₁ I at the rate ‖λ‖₂√(log n)/‖λ‖₁."""
from __future__ import annotations

import numpy as np
import torch

from ibcheck.numerics.data import gaussian_features, gram
from ibcheck.theory.lai2026 import statements as st
from ibcheck.theory.lai2026.closed_form import gram_scale

from ..base import CheckSpec, Context, Measurement
from ..params import Param, grid
from . import common as C


def deviations(K: torch.Tensor, trace: float) -> tuple[float, float]:
    """``(max_i |K_ii/‖λ‖₁ − 1|, max_{i≠j} |K_ij|/‖λ‖₁)``."""
    E = K / trace
    diag = (E.diagonal() - 1).abs().max()
    off = (E - torch.diag(E.diagonal())).abs().max()
    return float(diag), float(off)


def measure_gram(ctx: Context) -> list[Measurement]:
    p = ctx.params
    d_grid = grid(p["d_grid"], "d_grid", int)
    n = p["n"]
    out = []
    for seed in ctx.seeds:
        X, lam = gaussian_features(n, p["d"], seed, p["spectrum"])
        diag, off = deviations(gram(X, ctx.device), float(lam.sum()))
        # Sweep d at fixed spectrum shape: the max deviation (averaged over reps) against ‖λ‖₁.
        traces, devs, preds = [], [], []
        for d in d_grid:
            vals = []
            for r in range(p["reps"]):
                Xr, lr = gaussian_features(n, d, seed * 1000 + r, p["spectrum"])
                vals.append(max(deviations(gram(Xr, ctx.device), float(lr.sum()))))
            traces.append(float(lr.sum()))
            devs.append(float(np.mean(vals)))
            preds.append(gram_scale(float(lr.sum()), float(lr.norm()), n))
        slope = float(np.polyfit(np.log(traces), np.log(devs), 1)[0])
        slope_pred = float(np.polyfit(np.log(traces), np.log(preds), 1)[0])
        q = {"diag_dev": diag, "offdiag_dev": off, "bound_scale": gram_scale(float(lam.sum()), float(lam.norm()), n),
             "slope_gram": slope, "slope_gram_pred": slope_pred, "trace_by_d": traces, "dev_by_d": devs}
        values = dict(q, trace_sigma=float(lam.sum()), lam_l2=float(lam.norm()), n=n)
        out.append(Measurement(seed=seed, values=values, quantities=q, series=q))
    return out


SPECS = [CheckSpec(
    claim=st.GRAM,
    params={k: C.DATA_PARAMS[k] for k in ("n", "d", "spectrum", "seed")} | C.constant_params(st.GRAM) | {
        "d_grid": Param("d_grid", str, "1000,4000,16000,64000", "d values of the rate sweep"),
        "reps": Param("reps", int, 3, "datasets averaged per d", lambda v: v >= 1, "must be >= 1")},
    measure=measure_gram, accepts_data=False, data_note="the bound needs the covariance spectrum ‖λ‖₂",
    quick=[{"n": 40, "d": 4000}, {"n": 40, "d": 20000, "spectrum": "power:0.5"}],
    full=[{"n": n, "d": 100000, "d_grid": "1000,10000,100000,1000000"} for n in (40, 200)]
    + [{"n": 40, "d": 100000, "spectrum": "spike:10:20"}],
)]
