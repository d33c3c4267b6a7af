"""lai2026.gram: K = XXᵀ concentrates around ‖λ‖₁ I at the rate ‖λ‖₂√(log n)/‖λ‖₁."""
from __future__ import annotations

import numpy as np
import torch

from ibcheck.numerics.data.sets import make_gaussian
from ibcheck.numerics.data.spectra import parse_spectrum
from ibcheck.theory.asymptotic import Series
from ibcheck.checks import binding

from ..theory import statements as st
from ..theory.closed_form import gram_scale

from ibcheck.checks.base import CheckSpec, Context, Measurement
from ibcheck.checks.params import Param, grid
from ibcheck.checks.horizon import extended_grid
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
    draw = lambda d, seed: make_gaussian(n, d, seed, spec=p["spectrum"], sampler=p["sampler"], device=ctx.device)  # noqa: E731
    out = []
    for seed in ctx.seeds:
        ds = draw(p["d"], seed)
        diag, off = deviations(ds.K, ds.trace_sigma)
        # Sweep d at fixed spectrum shape: the max deviation (averaged over reps) against ‖λ‖₁.
        traces, devs, preds = [], [], []
        for d in d_grid:
            reps = [draw(d, seed * 1000 + r) for r in range(p["reps"])]
            traces.append(reps[0].trace_sigma)
            devs.append(float(np.mean([max(deviations(r.K, r.trace_sigma)) for r in reps])))
            preds.append(gram_scale(reps[0].trace_sigma, reps[0].lam_l2, n))
        slope = float(np.polyfit(np.log(traces), np.log(devs), 1)[0])
        slope_pred = float(np.polyfit(np.log(traces), np.log(preds), 1)[0])
        q = {"diag_dev": diag, "offdiag_dev": off, "bound_scale": gram_scale(ds.trace_sigma, ds.lam_l2, n),
             "slope_gram": slope, "slope_gram_pred": slope_pred, "trace_by_d": traces, "dev_by_d": devs}
        values = dict(q, trace_sigma=ds.trace_sigma, lam_l2=ds.lam_l2, n=n,
                      gram_dev_series=Series([1.0 / b for b in preds], devs))  # clock τ = 1/(the bound's scale)
        out.append(Measurement(seed=seed, values=values, quantities=q, series=q, data=ds.describe()))
    return out


SPECS = [CheckSpec(
    claim=st.GRAM,
    params={k: C.DATA_PARAMS[k] for k in ("n", "d", "spectrum", "seed", "sampler")} | C.constant_params(st.GRAM) | {
        "d_grid": Param("d_grid", str, "1e3,1e4,1e5,1e6,1e7,1e8,1e9", "d values of the rate sweep"),
        "reps": Param("reps", int, 3, "datasets averaged per d", lambda v: v >= 1, "must be >= 1")},
    measure=measure_gram, accepts_data=False, data_note="the bound needs the covariance spectrum ‖λ‖₂",
    inert={**{k: "the concentration bound holds for every n, d and spectrum of Gaussian data: they enter its right-hand "
                 "side explicitly, no hypothesis" for k in ("n", "d", "spectrum", "sampler")},
           "seed": binding.REPEATS, "d_grid": binding.GRID, "reps": binding.REPEATS},
    horizon=extended_grid("d_grid", lambda d, p: 1 / gram_scale(parse_spectrum(p["spectrum"], int(d)).l1,
                                                                parse_spectrum(p["spectrum"], int(d)).l2, p["n"]),
                          ("tau",), cast=int),
    quick=[{"n": 40, "d": 4000}, {"n": 40, "d": 20000, "spectrum": "power:0.5"}],
    full=[{"n": n, "d": 100000, "reps": 10} for n in (40, 200)]
    + [{"n": 40, "d": 100000, "spectrum": "spike:10:20"}],
)]
