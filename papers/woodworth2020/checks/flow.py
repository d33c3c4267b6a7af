"""woodworth2020: the diagonal-network flow (span form) against Q_α's argmin, and its two regimes.

Injection points (tests only): ``Hooks.trainer`` — keyword arguments of ``numerics.diag_linear.span_flow``
(``link``: a wrong ``(w, dw/dz)`` map, ``rate``: a wrong sign/scale of ṡ); ``Hooks.reference(kind, w)`` —
maps a reference (``kind`` = ``"alpha"`` for argmin Q_α, ``"l1"``, ``"l2"``) before any comparison;
``Hooks.limit(X, y, α, w)`` — replaces the flow's limit at α (a wrong answer: another regime's interpolant).
"""
from __future__ import annotations

import math

import numpy as np

from ..numerics.diag_linear import span_flow
from ibcheck.numerics.runtime.errors import InputError
from ..numerics.sparse_regression import planted_sparse
from ibcheck.theory.asymptotic import Series
from ibcheck.theory.solver import SolverError
from ..theory import statements as st
from ..theory.dual import dual_cvxpy, dual_newton
from ..theory.interpolants import min_l1, min_l2

from ibcheck.checks import binding
from ibcheck.checks.base import CheckSpec, Context, Inconclusive, Measurement, Reason
from ibcheck.checks.params import Param, constant_params, grid
from ibcheck.checks.trends import count_increases, loglog_slope
from ibcheck.checks.horizon import extended_grid

CVX_MAX_N = 30  # exponential-cone cross-check of the dual on small problems
CVX_RTOL = 1e-4  # Clarabel's exp-cone iterates: a dual error δz becomes |z|·δz in w (|z| ≲ 30); observed ≤ 6e-6
REF_KKT_TOL = 1e-11  # re-verified dual residual ‖Xw − y‖/‖y‖ of the Newton reference

PARAMS = {
    "n": Param("n", int, 10, "number of examples", lambda v: v >= 1, "must be >= 1"),
    "d": Param("d", int, 40, "input dimension (d > n)", lambda v: v >= 2, "must be >= 2"),
    "k": Param("k", int, 3, "non-zeros of the planted w* (y = Xw*)", lambda v: v >= 1, "must be >= 1"),
    "alpha": Param("alpha", float, 1e-3, "init scale u(0) = v(0) = α𝟙", lambda v: 1e-8 <= v <= 1e4,
                   "must lie in [1e-8, 1e4]"),
    "res_tol": Param("res_tol", float, 1e-13, "stop the flow at ‖Xw − y‖ ≤ res_tol·‖y‖", lambda v: 1e-15 <= v < 1e-6,
                     "must lie in [1e-15, 1e-6)"),
    "seed": Param("seed", int, 0, "first seed (data)", lambda v: v >= 0, "must be >= 0"),
}


def dataset(ctx: Context, seed: int) -> tuple[np.ndarray, np.ndarray, dict]:
    """The user's ``(X, y)`` (validated: real y, d > n, full row rank) or the planted sparse fixture."""
    p = ctx.params
    if ctx.data is not None:
        if ctx.data.X is None:
            raise InputError("--data: woodworth2020 needs X itself (not only its Gram matrix)")
        X, y = ctx.data.X.cpu().numpy().astype(np.float64), ctx.data.y.cpu().numpy().astype(np.float64)
        n, d = X.shape
        if d <= n:
            raise InputError(f"--data: X is {n}×{d}; woodworth2020 needs d > n (interpolants must form a family)")
        sv = np.linalg.svd(X, compute_uv=False)
        if sv[-1] <= 1e-10 * sv[0]:
            raise InputError(f"--data: X ({n}×{d}) does not have full row rank (σ_min/σ_max = {sv[-1] / sv[0]:.1e})")
        if not np.any(y != 0):
            raise InputError("--data: y is identically 0 (the limit is trivially 0)")
        return X, y, {"w_star": None}
    X, y, w_star = planted_sparse(p["n"], p["d"], p["k"], seed)
    return X, y, {"w_star": w_star}


def hypotheses(X: np.ndarray) -> dict:
    n, d = X.shape
    sv = np.linalg.svd(X, compute_uv=False)
    rank = int(np.sum(sv > 1e-10 * sv[0]))
    return {"null_dim": float(d - rank), "smin_rel": float(sv[-1] / sv[0]) if n <= d else 0.0, "n": n, "d": d}


def _ref(ctx: Context, kind: str, w: np.ndarray) -> np.ndarray:
    return w if ctx.hooks.reference is None else np.asarray(ctx.hooks.reference(kind, w.copy()))


def flow(ctx: Context, X, y, alpha):
    return span_flow(X, y, alpha, res_tol=ctx.params["res_tol"], **(ctx.hooks.trainer or {}))


def _limit(ctx: Context, X, y, alpha, w: np.ndarray) -> np.ndarray:
    """The flow's limit, or what ``Hooks.limit(X, y, α, w)`` puts in its place (a wrong answer, tests only)."""
    return w if ctx.hooks.limit is None else np.asarray(ctx.hooks.limit(X, y, alpha, w.copy()), dtype=float)


def flow_note(fl) -> str | None:
    """``inconclusive`` only for a spent budget; a blown-up or stalled flow is measured (its residual fails)."""
    if not fl.converged and not fl.diverged and math.isfinite(fl.residual) and fl.t >= 1e12 * 0.999:
        return Inconclusive(Reason.NOT_CONVERGED, f"flow budget t = 1e12 spent at residual {fl.residual:.1e}")
    return None


# ---- woodworth2020.limit -------------------------------------------------------------------------
def measure_limit(ctx: Context) -> list[Measurement]:
    """Span-form flow to ‖Xw − y‖ ≤ 1e-13‖y‖ against the Newton dual (and cvxpy on small cases)."""
    alpha = ctx.params["alpha"]
    out = []
    for seed in ctx.seeds:
        X, y, info = dataset(ctx, seed)
        q = hypotheses(X)
        inconc = None
        if q["null_dim"] < 1 or q["smin_rel"] < 1e-10:  # generated data outside the hypotheses: no unique family
            out.append(Measurement(seed=seed, values=dict(q), quantities=q,
                                   note="d ≤ rank X: the interpolant is unique or does not exist"))
            continue
        ref = dual_newton(X, y, alpha)
        q.update(newton_iterations=ref.iterations, reference_residual=ref.residual,
                 reference_stationarity=ref.stationarity)
        if not ref.converged or ref.residual > REF_KKT_TOL:
            inconc = Inconclusive(Reason.REFERENCE_FAILED, f"Newton dual did not certify (re-verified residual {ref.residual:.1e})")
        w_ref = _ref(ctx, "alpha", ref.w)
        if X.shape[0] <= CVX_MAX_N and alpha <= 1.0:
            try:
                cone = dual_cvxpy(X, y, alpha)
                q["cvxpy_status"] = cone.info.status
                q["cvxpy_rel_dev"] = float(np.linalg.norm(cone.w - ref.w) / np.linalg.norm(ref.w))
                if not cone.info.accurate or q["cvxpy_rel_dev"] > CVX_RTOL:
                    inconc = inconc or (Inconclusive(Reason.REFERENCE_FAILED, f"exp-cone cross-check disagrees with Newton ({cone.info.status}, "
                                        f"{q['cvxpy_rel_dev']:.1e} relative)"))
            except SolverError as exc:
                inconc = inconc or Inconclusive(Reason.REFERENCE_FAILED, f"exp-cone cross-check failed: {exc}")
        fl = flow(ctx, X, y, alpha)
        inconc = inconc or flow_note(fl)
        w = _limit(ctx, X, y, alpha, fl.w)
        with np.errstate(invalid="ignore", over="ignore"):
            rel = float(np.linalg.norm(w - w_ref) / np.linalg.norm(w_ref))
        q.update(alpha=alpha, w_limit=w.tolist(), w_reference=w_ref.tolist(), rel_dev=rel if math.isfinite(rel) else math.inf,
                 interp_res=fl.residual, flow_time=fl.t, flow_nfev=fl.nfev, flow_seconds=round(fl.seconds, 4),
                 flow_converged=fl.converged, flow_diverged=fl.diverged, flow_message=fl.message)
        if info["w_star"] is not None:
            q["dist_to_planted"] = float(np.linalg.norm(w - info["w_star"]) / np.linalg.norm(info["w_star"]))
        values = {k: float(v) for k, v in q.items() if isinstance(v, (int, float, bool)) and not isinstance(v, str)}
        out.append(Measurement(seed=seed, values=values, quantities=q, inconclusive=inconc))
    return out


# ---- the α sweeps --------------------------------------------------------------------------------
def _sweep(ctx: Context, X, y, alphas):
    """The flow's limit at each α (and the Newton reference as a cross-check)."""
    ws, devs, bad = [], [], None
    for a in alphas:
        fl = flow(ctx, X, y, a)
        ref = dual_newton(X, y, a)
        if not fl.converged:
            bad = bad or flow_note(fl)
        w = _limit(ctx, X, y, a, fl.w)
        ws.append(w)
        devs.append(float(np.linalg.norm(w - ref.w) / np.linalg.norm(ref.w)) if np.all(np.isfinite(w)) else math.inf)
    return ws, devs, bad


def _dense_curve(X, y, l1, l2, lo=1e-6, hi=1e2, num=41) -> dict:
    """Relative distances of argmin Q_α to w_ℓ1 and w_ℓ2 on a dense α grid (Newton dual: the figure)."""
    alphas = np.logspace(math.log10(lo), math.log10(hi), num)
    d1, d2 = [], []
    for a in alphas:
        w = dual_newton(X, y, a).w
        d1.append(float(np.linalg.norm(w - l1) / np.linalg.norm(l1)))
        d2.append(float(np.linalg.norm(w - l2) / np.linalg.norm(l2)))
    return {"alpha": alphas.tolist(), "dist_l1": d1, "dist_l2": d2}


def _references(ctx: Context, X, y):
    l1, l2 = min_l1(X, y), min_l2(X, y)
    note = None if l1.certified else (Inconclusive(Reason.REFERENCE_FAILED, f"min-ℓ1 LP not certified ({l1.status}, gap {l1.gap:.1e}, dual "
                                      f"infeasibility {l1.dual_infeasibility:.1e})"))
    return _ref(ctx, "l1", l1.w), _ref(ctx, "l2", l2.w), l1, note


def measure_rich(ctx: Context) -> list[Measurement]:
    alphas = sorted(grid(ctx.params["alpha_grid"], "alpha_grid"), reverse=True)  # α falling
    out = []
    for seed in ctx.seeds:
        X, y, _ = dataset(ctx, seed)
        q = hypotheses(X)
        wl1, wl2, l1, inconc = _references(ctx, X, y)
        ws, devs, bad = _sweep(ctx, X, y, alphas)
        n1 = float(np.abs(wl1).sum())
        excess = [float(np.abs(w).sum() / n1 - 1) for w in ws]
        dist = [float(np.linalg.norm(w - wl1) / np.linalg.norm(wl1)) for w in ws]
        inv_log = [1.0 / math.log(1.0 / a) for a in alphas]
        pos = [e for e in excess if e > 0]
        q.update(alpha_grid=alphas, l1_excess=excess, dist_l1=dist, flow_vs_reference=devs,
                 l1_excess_increases=count_increases(excess), dist_l1_increases=count_increases(dist),
                 l1_excess_not_falling=int(sum(b >= a for a, b in zip(excess, excess[1:]))),
                 flow_vs_reference_max=max(devs),
                 l1_excess_min=min(excess), l1_lp_gap=l1.gap,
                 rate_exponent=loglog_slope(inv_log, excess) if len(pos) == len(excess) else math.nan,
                 excess_times_log=[e * math.log(1.0 / a) for e, a in zip(excess, alphas)])
        series = {"sweep": _dense_curve(X, y, wl1, wl2), "alpha": alphas, "dist_l1": dist,
                  "dist_l2": [float(np.linalg.norm(w - wl2) / np.linalg.norm(wl2)) for w in ws]}
        tau = [1.0 / a for a in alphas]  # the clock of the α → 0 limit rows (increasing)
        values = {k: v for k, v in q.items() if isinstance(v, (int, float))}
        values.update(l1_excess_series=Series(tau, excess), dist_l1_series=Series(tau, dist))
        out.append(Measurement(seed=seed, values=values, quantities=q, inconclusive=inconc or bad, series=series))
    return out


def measure_kernel(ctx: Context) -> list[Measurement]:
    alphas = sorted(grid(ctx.params["alpha_grid"], "alpha_grid"))  # α growing
    out = []
    for seed in ctx.seeds:
        X, y, _ = dataset(ctx, seed)
        q = hypotheses(X)
        wl1, wl2, _, _ = _references(ctx, X, y)
        ws, devs, bad = _sweep(ctx, X, y, alphas)
        dist = [float(np.linalg.norm(w - wl2) / np.linalg.norm(wl2)) for w in ws]
        q.update(alpha_grid=alphas, dist_l2=dist, flow_vs_reference=devs, dist_l2_increases=count_increases(dist),
                 slope_kernel=loglog_slope(alphas, dist), flow_vs_reference_max=max(devs))
        series = {"sweep": _dense_curve(X, y, wl1, wl2), "alpha": alphas, "dist_l2": dist,
                  "dist_l1": [float(np.linalg.norm(w - wl1) / np.linalg.norm(wl1)) for w in ws]}
        values = {k: v for k, v in q.items() if isinstance(v, (int, float))}
        values["dist_l2_series"] = Series(alphas, [v if math.isfinite(v) else math.inf for v in dist])
        out.append(Measurement(seed=seed, values=values, quantities=q, inconclusive=bad, series=series))
    return out


# ---- transition (exploratory) --------------------------------------------------------------------
def _points(raw: str) -> list[tuple[int, int, int]]:
    try:
        pts = [tuple(int(v) for v in item.split(":")) for item in raw.split(",") if item.strip()]
    except ValueError:
        raise InputError(f"--set points={raw}: expected n:d:k,n:d:k,...") from None
    if not pts or any(len(p_) != 3 or p_[0] < 1 or p_[1] <= p_[0] or not 1 <= p_[2] <= p_[1] for p_ in pts):
        raise InputError(f"--set points={raw}: each point is n:d:k with 1 ≤ n < d and 1 ≤ k ≤ d")
    return pts


def measure_transition(ctx: Context) -> list[Measurement]:
    """Bisect log α on the Newton dual for δ_ℓ1(α) = δ_ℓ2(α), then run the flow at α* to confirm."""
    pts = _points(ctx.params["points"])
    lo, hi = 1e-6, 1e2
    out = []
    for seed in ctx.seeds:
        rows, worst, missing = [], 0.0, 0
        for (n, d, k) in pts:
            X, y, _ = planted_sparse(n, d, k, seed)
            wl1, wl2, _, _ = _references(ctx, X, y)
            n1, n2 = np.linalg.norm(wl1), np.linalg.norm(wl2)

            def gap(a, w=None):
                w = dual_newton(X, y, a).w if w is None else w
                return float(np.linalg.norm(w - wl1) / n1 - np.linalg.norm(w - wl2) / n2)
            a, b = math.log(lo), math.log(hi)
            if not (gap(lo) < 0 < gap(hi)):
                missing += 1
                rows.append({"n": n, "d": d, "k": k, "alpha_star": None})
                continue
            # bisection on α to an absolute width of 1e-9 (α = O(0.1–10)): a search resolution, not a comparison
            while b - a > 1e-9:
                mid = 0.5 * (a + b)
                a, b = (mid, b) if gap(math.exp(mid)) < 0 else (a, mid)
            astar = math.exp(0.5 * (a + b))
            fl = flow(ctx, X, y, astar)
            w_star = _limit(ctx, X, y, astar, fl.w)
            g = abs(gap(astar, w_star))
            worst = max(worst, g if math.isfinite(g) else math.inf)  # a NaN (diverged flow) must not vanish in max()
            rows.append({"n": n, "d": d, "k": k, "alpha_star": astar, "equidistance_residual": g,
                         "dist_at_alpha_star": float(np.linalg.norm(w_star - wl1) / n1),
                         "flow_converged": fl.converged})
        q = {"points": rows, "points_without_crossing": missing, "equidistance_residual": worst}
        out.append(Measurement(seed=seed, values={"points_without_crossing": missing, "equidistance_residual": worst},
                               quantities=q, series={"points": rows}))
    return out


_NOTE = "X (n×d, d > n, full row rank) and real-valued y; the planted w* is then unknown"
INERT = {"alpha": "the characterisation holds at every init scale α > 0 (Q_α depends on α explicitly)",
         "res_tol": binding.RESOLUTION,
         "data.labels": "any real targets y: once X has full row rank every y is interpolated (the rows read X)"}
_GRID = {**INERT, "alpha_grid": binding.GRID}
_ASKED = ("an exploratory question with no hypotheses (where α* lies on a grid of generated data): answered "
          "`observed`, never a verdict credited to a paper")
SPECS = [
    CheckSpec(claim=st.LIMIT, params=PARAMS, measure=measure_limit,
              quick=[{}, {"alpha": 0.1}, {"alpha": 1.0}, {"alpha": 10.0}],
              full=[{"alpha": 1e-6}, {"n": 30, "d": 200, "k": 5}, {"n": 50, "d": 1000, "k": 10, "alpha": 1e-3}],
              accepts_data=True, data_note=_NOTE, labels="real", inert=INERT),
    CheckSpec(claim=st.RICH, params={**PARAMS, "alpha_grid": Param("alpha_grid", str, "1e-1,1e-2,1e-3,1e-4,1e-5,1e-6",
                                                                      "α values of the sweep (sorted, falling)")},
              measure=measure_rich, quick=[{}], full=[{"n": 20, "d": 100, "k": 4}], accepts_data=True, data_note=_NOTE, labels="real",
              inert=_GRID,
              horizon=extended_grid("alpha_grid", lambda a, p: 1 / a, ("tau",), falling=True, limit=1e-8)),
    CheckSpec(claim=st.KERNEL, params={**PARAMS, **constant_params(st.KERNEL),
                                       "alpha_grid": Param("alpha_grid", str, "1,2,4,8,16",
                                                           "α values of the sweep (sorted, growing)")},
              measure=measure_kernel, quick=[{}], full=[{"n": 20, "d": 100, "k": 4}], accepts_data=True,
              data_note=_NOTE, labels="real", horizon=extended_grid("alpha_grid", lambda a, p: a, ("alpha",), limit=1e4), inert=_GRID),
    CheckSpec(claim=st.TRANSITION,
              params={"points": Param("points", str, "10:40:3,10:80:3,20:80:3,10:40:1",
                                      "grid of n:d:k (planted sparse data per point)"),
                      "res_tol": PARAMS["res_tol"], "seed": PARAMS["seed"]},
              measure=measure_transition, quick=[{}],
              full=[{"points": "10:40:1,10:40:3,10:40:6,10:160:3,10:640:3,20:160:3,40:160:3"}], accepts_data=False,
              data_note="the transition is measured over a grid of generated (n, d, k)",
              inert={"points": _ASKED, "res_tol": binding.RESOLUTION, "seed": _ASKED}),
]
