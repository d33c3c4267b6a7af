"""kou2023: GD on Kou's first-layer-only network (span-reduced, batched over seeds), over decades of steps.

One GD run per (γ, data, m, σ₀, η, steps, seeds) feeds the five claims (memoised for pure runs).
Injection points (tests only): ``Hooks.trainer`` — keyword arguments of ``numerics.kou_gd.kou_gd`` (``deriv``:
a wrong σ'; ``sign``: −1 for ascent); ``Hooks.reference(kind, value)`` — ``kind = "full_limit"`` maps the
derived full-W stable-rank limit; ``Hooks.limit(record) -> record`` replaces a seed's recorded series (``steps``,
``srank_pos``, ``srank_neg``, ``srank_full``, ``log_loss``, ``margin_ratio``) by a wrong answer's.
"""
from __future__ import annotations

import math

import numpy as np
import torch

from ibcheck.numerics.data.classification import gaussian_pm1
from ibcheck.numerics.runtime.errors import InputError
from ..numerics.kou_gd import kou_gd
from ibcheck.numerics.trainers.two_layer import gaussian_init
from ibcheck.theory.asymptotic import Series, geometric, series_at
from ..theory import statements as st
from ..theory.limit import full_srank_limit

from ibcheck.checks import binding
from ibcheck.checks.base import CheckSpec, Context, Inconclusive, Measurement, Reason
from ibcheck.checks.params import Param, constant_params
from ibcheck.checks.trends import Memo, count_increases, linear_fit, pure
from ibcheck.checks.horizon import step_budget

_MEMO = Memo()

PARAMS = {
    "n": Param("n", int, 10, "examples (balanced ±1 labels)", lambda v: 2 <= v <= 1000, "in [2, 1000]"),
    "d": Param("d", int, 3000, "dimension (x ~ N(0, I_d))", lambda v: 2 <= v <= 10 ** 7, "in [2, 1e7]"),
    "m": Param("m", int, 20, "neurons per class", lambda v: 1 <= v <= 2000, "in [1, 2000]"),
    "gamma": Param("gamma", float, 0.1, "leaky slope γ (0: ReLU)", lambda v: 0 <= v <= 1, "in [0, 1]"),
    "sigma0": Param("sigma0", float, 1e-4, "init std σ₀", lambda v: 0 < v <= 10, "in (0, 10]"),
    "eta_scale": Param("eta_scale", float, 0.5, "step η = eta_scale·n·m/mean‖x_i‖²", lambda v: 0 < v <= 100,
                       "in (0, 100]"),
    "steps": Param("steps", int, 20000, "GD steps (docs/claims-ext.md §5: 2e5 in the full profile)",
                   lambda v: 100 <= v <= 10 ** 7, "in [100, 1e7]"),
    "seed": Param("seed", int, 0, "first seed (data and init; seeds are batched)", lambda v: v >= 0, "must be >= 0"),
}


def run(ctx: Context) -> dict:
    p = ctx.params
    keys = tuple((k, p[k]) for k in PARAMS)

    def go():
        Ks, ys, B0s, Ps, etas, hyp = [], [], [], [], [], []
        for seed in ctx.seeds:
            if ctx.data is not None:
                X, y, K = ctx.data.X, ctx.data.y, ctx.data.K
                if not bool(((y == 1) | (y == -1)).all()) or not (bool((y == 1).any()) and bool((y == -1).any())):
                    raise InputError("--data: kou2023 needs labels ±1 of both signs")
            else:
                dat = gaussian_pm1(p["n"], p["d"], seed)
                X, y, K = dat.X, dat.y, dat.K
            n = K.shape[0]
            B0, P = gaussian_init(X, K, 2 * p["m"], p["sigma0"], seed)
            Ks.append(K), ys.append(y), B0s.append(B0), Ps.append(P)
            etas.append(p["eta_scale"] * n * p["m"] / float(K.diagonal().mean()))
            Kn = K.numpy()
            off = np.abs(Kn - np.diag(np.diag(Kn)))
            hyp.append({"orth_ratio": float(np.min(np.diag(Kn) / (n * off.max(1)))), "eta": etas[-1]})
        K, y, B0, P = torch.stack(Ks), torch.stack(ys), torch.stack(B0s), torch.stack(Ps)
        rec = kou_gd(K, y, B0, P, etas, p["gamma"], p["steps"], **(ctx.hooks.trainer or {}))
        # the small-init hypothesis is stated on the inputs: the exact first GD step from W⁽⁰⁾ (σ₀, η, data), never
        # the (possibly broken) trainer's — a frozen trainer must be judged by the conclusions, not excused
        B1 = kou_gd(K, y, B0, P, etas, p["gamma"], 1).B
        out = []
        for s in range(len(ctx.seeds)):
            dB = B1[s] - B0[s]
            init = math.sqrt(float(torch.trace(B0[s] @ K[s] @ B0[s].T + P[s])))
            step1 = math.sqrt(float(torch.trace(dB @ K[s] @ dB.T)))
            out.append({**hyp[s], "init_to_first_step": init / step1 if step1 > 0 else math.inf,
                        "steps": rec.steps, "srank_pos": [float(v[s]) for v in rec.srank_pos],
                        "srank_neg": [float(v[s]) for v in rec.srank_neg], "srank_full": [float(v[s]) for v in rec.srank_full],
                        "log_loss": [float(v[s]) for v in rec.log_loss], "margin_ratio": [float(v[s]) for v in rec.margin_ratio],
                        "K": K[s].numpy(), "y": y[s].numpy()})
        return out if ctx.hooks.limit is None else [ctx.hooks.limit(r) for r in out]
    return _MEMO.get(("kou", keys, tuple(ctx.seeds)), go) if pure(ctx) else go()


def _decades(r) -> list[int]:
    """Indices of the checkpoints t = 10^k (k ≥ 0) and the last step."""
    # t = 10^k exactly (integer steps): log10 of a power of ten is exact to ~1e-16, any other t is ≥ 4e-3 off
    idx = [i for i, t in enumerate(r["steps"]) if t >= 1 and abs(math.log10(t) - round(math.log10(t))) < 1e-12]
    if idx[-1] != len(r["steps"]) - 1:
        idx.append(len(r["steps"]) - 1)
    return idx


def _targets(r) -> list[float]:
    """Geometric checkpoints for the limit rows: 4 per decade over the last two decades of the run (9 states)."""
    T = float(r["steps"][-1])
    return geometric(T / 100, T, 9)


def _base(p, r) -> dict:
    ll = np.array(r["log_loss"])
    return {"orth_ratio": r["orth_ratio"], "gamma": p["gamma"], "init_to_first_step": r["init_to_first_step"], "eta": r["eta"],
            "loss_increases": float(np.sum(np.diff(ll) >= 0))}


def _measure(ctx: Context, body) -> list[Measurement]:
    rs = run(ctx)
    out = []
    for seed, r in zip(ctx.seeds, rs):
        q = _base(ctx.params, r)
        series = {"steps": r["steps"], "srank_pos": r["srank_pos"], "srank_neg": r["srank_neg"],
                  "srank_full": r["srank_full"], "log_loss": r["log_loss"], "margin_ratio": r["margin_ratio"]}
        inconc = body(ctx, r, q, series)
        values = {k: float(v) for k, v in q.items() if isinstance(v, (int, float))}
        values.update({k: v for k, v in series.items() if isinstance(v, Series)})
        out.append(Measurement(seed=seed, values=values, quantities=q, inconclusive=inconc,
                               series={k: v for k, v in series.items() if not isinstance(v, Series)}))
    return out


def _leaky(ctx, r, q, series):
    idx = _decades(r)
    ex_p = [r["srank_pos"][i] - 1 for i in idx]
    ex_n = [r["srank_neg"][i] - 1 for i in idx]
    q.update(srank_excess_increases=count_increases(ex_p) + count_increases(ex_n),
             log_loss_increases=count_increases([r["log_loss"][i] for i in idx]),
             srank_excess_final=max(ex_p[-1], ex_n[-1]), srank_pos_final=r["srank_pos"][-1],
             srank_neg_final=r["srank_neg"][-1], srank_full_final=r["srank_full"][-1],
             decade_steps=[r["steps"][i] for i in idx], srank_excess_pos=ex_p, srank_excess_neg=ex_n)
    ex = np.maximum(np.array(r["srank_pos"]), np.array(r["srank_neg"])) - 1
    series["srank_excess_series"] = series_at(r["steps"], ex, _targets(r))


def _relu(ctx, r, q, series):
    steps = np.array(r["steps"])
    T = steps[-1]
    cls = np.maximum(r["srank_pos"], r["srank_neg"])
    last = cls[(steps >= T / 10)].max()
    prev = cls[(steps >= T / 100) & (steps < T / 10)].max() if np.any((steps >= T / 100) & (steps < T / 10)) else math.nan
    after1 = steps >= 1
    q.update(srank_growth_last_decade=float(last / prev), srank_class_max=float(cls[after1].max()),
             srank_full_max=float(np.max(np.array(r["srank_full"])[after1])), srank_pos_final=r["srank_pos"][-1],
             srank_neg_final=r["srank_neg"][-1], srank_full_final=r["srank_full"][-1])


def _margins(ctx, r, q, series):
    idx = _decades(r)
    ex = [r["margin_ratio"][i] - 1 for i in idx]
    sel = [i for i, t in enumerate(r["steps"]) if t >= 100 and math.isfinite(r["margin_ratio"][i])]
    b, a, r2 = linear_fit([1 / math.log(r["steps"][i]) for i in sel], [r["margin_ratio"][i] - 1 for i in sel])
    q.update(margin_excess_increases=count_increases(ex), margin_fit_r2=r2, margin_fit_intercept=a, margin_fit_slope=b,
             margin_ratio_final=r["margin_ratio"][-1], margin_excess_decades=ex)
    series["margin_excess_series"] = series_at(r["steps"], np.array(r["margin_ratio"]) - 1, _targets(r))
    if not all(math.isfinite(v) for v in ex[1:]) and q["loss_increases"] == 0:  # a trainer that does not descend is judged
        return Inconclusive(Reason.NOT_CONVERGED, "some example is still misclassified at a decade checkpoint")
    return None


def _loss(ctx, r, q, series):
    steps = np.array(r["steps"], dtype=float)
    T = steps[-1]
    sel = steps >= T / 100
    tl = steps[sel] * np.exp(np.array(r["log_loss"])[sel])
    q.update(tL_band=float(tl.max() / tl.min()), tL_final=float(tl[-1]), tL_last2_decades=tl.tolist())


def _full(ctx, r, q, series):
    p = ctx.params
    lim = full_srank_limit(r["K"], r["y"], p["m"], p["gamma"])
    L = lim["srank_full"]
    if ctx.hooks.reference is not None:
        L = float(ctx.hooks.reference("full_limit", L))
    q.update(srank_full_final=r["srank_full"][-1], srank_full_limit=L, srank_full_rel_dev=abs(r["srank_full"][-1] / L - 1),
             srank_full_ideal=lim["srank_ideal"], cos_vpm=lim["cos_vpm"], cos_ideal=lim["cos_ideal"],
             srank_class_limit=max(lim["srank_pos"], lim["srank_neg"]))
    series["full_limit"] = L
    if not lim["kkt_valid"]:
        return Inconclusive(Reason.REFERENCE_FAILED,
                            "the label-aligned closed-form KKT point is not valid on these data (λ ≤ 0 or a sign violated)")
    return None


def deeper(p: dict) -> list[dict]:
    """Deeper inside both stand-ins: 2d and 4d (the measured C grows like √d: 1.99 → 2.8 → 4 at the defaults) with σ₀
    shrunk alike (the init ratio ‖W⁽⁰⁾‖/‖W⁽¹⁾ − W⁽⁰⁾‖ ∝ σ₀d stays put). Not 10d, 100d: a trainer that never learns
    one example leaves it misclassified there (the cross-talk that classified it falls like 1/√d), and the check
    cannot judge margins of a misclassified example. GD runs in the span: its cost does not grow with d."""
    return [{"d": min(f * p["d"], 10 ** 7), "sigma0": p["sigma0"] / f} for f in (2, 4)]


def _spec(claim, body, quick, full, gamma=None):
    params = {**PARAMS, **constant_params(claim)}
    if gamma is not None:
        params["gamma"] = Param("gamma", float, gamma, "leaky slope γ (0: ReLU)", lambda v: 0 <= v <= 1, "in [0, 1]")
    return CheckSpec(claim=claim, params=params, measure=lambda ctx: _measure(ctx, body), quick=quick, full=full,
                     accepts_data=True, data_note="X (n×d) with ±1 labels of both signs", deeper=deeper,
                     horizon=step_budget("steps", 100, 10 ** 7), inert={"steps": binding.HORIZON})


_F = [{"steps": 200000}, {"steps": 200000, "gamma": 0.5}]
SPECS = [
    _spec(st.LEAKY_SRANK, _leaky, [{}, {"gamma": 0.5}], _F),
    _spec(st.RELU_SRANK, _relu, [{}], [{"steps": 200000}], gamma=0.0),
    _spec(st.MARGINS, _margins, [{}, {"gamma": 0.0}], _F + [{"steps": 200000, "gamma": 0.0}]),
    _spec(st.LOSS_RATE, _loss, [{}], [{"steps": 200000}]),
    _spec(st.FULL_SRANK, _full, [{}, {"gamma": 0.5}], _F),
]
