"""baek2025.inc_adam_l2: incremental Adam and full-batch Adam on one ±1 data set, against both max-margin references.

Data: ``..numerics.data.signs`` (n = 9, d = 8, seed 0: x ∈ {±1}^8, labels from a planted direction; on it the two
references differ, γ∞(ŵ)/γ∞ = 0.68 and γ2(w∞)/γ2 = 0.85) or a user ``--data`` set with ±1 labels (outside the
structured class unless every |x_ik| is equal). References: the ℓ2 SVM (``ibcheck.theory.svm``, polished and
re-verified) and the ℓ∞ max margin (``ibcheck.theory.norm_margin``: an LP with a re-verified dual bracket).
Trainers: ``ibcheck.numerics.trainers.adam_incremental`` (per-sample, cyclic, log space) for ``epochs`` epochs, recorded at
epoch starts; ``ibcheck.numerics.trainers.adam`` (full batch, log space) for the same number of steps ``epochs·n`` with the same
β, ε and schedule — zhang2024's optimizer on the same data, for the diagnostic contrast.

Rows read 9 recorded states over the last two decades of steps. Hooks: ``reference`` maps ``{"w_l2", "w_linf"}``
(offering the ℓ∞ direction as the answer is ``{**r, "w_l2": r["w_linf"]}``); ``limit(W) -> W`` maps the recorded
incremental iterates (1, T, d) (the linear-GD convention); ``trainer``: ``{"grad_sign": −1}`` (ascent),
``{"step_factor": k}`` (the trainer takes kη while the hypotheses see η), ``{"full_batch": True}`` (full-batch Adam's
trajectory at the same recorded steps offered as the incremental one's).
"""
from __future__ import annotations

import math

import numpy as np

from ibcheck.checks.base import CheckSpec, Context, Measurement
from ibcheck.checks.horizon import step_budget
from ibcheck.checks.params import Param, pos
from ibcheck.checks.trends import Memo, measure_memoised
from ibcheck.numerics.trainers.adam import adam
from ibcheck.numerics.trainers.adam_incremental import incremental_adam
from ibcheck.numerics.data.linear_data import from_dataset
from ibcheck.numerics.trainers.linear_geometry import normalised_margins as _margins
from ibcheck.numerics.trainers.linear_gd import log_total_loss
from ibcheck.theory.asymptotic import geometric, series_at
from ibcheck.theory.norm_margin import max_margin
from ibcheck.theory.outcomes import Inconclusive, Reason
from ibcheck.theory.svm import hard_margin_svm

from ..numerics.data import signs
from ..theory import statements as st

DATA_NOTE = "an .npz with X (n×d) and y = ±1 (w(0) = 0; the claim's class: every |x_ik| equal)"


def params() -> dict:
    return {
        "n": Param("n", int, 9, "examples of the ±1 fixture", lambda v: v >= 2, "must be >= 2"),
        "d": Param("d", int, 8, "dimension of the ±1 fixture", lambda v: v >= 1, "must be >= 1"),
        "seed": Param("seed", int, 0, "data seed (seed k uses seed+k)", lambda v: v >= 0, "must be >= 0"),
        "epochs": Param("epochs", int, 20_000, "epochs (passes over the n samples; T = epochs·n steps)",
                        lambda v: v >= 100, "must be >= 100"),
        "beta1": Param("beta1", float, 0.9, "first-moment decay β₁", lambda v: 0 <= v < 1, "in [0, 1)"),
        "beta2": Param("beta2", float, 0.99, "second-moment decay β₂", lambda v: 0 <= v < 1, "in [0, 1)"),
        "a": Param("a", float, 0.5, "schedule exponent: η_t = η₀(t+2)^{−a}", lambda v: v >= 0, "must be >= 0"),
        "eta0": pos("eta0", float, 0.1, "η₀"),
        "schedule": Param("schedule", str, "poly", "poly (η₀(t+2)^{−a}) | constant (η₀)",
                          lambda v: v in ("poly", "constant"), "poly or constant"),
        "eps": Param("eps", float, 0.0, "Adam's stability constant ε", lambda v: v >= 0, "must be >= 0"),
    }


INERT = {
    "n": "size of the ±1 fixture: the data rows (separable, structured) read the data it produces",
    "d": "dimension of the ±1 fixture: the data rows read the data it produces",
    "seed": "seed of the ±1 fixture: the data rows read the data it produces",
    "epochs": "the horizon: moves the clock of the limit row, not the theorem's setting",
    "eta0": "the schedule's scale: the class η₀(t+2)^{−a} holds for every η₀ > 0 (the parameter itself must be > 0)",
}


def _one(ctx: Context, seed: int) -> Measurement:
    p = ctx.params
    data = from_dataset(ctx.data, st.INC_ADAM.id) if ctx.data is not None else signs(p["n"], p["d"], seed)
    Z, X = data.Z, data.X
    n = Z.shape[0]
    ax = np.abs(X)
    v = {"beta1": p["beta1"], "beta2": p["beta2"], "a": p["a"], "eps": p["eps"],
         "schedule_poly": 1.0 if p["schedule"] == "poly" else 0.0,
         "feature_spread": float(ax.max() / ax.min() - 1.0) if ax.min() > 0 else math.inf}
    q: dict = {"n": n, "d": data.d, "data": data.describe()}
    svm, nm = hard_margin_svm(Z), max_margin(Z, None, math.inf)
    q.update(svm_status=svm.status, linf_status=nm.status, linf_gap=float(nm.gap))
    if not (svm.separable and nm.separable):
        v["separable"] = 0.0
        return Measurement(seed=seed, values=v, quantities=q, note="the data are not linearly separable")
    v["separable"] = 1.0
    bad = None
    if not svm.certified:
        bad = Inconclusive(Reason.REFERENCE_FAILED, f"ℓ2 SVM not certified (status {svm.status})")
    elif not nm.certified:
        bad = Inconclusive(Reason.REFERENCE_FAILED, f"ℓ∞ max margin not certified (status {nm.status}, gap "
                                                    f"{nm.gap:.1e})")
    ref = {"w_l2": np.asarray(svm.w, dtype=float).copy(), "w_linf": np.asarray(nm.w, dtype=float).copy()}
    if ctx.hooks.reference is not None:
        ref = ctx.hooks.reference(ref)
    wl2, winf = np.asarray(ref["w_l2"], dtype=float), np.asarray(ref["w_linf"], dtype=float)
    g = {"gamma_2": float(_margins(Z, wl2[None], 2)[0]), "gamma_inf": float(_margins(Z, winf[None], math.inf)[0]),
         "gamma_inf_of_l2": float(_margins(Z, wl2[None], math.inf)[0]),
         "gamma_2_of_linf": float(_margins(Z, winf[None], 2)[0])}
    v.update(g, linf_midpoint=0.5 * (g["gamma_inf"] + g["gamma_inf_of_l2"]))
    tr = dict(ctx.hooks.trainer or {})
    factor, full = tr.pop("step_factor", 1.0), tr.pop("full_batch", False)
    kw = dict(beta1=p["beta1"], beta2=p["beta2"], eps=p["eps"], schedule=p["schedule"], eta0=p["eta0"] * factor,
              a=p["a"])
    run = incremental_adam(Z, p["epochs"], **kw, **tr)
    steps = p["epochs"] * n
    fb = adam(Z, steps, checkpoints=run.t, **kw)
    W = fb.W if full else run.W
    if ctx.hooks.limit is not None:
        W = np.asarray(ctx.hooks.limit(W[None]), dtype=float)[0]
    t = run.t
    m2, minf = _margins(Z, W, 2), _margins(Z, W, math.inf)
    with np.errstate(invalid="ignore"):
        ll = log_total_loss(np.nan_to_num(W @ Z.T, nan=-np.inf), "logistic", "mean")
    late = t >= 1
    targets = geometric(steps / 100, float(steps), 9)
    m2_late = m2[late][np.isfinite(m2[late])]
    fb_inf = _margins(Z, fb.W[-1:], math.inf)[0]
    v.update(l2_margin_series=series_at(t, m2, targets), l2_margin_max=float(m2_late.max()) if m2_late.size else math.nan,
             linf_margin_final=float(minf[-1]), full_batch_linf_margin_final=float(fb_inf),
             log_loss_final=float(ll[-1]) if np.isfinite(ll[-1]) else math.inf, log_loss_initial=float(ll[0]))
    dec = [int(np.searchsorted(t, 10 ** k)) for k in range(int(math.log10(t[-1])) + 1) if 10 ** k <= t[-1]]
    dec = sorted({min(i, len(t) - 1) for i in dec} | {len(t) - 1})
    q.update(g, w_l2=wl2.tolist(), w_linf=winf.tolist(), steps=steps, epochs=p["epochs"],
             checkpoints=[int(t[i]) for i in dec], l2_margin=[float(m2[i]) for i in dec],
             linf_margin=[float(minf[i]) for i in dec], diverged_at=int(run.diverged_at),
             full_batch_l2_margin_final=float(_margins(Z, fb.W[-1:], 2)[0]),
             **{k: (list(x.values) if hasattr(x, "clock") else x) for k, x in v.items() if k not in q})
    series = {"t": t.tolist(), "l2_margin": m2.tolist(), "linf_margin": minf.tolist(),
              "fb_l2_margin": _margins(Z, fb.W, 2).tolist(), "fb_linf_margin": _margins(Z, fb.W, math.inf).tolist(),
              "gamma_2": g["gamma_2"], "gamma_inf": g["gamma_inf"]}
    return Measurement(seed=seed, values=v, quantities=q, inconclusive=bad, series=series)


_MEMO = Memo(8)


def measure(ctx: Context) -> list[Measurement]:
    return measure_memoised(ctx, _MEMO, list(params()), _one)


SPECS = [CheckSpec(claim=st.INC_ADAM, params=params(), measure=measure, quick=[{}],
                   full=[{"seed": 4}, {"beta1": 0.0}, {"a": 1.0}, {"epochs": 100_000}, {"beta2": 0.999}],
                   data_note=DATA_NOTE, horizon=step_budget("epochs", 100), inert=INERT)]
