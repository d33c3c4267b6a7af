"""jitelgarsky2019: GD on the MEAN logistic risk against the exact ray references (LP, v̄, ū).

One measurement per setting (memoised, shared by ray and risk): the planted toy (``numerics.data.ji_telgarsky``,
the shared ``partly_separable``: a separable block in ``S^⊥`` plus a non-separable block in S) or a user ``--data``
set with ±1 labels, the references of ``theory.jitelgarsky2019.decomposition`` and a span-form GD run
(``numerics.trainers.linear_gd``, ``reduction="mean"``), T = 10⁶ by default (quick profile included); the edge case I = ∅
converges linearly and runs 10⁵ steps. The limit/rate rows read 7 recorded states, 2 per decade over the last three
decades (``theory.asymptotic``); the risk is recomputed from the iterates (so a hooked trajectory is what is judged).
The spec's finite-time numbers at T (1e-2, trends per decade) are diagnostics.

Default toy: 6 separable points in ``S^⊥ = R²``, 4 non-separable points in ``S = R²`` (seed 0). Its direction
error is 0.033 at 10⁶ (the spec's 1e-2 would need ln t ≈ 45), and its observed order against ln ln t/ln t is ≥ 3.
"""
from __future__ import annotations

import math

import numpy as np

from ibcheck.numerics.data.linear_data import from_dataset
from ibcheck.numerics.trainers.linear_gd import gd, log_total_loss
from ibcheck.theory.asymptotic import geometric, series_at
from ..numerics.data import ji_telgarsky
from ..theory import statements as st
from ..theory.decomposition import decompose
from ibcheck.theory.solver import SolverError

from ibcheck.checks import binding
from ibcheck.checks.base import CheckSpec, Context, Inconclusive, Measurement, Reason
from ibcheck.checks.params import POWER_OF_TEN_TEXT, Param, constant_params, pos, power_of_ten
from ibcheck.checks.trends import Memo, count_rises, measure_memoised
from ibcheck.checks.horizon import powers_of_ten


def params(n_sep=6, n_non=4, d_sep=2, d_non=2, seed=0, steps=1_000_000) -> dict:
    return {
        "n_sep": Param("n_sep", int, n_sep, "planted separable points (in S⊥)", lambda v: v >= 0, "must be >= 0"),
        "n_non": Param("n_non", int, n_non, "planted non-separable points (in S; 0 or ≥ 2)",
                       lambda v: v == 0 or v >= 2, "0 or >= 2"),
        "d_sep": Param("d_sep", int, d_sep, "dimension of S⊥", lambda v: v >= 0, "must be >= 0"),
        "d_non": Param("d_non", int, d_non, "dimension of S", lambda v: v >= 0, "must be >= 0"),
        "mix": Param("mix", float, 0.5, "S-component of the separable points", lambda v: v >= 0, "must be >= 0"),
        "seed": Param("seed", int, seed, "data seed", lambda v: v >= 0, "must be >= 0"),
        "eta": pos("eta", float, 1.0, "GD step on the MEAN risk"),
        "steps": Param("steps", int, steps, "GD steps T: a power of 10 ≥ 10⁴", power_of_ten, POWER_OF_TEN_TEXT),
    }


_MEMO = Memo(17)  # one run per setting, shared by the claims
_KEYS = set(params())


def measure(ctx: Context) -> list[Measurement]:
    return measure_memoised(ctx, _MEMO, _KEYS, _measure_one)


def _nonincreasing_violations(xs) -> int:
    return int(sum(b > a for a, b in zip(xs[:-1], xs[1:])))


def _measure_one(ctx: Context, seed: int) -> Measurement:
    p = ctx.params
    if ctx.data is not None:
        data = from_dataset(ctx.data, "jitelgarsky2019")
    else:
        data = ji_telgarsky(p["n_sep"], p["n_non"], p["d_sep"], p["d_non"], seed, mix=p["mix"])
    Z = data.Z
    n, d = Z.shape
    eta = p["eta"]
    xmax2 = float((np.linalg.norm(data.X, axis=1) ** 2).max())
    q: dict = {"n": n, "d": d, "eta": eta, "max_norm_sq": xmax2, "data": data.describe()}
    inconc = None
    try:
        dec = decompose(Z)
    except SolverError as exc:
        return Measurement(seed=seed, values={"eta_x2": eta * xmax2}, quantities=q, inconclusive=Inconclusive(Reason.REFERENCE_FAILED, f"reference failed: {exc}"))
    I = dec.subset.I
    ref = {"v_bar": dec.v_bar.copy(), "u_bar": None if dec.u_bar is None else dec.u_bar.w.copy(), "R_bar": dec.R_bar}
    if ctx.hooks.reference is not None:
        ref = ctx.hooks.reference(ref)
    vb, R_bar = np.asarray(ref["v_bar"]), float(ref["R_bar"])
    if not np.array_equal(vb, dec.v_bar):  # R̄ = (1/n)Σ_{i∉I} ℓ(z_iᵀv̄) is defined by v̄: a replaced v̄ carries its own
        R_bar = float(np.logaddexp(0.0, -(Z[~I] @ vb)).sum() / n)
    ub = None if ref["u_bar"] is None else np.asarray(ref["u_bar"]) / np.linalg.norm(ref["u_bar"])
    q.update(separable_set=np.flatnonzero(I).tolist(), lp_certified=dec.subset.certified,
             lp_feasibility=dec.subset.feasibility, stiemke_residual=dec.subset.stiemke_residual,
             v_bar=vb.tolist(), v_status=dec.v_status, v_grad=dec.v_grad, R_bar=R_bar,
             u_bar=None if ub is None else ref["u_bar"].tolist(), dim_S=int(dec.basis_S.shape[1]))
    if "planted_separable" in data.info:
        q["lp_matches_planted"] = sorted(q["separable_set"]) == data.info["planted_separable"]
    if not dec.certified:
        inconc = (Inconclusive(Reason.REFERENCE_FAILED, f"references not certified (LP {dec.subset.certified}, ‖∇‖ at v̄ {dec.v_grad:.1e}, "
                  f"ū {None if dec.u_bar is None else dec.u_bar.certified})"))
    T = p["steps"]
    K = int(round(math.log10(T)))
    tr = dict(ctx.hooks.trainer or {})
    factor = tr.pop("step_factor", 1.0)
    tr.setdefault("reduction", "mean")
    run = gd(Z, eta * factor, T, deriv=ctx.hooks.deriv, **tr)
    W = (run.W if ctx.hooks.limit is None else ctx.hooks.limit(run.W))[0]
    t = run.t
    lt = np.log(np.maximum(t, 1))
    dec_idx = [run.at(10 ** k) for k in range(K - 3, K + 1)]
    PS = dec.P_S(W)
    Pp = W - PS
    e1 = np.linalg.norm(PS - vb[None], axis=1)
    ppn = np.linalg.norm(Pp, axis=1)
    e2 = (np.linalg.norm(Pp / np.where(ppn > 0, ppn, 1)[:, None] - ub[None], axis=1) if ub is not None
          else np.full(len(t), np.nan))
    Rt = np.exp(run.log_loss[0])
    with np.errstate(divide="ignore", invalid="ignore"):
        r1 = e1 * np.sqrt(t) / lt ** 2
        r2 = e2 * lt / np.log(lt)
        rr = (Rt - R_bar) * t / lt ** 2
    wn = np.linalg.norm(W, axis=1)
    # separable edge: Soudry's direction ŵ/‖ŵ‖ = ū (S = {0})
    e_full = (np.linalg.norm(W / np.where(wn > 0, wn, 1)[:, None] - ub[None], axis=1) if ub is not None
              else np.full(len(t), np.nan))
    band_vals = [lt[i] * e_full[i] for i in dec_idx]
    last2, first2 = dec_idx[2:], dec_idx[:2]
    values = {
        "eta_x2": eta * xmax2, "n_separable": float(I.sum()), "n_nonseparable": float((~I).sum()),
        "ps_rate_late": float(max(r1[i] for i in last2)), "ps_rate_early": float(max(r1[i] for i in first2)),
        "dir_rate_late": float(max(r2[i] for i in last2)), "dir_rate_early": float(max(r2[i] for i in first2)),
        "offset_error": float(e1[dec_idx[-1]]), "direction_error": float(e2[dec_idx[-1]]),
        "risk_rate_increases": float(_nonincreasing_violations([rr[i] for i in dec_idx])),
        "direction_increases": float(count_rises([e_full[i] for i in dec_idx])),
        "direction_band": (float(max(band_vals) / min(band_vals))
                           if np.all(np.isfinite(band_vals)) and min(band_vals) > 0 else math.nan),
        "limit_rel_dev": float(np.linalg.norm(W[-1] - vb) / np.linalg.norm(vb)) if np.linalg.norm(vb) > 0 else math.nan,
        "risk_rel_dev": float((Rt[-1] - R_bar) / R_bar) if R_bar > 0 else math.nan,
    }
    # asymptotic rows: 2 checkpoints per decade over the last three decades (7 recorded states, geometric in t);
    # the risk is recomputed from the (possibly hooked) iterates, never taken from the trainer
    targets = geometric(10.0 ** (K - 3), float(T), 7)
    R_w = np.exp(log_total_loss(W @ Z.T, "logistic", "mean"))
    values.update(offset_series=series_at(t, e1, targets), direction_series=series_at(t, e2, targets),
                  full_direction_series=series_at(t, e_full, targets),
                  risk_series=series_at(t, R_w, targets), R_bar=R_bar,
                  risk_increases_steps=float(np.sum(np.diff(R_w) > 1e-12 * np.maximum(R_w[1:], 1e-300))))
    q.update(steps=T, checkpoints=[10 ** k for k in range(K - 3, K + 1)],
             offset_error_by_decade=[float(e1[i]) for i in dec_idx],
             direction_error_by_decade=[float(e2[i]) for i in dec_idx],
             excess_risk_by_decade=[float(Rt[i] - R_bar) for i in dec_idx],
             offset_rate=[float(r1[i]) for i in dec_idx], direction_rate=[float(r2[i]) for i in dec_idx],
             risk_rate=[float(rr[i]) for i in dec_idx], max_log_loss_increase=float(run.max_log_loss_increase[0]))
    q.update({k: (list(v.values) if hasattr(v, 'clock') else v) for k, v in values.items() if k not in q})
    series = {"t": t.tolist(), "offset_error": e1.tolist(), "direction_error": e2.tolist(),
              "excess_risk": (Rt - R_bar).tolist(), "direction_error_full": e_full.tolist()}
    return Measurement(seed=seed, values=values, quantities=q, inconclusive=inconc, series=series)


def _spec(claim, prm, quick, full):
    return CheckSpec(claim=claim, params={**prm, **constant_params(claim)}, measure=measure, quick=quick, full=full,
                     data_note="an .npz with X (n×d) and y = ±1", horizon=powers_of_ten(),
                     inert={"steps": binding.HORIZON,
                            "data.labels": "any labels: the theorem splits any data set into its maximal separable "
                                           "subset I and the rest (the rows on I read it where a claim needs I, I^c)",
                            "data.rank": "no rank condition: the theorem holds for any data set with ‖x_i‖ ≤ 1"})


_P = params()
SPECS = [
    _spec(st.RAY, _P, [{}], [{"seed": 1}, {"seed": 3}]),
    _spec(st.RISK, _P, [{}], [{"seed": 1}, {"seed": 3}]),
    _spec(st.SEPARABLE_EDGE, params(n_sep=8, n_non=0, d_sep=3, d_non=0), [{}], [{"seed": 1}]),
    _spec(st.NONSEPARABLE_EDGE, params(n_sep=0, n_non=8, d_sep=0, d_non=3, steps=100_000), [{}], [{"seed": 1}]),
]
