"""frei2023 Section 4: the symbolic activation proof, Theorem 4.2 (GD, smoothed leaky ReLU) and Figure 1."""
from __future__ import annotations

import math

import numpy as np
import torch

from ibcheck.numerics.data.classification import gaussian_pm1, gmm
from ibcheck.numerics.runtime.errors import InputError
from ibcheck.numerics.data.sets import SAMPLER_HELP, SAMPLERS
from ibcheck.numerics.trainers.smooth_gd import gd_smooth, smooth_leaky_grad
from ibcheck.numerics.trainers.two_layer import gaussian_init, second_layer
from ..theory import statements as st
from ..theory.activation import prove_leaky_smooth, prove_smoothed
from ..theory.hypothesis import h_quantities
from ibcheck.theory import asymptotic_frozen as frozen
from ibcheck.theory.asymptotic import Series, geometric, series_at

from ibcheck.checks.horizon import step_budget
from ibcheck.checks import binding
from ibcheck.checks.base import CheckSpec, Context, Inconclusive, Measurement, Reason
from ibcheck.checks.params import Param, ParamAlias, constant_params, grid


def _m_of_m1_m2(old: dict) -> dict:
    """m₁ neurons with a = +1/√m and m₂ with a = −1/√m (the parameters of the Section 3 flows, which these GD claims
    once took too) are exactly the network m = m₁ + m₂ when m₁ = m₂: GD here always splits m into equal halves
    (second_layer(m/2, m/2)). Unequal or single counts have no equivalent: an input error, not a different network."""
    if set(old) != {"m1", "m2"}:
        given = next(iter(old))
        raise InputError(f"{given}={old[given]} alone cannot be mapped: these GD claims train m/2 neurons of each sign "
                         f"(m1 = m2 = m/2); give both m1 and m2 (equal) or --set m=N")
    if old["m1"] != old["m2"] or old["m1"] < 1:
        raise InputError(f"m1={old['m1']}, m2={old['m2']} cannot be mapped: these GD claims train m/2 neurons of "
                         f"each sign, so m1 must equal m2 (>= 1); for an unbalanced network use the Section 3 flows "
                         f"(frei2023.thm3.*, which take m1 and m2)")
    return {"m": old["m1"] + old["m2"]}


M1_M2 = ParamAlias(old=("m1", "m2"), new="m", meaning="neurons with a = +1/√m and with a = −1/√m",
                   translate=_m_of_m1_m2, since="0.2.0", removed_in="0.3.0")

# ---- activation ------------------------------------------------------------------------------------
_PROOF_KEYS = ["proof_phi0", "proof_dphi_lower", "proof_dphi_upper", "proof_d2phi_lower", "proof_d2phi_upper",
               "proof_homogeneous"]


def measure_activation(ctx: Context) -> list[Measurement]:
    act = ctx.params["activation"]
    if act == "smoothed":
        proof = prove_smoothed(1)
    elif act == "smoothed-c2":  # a twice sharper softplus: (1−γ)/2-smooth, not ¼-smooth
        proof = prove_smoothed(2)
    else:  # "leaky": not differentiable at 0
        proof = prove_leaky_smooth()
    res = [s.result for s in proof.steps]
    if act == "leaky":  # φ' ∈ {γ, 1} off 0 and φ'' = (1−γ)²δ ≥ 0: only the smoothness bound is refuted
        vals = [res[0], True, True, True, res[1], True]
    else:
        vals = res
    values = {k: (math.nan if v is None else float(v)) for k, v in zip(_PROOF_KEYS, vals)}
    q = {"activation": proof.activation,
         "derivation": [{"claim": s.claim, "reduced_expression_latex": s.expression, "result": s.result, "how": s.how}
                        for s in proof.steps]}
    q.update(values)
    undecided = [s.claim for s in proof.steps if s.result is None]
    return [Measurement(seed=ctx.seeds[0], values=values, quantities=q,
                        inconclusive=(Inconclusive(Reason.SYMBOLIC_UNDECIDED, "sympy left undecided: " + ", ".join(undecided))) if undecided else None)]


ACTIVATION_SPEC = CheckSpec(
    claim=st.ACTIVATION, measure=measure_activation, accepts_data=False, data_note="a symbolic proof takes no data",
    params={"activation": Param("activation", str, "smoothed", "smoothed | smoothed-c2 | leaky (controls)",
                                lambda v: v in ("smoothed", "smoothed-c2", "leaky"), "smoothed, smoothed-c2 or leaky")},
    quick=[{}], full=[],
    inert={"activation": "which activation the symbolic proof is run on (the controls must be refuted): the proof has "
                         "no hypothesis"})

# ---- Theorem 4.2 -----------------------------------------------------------------------------------
GD_PARAMS = {
    "n": Param("n", int, 20, "examples", lambda v: v >= 2, "must be >= 2"),
    "d": Param("d", int, 10_000_000, "input dimension (default inside (H): slack 2.36 at seed 0)", lambda v: v >= 2,
               "must be >= 2"),
    "m": Param("m", int, 100, "neurons (half with a = +1/√m, half −1/√m)", lambda v: v >= 2 and v % 2 == 0,
               "an even number >= 2"),
    "gamma": Param("gamma", float, 0.5, "leaky slope γ", lambda v: 0 < v <= 1, "γ must lie in (0, 1]"),
    "init_scale": Param("init_scale", float, 1e-7, "row norm of W⁽⁰⁾ (entries N(0, s²/d)); the small-init "
                        "hypothesis compares √(ωmd) = s√m with c_init·ηγR_min/√n", lambda v: v > 0, "must be > 0"),
    "eta_scale": Param("eta_scale", float, 1.0, "step η = eta_scale / R_max²", lambda v: v > 0, "must be > 0"),
    "steps": Param("steps", int, 20000, "GD steps", lambda v: v >= 10, "must be >= 10"),
    "data": Param("data", str, "gaussian", "gaussian (±1 labels) | gmm", lambda v: v in ("gaussian", "gmm"),
                  "gaussian or gmm"),
    "beta": Param("beta", float, 0.3, "‖μ‖ = d^β for data=gmm", lambda v: 0 < v < 0.5, "in (0, ½)"),
    "seed": Param("seed", int, 0, "first seed", lambda v: v >= 0, "must be >= 0"),
    "sampler": Param("sampler", str, "auto", SAMPLER_HELP, lambda v: v in SAMPLERS, " | ".join(SAMPLERS)),
}


def _data(p, n, d, seed, device):
    if p["data"] == "gaussian":
        return gaussian_pm1(n, d, seed, device=device, sampler=p["sampler"])
    return gmm(n, d, seed, p["beta"], device=device, sampler=p["sampler"])


def run_gd(p: dict, n: int, d: int, m: int, seeds: list[int], device, hooks=None, init_scale=None, eta=None):
    """Batched GD over seeds; returns (records, per-seed hypothesis values, datasets)."""
    dats = [_data(p, n, d, s, device) for s in seeds]
    K = torch.stack([x.K for x in dats])
    y = torch.stack([x.y.to(K.device) for x in dats])
    a = second_layer(m // 2, m // 2, device=K.device)
    s_ = p["init_scale"] if init_scale is None else init_scale
    inits = [gaussian_init(None if x.X is None else x.X.to(K.device), x.K, m, s_ / math.sqrt(d), seed, d=d)
             for x, seed in zip(dats, seeds)]
    B0 = torch.stack([b for b, _ in inits])
    P = torch.stack([pp for _, pp in inits])
    if hooks is not None and hooks.init is not None:
        B0 = hooks.init(B0)
    act_grad = hooks.deriv if hooks is not None and hooks.deriv is not None else smooth_leaky_grad
    rmax2 = K.diagonal(dim1=1, dim2=2).amax(1)
    eta_t = (p["eta_scale"] if eta is None else eta) / rmax2
    rec = gd_smooth(K, y, a, B0, P, eta_t, p["gamma"], p["steps"], act_grad=act_grad)
    hyp = []
    for s in range(len(seeds)):
        h = h_quantities(K[s].cpu().numpy(), p["gamma"])
        h.update(eta_rmax2=float(eta_t[s] * rmax2[s]), eta=float(eta_t[s]), init_variance=s_ ** 2 / d, m=m, d=d)
        hyp.append(h)
    return rec, hyp, rec.B, [x.describe() for x in dats]


def _series(rec, s):
    return {"steps": rec.steps, "srank": [float(x[s]) for x in rec.srank], "spectral": [float(x[s]) for x in rec.spectral],
            "fro": [float(x[s]) for x in rec.fro], "loss": [float(x[s]) for x in rec.loss]}


def measure_thm42(ctx: Context) -> list[Measurement]:
    p = ctx.params
    rec, hyp, _, descs = run_gd(p, p["n"], p["d"], p["m"], ctx.seeds, ctx.device, ctx.hooks)
    out = []
    for s, seed in enumerate(ctx.seeds):
        se = _series(rec, s)
        if ctx.hooks.limit is not None:  # negative controls replace the recorded trajectory
            se = ctx.hooks.limit(se)
        m, d = p["m"], p["d"]
        loss = se["loss"]
        T = se["steps"][-1]
        i10 = max(i for i, t in enumerate(se["steps"]) if t <= T / 10)
        q = dict(hyp[s])
        q.update(srank_init=se["srank"][0], srank_init_predicted=m * d / (math.sqrt(m) + math.sqrt(d)) ** 2,
                 srank_after_step1=se["srank"][1], srank_max_after_step1=max(se["srank"][1:]),
                 loss_final=loss[-1], loss_ratio=loss[-1] / loss[0],
                 loss_increases=int(sum(b > a_ * (1 + 1e-12) for a_, b in zip(loss, loss[1:]))),
                 loss_stalls=int(sum(b >= a_ for a_, b in zip(loss, loss[1:]))),
                 spectral_norm_final=se["spectral"][-1], spectral_growth=se["spectral"][-1] / se["spectral"][1],
                 spectral_tail_growth=se["spectral"][-1] / se["spectral"][i10])
        values = {k: v for k, v in q.items() if isinstance(v, (int, float))}
        values.update(headline_series(se))
        frozen.mark_all(values, int(rec.frozen_at[s]) if rec.frozen_at is not None else None)  # float64 froze B
        q.update({k: list(v.values) for k, v in values.items() if isinstance(v, Series)})
        if "loss_series" in values:
            q["headline_checkpoints"] = list(values["loss_series"].clock)
        out.append(Measurement(seed=seed, values=values, quantities=q, series=se, data=descs[s]))
    return out


def headline_series(se: dict) -> dict:
    """Theorem 4.2's headline conclusions at geometric checkpoints of t, 4 per decade over the run's last three
    decades (from t = 2: log t > 0), read from the recorded steps (every step to 20, then ×1.25): L̂(W⁽ᵗ⁾),
    1/‖W⁽ᵗ⁾‖₂ and srank(W⁽ᵗ⁾)/log t (``papers.frei2023.theory.limit_rows``)."""
    T = float(se["steps"][-1])
    if T < 4:
        return {}
    targets = geometric(max(T / 1000, 2.0), T, 13)
    return {"loss_series": series_at(se["steps"], se["loss"], targets),
            "inverse_spectral_series": series_at(se["steps"], [1 / v if v > 0 else math.inf for v in se["spectral"]],
                                                 targets),
            "srank_series": series_at(se["steps"], [r / math.log(t) if t > 1 else math.nan
                                                    for t, r in zip(se["steps"], se["srank"])], targets)}


def measure_srank(ctx: Context) -> list[Measurement]:
    """The Theorem 4.2 run at (n, d, m) plus a sweep over m, d and n for the constant C and its growth."""
    p = ctx.params
    base = measure_thm42(ctx)
    ms, ds, ns = grid(p["m_grid"], "m_grid", int), grid(p["d_grid"], "d_grid", int), grid(p["n_grid"], "n_grid", int)
    for mm in ms:
        if mm % 2:
            raise InputError(f"--set m_grid: every m must be even, got {mm}")
    for b in base:
        sweep = {"m": [], "d": [], "n": []}
        sub = dict(p, steps=p["sweep_steps"])

        def top(n, d, m):
            rec, _, _, _ = run_gd(sub, n, d, m, [b.seed], ctx.device, ctx.hooks)
            se = _series(rec, 0)
            if ctx.hooks.limit is not None:
                se = ctx.hooks.limit(se)
            return max(se["srank"][1:])
        sweep["m"] = [top(p["n"], p["d"], mm) for mm in ms]
        sweep["d"] = [top(p["n"], dd, p["m"]) for dd in ds]
        sweep["n"] = [top(nn, p["d"], p["m"]) for nn in ns]
        slope = lambda xs, ys: float(np.polyfit(np.log(xs), np.log(ys), 1)[0])  # noqa: E731
        C = max([b.quantities["srank_max_after_step1"]] + sweep["m"] + sweep["d"] + sweep["n"])
        extra = {"srank_slope_m": slope(ms, sweep["m"]), "srank_slope_d": slope(ds, sweep["d"]),
                 "srank_slope_n": slope(ns, sweep["n"]), "C_measured": C, "srank_max_after_step1": C,
                 "sweep": {"m": ms, "max_srank_by_m": sweep["m"], "d": ds, "max_srank_by_d": sweep["d"],
                           "n": ns, "max_srank_by_n": sweep["n"]}}
        b.quantities.update(extra)
        b.values.update({k: v for k, v in extra.items() if isinstance(v, float)})
    return base


_BASEP = {**GD_PARAMS}
# The default (n=20, d=1e7, m=100, γ=½) is inside the reconstructed (H); n=50, d=5000 (the previous default) is
# outside (slack 0.012) with every conclusion holding (a finding).
_Q42 = [{}, {"n": 50, "d": 5000}]
_F42 = [{"m": 400, "d": 20000, "n": 100}, {"data": "gmm", "n": 100, "d": 10 ** 8}, {"gamma": 0.2},
        {"sampler": "explicit", "n": 6, "d": 400000, "m": 50}]
INERT42 = {"steps": binding.HORIZON}
THM42_SPECS = [
    CheckSpec(claim=st.THM42_LOSS, measure=measure_thm42, params={**_BASEP, **constant_params(st.THM42_LOSS)},
              quick=_Q42, full=_F42, accepts_data=False, data_note="uses generated data", aliases=(M1_M2,),
              horizon=step_budget("steps", 10), inert=INERT42),
    CheckSpec(claim=st.THM42_NORM, measure=measure_thm42, params={**_BASEP, **constant_params(st.THM42_NORM)},
              quick=_Q42, full=_F42, accepts_data=False, data_note="uses generated data", aliases=(M1_M2,),
              horizon=step_budget("steps", 10), inert=INERT42),
    CheckSpec(claim=st.THM42_SRANK, measure=measure_srank,
              params={**_BASEP, **constant_params(st.THM42_SRANK),
                      "m_grid": Param("m_grid", str, "50,100,200", "m values of the sweep (even)"),
                      "d_grid": Param("d_grid", str, "1e5,1e6,1e7", "d values of the sweep"),
                      "n_grid": Param("n_grid", str, "10,20,40", "n values of the sweep"),
                      "sweep_steps": Param("sweep_steps", int, 200, "GD steps per sweep point", lambda v: v >= 2,
                                           "must be >= 2")},
              quick=_Q42, full=[{"m_grid": "64,256,1024", "d_grid": "1e4,1e6,1e8", "n_grid": "10,40,160",
                                 "sweep_steps": 1000}], accepts_data=False, data_note="uses generated data",
              aliases=(M1_M2,), horizon=step_budget("steps", 10),
              inert={**INERT42, "m_grid": binding.GRID, "d_grid": binding.GRID, "n_grid": binding.GRID,
                     "sweep_steps": binding.HORIZON}),
]

# ---- Figure 1 ------------------------------------------------------------------------------------
def measure_fig1(ctx: Context) -> list[Measurement]:
    """Gaussian mixture, n = 100: srank(W⁽ᵀ⁾)/srank(W⁽⁰⁾) vs d (init fixed) and vs the init scale (d fixed)."""
    p = ctx.params
    ds, inits = grid(p["d_grid"], "d_grid", int), grid(p["init_grid"], "init_grid")
    out = []
    for seed in ctx.seeds:
        sub = dict(p, data="gmm")
        by_d, by_init, series = [], [], {}
        for d in ds:
            rec, _, _, _ = run_gd(sub, p["n"], d, p["m"], [seed], ctx.device, ctx.hooks)
            se = _series(rec, 0) if ctx.hooks.limit is None else ctx.hooks.limit(_series(rec, 0))
            by_d.append(se["srank"][-1] / se["srank"][0])
            series[f"d={d}"] = se
        for s_ in inits:
            rec, _, _, _ = run_gd(sub, p["n"], p["d"], p["m"], [seed], ctx.device, ctx.hooks, init_scale=s_)
            se = _series(rec, 0) if ctx.hooks.limit is None else ctx.hooks.limit(_series(rec, 0))
            by_init.append(se["srank"][-1])
            series[f"init={s_}"] = se
        # strictly monotone, and a reduction at all (a frozen trainer gives equal ratios of 1)
        mono_d = all(b < a_ for a_, b in zip(by_d, by_d[1:])) and by_d[-1] < 0.5
        order = np.argsort(inits)
        si = [by_init[i] for i in order]
        mono_s = all(b > a_ for a_, b in zip(si, si[1:]))
        q = {"d": ds, "srank_ratio_by_d": by_d, "init": inits, "srank_final_by_init": by_init,
             "reduction_monotone_in_d": mono_d, "reduction_monotone_in_init": mono_s}
        out.append(Measurement(seed=seed, values={"reduction_monotone_in_d": float(mono_d),
                                                  "reduction_monotone_in_init": float(mono_s)},
                               quantities=q, series=series))
    return out


_FIGURE = ("a setting of the figure's sweep: the claim (how the stable-rank reduction moves with d and the init) states "
           "no hypothesis, its rows compare the sweep's points")
FIG1_SPEC = CheckSpec(
    claim=st.FIG1, measure=measure_fig1, accepts_data=False, data_note="Gaussian mixture by definition",
    params={**{k: GD_PARAMS[k] for k in ("gamma", "eta_scale", "seed", "beta", "sampler")},
            "n": Param("n", int, 100, "examples (paper: 100)", lambda v: v >= 2, ">= 2"),
            "m": Param("m", int, 100, "neurons", lambda v: v >= 2 and v % 2 == 0, "even, >= 2"),
            "d": Param("d", int, 8000, "d of the init sweep", lambda v: v >= 2, ">= 2"),
            "steps": Param("steps", int, 300, "GD steps", lambda v: v >= 10, ">= 10"),
            "init_scale": Param("init_scale", float, 1e-3, "init (row norm) of the d sweep", lambda v: v > 0, "> 0"),
            "d_grid": Param("d_grid", str, "500,2000,8000,32000", "d values"),
            "init_grid": Param("init_grid", str, "1e-4,1e-3,1e-2,1e-1", "init scales (row norms)")},
    quick=[{}], full=[{"m": 512, "steps": 1000}], aliases=(M1_M2,),
    inert={k: _FIGURE for k in ("gamma", "eta_scale", "seed", "beta", "sampler", "n", "m", "d", "steps", "init_scale",
                                "d_grid", "init_grid")})

SPECS = [ACTIVATION_SPEC, *THM42_SPECS, FIG1_SPEC]
