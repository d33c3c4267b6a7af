"""wu2023.exp_divergence: GD on the two-point construction z_± = (γ, ±1) from w₀ = (0, δ), exponential loss at a
constant step η, and logistic GD at the same step on the same data (the contrast).

Both runs: ``ibcheck.numerics.trainers.linear_gd.gd`` (mean loss, float64, overflow kept as ±∞) for ``steps`` steps, log L
recomputed from the recorded iterates (every step up to 10, then 10 per decade); a non-finite iterate or loss counts
as log L = +∞ (the blow-up). The sharpness at the start ``λ_max(∇²L(w₀)) = λ_max(½Σ_i e^{−z_iᵀw₀} z_i z_iᵀ)`` is exact
(a 2×2 symmetric eigenproblem). Hooks: ``limit(W) -> W`` maps the recorded exponential-loss iterates (1, T, 2);
``trainer``: ``{"loss": "logistic"}`` (the logistic run offered as the exponential one), ``{"step_factor": k}``,
``{"grad_sign": −1}``.
"""
from __future__ import annotations

import math

import numpy as np

from ibcheck.checks.base import CheckSpec, Context, Measurement
from ibcheck.checks.params import Param, pos
from ibcheck.numerics.trainers.linear_gd import gd, log_total_loss

from ..theory import statements as st


def params() -> dict:
    return {"eta": pos("eta", float, 4.0, "the constant GD step on the mean loss"),
            "gamma": pos("gamma", float, 0.1, "the construction's margin: z_± = (γ, ±1)"),
            "delta": Param("delta", float, 0.5, "the start's orthogonal offset, w₀ = (0, δ)", lambda v: abs(v) < 50,
                           "|delta| < 50"),
            "steps": Param("steps", int, 1000, "GD steps T (the blow-up comes within a few)", lambda v: v >= 10,
                           "must be >= 10")}


INERT = {"steps": "the horizon: the blow-up comes within a few steps (a converging run's loss only falls)"}


def _logloss(W: np.ndarray, Z: np.ndarray, loss: str) -> np.ndarray:
    with np.errstate(all="ignore"):
        U = W @ Z.T
        ok = np.isfinite(U).all(1)
        ll = np.where(ok, log_total_loss(np.nan_to_num(U), loss, "mean"), math.inf)
    return np.where(np.isfinite(ll) | ~ok, ll, math.inf)


def measure(ctx: Context) -> list[Measurement]:
    p = ctx.params
    Z = np.array([[p["gamma"], 1.0], [p["gamma"], -1.0]])
    w0 = np.array([0.0, p["delta"]])
    e = np.exp(-(Z @ w0))
    lam = float(np.linalg.eigvalsh((Z.T * e) @ Z / 2).max())
    tr = dict(ctx.hooks.trainer or {})
    factor, loss = tr.pop("step_factor", 1.0), tr.pop("loss", "exp")
    with np.errstate(all="ignore"):
        run = gd(Z, p["eta"] * factor, p["steps"], loss=loss, reduction="mean", w0=w0, **tr)
        ref = gd(Z, p["eta"], p["steps"], loss="logistic", reduction="mean", w0=w0)
    W = run.W[0] if ctx.hooks.limit is None else np.asarray(ctx.hooks.limit(run.W), dtype=float)[0]
    ll = _logloss(W, Z, "exp")
    lg = _logloss(ref.W[0], Z, "logistic")
    blow = np.flatnonzero(ll >= ll[0] + 100)
    v = {"separable": 1.0, "eta": p["eta"], "gamma": p["gamma"], "delta": p["delta"], "eta_lambda0": p["eta"] * lam,
         "log_loss_initial": float(ll[0]), "log_loss_final": float(ll[-1]), "log_loss_max": float(ll.max()),
         "logistic_log_loss_final": float(lg[-1]), "logistic_log_loss_initial": float(lg[0])}
    q = {**v, "lambda_max0": lam, "steps": p["steps"], "blow_up_step": int(run.t[blow[0]]) if blow.size else -1,
         "log_loss_first_steps": [float(x) for x in ll[:6]], "gamma_2": p["gamma"],
         "data": {"kind": "wu2023 construction (reconstructed)", "Z": Z.tolist(), "w0": w0.tolist()}}
    series = {"t": run.t.tolist(), "log_loss": [float(x) for x in ll], "logistic_log_loss": [float(x) for x in lg]}
    return [Measurement(seed=s, values=v, quantities=q, series=series) for s in ctx.seeds[:1]]


SPECS = [CheckSpec(claim=st.EXP_CONSTRUCTION, params=params(), measure=measure, quick=[{}],
                   full=[{"eta": 2.5, "delta": 0.1}, {"gamma": 0.05, "eta": 1000.0}, {"eta": 3.0, "gamma": 0.5}],
                   accepts_data=False, data_note="the claim is about its own two-point construction", inert=INERT,
                   deeper=lambda prm: [{"gamma": prm["gamma"] / 4}, {"gamma": prm["gamma"] / 16}])]
