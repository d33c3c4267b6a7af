"""zhang2024: Adam (ε = 0), GD and Adam with a large ε on one separable dataset, against both max-margin references.

One dataset per setting (planted Gaussian ``n = 20, d = 5``, seed 0, or a user ``--data`` set with ±1 labels), its two
certified references — the ℓ∞ max margin (``ibcheck.theory.norm_margin``: an LP with a re-verified dual bracket) and
the ℓ2 SVM (``ibcheck.theory.svm``: polished and re-verified) — and one trainer run per claim: Adam
(``ibcheck.numerics.trainers.adam``, log space, 3·10⁴ steps, η_t = 0.1(t+2)^{−1/2}, β = (0.9, 0.99)), span-form GD
(``ibcheck.numerics.trainers.linear_gd``, 10⁵ steps, η = n/σ²_max(Z) on the mean loss) and Adam with ε = 1 at a constant step.

Every margin the rows read is recomputed from the iterates the rows see (hooked or not): ``γ_p(w) = min_i z_iᵀw/‖w‖_p``.
The references enter only through the vectors ``w_linf`` and ``w_l2`` (``Hooks.reference`` maps
``{"w_linf", "w_l2"} → same``), from which ``γ∞ = γ_∞(w_linf)``, ``γ2 = γ_2(w_l2)`` and the cross margins are
computed: offering the ℓ2 direction as Adam's answer is ``reference=lambda r: {**r, "w_linf": r["w_l2"]}``.
``Hooks.limit(W) -> W`` maps the recorded iterates (1, T, d) (the linear-GD convention); ``Hooks.trainer`` takes ``grad_sign`` (−1 ascends) and
``step_factor`` (the trainer's step × factor while the hypotheses see the stated one).

Default data: the first planted seed (0): the two references differ (γ∞(ŵ) = 0.292 < γ∞ = 0.336; on seeds 1 and 2 of
this family the ℓ2 direction is, or nearly is, ℓ∞-optimal too and the data cannot tell the biases apart — the
diagnostic row says so). Series: Adam 9 checkpoints over the last two decades (t ∈ [300, 3·10⁴]), GD 13 over the last three
(t ∈ [10², 10⁵]).
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
from ibcheck.numerics.trainers.adam import adam, initial_gradient_min
from ibcheck.numerics.data.linear_data import from_dataset, planted
from ibcheck.numerics.trainers.linear_gd import gd
from ibcheck.theory import asymptotic_frozen as frozen
from ibcheck.theory.asymptotic import geometric, series_at
from ibcheck.theory.norm_margin import max_margin
from ibcheck.theory.svm import hard_margin_svm

from ..theory import statements as st

DATA_NOTE = "an .npz with X (n×d) and y = ±1 (w(0) = 0)"


def _common(n=20, d=5, seed=0, loss="logistic") -> dict:
    return {
        "n": Param("n", int, n, "examples of the planted fixture", lambda v: v >= 2, "must be >= 2"),
        "d": Param("d", int, d, "dimension of the planted fixture", lambda v: v >= 1, "must be >= 1"),
        "seed": Param("seed", int, seed, "data seed (seed k uses seed+k)", lambda v: v >= 0, "must be >= 0"),
        "loss": Param("loss", str, loss, "logistic | exp", lambda v: v in ("logistic", "exp"), "logistic or exp"),
    }


def _adam_params(steps=30_000, eps=0.0, schedule="poly", eta0=0.1, a=0.5) -> dict:
    return {**_common(),
            "steps": Param("steps", int, steps, "Adam steps T (checkpoints over the last two decades)",
                           lambda v: v >= 1000, "must be >= 1000"),
            "beta1": Param("beta1", float, 0.9, "first-moment decay β₁", lambda v: 0 <= v < 1, "in [0, 1)"),
            "beta2": Param("beta2", float, 0.99, "second-moment decay β₂", lambda v: 0 <= v < 1, "in [0, 1)"),
            "a": Param("a", float, a, "schedule exponent: η_t = η₀(t+2)^{−a}", lambda v: v >= 0, "must be >= 0"),
            "eta0": pos("eta0", float, eta0, "η₀"),
            "schedule": Param("schedule", str, schedule, "poly (η₀(t+2)^{−a}) | constant (η₀)",
                              lambda v: v in ("poly", "constant"), "poly or constant"),
            "eps": Param("eps", float, eps, "Adam's stability constant ε", lambda v: v >= 0, "must be >= 0")}


def _gd_params() -> dict:
    return {**_common(),
            "steps": Param("steps", int, 100_000, "GD steps T (checkpoints over the last three decades)",
                           lambda v: v >= 10_000, "must be >= 10000"),
            "eta_scale": pos("eta_scale", float, 1.0, "η = eta_scale·n/σ²_max(Z) on the mean loss")}


def _data(ctx: Context, seed: int):
    p = ctx.params
    return from_dataset(ctx.data, "zhang2024") if ctx.data is not None else planted(p["n"], p["d"], seed)


def _margins(Z: np.ndarray, W: np.ndarray, p: float) -> np.ndarray:
    """``min_i z_iᵀw/‖w‖_p`` for each row of W (NaN at w = 0)."""
    nw = np.abs(W).max(1) if p == math.inf else np.linalg.norm(W, axis=1)
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(nw > 0, (W @ Z.T).min(1) / np.where(nw > 0, nw, 1.0), np.nan)


def _references(ctx: Context, Z: np.ndarray, q: dict) -> tuple[dict | None, str | None]:
    """The two certified references (hooked), their margins and the cross margins; (None, reason) if not separable."""
    svm = hard_margin_svm(Z)
    nm = max_margin(Z, None, math.inf)
    q.update(svm_status=svm.status, linf_status=nm.status, linf_gap=float(nm.gap),
             linf_certified=bool(nm.certified), svm_certified=bool(svm.certified))
    if not (svm.separable and nm.separable):
        return None, "the data are not linearly separable (the max-margin programs are infeasible)"
    ref = {"w_l2": np.asarray(svm.w, dtype=float).copy(), "w_linf": np.asarray(nm.w, dtype=float).copy()}
    if ctx.hooks.reference is not None:
        ref = ctx.hooks.reference(ref)
    wl2, winf = np.asarray(ref["w_l2"], dtype=float), np.asarray(ref["w_linf"], dtype=float)
    g = {"gamma_2": float(_margins(Z, wl2[None], 2)[0]), "gamma_inf": float(_margins(Z, winf[None], math.inf)[0]),
         "gamma_inf_of_l2": float(_margins(Z, wl2[None], math.inf)[0]),
         "gamma_2_of_linf": float(_margins(Z, winf[None], 2)[0])}
    q.update(w_l2=wl2.tolist(), w_linf=winf.tolist(), linf_dual_bound=float(nm.gamma_upper), **g)
    bad = None
    if not svm.certified:
        bad = Inconclusive(Reason.REFERENCE_FAILED, f"ℓ2 SVM not certified (status {svm.status})")
    elif not nm.certified:
        bad = Inconclusive(Reason.REFERENCE_FAILED,
                           f"ℓ∞ max margin not certified (status {nm.status}, gap {nm.gap:.1e})")
    return g, bad


def _base(ctx: Context, seed: int):
    data = _data(ctx, seed)
    Z = data.Z
    q = {"n": data.n, "d": data.d, "data": data.describe()}
    g, bad = _references(ctx, Z, q)
    return data, Z, q, g, bad


def _max(x) -> float:
    """Largest finite value (NaN when none: every recorded iterate was 0 or not finite)."""
    x = x[np.isfinite(x)]
    return float(x.max()) if x.size else float("nan")


def _run_values(Z, t, W, q, lo, count, loss, reduction="mean"):
    """The rows' numbers from the recorded iterates (T, d) the rows see."""
    from ibcheck.numerics.trainers.linear_gd import log_total_loss
    m_inf, m_2 = _margins(Z, W, math.inf), _margins(Z, W, 2)
    ll = log_total_loss(W @ Z.T, loss, reduction)
    targets = geometric(lo, float(t[-1]), count)
    late = t >= 1
    v = {"linf_margin_series": series_at(t, m_inf, targets), "l2_margin_series": series_at(t, m_2, targets),
         "linf_margin_max": _max(m_inf[late]), "l2_margin_max": _max(m_2[late]),
         "linf_margin_final": float(m_inf[-1]), "l2_margin_final": float(m_2[-1]),
         "log_loss_final": float(ll[-1]), "log_loss_initial": float(ll[0])}
    dec = [int(np.searchsorted(t, 10 ** k)) for k in range(int(math.log10(t[-1])) + 1) if 10 ** k <= t[-1]]
    q.update(checkpoints=[int(t[i]) for i in dec], linf_margin=[float(m_inf[i]) for i in dec],
             l2_margin=[float(m_2[i]) for i in dec], log_loss=[float(ll[i]) for i in dec])
    series = {"t": t.tolist(), "linf_margin": m_inf.tolist(), "l2_margin": m_2.tolist(), "log_loss": ll.tolist()}
    return v, series


def _not_separable(seed, q, why):
    return Measurement(seed=seed, values={"separable": 0.0}, quantities=q, note=why)


def _measure_adam(ctx: Context, seed: int) -> Measurement:
    p = ctx.params
    data, Z, q, g, bad = _base(ctx, seed)
    if g is None:
        return _not_separable(seed, q, bad)
    tr = dict(ctx.hooks.trainer or {})
    factor = tr.pop("step_factor", 1.0)
    run = adam(Z, p["steps"], beta1=p["beta1"], beta2=p["beta2"], eps=p["eps"], schedule=p["schedule"],
               eta0=p["eta0"] * factor, a=p["a"], loss=p["loss"], **tr)
    W = run.W if ctx.hooks.limit is None else np.asarray(ctx.hooks.limit(run.W[None]), dtype=float)[0]
    v, series = _run_values(Z, run.t, W, q, p["steps"] / 100, 9, p["loss"])
    frozen.mark_all(v, run.frozen_at)  # every later update rounded away in float64: those series are inconclusive
    g0 = initial_gradient_min(Z, None, p["loss"])
    from ibcheck.numerics.trainers.adam import gradient
    gg, c = gradient(Z, np.zeros(Z.shape[1]), p["loss"])
    v.update(g, separable=1.0, beta1=p["beta1"], beta2=p["beta2"], eps=p["eps"],
             a=p["a"] if p["schedule"] == "poly" else 0.0,  # the exponent of the schedule run (constant: a = 0)
             grad0_min_rel=float(g0 / (np.abs(gg).max() * math.exp(c))) if np.abs(gg).max() > 0 else 0.0,
             linf_midpoint=0.5 * (g["gamma_inf"] + g["gamma_inf_of_l2"]))
    q.update(steps=p["steps"], update_inf_final=float(run.update_inf[-1]), diverged_at=int(run.diverged_at))
    series.update(gamma_inf=g["gamma_inf"], gamma_2=g["gamma_2"], optimizer=f"Adam (ε = {p['eps']:g})")
    q.update({k: (list(x.values) if hasattr(x, "clock") else x) for k, x in v.items() if k not in q})
    return Measurement(seed=seed, values=v, quantities=q, inconclusive=bad, series=series)


def _measure_gd(ctx: Context, seed: int) -> Measurement:
    p = ctx.params
    data, Z, q, g, bad = _base(ctx, seed)
    if g is None:
        return _not_separable(seed, q, bad)
    n = Z.shape[0]
    s2 = float(np.linalg.norm(Z, 2) ** 2)
    eta = p["eta_scale"] * n / s2
    tr = dict(ctx.hooks.trainer or {})
    factor = tr.pop("step_factor", 1.0)
    run = gd(Z, eta * factor, p["steps"], loss=p["loss"], reduction="mean", **tr)
    W = run.W[0] if ctx.hooks.limit is None else np.asarray(ctx.hooks.limit(run.W), dtype=float)[0]
    v, series = _run_values(Z, run.t, W, q, p["steps"] / 1000, 13, p["loss"])
    frozen.mark_all(v, int(run.frozen_at[0]))  # float64 froze the iterate: its series are inconclusive there
    beta = 0.25 if p["loss"] == "logistic" else 1.0  # exp: the local bound L(w(0)) = 1 on the initial sublevel set
    v.update(g, separable=1.0, eta_beta_sigma2=beta * eta * s2 / n)
    q.update(steps=p["steps"], eta=eta, sigma_max_sq=s2)
    series.update(gamma_inf=g["gamma_inf"], gamma_2=g["gamma_2"], optimizer="GD")
    q.update({k: (list(x.values) if hasattr(x, "clock") else x) for k, x in v.items() if k not in q})
    return Measurement(seed=seed, values=v, quantities=q, inconclusive=bad, series=series)


_ADAM_MEMO, _GD_MEMO = Memo(8), Memo(8)


def measure_adam(ctx: Context) -> list[Measurement]:
    return measure_memoised(ctx, _ADAM_MEMO, list(_adam_params()), _measure_adam)


def measure_gd(ctx: Context) -> list[Measurement]:
    return measure_memoised(ctx, _GD_MEMO, list(_gd_params()), _measure_gd)


def _spec(claim, prm, measure, quick, full, **kw) -> CheckSpec:
    return CheckSpec(claim=claim, params={**prm, **constant_params(claim)}, measure=measure, quick=quick, full=full,
                     data_note=DATA_NOTE, horizon=step_budget("steps", 10_000), **kw)


_HORIZON = binding.HORIZON
INERT = {"steps": _HORIZON,
         "eta0": "η₀ only scales the schedule η_t = η₀(t+2)^{−a}: the theorem's class Θ(t^{−a}) holds for every η₀ > 0 "
                 "(ε = 0 makes the update invariant under L → cL, not under η₀, but no hypothesis bounds η₀)"}
_GD_INERT = {"steps": _HORIZON}
_EPS_INERT = {**INERT, **{k: "the question is asked of Adam with ε > 0 at any step schedule and loss (an exploratory "
                             "finding, never a verdict credited to a paper)" for k in ("a", "schedule", "loss")},
              "eta0": "the question is asked at any η₀ (an exploratory finding, never a verdict credited to a paper)",
              "data.rank": "asked of any separable data set: no rank condition"}

_ADAM_FULL = [{"a": 0.3}, {"a": 0.7, "steps": 300_000}, {"seed": 3}, {"loss": "exp"}, {"beta1": 0.0}, {"steps": 300_000}]
SPECS = [
    _spec(st.ADAM, _adam_params(), measure_adam, [{}], _ADAM_FULL, shared="zhang2024-adam", inert=INERT),
    _spec(st.ADAM_RATE, _adam_params(), measure_adam, [{}], _ADAM_FULL, shared="zhang2024-adam", inert=INERT),
    _spec(st.GD, _gd_params(), measure_gd, [{}], [{"seed": 3}, {"eta_scale": 4.0}, {"steps": 1_000_000}],
          inert=_GD_INERT),
    _spec(st.ADAM_EPS, _adam_params(eps=1.0, schedule="constant", eta0=2.0), measure_adam, [{}],
          [{"eps": 1e-8, "schedule": "poly", "eta0": 0.1}], inert=_EPS_INERT),
]
