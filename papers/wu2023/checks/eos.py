"""wu2023: constant-step GD on the mean logistic loss, at a small step and in the oscillating regime, against the
exact SVM direction and the exact minimiser of the orthogonal potential.

One measurement per setting feeds the three logistic claims (memoised): the data (planted ``n = 6, d = 3``, seed 4,
or a user ``--data`` set with ±1 labels), the certified SVM (``ibcheck.theory.svm``), the potential's minimiser
(``..theory.potential``: Newton, certificate and closed-form cross-check), and one span-form GD run
(``ibcheck.numerics.trainers.linear_gd``, mean loss, 3·10⁵ steps, every per-step log-loss change tracked). The rows read 13
recorded states over the last three decades (``t ∈ [300, 3·10⁵]``; at 10⁵ the sharp loss rate at η = 1 is still
crossing 1 and undecided). The exponential-loss question runs 10⁴ steps (it overflows, or not, within a few).

Default data: the planted family ``n = 6, d = 3`` has 10 of seeds 0…15 inside the hypotheses (support vectors span the
data) with a non-support gap ``θ ≥ 1.3`` (so the orthogonal residual, ~ t^{1−θ}, decays within the run); seed 4
(θ = 2.0) is the first of them whose step ``η = 30`` is in the oscillating regime (the loss rises at the first step)
while the logistic run still settles within 10⁵ steps — at larger steps the first step can land at ``log L ≈ −8`` or
lower and the implicit bias then takes ``e^{8}``-fold longer (the paper's "long time scale"). Default step ``η = 1``
(``ηβσ²_max/n`` = 0.27, inside the descent regime).

``Hooks.reference`` maps ``{"w_hat", "v_bar"}`` (the SVM and the orthogonal limit, kernel part included);
``Hooks.limit(W) -> W`` maps the recorded iterates (1, T, d) (the linear-GD convention); ``Hooks.trainer`` takes ``grad_sign`` and ``step_factor``.
"""
from __future__ import annotations

import math

import numpy as np

from ibcheck.checks.horizon import step_budget
from ibcheck.checks import binding
from ibcheck.checks.base import CheckSpec, Context, Measurement
from ibcheck.theory.outcomes import Inconclusive, Reason
from ibcheck.checks.params import Param, pos
from ibcheck.checks.trends import Memo, measure_memoised
from ibcheck.numerics.data.linear_data import from_dataset, planted
from ibcheck.numerics.trainers.linear_gd import gd, log_total_loss
from ibcheck.theory import asymptotic_frozen as frozen
from ibcheck.theory.asymptotic import geometric, series_at
from ibcheck.theory.svm import hard_margin_svm

from ..theory import statements as st
from ..theory.potential import orthogonal_limit

DATA_NOTE = "an .npz with X (n×d) and y = ±1 (w(0) = 0)"
EOS_ETA = 30.0


def params(eta: float = 1.0, loss: str = "logistic", steps: int = 1_000_000) -> dict:
    return {
        "n": Param("n", int, 6, "examples of the planted fixture", lambda v: v >= 2, "must be >= 2"),
        "d": Param("d", int, 3, "dimension of the planted fixture", lambda v: v >= 1, "must be >= 1"),
        "seed": Param("seed", int, 4, "data seed (seed k uses seed+k)", lambda v: v >= 0, "must be >= 0"),
        "eta": pos("eta", float, eta, "the constant GD step on the mean loss"),
        "steps": Param("steps", int, steps, "GD steps T (checkpoints over the last three decades)",
                       lambda v: v >= 10_000, "must be >= 10000"),
        "loss": Param("loss", str, loss, "logistic | exp", lambda v: v in ("logistic", "exp"), "logistic or exp"),
    }


def _data(ctx: Context, seed: int):
    p = ctx.params
    return from_dataset(ctx.data, "wu2023") if ctx.data is not None else planted(p["n"], p["d"], seed)


def _run(ctx: Context, Z: np.ndarray):
    p = ctx.params
    tr = dict(ctx.hooks.trainer or {})
    factor = tr.pop("step_factor", 1.0)
    with np.errstate(over="ignore", invalid="ignore"):
        run = gd(Z, p["eta"] * factor, p["steps"], loss=p["loss"], reduction="mean", **tr)
    W = run.W[0] if ctx.hooks.limit is None else np.asarray(ctx.hooks.limit(run.W), dtype=float)[0]
    return run, W


def _measure_one(ctx: Context, seed: int) -> Measurement:
    p = ctx.params
    data = _data(ctx, seed)
    Z = data.Z
    n, d = Z.shape
    s2 = float(np.linalg.norm(Z, 2) ** 2)
    beta = 0.25 if p["loss"] == "logistic" else 1.0
    q: dict = {"n": n, "d": d, "data": data.describe(), "sigma_max_sq": s2}
    v: dict = {"eta": p["eta"], "eta_beta_sigma2": beta * p["eta"] * s2 / n,
               "loss_is_logistic": 1.0 if p["loss"] == "logistic" else 0.0}
    svm = hard_margin_svm(Z)
    q["svm_status"] = svm.status
    if not svm.separable:
        v["separable"] = 0.0
        return Measurement(seed=seed, values=v, quantities=q, note="the data are not linearly separable")
    v["separable"] = 1.0
    ol = orthogonal_limit(Z, svm)
    S = svm.support
    v.update(rank_ZS=float(np.linalg.matrix_rank(Z[S])), rank_Z=float(np.linalg.matrix_rank(Z)),
             alpha_S_min_rel=float(svm.alpha[S].min() / svm.alpha.max()),
             potential_grad_rel=ol.grad_norm / max(ol.G * ol.zbar_max, 1e-300), closed_form_dev=ol.closed_form_dev)
    q.update(w_hat=svm.w.tolist(), v_bar=ol.v_bar.tolist(), support=np.flatnonzero(S).tolist(), theta=svm.theta,
             potential=ol.G, potential_hess_min=ol.hess_min, potential_dim=ol.dim_V, newton_steps=ol.newton_steps)
    inconc = None
    if not svm.certified:
        inconc = Inconclusive(Reason.REFERENCE_FAILED, f"hard-margin SVM not certified (status {svm.status})")
    elif not ol.certified:
        inconc = Inconclusive(Reason.REFERENCE_FAILED, f"the potential's minimiser is not certified (‖∇G‖ = "
                              f"{ol.grad_norm:.1e}, λ_min = {ol.hess_min:.1e}, closed form {ol.closed_form_dev:.1e})")
    ref = {"w_hat": svm.w.copy(), "v_bar": ol.limit.copy()}
    if ctx.hooks.reference is not None:
        ref = ctx.hooks.reference(ref)
    w_hat, v_bar = np.asarray(ref["w_hat"], dtype=float), np.asarray(ref["v_bar"], dtype=float)
    nwh = float(np.linalg.norm(w_hat))
    u = w_hat / nwh
    run, W = _run(ctx, Z)
    t = run.t
    U = W @ Z.T
    with np.errstate(over="ignore", invalid="ignore"):
        ll = log_total_loss(np.nan_to_num(U, nan=-np.inf), p["loss"], "mean")
    lt = np.log(np.maximum(t, 2))
    proj = W @ u
    orth = np.linalg.norm(W - np.outer(proj, u) - v_bar[None], axis=1)
    with np.errstate(over="ignore"):
        L = np.exp(ll)  # inf where the exponential loss overflowed
    targets = geometric(p["steps"] / 1000, float(p["steps"]), 13)
    tf = int(run.frozen_at[0]) if run.frozen_at is not None else -1  # float64 froze the iterate (numerics.trainers.frozen)
    at = lambda x: frozen.mark(series_at(t, x, targets), tf if tf >= 0 else None)  # noqa: E731
    v.update(max_log_loss_increase=float(run.max_log_loss_increase[0]), w_hat_norm=nwh,
             loss_series=at(L), etl_series=at(p["eta"] * t * L / nwh ** 2),
             projection_ratio_series=at(proj / (nwh * lt)), orthogonal_series=at(orth),
             log_loss_final=float(ll[-1]) if np.isfinite(ll[-1]) else math.inf,
             log_loss_initial=float(ll[0]), log_loss_max=float(np.max(np.where(np.isnan(ll), np.inf, ll))))
    dec = [int(np.searchsorted(t, 10 ** k)) for k in range(int(math.log10(t[-1])) + 1)]
    q.update(frozen_at_step=tf if tf >= 0 else None)
    q.update(steps=p["steps"], checkpoints=[int(t[i]) for i in dec], first_loss_increase=int(run.first_loss_increase[0]),
             log_loss=[float(ll[i]) for i in dec], projection=[float(proj[i]) for i in dec],
             projection_offset=[float(proj[i] - nwh * math.log(max(t[i], 1))) for i in dec],
             orthogonal_distance=[float(orth[i]) for i in dec])
    q.update({k: (list(x.values) if hasattr(x, "clock") else x) for k, x in v.items() if k not in q})
    series = {"t": t.tolist(), "log_loss": ll.tolist(), "projection": proj.tolist(), "orthogonal": orth.tolist(),
              "w_hat_norm": nwh, "eta": p["eta"]}
    return Measurement(seed=seed, values=v, quantities=q, inconclusive=inconc, series=series)


_MEMO = Memo(8)


def measure(ctx: Context) -> list[Measurement]:
    """Memoised per setting for generated data without hooks (three claims share one GD run per setting)."""
    return measure_memoised(ctx, _MEMO, list(params()), _measure_one)


INERT = {"steps": binding.HORIZON}


def _spec(claim, prm, quick, full, shared="wu2023-gd", inert=None) -> CheckSpec:
    return CheckSpec(claim=claim, params=prm, measure=measure, quick=quick, full=full, data_note=DATA_NOTE,
                     shared=shared, horizon=step_budget("steps", 10_000), inert={**INERT, **(inert or {})})


_EOS = {"eta": EOS_ETA}
# the oscillating regime's 3·10⁵-step run is a full-profile case (the quick profile meets it in the pinned case at
# η = 40 on a small fixture, papers/wu2023/pinned.py): the quick profile's added time stays within its budget
_FULL = [_EOS, {"eta": 3.0}, {"seed": 1}, {"eta": 100.0, "seed": 4}]
SPECS = [
    _spec(st.LOSS, params(), [{}], _FULL),
    _spec(st.MARGIN, params(), [{}], _FULL),
    _spec(st.ORTHOGONAL, params(), [{}], _FULL),
    _spec(st.EXP, params(EOS_ETA, "exp", 10_000), [{}], [{"eta": 10.0}, {"eta": 3.0}], shared="",
          inert={"data.rank": "the question (does the exponential loss blow up at this step?) is asked of any "
                              "separable data set: no rank condition"}),
]
