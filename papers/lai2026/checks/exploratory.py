"""Exploratory lai2026 claims: measured behaviour beyond the theorems (random init, moderate d, m > 2).

Their statements are the behaviour docs/findings.md documents; the checks fail when it stops reproducing.
"""
from __future__ import annotations

import math

import numpy as np
import torch

from ibcheck.numerics.data.sets import make_gaussian
from ibcheck.numerics.runtime.device import generator
from ibcheck.numerics.data.inits import disjoint_init, random_init
from ibcheck.numerics.trainers.relu_gd import gd_span
from ..theory import statements as st
from ..theory.minnorm import min_norm_m2_decoupled
from ..theory.pattern_qp import min_norm_in_pattern

from ibcheck.checks.base import CheckSpec, Context, Inconclusive, Measurement, Reason
from ibcheck.checks.params import Param, grid
from . import common as C

_RUNS = Param("runs", int, 16, "datasets (and inits) per setting, batched into one GD run",
              lambda v: v >= 1, "must be >= 1")


def _gen(ctx: Context, seed: int, n: int, d: int, runs: int, keep_X: bool = False):
    p = ctx.params
    return [make_gaussian(n, d, seed * 1000 + r, spec=p["spectrum"], labels=p["labels"], y_low=p["y_low"],
                          y_high=p["y_high"], pos_frac=p["pos_frac"], device=ctx.device, keep_X=keep_X,
                          sampler=p["sampler"])
            for r in range(runs)]


# ---- random init ---------------------------------------------------------------------------------
def measure_random_init(ctx: Context) -> list[Measurement]:
    """Per init scale ``s`` (β⁽⁰⁾ entries of std ≈ s): dead positives and runs missing the global min."""
    p = ctx.params
    scales = sorted(grid(p["init_scales"], "init_scales"))
    out = []
    for seed in ctx.seeds:
        dss = _gen(ctx, seed, p["n"], p["d"], p["runs"])
        if ctx.hooks.gram is not None:
            for d_ in dss:
                d_.K = ctx.hooks.gram(d_.K)
        K, y, tr = C.stack(dss)
        P = y > 0
        rows = []
        for s_ in scales:
            a0 = torch.stack([random_init(d_.X, d_.K, 1, s_, d_.trace_sigma, seed * 1000 + r, d=d_.d)[0]
                              for r, d_ in enumerate(dss)])
            if ctx.hooks.init is not None:
                a0 = ctx.hooks.init(a0)
            res = gd_span(K, y, torch.ones(1, dtype=K.dtype), a0, p["eta_scale"] / tr, max_steps=p["max_steps"],
                          deriv=ctx.hooks.deriv)
            beta0 = (a0 @ K)[:, 0]
            beta = res.beta[:, 0]
            f = beta.clamp_min(0)
            loss = 0.5 * ((f - y) ** 2).sum(1)
            min_loss = 0.5 * (y.clamp_max(0) ** 2).sum(1)
            dead0 = ((beta0 <= 0) & P).sum(1).double() / P.sum(1)
            dead = ((beta <= 0) & P).sum(1).double() / P.sum(1)
            missed = loss > min_loss * (1 + 1e-6) + 1e-9  # tolerance: far above GD's 1e-12 convergence error
            rows.append({"init_scale": s_, "dead_positive_fraction_at_init": float(dead0.mean()),
                         "dead_positive_fraction": float(dead.mean()), "missed_fraction": float(missed.double().mean()),
                         "converged_fraction": float(res.converged.double().mean())})
        q = {"by_scale": rows, "runs": p["runs"],
             "dead_positive_fraction_large_init": rows[-1]["dead_positive_fraction"],
             "missed_fraction_large_init": rows[-1]["missed_fraction"],
             "dead_positive_fraction_small_init": rows[0]["dead_positive_fraction"]}
        inconc = None if all(r["converged_fraction"] == 1 for r in rows) else Inconclusive(Reason.NOT_CONVERGED, "some GD runs did not converge")
        out.append(Measurement(seed=seed, values=dict(q), quantities=q, inconclusive=inconc, series=q))
    return out


# ---- moderate d ----------------------------------------------------------------------------------
def measure_moderate_d(ctx: Context) -> list[Measurement]:
    """Step-1 pattern vs sign(y) and init dependence of the final pattern as d/n decreases.

    Step ``η = η̄/λ_max(K)`` here (``1/‖λ‖₁`` diverges once ``λ_max(K) ≈ ‖λ‖₁(1+√(n/d))² > 2‖λ‖₁``).
    Inits: ``w₀ = ε Xᵀu/‖λ‖₁`` with ``u ~ U[½, 3/2]ⁿ`` (positive, different per init).
    """
    p = ctx.params
    ratios = sorted(grid(p["ratios"], "ratios"), reverse=True)
    if min(ratios) <= 1:
        from ibcheck.numerics.runtime.errors import InputError
        raise InputError("--set ratios: every d/n must be > 1 (K must be invertible)")
    n, runs, n_inits = p["n"], p["runs"], p["n_inits"]
    out = []
    for seed in ctx.seeds:
        rows = []
        first_mismatch = np.zeros(runs)  # largest d/n with a step-1 mismatch (0 = none)
        for ratio in ratios:
            dss = _gen(ctx, seed, n, int(round(ratio * n)), runs)
            if ctx.hooks.gram is not None:
                for d_ in dss:
                    d_.K = ctx.hooks.gram(d_.K)
            K, y, tr = C.stack(dss)
            eta = p["eta_scale"] / torch.linalg.eigvalsh(K)[:, -1]
            finals, mism = [], None
            for j in range(n_inits):
                u = 0.5 + torch.rand(runs, 1, n, generator=generator(seed * 7919 + j), dtype=K.dtype).to(K.device)
                a0 = p["init_scale"] * u / tr.view(-1, 1, 1)
                res = gd_span(K, y, torch.ones(1, dtype=K.dtype), a0, eta, max_steps=p["max_steps"],
                              deriv=ctx.hooks.deriv)
                if j == 0:
                    mism = (res.pattern_step1[:, 0] != (y > 0)).any(1).cpu().numpy()
                finals.append((res.beta[:, 0] > 0).cpu().numpy())
            F = np.stack(finals)  # (inits, runs, n)
            disagree = (F != F[0:1]).any(0).mean(1)  # per run: fraction of examples that differ across inits
            first_mismatch = np.where((first_mismatch == 0) & mism, ratio, first_mismatch)
            rows.append({"d_over_n": ratio, "step1_mismatch_fraction": float(mism.mean()),
                         "init_disagreement": float(disagree.mean())})
        q = {"by_ratio": rows, "first_mismatch_d_over_n_per_run": first_mismatch.tolist(),
             "first_mismatch_d_over_n_median": float(np.median(first_mismatch)),
             "init_disagreement_high_d": rows[0]["init_disagreement"],
             "init_disagreement_low_d": rows[-1]["init_disagreement"]}
        out.append(Measurement(seed=seed, values=dict(q), quantities=q, series=q))
    return out


# ---- m > 2 ---------------------------------------------------------------------------------------
LIMIT_FIT = 1e-10  # the statement's tolerance on ‖f(α) − y‖²/‖y‖² (papers/lai2026/theory/statements.py, M_GT_2)


def measure_m_gt_2(ctx: Context) -> list[Measurement]:
    """``m₊ = m₋ = m/2`` neurons (a = ±1), each initially active on its own block of same-sign examples."""
    p = ctx.params
    m = p["m"]
    if m < 4 or m % 2:
        from ibcheck.numerics.runtime.errors import InputError
        raise InputError(f"--set m={m}: need an even m >= 4")
    a = np.array([1.0] * (m // 2) + [-1.0] * (m // 2))
    out = []
    for seed in ctx.seeds:
        rows = []
        for d in grid(p["d_grid"], "d_grid", int):
            dss = _gen(ctx, seed, p["n"], d, 1)
            if ctx.hooks.gram is not None:
                dss[0].K = ctx.hooks.gram(dss[0].K)
            K, y, tr = C.stack(dss)
            yy = y[0].cpu().numpy()
            groups = np.zeros(len(yy), dtype=np.int64)  # positives round-robin over positive neurons, etc.
            pos_idx, neg_idx = np.flatnonzero(yy > 0), np.flatnonzero(yy <= 0)
            groups[pos_idx] = np.arange(len(pos_idx)) % (m // 2)
            groups[neg_idx] = m // 2 + np.arange(len(neg_idx)) % (m // 2)
            a0 = disjoint_init(1, torch.as_tensor(groups), m, float(tr[0]), p["init_scale"], device=K.device)
            res = gd_span(K, y, torch.as_tensor(a), a0, p["eta_scale"] / tr, max_steps=p["max_steps"],
                          deriv=ctx.hooks.deriv)
            alpha_t = res.alpha if ctx.hooks.limit is None else ctx.hooks.limit(K, y, tr, res.alpha)
            alpha = alpha_t[0].cpu().numpy()
            Kn = K[0].cpu().numpy()
            A = (alpha @ Kn > 0).astype(float)
            init_A = (groups[None, :] == np.arange(m)[:, None])
            wp, wm = min_norm_m2_decoupled(Kn, yy, float(tr[0]))
            shared = np.concatenate([np.repeat(wp.alpha[None] / (m // 2), m // 2, 0),
                                     np.repeat(wm.alpha[None] / (m // 2), m // 2, 0)])
            own, own_norm, info, viol = min_norm_in_pattern(Kn, yy, a, A, float(tr[0]))
            with np.errstate(over="ignore", invalid="ignore"):  # a diverged trainer's limit: an infinite loss
                r_lim = a @ np.maximum(alpha @ Kn, 0.0) - yy  # the limit handed in, fitted to y (its own loss)
                rel_fit = float(r_lim @ r_lim / (yy @ yy))
            rows.append({
                "d": d, "converged": bool(res.converged[0]), "final_loss": float(res.loss[0]),
                "limit_rel_loss": rel_fit,
                "pattern_stayed_disjoint": bool((A.astype(bool) == init_A).all()),
                "rel_gap_shared": C.knorm(Kn, alpha - shared) / C.knorm(Kn, shared),
                "rel_gap_pattern": (C.knorm(Kn, alpha - own) / own_norm) if own is not None else math.nan,
                "gap_pattern": C.knorm(Kn, alpha - own) if own is not None else math.nan,
                "trace_sigma": float(tr[0]),
                "norm_ratio_gd_over_shared": C.knorm(Kn, alpha) / C.knorm(Kn, shared),
                "pattern_qp_status": info.status, "pattern_qp_violation": viol})
        q = {"by_d": rows, "rel_gap_shared_large_d": rows[-1]["rel_gap_shared"],
             "slope_pattern_gap": float(np.polyfit(np.log([r["trace_sigma"] for r in rows]),
                                                   np.log([r["gap_pattern"] for r in rows]), 1)[0]),
             "patterns_stayed_disjoint": all(r["pattern_stayed_disjoint"] for r in rows),
             "limit_rel_loss_max": max(r["limit_rel_loss"] for r in rows)}
        # an `infeasible` pattern QP is explained when the limit itself does not fit y (no interpolant has its pattern)
        bad = [r for r in rows if not r["converged"] or r["pattern_qp_status"] != "optimal" and not (
            r["pattern_qp_status"] == "infeasible" and r["limit_rel_loss"] > LIMIT_FIT)]
        out.append(Measurement(seed=seed, values=dict(q, slope_tol=p["slope_tol"]), quantities=q, series=q,
                               inconclusive=(Inconclusive(Reason.NOT_CONVERGED, "GD or the pattern QP did not finish accurately") if bad else None)))
    return out


_BASE = {k: C.DATA_PARAMS[k] for k in ("n", "spectrum", "labels", "y_low", "y_high", "pos_frac", "seed", "sampler")}
_GD = {"eta_scale": C.GD_PARAMS["eta_scale"], "max_steps": C.GD_PARAMS["max_steps"]}

_ALL_ASKED = {k: C.ASKED for k in ("n", "d", "spectrum", "labels", "y_low", "y_high", "pos_frac", "seed", "sampler",
                                    "eta_scale", "init_scale", "init_scales", "m", "ratios", "n_inits", "runs",
                                    "d_grid", "max_steps")}
SPECS = [
    CheckSpec(claim=st.RANDOM_INIT, inert=_ALL_ASKED, measure=measure_random_init, accepts_data=False,
              data_note="needs many generated datasets",
              params={**_BASE, "d": C.DATA_PARAMS["d"], **_GD, "runs": _RUNS,
                      "init_scales": Param("init_scales", str, "0.001,0.01,0.1,1", "init scales s (std of β⁽⁰⁾)")},
              quick=[{}], full=[{"runs": 64, "n": 100, "d": 100000}]),
    CheckSpec(claim=st.MODERATE_D, inert=_ALL_ASKED, measure=measure_moderate_d, accepts_data=False,
              data_note="sweeps d itself",
              params={**_BASE, **_GD, "runs": _RUNS,
                      "init_scale": C.GD_PARAMS["init_scale"],
                      "ratios": Param("ratios", str, "100,30,10,5,3,2,1.5,1.2", "d/n values, descending"),
                      "n_inits": Param("n_inits", int, 4, "positive inits compared per dataset",
                                       lambda v: v >= 2, "must be >= 2")},
              quick=[{}], full=[{"runs": 64, "n": 100}]),
    CheckSpec(claim=st.M_GT_2, inert=_ALL_ASKED, measure=measure_m_gt_2, accepts_data=False, data_note="sweeps d itself",
              params={**_BASE, **_GD, **C.constant_params(st.M_GT_2),
                      "init_scale": Param("init_scale", float, 0.5, "ε of the disjoint init (label units): above the "
                                          "cross-talk √(n/d)·|y| so the patterns stay disjoint", lambda v: v > 0, "> 0"),
                      "m": Param("m", int, 4, "number of neurons (even, >= 4)", lambda v: v >= 4, "must be >= 4"),
                      "d_grid": Param("d_grid", str, "1000,4000,16000,64000", "d values")},
              quick=[{}], full=[{"m": 8, "n": 80, "d_grid": "4000,40000,400000"}]),
]
