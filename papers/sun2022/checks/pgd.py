"""sun2022.direction: p-GD on separable data against the certified ℓp max-margin classifier.

Planted data (``numerics.data.linear_data.planted``, n = 8, d = 12, seed 0: d > n, so the ℓp max-margin direction is not
the ℓ2 one) or a user ``--data`` set with ±1 labels; ``theory.norm_margin.max_margin`` (power cones, Newton-polished,
certified); ``numerics.trainers.linear_geometry.p_gd`` from w₀ = 0 with η = κ/(L(w₀)B_q²) (κ = ``kappa``, default 8) for
T = 10⁵ steps (the margin-rate claim: 8·10⁶, ``RATE_STEPS``). The direction rows read 13 recorded states, 4 per decade over t ∈ [T/1000, T]; the margin-rate row
reads 4 per decade over t ∈ [100, T] (a fixed start: its quoted horizon is one a longer run reaches).
Hooks: ``limit(W) -> W`` maps the recorded iterates (T, d); ``reference({"gamma", "w", "w2"}) -> dict``; ``trainer``: ``{"grad_sign": −1}`` (ascent),
``{"step_factor": k}`` (the trainer takes kη while the hypotheses see η).
"""
from __future__ import annotations

import math

import numpy as np

from ibcheck.checks.horizon import step_budget
from ibcheck.checks import binding
from ibcheck.checks.base import CheckSpec, Context, Measurement
from ibcheck.theory.outcomes import Inconclusive, Reason
from ibcheck.checks.params import Param, constant_params, pos
from ibcheck.checks.trends import Memo, measure_memoised
from ibcheck.numerics.data.linear_data import from_dataset, planted
from ibcheck.numerics.trainers.linear_geometry import log_loss_exp, norm_of, p_gd
from ibcheck.theory.asymptotic import geometric, series_at
from ibcheck.theory.norm_margin import max_margin

from ..theory import statements as st


def params() -> dict:
    return {
        "p": Param("p", float, 3.0, "p-GD's exponent (ψ = (1/p)‖w‖_p^p)", lambda v: v > 1, "must be > 1"),
        "n": Param("n", int, 8, "examples of the planted fixture", lambda v: v >= 2, "must be >= 2"),
        "d": Param("d", int, 12, "dimension of the planted fixture", lambda v: v >= 1, "must be >= 1"),
        "seed": Param("seed", int, 0, "data seed", lambda v: v >= 0, "must be >= 0"),
        "kappa": pos("kappa", float, 8.0, "η = kappa/(L(w₀)·max_i‖z_i‖_q²), q = p/(p−1)"),
        "steps": Param("steps", int, 100_000, "p-GD steps T", lambda v: v >= 1000, "must be >= 1000"),
        "loss": Param("loss", str, "exp", "exp | logistic (summed)", lambda v: v in ("exp", "logistic"),
                      "exp or logistic"),
    }


_MEMO = Memo(8)
# The rate row's checkpoints start at a fixed clock, 4 a decade: a longer run adds decades to the same stretch, so
# the horizon the judge quotes (computed for a stretch that keeps its start) is one a longer run reaches. t = 100 is
# the start the rows read at the default T = 10⁵ (T/1000); the judge itself finds where the implied constant levels.
RATE_START = 100.0


def decades_grid(steps: int) -> int:
    """Checkpoints from ``RATE_START`` to T, 4 a decade (13 at the default T = 10⁵, as the direction rows read)."""
    return int(round(4 * math.log10(steps / RATE_START))) + 1



def measure(ctx: Context) -> list[Measurement]:
    return measure_memoised(ctx, _MEMO, tuple(params()), _one)


def _one(ctx: Context, seed: int) -> Measurement:
    prm = ctx.params
    data = from_dataset(ctx.data, st.DIRECTION.id) if ctx.data is not None else planted(prm["n"], prm["d"], seed)
    Z = data.Z
    n, d = Z.shape
    p = prm["p"]
    q_ = p / (p - 1.0)
    ref = max_margin(Z, None, p)
    q = {"data": data.describe(), "reference": {k: v for k, v in ref.describe().items() if k not in ("w", "lam")}}
    values = {"p": p}
    if not ref.separable or not ref.gamma > 0:
        values["separable"] = 0.0
        return Measurement(seed=seed, values=values, quantities=q, note="the data are not linearly separable")
    values["separable"] = 1.0
    inconc = None if ref.certified else Inconclusive(
        Reason.REFERENCE_FAILED, f"ℓp max-margin program not certified (gap {ref.gap:.1e}, {ref.status})")
    Bq = float(norm_of(Z, q_).max())
    L0 = float(np.exp(log_loss_exp(np.zeros(n)))) if prm["loss"] == "exp" else n * math.log(2.0)
    eta = prm["kappa"] / (L0 * Bq ** 2)
    tr = dict(ctx.hooks.trainer or {})
    run = p_gd(Z, p, eta * tr.pop("step_factor", 1.0), prm["steps"], loss=prm["loss"],
               grad_sign=tr.pop("grad_sign", 1.0))
    W = run.W if ctx.hooks.limit is None else np.asarray(ctx.hooks.limit(run.W), dtype=float)
    w2 = max_margin(Z, None, 2.0).w
    refd = {"gamma": ref.gamma, "w": ref.w.copy(), "w2": w2}
    if ctx.hooks.reference is not None:
        refd = ctx.hooks.reference(refd)
    gamma, wp = float(refd["gamma"]), np.asarray(refd["w"], dtype=float)
    t = run.t
    nw = norm_of(W, p)
    ok = (nw > 0) & np.all(np.isfinite(W), axis=1)
    safe = np.where(ok, nw, 1.0)[:, None]
    with np.errstate(invalid="ignore"):
        direction = np.where(ok, norm_of(W / safe - wp[None], p), np.nan)
        margin = np.where(ok, (W @ Z.T).min(1) / safe[:, 0], np.nan)
        gap = 1.0 - margin / gamma
        theta = np.sign(W[1:]) * np.abs(W[1:]) ** (p - 1.0)
        Qz, _ = np.linalg.qr(Z.T)
        out = norm_of(theta - (theta @ Qz) @ Qz.T, 2.0) / np.maximum(norm_of(theta, 2.0), 1e-300)
    targets = geometric(prm["steps"] / 1000, float(prm["steps"]), 13)
    from_start = geometric(RATE_START, float(prm["steps"]), decades_grid(prm["steps"]))
    w2u = np.asarray(refd["w2"], dtype=float)
    w2u = w2u / norm_of(w2u, p)
    last = W[-1] / norm_of(W[-1], p) if ok[-1] else np.full(d, np.nan)
    values.update(kappa=prm["kappa"], direction_series=series_at(t, direction, targets),
                  margin_gap_series=series_at(t, gap, targets),
                  margin_gap_from_start=series_at(t, gap, from_start),
                  margin_excess=float(np.nanmax(np.where(t >= 1, margin / gamma, -np.inf))) - 1.0,
                  dual_outside_span=float(np.max(np.nan_to_num(out, nan=np.inf))),
                  l2_direction_distance=float(norm_of(last - w2u, p)), final_gap=float(gap[-1]),
                  l2_margin_gap=float(1.0 - (Z @ w2u).min() / gamma), l2_reference_distance=float(norm_of(w2u - wp, p)))
    q.update(eta=eta, B_q=Bq, L0=L0, steps=prm["steps"], gamma=gamma, w_p=wp.tolist(),
             final_direction_error=float(direction[-1]),
             **{k: (list(v.values) if hasattr(v, "clock") else v) for k, v in values.items()})
    margins = {}
    for lab, qq in (("l1", 1.0), ("l2", 2.0), ("linf", math.inf), ("lp", p)):
        g = max_margin(Z, None, qq).gamma if lab != "lp" else gamma
        with np.errstate(invalid="ignore", divide="ignore"):
            margins[lab] = ((W @ Z.T).min(1) / norm_of(W, qq) / g).tolist()
    series = {"t": t.tolist(), "direction": direction.tolist(), "p": p, **{f"ratio_{k}": v for k, v in margins.items()}}
    return Measurement(seed=seed, values=values, quantities=q, inconclusive=inconc, series=series)


_INERT = {"n": "size of the planted fixture: the separability row reads the data it produces",
          "d": "dimension of the planted fixture: the separability row reads the data it produces",
          "seed": "seed of the planted fixture: the separability row reads the data it produces",
          "steps": "the horizon: moves the clock of the limit and rate rows",
          "loss": "exponential or logistic: both are exponentially tailed (the direction theorem's loss class, "
                  "recalled)",
          "data.rank": "the margin rate is stated for any linearly separable data set, whatever its rank (the "
                       "separability row reads X with its labels)"}
# The rate row's default horizon: O(1/log t) is read against its nearest wrong answers (half the order, an extra log
# factor), which a run separates only once their implied constants have fallen 2× from t = 100 — the judge asks
# t ≈ 7e6 at T = 10⁵; at T = 8·10⁶ they fell 2.24× and 2.19× (42 s of CPU). The quick profile runs T = 10⁵ (the
# direction claim's run, shared), which is inconclusive and names that horizon.
RATE_STEPS = 8_000_000


def rate_params() -> dict:
    """The direction check's parameters with the rate row's own default horizon ``RATE_STEPS``."""
    return {**params(), "steps": Param("steps", int, RATE_STEPS, "p-GD steps T (the rate row's horizon)",
                                       lambda v: v >= 1000, "must be >= 1000")}


SPECS = [CheckSpec(claim=st.MARGIN_RATE, params={**rate_params(), **constant_params(st.MARGIN_RATE)}, measure=measure,
                   quick=[{"steps": 100_000}], full=[{}, {"p": 1.5}, {"p": 6.0, "steps": 1_000_000}],
                   data_note="an .npz with X (n×d) and y = ±1 (separable)", horizon=step_budget("steps", 1000),
                   inert=_INERT),
         CheckSpec(claim=st.DIRECTION, params={**params(), **constant_params(st.DIRECTION)}, measure=measure,
                   quick=[{}], full=[{"p": 1.5}, {"p": 6.0, "steps": 1_000_000}, {"seed": 1}, {"seed": 2},
                                                  {"loss": "logistic"}, {"kappa": 40.0},
                                                  {"p": 1.5, "steps": 1_000_000}, {"p": 10.0, "steps": 1_000_000}],
                   data_note="an .npz with X (n×d) and y = ±1 (separable)",
                   inert={"steps": binding.HORIZON,
                          "data.rank": "the direction result is stated for any linearly separable data set, whatever "
                                       "its rank"},
                   deeper=lambda prm: [{"kappa": prm["kappa"] / 4}, {"kappa": prm["kappa"] / 16}],
                   horizon=step_budget("steps", 1000))]
