"""gunasekar2018.comparison (exploratory): on one dataset, which norm's margin each optimizer approaches best.

Planted data (n = 8, d = 12, seed 0: d > n, so the ℓ1, ℓ1.5, ℓ2, ℓ3, ℓ∞ max-margin directions differ) or a user set
with ±1 labels. Each optimizer runs with its own paper's schedule: steepest descent in ℓ2 (GD), ℓ1 (coordinate
descent), ℓ∞ (sign descent) with η_t = min(η₊, ½/(B²L)) on the summed exponential loss (Gunasekar et al.;
``steps_sd``), p-GD for p = 1.5 and 3 with a constant step on the summed exponential loss (Sun et al.;
``steps_pgd``), and Adam without ε on the mean logistic loss with η_t = η₀(t+2)^{−1/2}, β₁ = 0.9 ≤ β₂ = 0.99 (Zhang,
Zou, Cao; ``numerics.trainers.adam``, ``steps_adam``). For every optimizer o and norm q the ratio
``R[o, q] = γ_q(w_T)/γ_q`` (normalised margin of o's last iterate in ℓq over the certified ℓq max margin,
``theory.norm_margin``); the rank of o's expected norm among the five by R is the claim's row. The report shows the
matrix as a heat map and each optimizer's ratios against t (``figures.py``). Hooks: ``limit(name, W) -> W`` maps an
optimizer's recorded iterates.
"""
from __future__ import annotations

import math

import numpy as np

from ibcheck.checks.base import CheckSpec, Context, Measurement
from ibcheck.theory.outcomes import Inconclusive, Reason
from ibcheck.checks.params import Param, pos
from ibcheck.checks.trends import Memo, measure_memoised
from ibcheck.numerics.data.linear_data import from_dataset, planted
from ibcheck.numerics.trainers.linear_geometry import norm_of, p_gd, steepest_descent
from ibcheck.theory.norm_margin import max_margin

from ..theory import statements as st

NORM_VALUES = {"1": 1.0, "1.5": 1.5, "2": 2.0, "3": 3.0, "inf": math.inf}


def params() -> dict:
    return {
        "n": Param("n", int, 8, "examples of the planted fixture", lambda v: v >= 2, "must be >= 2"),
        "d": Param("d", int, 12, "dimension of the planted fixture", lambda v: v >= 1, "must be >= 1"),
        "seed": Param("seed", int, 0, "data seed", lambda v: v >= 0, "must be >= 0"),
        "steps_sd": Param("steps_sd", int, 10_000, "steps of the steepest descents", lambda v: v >= 100, ">= 100"),
        "steps_pgd": Param("steps_pgd", int, 30_000, "steps of p-GD", lambda v: v >= 100, "must be >= 100"),
        "steps_adam": Param("steps_adam", int, 30_000, "steps of Adam", lambda v: v >= 100, "must be >= 100"),
        "eta_pgd": pos("eta_pgd", float, 0.1, "p-GD's constant step"),
        "eta_adam": pos("eta_adam", float, 0.1, "Adam's η₀ in η_t = η₀(t+2)^{−1/2}"),
    }


_MEMO = Memo(4)


def measure(ctx: Context) -> list[Measurement]:
    return measure_memoised(ctx, _MEMO, tuple(params()), _one)


def runs(Z: np.ndarray, p: dict) -> dict:
    """Every optimizer's recorded run ``(t, W)`` on ``Z`` (the paper schedules of the module docstring)."""
    from ibcheck.numerics.trainers.adam import adam
    out = {}
    for name, norm in (("gd", "l2"), ("cd", "l1"), ("sign", "linf")):
        qd = {"l2": 2.0, "l1": math.inf, "linf": 1.0}[norm]
        B = float(norm_of(Z, qd).max())
        r = steepest_descent(Z, norm, p["steps_sd"], eta_plus=1e300 / B ** 2, scale=0.5)
        out[name] = (r.t, r.W)
    for name, pp in (("pgd15", 1.5), ("pgd3", 3.0)):
        r = p_gd(Z, pp, p["eta_pgd"], p["steps_pgd"])
        out[name] = (r.t, r.W)
    a = adam(Z, p["steps_adam"], beta1=0.9, beta2=0.99, eps=0.0, schedule="poly", eta0=p["eta_adam"], a=0.5,
             loss="logistic", reduction="mean")
    out["adam"] = (np.asarray(a.t), np.asarray(a.W))
    return out


def ratios(Z: np.ndarray, W: np.ndarray, gammas: dict) -> dict:
    """``{q: γ_q(w)/γ_q}`` for every row w of W (NaN where w = 0 or not finite)."""
    out = {}
    for lab, q in NORM_VALUES.items():
        nw = norm_of(W, q)
        with np.errstate(invalid="ignore", divide="ignore"):
            m = (W @ Z.T).min(-1) / nw / gammas[lab]
        out[lab] = np.where((nw > 0) & np.isfinite(m), m, np.nan)
    return out


def _one(ctx: Context, seed: int) -> Measurement:
    p = ctx.params
    data = from_dataset(ctx.data, st.COMPARISON.id) if ctx.data is not None else planted(p["n"], p["d"], seed)
    Z = data.Z
    refs = {lab: max_margin(Z, None, q) for lab, q in NORM_VALUES.items()}
    q = {"data": data.describe(), "norms": list(NORM_VALUES), "gammas": [r.gamma for r in refs.values()],
         "certified": [bool(r.certified) for r in refs.values()]}
    if not all(r.separable and r.gamma > 0 for r in refs.values()):
        return Measurement(seed=seed, values={}, quantities=q, inconclusive=Inconclusive(
            Reason.NO_VALID_SAMPLE, "the data are not linearly separable"))
    inconc = None if all(r.certified for r in refs.values()) else Inconclusive(
        Reason.REFERENCE_FAILED, "a max-margin reference is not certified: " + ", ".join(
            f"ℓ{lab} gap {r.gap:.1e} ({r.status})" for lab, r in refs.items() if not r.certified))
    gammas = {lab: r.gamma for lab, r in refs.items()}
    # the reference directions' margins in every norm (rows: the ℓq maximiser): how far apart the answers are here
    q["reference_cross_ratios"] = [[float(v[0]) for v in ratios(Z, r.w[None], gammas).values()] for r in refs.values()]
    values, table, series = {}, {}, {}
    for name, (t, W) in runs(Z, p).items():
        if ctx.hooks.limit is not None:
            W = np.asarray(ctx.hooks.limit(name, W), dtype=float)
        R = ratios(Z, W, gammas)
        final = {lab: float(v[-1]) for lab, v in R.items()}
        table[name] = final
        series[name] = {"t": np.asarray(t).tolist(), **{lab: v.tolist() for lab, v in R.items()}}
        expected = dict((o, qq) for o, _, qq in st.OPTIMIZERS)[name]
        mine = final[expected]
        values[f"rank_{name}"] = (1.0 + sum(v > mine for v in final.values())) if math.isfinite(mine) else math.nan
    q.update(optimizers=list(table), ratio_table=[list(r.values()) for r in table.values()],
             best_norm=[max(r, key=lambda k: r[k] if math.isfinite(r[k]) else -math.inf) for r in table.values()],
             steps=[p["steps_sd"], p["steps_pgd"], p["steps_adam"]], **values)
    return Measurement(seed=seed, values=values, quantities=q, inconclusive=inconc,
                       series={"runs": series, "table": table, "norms": list(NORM_VALUES)})


_ASKED = ("an exploratory comparison with no hypotheses: it asks which norm's margin each optimizer approaches on the "
          "data and steps given, and answers `observed`, never a verdict credited to a paper")
SPECS = [CheckSpec(claim=st.COMPARISON, params=params(), measure=measure, quick=[{}],
                   full=[{"seed": 1}, {"steps_pgd": 100_000, "steps_adam": 100_000}],
                   data_note="an .npz with X (n×d, preferably d > n) and y = ±1 (separable)",
                   inert={k: _ASKED for k in ("n", "d", "seed", "steps_sd", "steps_pgd", "steps_adam", "eta_pgd",
                                              "eta_adam", "data.labels", "data.rank")})]
