"""frei2023.lem3.3: how often (H) holds for x_i ~ N(0, I_d) on an (n, d, γ) grid, and the empirical c."""
from __future__ import annotations

import math

import numpy as np

from ibcheck.numerics.data.classification import gaussian_pm1
from ibcheck.numerics.data.sets import SAMPLER_HELP, SAMPLERS
from ..theory import statements as st
from ..theory.hypothesis import h_quantities

from ibcheck.checks import binding
from ibcheck.checks.base import CheckSpec, Context, Inconclusive, Measurement, Reason
from ibcheck.checks.params import Param, constant_params, grid


def measure_lem33(ctx: Context) -> list[Measurement]:
    """P̂[(H)] per grid point over ``reps`` datasets; ``c_emp`` = largest ``n/(γ³√(d/log n))`` on the grid
    below which every point has ``P̂ ≥ 1 − δ``."""
    p = ctx.params
    ns, ds, gs = grid(p["n_grid"], "n_grid", int), grid(p["d_grid"], "d_grid", int), grid(p["gamma_grid"], "gamma_grid")
    out = []
    for seed in ctx.seeds:
        rows = []
        for n in ns:
            for d in ds:
                Ks = [gaussian_pm1(n, d, seed * 10007 + r, device=ctx.device, sampler=p["sampler"]).K
                      for r in range(p["reps"])]
                Ks = [(K if ctx.hooks.gram is None else ctx.hooks.gram(K)).cpu().numpy() for K in Ks]
                for g in gs:
                    hs = [h_quantities(K, g)["H_slack"] for K in Ks]
                    rows.append({"n": n, "d": d, "gamma": g, "ratio": n / (g ** 3 * math.sqrt(d / math.log(n))),
                                 "P_H": float(np.mean([h >= 1 for h in hs])), "H_slack_median": float(np.median(hs))})
        inside = [r for r in rows if r["ratio"] <= p["c_lemma"]]
        pmin = min((r["P_H"] for r in inside), default=math.nan)
        c_emp = 0.0
        for r in sorted(rows, key=lambda r: r["ratio"]):
            if r["P_H"] < p["p_required"]:
                break
            c_emp = r["ratio"]
        q = {"grid": rows, "H_probability_min_inside": pmin, "grid_points_inside": len(inside), "c_empirical": c_emp}
        out.append(Measurement(seed=seed, values={"H_probability_min_inside": pmin}, quantities=q, series=q,
                               inconclusive=None if inside else Inconclusive(Reason.NO_VALID_SAMPLE, "no grid point satisfies n ≤ cγ³√(d/log n)")))
    return out


SPECS = [CheckSpec(
    claim=st.LEM33, measure=measure_lem33, accepts_data=False, data_note="estimates a probability over Gaussian data",
    params={**constant_params(st.LEM33),
            "n_grid": Param("n_grid", str, "5,10,20,40", "n values"),
            "d_grid": Param("d_grid", str, "1e3,1e4,1e5,1e6,1e7,1e8,1e9", "d values (Gram law: any d costs O(n³))"),
            "sampler": Param("sampler", str, "auto", SAMPLER_HELP, lambda v: v in SAMPLERS, " | ".join(SAMPLERS)),
            "gamma_grid": Param("gamma_grid", str, "0.5,1", "γ values"),
            "reps": Param("reps", int, 10, "datasets per grid point", lambda v: v >= 1, "must be >= 1"),
            "seed": Param("seed", int, 0, "first seed", lambda v: v >= 0, "must be >= 0")},
    quick=[{}], full=[{"n_grid": "5,10,20,40,80", "gamma_grid": "0.3,0.5,0.7,1", "reps": 50},
                      {"sampler": "explicit", "d_grid": "1000,10000,100000", "n_grid": "5,10,20"}],
    inert={"n_grid": binding.GRID, "d_grid": binding.GRID, "gamma_grid": binding.GRID, "reps": binding.REPEATS,
           "seed": binding.REPEATS,
           "sampler": "how the Gaussian data are drawn (the exact Gram law or explicit vectors): the same law"})]
