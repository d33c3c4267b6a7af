"""vardishamir2021: the single-neuron construction — GF limits over a γ grid against the exact zero-loss set.

One γ sweep (stiff GF per γ) feeds single_neuron_construction and not_min_norm (memoised for pure runs).
Injection points (tests only): ``Hooks.trainer`` — keyword arguments of ``numerics.single_neuron.neuron_flow``
(``deriv``: a wrong activation derivative; ``rate``: −1 ascends, 0 freezes); ``Hooks.limit(X, y, γ, w) -> w``
replaces a flow's limit (its loss is recomputed); ``Hooks.reference(kind, obj)`` — ``kind = "fixture"`` maps the
exact ``(X, y)`` (sympy matrices) before the analysis and the flows; ``kind = "w_min"`` maps the exact
min-norm point (a float array).
"""
from __future__ import annotations

import math

import numpy as np
import sympy as sp
import torch

from ibcheck.numerics.runtime.device import generator
from ibcheck.numerics.runtime.errors import InputError
from ..numerics.single_neuron import loss as neuron_loss
from ..numerics.single_neuron import neuron_flow
from ..theory import construction as C
from ..theory import statements as st

from ibcheck.checks import binding
from ibcheck.checks.base import CheckSpec, Context, Inconclusive, Measurement, Reason
from ibcheck.checks.params import Param, constant_params
from ibcheck.checks.trends import Memo, pure

_MEMO = Memo()


def _gammas(raw: str) -> list[float]:
    try:
        vals = sorted({float(v) for v in str(raw).split(",") if v.strip()})
    except ValueError:
        raise InputError(f"--set gammas={raw}: expected comma-separated numbers") from None
    if not vals or any(not math.isfinite(v) or v < 0 or v > 1e3 for v in vals):
        raise InputError(f"--set gammas={raw}: each γ must lie in [0, 1000]")
    return vals


PARAMS = {
    "gammas": Param("gammas", str, "0,0.5,1,2,5,20", "γ values of the sweep (x₃ = (0, γ, γ))"),
    "gamma_a": Param("gamma_a", float, 1.0, "first γ of the separation test", lambda v: 0 < v <= 1e3, "in (0, 1000]"),
    "gamma_b": Param("gamma_b", float, 5.0, "second γ of the separation test", lambda v: 0 < v <= 1e3, "in (0, 1000]"),
    "eps": Param("eps", float, 1e-6, "init w(0) = ε𝟙", lambda v: 0 < v <= 1e-1, "in (0, 0.1]"),
    "rtol": Param("rtol", float, 1e-10, "LSODA relative tolerance", lambda v: 1e-13 <= v <= 1e-6, "in [1e-13, 1e-6]"),
    "seed": Param("seed", int, 0, "seed (only the random inits of vardishamir2021.approximate use it)",
                  lambda v: v >= 0, "must be >= 0"),
}


def fixture(ctx: Context, gamma) -> tuple[sp.Matrix, sp.Matrix]:
    X, y = C.fixture(gamma if isinstance(gamma, sp.Basic) else sp.nsimplify(gamma))
    if ctx.hooks.reference is not None:
        X, y = ctx.hooks.reference("fixture", (X, y))
    return X, y


def exact_analysis(ctx: Context, gammas: list[float]) -> dict:
    """The exact zero-loss sets (symbolic γ > 0 and each grid γ), their min-norm point and rational loss tests."""
    Xs, ys = fixture(ctx, C.GAMMA)
    symbolic = C.spec_set_for_all_gamma(Xs, ys)
    per, exact_ok, w_min = [], True, None
    for g in gammas:
        X, y = fixture(ctx, g)
        Z = C.zero_loss_set(X, y)
        I = C.as_interval(Z)
        per.append({"gamma": g, "point": [str(v) for v in Z.point], "w3_set": str(I)})
        if g > 0:
            mn = C.min_norm_point(Z) if I is not None else None
            w_min = w_min or mn
            # rational loss: 0 at points of Z (w₃ = 1, 0, −7/3), > 0 just outside (w₃ = 1 + 10⁻⁹; w₁ + 10⁻⁹)
            inside = [(Z.point[0], Z.point[1], c) for c in (1, 0, sp.Rational(-7, 3))] if Z.free == (C.W[2],) else []
            outside = [(5, -1, 1 + sp.Rational(1, 10 ** 9)), (5 + sp.Rational(1, 10 ** 9), -1, 0)]
            ok = bool(inside) and all(C.exact_loss(X, y, [sp.sympify(v).subs(C.W[2], 0) for v in w]) == 0
                                      for w in inside) and all(C.exact_loss(X, y, w) > 0 for w in outside)
            exact_ok = exact_ok and ok
    same = symbolic and all(p["point"][:2] == ["5", "-1"] and p["w3_set"] == str(sp.Interval(-sp.oo, 1))
                            for p in per if p["gamma"] > 0)
    w_min = np.array([float(v) for v in w_min], dtype=float) if w_min is not None else np.full(3, np.nan)
    if ctx.hooks.reference is not None:
        w_min = np.asarray(ctx.hooks.reference("w_min", w_min.copy()), dtype=float)
    return {"symbolic_spec_set": symbolic, "same_zero_loss_set": float(same), "exact_zero_loss": float(exact_ok),
            "w_min": w_min, "per_gamma_sets": per,
            "min_norm_is_spec": float(np.allclose(w_min, [5.0, -1.0, 0.0], rtol=0, atol=0))}


def _limit(ctx: Context, X, y, gamma, fl) -> tuple[np.ndarray, float]:
    """The flow's limit and loss, or ``Hooks.limit(X, y, γ, w)`` in its place (a wrong answer; its loss recomputed)."""
    if ctx.hooks.limit is None:
        return fl.w, fl.loss
    w = np.asarray(ctx.hooks.limit(X, y, gamma, fl.w.copy()), dtype=float)
    return w, neuron_loss(X, y, w)


def sweep(ctx: Context) -> dict:
    p = ctx.params
    gammas = sorted(set(_gammas(p["gammas"])) | {p["gamma_a"], p["gamma_b"]})

    def run():
        ex = exact_analysis(ctx, gammas)
        runs = {}
        for g in gammas:
            X, y = fixture(ctx, g)
            Xf, yf = np.array(X.tolist(), dtype=float), np.array(y.tolist(), dtype=float).ravel()
            w0 = np.full(3, p["eps"])
            fl = neuron_flow(Xf, yf, w0, rtol=p["rtol"], record=40, **(ctx.hooks.trainer or {}))
            w, L = _limit(ctx, Xf, yf, g, fl)
            live = np.abs(Xf).sum(1) > 0
            runs[g] = {"w": w.tolist(), "loss": L, "t": fl.t, "events": fl.events, "nfev": fl.nfev,
                       "init_min_preact": float((Xf @ w0)[live].min()),
                       "trajectory": {"t": fl.clock, "w": fl.ws, "loss": fl.losses} if fl.clock else {}}
        return ex, runs
    key = ("vs-sweep", tuple(sorted(p.items())))
    return _MEMO.get(key, run) if pure(ctx) else run()


T_MAX = 1e6  # neuron_flow's default horizon


def budget_note(runs: dict, gammas) -> str | None:
    """``inconclusive`` when a flow spent its horizon above the zero-loss tolerance while its loss still fell (≥ 1%
    over the last recorded decade of t): not yet converged, never a counterexample. A stalled, frozen or ascending
    flow is measured (its limit is not a zero-loss point)."""
    for g in gammas:
        r = runs[g]
        tr = r.get("trajectory") or {}
        ts, ls = list(tr.get("t", [])), list(tr.get("loss", []))
        # ≤ 1e-20: docs/claims-ext.md §6's zero-loss threshold (losses decay exponentially, far off it)
        if r["loss"] <= 1e-20 or r["t"] < T_MAX * 0.999 or len(ts) < 2:
            continue
        prev = [L for t, L in zip(ts, ls) if t <= r["t"] / 10]
        if prev and math.isfinite(r["loss"]) and r["loss"] < 0.99 * prev[-1]:
            return (Inconclusive(Reason.NOT_CONVERGED, f"γ = {g:g}: the flow spent t = {r['t']:.3g} with the loss still falling "
                    f"({prev[-1]:.3g} → {r['loss']:.3g} over the last decade): needs a longer flow"))
    return None


def _common(ex, runs, gammas_pos) -> dict:
    return {"same_zero_loss_set": ex["same_zero_loss_set"],
            "nonpositive_gammas": float(sum(g <= 0 for g in gammas_pos)),
            "init_min_preact": min(r["init_min_preact"] for r in runs.values())}


def measure_construction(ctx: Context) -> list[Measurement]:
    p = ctx.params
    ex, runs = sweep(ctx)
    pos = [g for g in runs if g > 0]
    q = _common(ex, runs, [p["gamma_a"], p["gamma_b"]])
    q.update(loss_max=max(r["loss"] for r in runs.values()),
             w12_dev=max(max(abs(r["w"][0] - 5.0), abs(r["w"][1] + 1.0)) for r in runs.values()),
             half_space_max=max(r["w"][1] + r["w"][2] for g, r in runs.items() if g > 0) if pos else math.nan,
             w3_separation=abs(runs[p["gamma_a"]]["w"][2] - runs[p["gamma_b"]]["w"][2]),
             w3_limit={str(g): r["w"][2] for g, r in runs.items()},
             limits={str(g): r["w"] for g, r in runs.items()},
             activation_events={str(g): r["events"] for g, r in runs.items()},
             zero_loss_sets=ex["per_gamma_sets"])
    series = {"gammas": list(runs), "w3": [r["w"][2] for r in runs.values()],
              "trajectories": {str(g): r["trajectory"] for g, r in runs.items()}}
    values = {k: v for k, v in q.items() if isinstance(v, (int, float))}
    note = budget_note(runs, list(runs))
    return [Measurement(seed=s, values=values, quantities=q, series=series, inconclusive=note) for s in ctx.seeds]


def measure_not_min_norm(ctx: Context) -> list[Measurement]:
    ex, runs = sweep(ctx)
    pos = [g for g in runs if g > 0]
    w_min = ex["w_min"]
    dists = {str(g): float(np.linalg.norm(np.array(runs[g]["w"]) - w_min)) for g in pos}
    q = _common(ex, runs, pos)
    q.update(dist_to_min_norm=min(dists.values()) if dists else math.nan, distances=dists,
             loss_max=max(runs[g]["loss"] for g in pos) if pos else math.nan,
             w_min=w_min.tolist(), w3_limit={str(g): runs[g]["w"][2] for g in pos})
    values = {k: v for k, v in q.items() if isinstance(v, (int, float))}
    note = budget_note(runs, pos)
    return [Measurement(seed=s, values=values, quantities=q, inconclusive=note) for s in ctx.seeds]


def measure_approximate(ctx: Context) -> list[Measurement]:
    """``runs`` random inits ``w(0) = ε·g``, ``g ~ N(0, I₃)``, that see both targets (⟨w(0),x₁⟩, ⟨w(0),x₂⟩ > 0;
    others are discarded and counted), at one γ: ‖w_∞‖/‖w_min‖ and the final losses."""
    p = ctx.params
    X, y = fixture(ctx, p["gamma"])
    Xf, yf = np.array(X.tolist(), dtype=float), np.array(y.tolist(), dtype=float).ravel()
    Z = C.zero_loss_set(X, y)
    w_min = np.array([float(v) for v in C.min_norm_point(Z)])
    if ctx.hooks.reference is not None:
        w_min = np.asarray(ctx.hooks.reference("w_min", w_min.copy()), dtype=float)
    out = []
    for seed in ctx.seeds:
        gen = generator(7_000_003 + seed)
        ratios, losses, discarded, draws = [], [], 0, 0
        while len(losses) < p["runs"] and draws < 100 * p["runs"]:
            draws += 1
            w0 = p["eps"] * torch.randn(3, generator=gen, dtype=torch.float64).numpy()
            if np.any((Xf @ w0)[yf > 0] <= 0):  # both targets must be seen at init (else the neuron may die)
                discarded += 1
                continue
            fl = neuron_flow(Xf, yf, w0, rtol=p["rtol"], **(ctx.hooks.trainer or {}))
            w, L = _limit(ctx, Xf, yf, p["gamma"], fl)
            losses.append(L)
            ratios.append(float(np.linalg.norm(w) / np.linalg.norm(w_min)))
        unconv = sum(L > 1e-20 for L in losses)  # docs/claims-ext.md §6's zero-loss threshold
        # as above
        ok = [r for r, L in zip(ratios, losses) if L <= 1e-20]
        q = {"gamma": p["gamma"], "runs": len(ratios), "discarded_inits": discarded, "unconverged_runs": unconv,
             "norm_ratio_min": min(ok) if ok else math.nan, "norm_ratio_max": max(ok) if ok else math.nan,
             "norm_ratios": ratios, "final_losses": losses, "w_min": w_min.tolist()}
        out.append(Measurement(seed=seed, values={k: v for k, v in q.items() if isinstance(v, (int, float))},
                               quantities=q, series={"ratios": ratios}))
    return out


def measure_zero_set(ctx: Context) -> list[Measurement]:
    gammas = _gammas(ctx.params["gammas"])
    ex = exact_analysis(ctx, gammas)
    q = {"set_is_spec": float(ex["symbolic_spec_set"]), "exact_zero_loss": ex["exact_zero_loss"],
         "min_norm_is_spec": ex["min_norm_is_spec"], "w_min": ex["w_min"].tolist(), "zero_loss_sets": ex["per_gamma_sets"]}
    return [Measurement(seed=s, values={k: v for k, v in q.items() if isinstance(v, float)}, quantities=q)
            for s in ctx.seeds]


_NOTE = "the construction is a fixed fixture"
_INERT = {"rtol": binding.RESOLUTION,
          "seed": "unused by the construction's flows (w(0) = ε𝟙); only vardishamir2021.approximate draws random inits"}
_ASKED = "an exploratory question with no hypotheses: answered `observed`, never a verdict credited to a paper"
SPECS = [
    CheckSpec(claim=st.CONSTRUCTION, params={**PARAMS, **constant_params(st.CONSTRUCTION)},
              measure=measure_construction, quick=[{}, {"eps": 1e-4}], full=[{"gammas": "0,0.25,0.5,1,2,5,10,20,50"}],
              accepts_data=False, data_note=_NOTE, inert=_INERT),
    CheckSpec(claim=st.NOT_MIN_NORM, params={**PARAMS, **constant_params(st.NOT_MIN_NORM)},
              measure=measure_not_min_norm, quick=[{}], full=[{"gammas": "0.5,1,2,5,10,20,50"}], accepts_data=False,
              data_note=_NOTE, inert=_INERT),
    CheckSpec(claim=st.APPROXIMATE,
              params={**{k: PARAMS[k] for k in ("eps", "rtol", "seed")},
                      "gamma": Param("gamma", float, 1.0, "γ of the fixture", lambda v: 0 <= v <= 1e3, "in [0, 1000]"),
                      "runs": Param("runs", int, 12, "random inits", lambda v: 1 <= v <= 10000, "in [1, 10000]")},
              measure=measure_approximate, quick=[{}], full=[{"runs": 200}, {"gamma": 5.0, "runs": 200}],
              accepts_data=False, data_note=_NOTE, inert={"rtol": binding.RESOLUTION, "eps": _ASKED, "seed": _ASKED,
                                                          "gamma": _ASKED, "runs": binding.REPEATS}),
    CheckSpec(claim=st.ZERO_SET, params={"gammas": PARAMS["gammas"]}, measure=measure_zero_set, quick=[{}],
              full=[{"gammas": "0.001,0.1,1,3,7,1000"}], accepts_data=False, data_note=_NOTE,
              inert={"gammas": "the γ at which the exact (sympy) zero-loss set is computed; the statement quantifies "
                               "over every γ > 0 and has no other hypothesis"}),
]
