"""gunasekar2018: mirror descent on least squares against the certified Bregman projection, and steepest descent
(ℓ1, ℓ2, ℓ∞) on separable data against the certified max margin in its norm.

``md_bregman``: the fixture of ``papers.gunasekar2018.numerics.regression`` (n = 10, d = 30, seed 0) or a user
``--data`` set (X, real y), w₀ drawn per potential; the reference ``theory.bregman.bregman_projection`` (cvxpy +
Newton, KKT re-verified); η = c/β_ψ; ``numerics.trainers.linear_geometry.mirror_descent_ls`` for T = 3000 steps (its error
reaches rounding by t ≈ 10³). Rows read 13 recorded states, 4 per decade over t ∈ [T/1000, T]. Hooks:
``limit(W) -> W`` maps the recorded iterates (T, d); ``reference({"w_B"}) -> dict``; ``trainer``:
``{"grad_sign": −1}`` (ascent), ``{"step_factor": k}`` (the trainer takes kη while the hypotheses see η).

``steepest``: planted data (n = 8, d = 12, seed 0: d > n, so the ℓ1, ℓ2, ℓ∞ max-margin directions differ) or a
user set with ±1 labels; ``theory.norm_margin.max_margin`` (certified); ``steepest_descent`` for T = 10⁴ steps with
η_t = min(η₊, c/(B²L(w_t))). Hooks as above, ``reference({"gamma", "w"}) -> dict``; ``trainer`` also
``{"scale_factor": k}``.
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
from ibcheck.numerics.trainers.linear_geometry import (NORMS, log_loss_exp, mirror_descent_ls, norm_of, potential_maps,
                                              steepest_descent)
from ibcheck.theory.asymptotic import geometric, series_at
from ibcheck.theory.norm_margin import max_margin

from ..numerics.regression import initial, regression
from ..theory import statements as st
from ..theory.bregman import bregman_projection, relative_smoothness, strong_convexity


def md_params() -> dict:
    return {
        "potential": Param("potential", str, "entropy", "ψ: entropy (Σ w log w − w, w > 0) | pnorm ((1/p)‖w‖_p^p) | "
                           "l2 (½‖w‖²)", lambda v: v in ("entropy", "pnorm", "l2"), "entropy, pnorm or l2"),
        "p": Param("p", float, 3.0, "exponent of the pnorm potential", lambda v: v > 1, "must be > 1"),
        "n": Param("n", int, 10, "equations", lambda v: v >= 1, "must be >= 1"),
        "d": Param("d", int, 30, "unknowns (d > n: underdetermined)", lambda v: v >= 2, "must be >= 2"),
        "seed": Param("seed", int, 0, "data seed", lambda v: v >= 0, "must be >= 0"),
        "eta_scale": pos("eta_scale", float, 1.0, "η = eta_scale/β_ψ (β_ψ: relative smoothness on the box of w₀, w_B)"),
        "steps": Param("steps", int, 3000, "MD steps T", lambda v: v >= 1000, "must be >= 1000"),
        "init_scale": pos("init_scale", float, 1.0, "scale of w₀"),
    }


def sd_params() -> dict:
    return {
        "norm": Param("norm", str, "linf", "steepest descent's norm: linf (sign descent) | l1 (coordinate descent) | "
                      "l2 (GD)", lambda v: v in NORMS, "linf, l1 or l2"),
        "n": Param("n", int, 8, "examples of the planted fixture", lambda v: v >= 2, "must be >= 2"),
        "d": Param("d", int, 12, "dimension of the planted fixture", lambda v: v >= 1, "must be >= 1"),
        "seed": Param("seed", int, 0, "data seed", lambda v: v >= 0, "must be >= 0"),
        "steps": Param("steps", int, 30_000, "steps T", lambda v: v >= 1000, "must be >= 1000"),
        "step_scale": pos("step_scale", float, 0.5, "c in η_t = min(η₊, c/(B²L(w_t))) (c·e^c < 2: descent)"),
        "log10_eta_plus_B2": Param("log10_eta_plus_B2", float, 300.0, "log10 of the cap B²η₊ (finite)",
                                   lambda v: -300 <= v <= 300, "in [-300, 300]"),
    }


_MEMO = Memo(16)


def _targets(T: int) -> list:
    return geometric(T / 1000, float(T), 13)  # 4 recorded states per decade over the last three decades


def measure_md(ctx: Context) -> list[Measurement]:
    return measure_memoised(ctx, _MEMO, tuple(md_params()) + ("_md",), _md_one)


def _md_one(ctx: Context, seed: int) -> Measurement:
    p = ctx.params
    pot, pw = p["potential"], p["p"]
    if ctx.data is not None:
        X = ctx.data.X.detach().cpu().numpy().astype(float)
        y = ctx.data.y.detach().cpu().numpy().astype(float)
        desc = {"kind": ctx.data.kind, "n": X.shape[0], "d": X.shape[1]}
    else:
        X, y, _ = regression(p["n"], p["d"], seed)
        desc = {"kind": "gaussian regression (y = Xw⋆, w⋆ > 0)", "n": p["n"], "d": p["d"], "seed": seed}
    n, d = X.shape
    w0 = initial(pot, d, seed, p["init_scale"])
    rank = int(np.linalg.matrix_rank(X))
    ref = bregman_projection(X, y, w0, pot, pw)
    q = {"data": desc, "potential": pot, "reference": {k: v for k, v in ref.describe().items() if k != "w"}}
    values = {"rank_X": float(rank), "n_examples": float(n)}
    if ref.w is None:
        values["domain_ok"] = 0.0 if pot == "entropy" else 1.0
        return Measurement(seed=seed, values=values, quantities=q, note=f"no Bregman projection ({ref.status})",
                           inconclusive=None if pot == "entropy" else Inconclusive(
                               Reason.REFERENCE_FAILED, f"the Bregman projection failed: {ref.status}"))
    values["domain_ok"] = 1.0 if (pot != "entropy" or ref.min_entry > 0) else 0.0
    inconc = None if ref.certified else Inconclusive(Reason.REFERENCE_FAILED,
                                                    f"Bregman projection not certified: {ref.describe()}")
    values["mu_psi"] = strong_convexity(w0, ref.w, pot, pw)
    beta = relative_smoothness(X, w0, ref.w, pot, pw)
    eta = p["eta_scale"] / beta
    tr = dict(ctx.hooks.trainer or {})
    run = mirror_descent_ls(X, y, pot, eta * tr.pop("step_factor", 1.0), p["steps"], w0=w0, p=pw,
                            grad_sign=tr.pop("grad_sign", 1.0))
    W = run.W if ctx.hooks.limit is None else np.asarray(ctx.hooks.limit(run.W), dtype=float)
    refd = {"w_B": ref.w.copy()}
    if ctx.hooks.reference is not None:
        refd = ctx.hooks.reference(refd)
    wB = np.asarray(refd["w_B"], dtype=float)
    t = run.t
    with np.errstate(all="ignore"):
        err = np.linalg.norm(W - wB, axis=1) / np.linalg.norm(wB)
        res = np.linalg.norm(W @ X.T - y, axis=1) / np.linalg.norm(y)
        grad = potential_maps(pot, pw)[0]
        G = grad(W[1:]) - grad(w0)[None]
        Q, _ = np.linalg.qr(X.T)
        out = np.linalg.norm(G - (G @ Q) @ Q.T, axis=1) / np.maximum(np.linalg.norm(G, axis=1), 1e-300)
    span = float(np.max(np.nan_to_num(out, nan=np.inf)))
    from ..theory.bregman import divergence
    dB = divergence(wB, w0, pot, pw)
    dT = divergence(W[-1], w0, pot, pw) if np.all(np.isfinite(W[-1])) else math.inf
    targets = _targets(p["steps"])
    with np.errstate(all="ignore"):
        ll = np.log(loss_at_resolution(X, y, W))
    drop = float(ll[-1] - ll[0]) if np.isfinite(ll[-1]) and np.isfinite(ll[0]) else math.inf
    values.update(eta_beta_psi=eta * beta, log_loss_drop=drop, dual_outside_span=span,
                  divergence_excess=dT / dB - 1 if dB > 0 else math.nan,
                  bregman_series=series_at(t, err, targets), interp_series=series_at(t, res, targets))
    q.update(eta=eta, beta_psi=beta, steps=p["steps"], w_B=wB.tolist(), w0=w0.tolist(), final_error=float(err[-1]),
             final_residual=float(res[-1]), **{k: (list(v.values) if hasattr(v, "clock") else v)
                                               for k, v in values.items()})
    series = {"t": t.tolist(), "error": err.tolist(), "residual": res.tolist(), "potential": pot}
    return Measurement(seed=seed, values=values, quantities=q, inconclusive=inconc, series=series)


def measure_sd(ctx: Context) -> list[Measurement]:
    return measure_memoised(ctx, _MEMO, tuple(sd_params()) + ("_sd",), _sd_one)


def _sd_one(ctx: Context, seed: int) -> Measurement:
    p = ctx.params
    data = from_dataset(ctx.data, "gunasekar2018.steepest") if ctx.data is not None else planted(p["n"], p["d"], seed)
    Z = data.Z
    norm = p["norm"]
    pn = NORMS[norm]
    ref = max_margin(Z, None, pn)
    q = {"data": data.describe(), "norm": norm, "reference": {k: v for k, v in ref.describe().items()
                                                                if k not in ("w", "lam")}}
    values = {"step_scale": p["step_scale"], "log10_eta_plus_B2": p["log10_eta_plus_B2"]}
    if not ref.separable or not ref.gamma > 0:
        values["separable"] = 0.0
        return Measurement(seed=seed, values=values, quantities=q, note="the data are not linearly separable")
    values["separable"] = 1.0
    inconc = None if ref.certified else Inconclusive(
        Reason.REFERENCE_FAILED, f"max-margin program not certified (gap {ref.gap:.1e}, status {ref.status})")
    tr = dict(ctx.hooks.trainer or {})
    B = float(norm_of(Z, 1.0 if math.isinf(pn) else math.inf if pn == 1 else 2.0).max())
    run = steepest_descent(Z, norm, p["steps"], eta_plus=10.0 ** p["log10_eta_plus_B2"] / B ** 2,
                           scale=p["step_scale"] * tr.pop("step_factor", 1.0), grad_sign=tr.pop("grad_sign", 1.0))
    W = run.W if ctx.hooks.limit is None else np.asarray(ctx.hooks.limit(run.W), dtype=float)
    refd = {"gamma": ref.gamma, "w": ref.w.copy()}
    if ctx.hooks.reference is not None:
        refd = ctx.hooks.reference(refd)
    gamma = float(refd["gamma"])
    t = run.t
    margins = {lab: _margin(Z, W, q_) for lab, q_ in (("l1", 1.0), ("l2", 2.0), ("linf", math.inf))}
    g_t = margins[norm]
    with np.errstate(invalid="ignore"):
        gap = 1.0 - g_t / gamma
    late = t >= 1
    excess = float(np.nanmax(np.where(late, g_t / gamma, -np.inf)) - 1.0)
    c = p["step_scale"]
    ll = log_loss_exp(W @ Z.T)  # recomputed from the iterates the rows read (hooked or not)
    inc = float(np.max(np.diff(np.nan_to_num(ll, nan=np.inf)))) if c * math.exp(c) < 2 else -1.0
    own = log_loss_exp(run.W @ Z.T)  # the trainer's own iterates (not the hooked ones): did float64 move the loss?
    if inconc is None and np.all(own == own[0]):
        inconc = Inconclusive(Reason.NUMERICS_FAILED, "float64 froze the run: log L(w_t) is the same number at every "
                              f"recorded step (the steps, capped at η₊ = 10^{p['log10_eta_plus_B2']:g}/B², move z·w by "
                              "less than a rounding of L): a state floating point froze is not a limit")
    values.update(margin_gap_series=series_at(t, gap, _targets(p["steps"])), margin_excess=excess,
                  capped_fraction=run.stats["capped_steps"] / p["steps"], loss_increase_iterates=inc)
    others = {lab: max_margin(Z, None, NORMS[lab]).gamma for lab in NORMS}
    q.update(gamma=gamma, B=B, steps=p["steps"], final_gap=float(gap[-1]),
             final_margin_ratios=[float(margins[lab][-1] / others[lab]) for lab in ("l1", "l2", "linf")],
             **{k: (list(v.values) if hasattr(v, "clock") else v) for k, v in values.items()})
    series = {"t": t.tolist(), "norm": norm, **{f"ratio_{lab}": (margins[lab] / others[lab]).tolist() for lab in NORMS}}
    return Measurement(seed=seed, values=values, quantities=q, inconclusive=inconc, series=series)


def _margin(Z: np.ndarray, W: np.ndarray, p: float) -> np.ndarray:
    """``min_i z_iᵀw_t/‖w_t‖_p`` for every recorded w_t (NaN at w = 0 or a non-finite state)."""
    nw = norm_of(W, p)
    with np.errstate(invalid="ignore", divide="ignore"):
        m = (W @ Z.T).min(1) / nw
    return np.where((nw > 0) & np.isfinite(m), m, np.nan)


def _deeper_md(prm: dict) -> list[dict]:
    """4× and 16× smaller steps over 4× and 16× as many steps (the same ηT: the runs converge as far)."""
    return [{"eta_scale": prm["eta_scale"] / k, "steps": prm["steps"] * k} for k in (4, 16)]


_NOTE_MD = "an .npz with X (n×d, d > n) and real targets y (w₀ drawn from the seed)"
_NOTE_SD = "an .npz with X (n×d) and y = ±1 (separable)"
SPECS = [
    CheckSpec(claim=st.MD_BREGMAN, params={**md_params(), **constant_params(st.MD_BREGMAN)}, measure=measure_md,
              quick=[{}, {"potential": "pnorm", "eta_scale": 0.25}, {"potential": "l2"}],
              full=[{"potential": "pnorm", "p": 1.5}, {"eta_scale": 0.1}, {"seed": 1, "n": 20, "d": 60},
                    {"potential": "l2", "eta_scale": 1.9}],
              data_note=_NOTE_MD, labels="real", deeper=_deeper_md, horizon=step_budget("steps", 1000),
              inert={"steps": binding.HORIZON}),
    CheckSpec(claim=st.STEEPEST, params={**sd_params(), **constant_params(st.STEEPEST)}, measure=measure_sd,
              quick=[{}, {"norm": "l1"}],
              full=[{"norm": "l2"}, {"seed": 1}, {"norm": "l1", "seed": 2}, {"log10_eta_plus_B2": 0.0},
                    {"step_scale": 2.0}],
              data_note=_NOTE_SD, horizon=step_budget("steps", 1000),
              inert={"steps": binding.HORIZON,
                     "data.rank": "stated for any separable data set, whatever its rank (the max margin in the norm "
                                  "is certified on the data given)"}),
]


def loss_at_resolution(X, y, W):
    """½‖Xw − y‖² per row of ``W``, never below its own rounding.

    Each residual entry x_iᵀw − y_i carries up to γ_{d+1}(|x_i|ᵀ|w| + |y_i|) of rounding (Higham's dot-product
    bound, γ_k = kε/(1 − kε) ≈ kε), so a loss below ½Σ_i of their squares is zero to float64. Two runs of the same
    iterate agree on the clamped value (the raw log of a residual at rounding differs by O(1) between them), and an
    exact 0 is a loss at its floor, not log 0 = −∞."""
    gamma = (X.shape[1] + 1) * np.finfo(float).eps
    floor = 0.5 * ((gamma * (np.abs(W) @ np.abs(X).T + np.abs(y))) ** 2).sum(1)
    return np.maximum(0.5 * ((W @ X.T - y) ** 2).sum(1), floor)
