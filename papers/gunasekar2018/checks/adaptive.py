"""gunasekar2018: AdaGrad on separable data against the max margin in its limiting preconditioner's norm, AdaGrad from
two starts (exploratory), and steepest descent on least squares at two steps (exploratory).

``adagrad``: planted data (``numerics.data.linear_data.planted``, n = 8, d = 12, seed 0) or a user ``--data`` set with ±1
labels; ``ibcheck.numerics.trainers.adagrad`` (exponential loss, mean) for T = 10⁵ steps at η = 0.5 from w₀ = init_scale·v
(v ~ N(0, I) from the seed; default 0). The reference: G∞ := G_T, the SVM on ``Z diag(G∞)^{−1/4}`` (certified,
``ibcheck.theory.svm``) mapped back, ``w_G = diag(G∞)^{−1/4}û``; margins in ``‖w‖_G = (Σ √G_k w_k²)^{1/2}``. Rows
read 13 recorded states over the last three decades. Hooks: ``limit(W) -> W`` on the recorded iterates (1, T, d);
``reference({"w_G", "w_l2"}) -> dict``; ``trainer``: ``{"grad_sign": −1}``, ``{"step_factor": k}``.

``adagrad_path``: the same data and step from w₀ = 0 and from w₀ = s·v (s = ``start_scale``, default 1); hooks:
``limit(W) -> W`` on start B's recorded iterates, ``trainer`` ``{"start_scale": s}`` (a hidden start B).
``sd_regression``: the regression fixture (n = 10, d = 30, seed 0), steepest descent w.r.t. ℓ∞ (default) or ℓ1 from
0 at η_j = c_j/(k·λ_max(XXᵀ)) (k = d for ℓ∞, 1 for ℓ1; c = 0.05 and 0.2) for 2·10⁴ steps; the min-norm interpolant
by cvxpy (an LP), its residual re-verified.
"""
from __future__ import annotations

import math

import numpy as np

from ibcheck.checks.base import CheckSpec, Context, Measurement
from ibcheck.checks.horizon import step_budget
from ibcheck.checks.params import Param, pos
from ibcheck.checks.trends import Memo, measure_memoised
from ibcheck.numerics.trainers.adagrad import adagrad
from ibcheck.numerics.data.linear_data import from_dataset, planted
from ibcheck.theory.asymptotic import geometric, series_at
from ibcheck.theory.outcomes import Inconclusive, Reason
from ibcheck.theory.svm import hard_margin_svm

from ..numerics.regression import regression, steepest_ls
from ..theory import statements as st


def ada_params() -> dict:
    return {"n": Param("n", int, 8, "examples of the planted fixture", lambda v: v >= 2, "must be >= 2"),
            "d": Param("d", int, 12, "dimension of the planted fixture", lambda v: v >= 1, "must be >= 1"),
            "seed": Param("seed", int, 0, "data seed (and the start direction v)", lambda v: v >= 0, "must be >= 0"),
            "eta": pos("eta", float, 0.5, "AdaGrad's step η"),
            "steps": Param("steps", int, 100_000, "AdaGrad steps T", lambda v: v >= 1000, "must be >= 1000"),
            "init_scale": Param("init_scale", float, 0.0, "w₀ = init_scale·v, v ~ N(0, I) from the seed",
                                lambda v: abs(v) < 1e3, "|init_scale| < 1000")}


ADA_INERT = {"n": "size of the planted fixture: the separability row reads the data it produces",
             "d": "dimension of the planted fixture: the separability row reads the data it produces",
             "seed": "seed of the fixture and of v: the separability row reads the data it produces",
             "steps": "the horizon: moves the clock of the limit row"}


def _start(seed: int, d: int, scale: float) -> np.ndarray:
    return scale * np.random.default_rng(10_007 + seed).normal(size=d)


def gnorm(W: np.ndarray, G: np.ndarray) -> np.ndarray:
    """``‖w‖_G = (Σ_k √G_k w_k²)^{1/2}`` for each row of W."""
    return np.sqrt((np.sqrt(G)[None] * W * W).sum(1))


def _gmargin(Z, W, G):
    nw = gnorm(W, G)
    with np.errstate(invalid="ignore", divide="ignore"):
        m = (W @ Z.T).min(1) / np.where(nw > 0, nw, 1.0)
    return np.where((nw > 0) & np.isfinite(m), m, np.nan)


def g_reference(Z: np.ndarray, G: np.ndarray):
    """The max margin in ‖·‖_G: the certified SVM on ``Z diag(G)^{−1/4}``, mapped back (``w_G = diag(G)^{−1/4}û``)."""
    s = G ** -0.25
    svm = hard_margin_svm(Z * s[None])
    return (s * np.asarray(svm.w, dtype=float) if svm.separable else None), svm


def grad0_min_rel(Z: np.ndarray, w0: np.ndarray) -> float:
    """``min_k |∇L(w₀)_k| / max_k |∇L(w₀)_k|`` for the mean exponential loss (log-weights shifted: no underflow)."""
    u = -(Z @ w0)
    g = np.abs(Z.T @ np.exp(u - u.max()))
    return float(g.min() / g.max()) if g.max() > 0 else 0.0


def _ada_one(ctx: Context, seed: int) -> Measurement:
    p = ctx.params
    data = from_dataset(ctx.data, st.ADAGRAD.id) if ctx.data is not None else planted(p["n"], p["d"], seed)
    Z = data.Z
    v: dict = {"eta": p["eta"]}
    q: dict = {"data": data.describe()}
    svm2 = hard_margin_svm(Z)
    if not svm2.separable:
        v["separable"] = 0.0
        return Measurement(seed=seed, values=v, quantities=q, note="the data are not linearly separable")
    v["separable"] = 1.0
    w0 = _start(seed, Z.shape[1], p["init_scale"])
    v["grad0_min_rel"] = grad0_min_rel(Z, w0)
    # a first-gradient coordinate below 1e-12 relative is zero up to the rounding of its n-term sum
    if v["grad0_min_rel"] < 1e-12:
        return Measurement(seed=seed, values=v, quantities=q, note="a coordinate of ∇L(w₀) is 0: G∞ is singular")
    tr = dict(ctx.hooks.trainer or {})
    run = adagrad(Z, p["steps"], eta=p["eta"] * tr.pop("step_factor", 1.0), w0=w0, **tr)
    ok = np.isfinite(run.G).all(1) & (run.G > 0).all(1) & np.isfinite(run.W).all(1)
    GT = run.G[np.flatnonzero(ok)[-1]] if ok.any() else np.ones(Z.shape[1])  # the last usable preconditioner
    wG, svmG = g_reference(Z, GT)
    ref = {"w_G": wG, "w_l2": np.asarray(svm2.w, dtype=float)}
    if ctx.hooks.reference is not None:
        ref = ctx.hooks.reference(ref)
    W = run.W if ctx.hooks.limit is None else np.asarray(ctx.hooks.limit(run.W[None]), dtype=float)[0]
    gam = float(_gmargin(Z, np.asarray(ref["w_G"], dtype=float)[None], GT)[0])
    m = _gmargin(Z, W, GT)
    t = run.t
    late = (t >= 1) & np.isfinite(m)
    from ibcheck.numerics.trainers.linear_gd import log_total_loss
    with np.errstate(invalid="ignore"):
        ll = log_total_loss(np.nan_to_num(W @ Z.T, nan=-np.inf), "exp", "mean")
    i10 = int(np.searchsorted(t, p["steps"] // 10))
    v.update(gamma_G=gam, g_margin_series=series_at(t, m, geometric(p["steps"] / 1000, float(p["steps"]), 13)),
             g_margin_max=float(m[late].max()) if late.any() else math.nan,
             gamma_G_of_l2=float(_gmargin(Z, np.asarray(ref["w_l2"], dtype=float)[None], GT)[0]),
             G_settle=float(np.max(np.abs(GT - run.G[i10]) / GT)),
             log_loss_final=float(ll[-1]) if np.isfinite(ll[-1]) else math.inf, log_loss_initial=float(ll[0]))
    q["G_usable_to"] = int(t[np.flatnonzero(ok)[-1]]) if ok.any() else -1  # a run that overflowed keeps its last G
    bad = None if (svmG.certified and svm2.certified) else Inconclusive(
        Reason.REFERENCE_FAILED, f"SVM not certified ({svmG.status}, {svm2.status})")
    dec = [int(np.searchsorted(t, 10 ** k)) for k in range(int(math.log10(t[-1])) + 1)]
    q.update(steps=p["steps"], G_final=GT.tolist(), w_G=np.asarray(ref["w_G"], dtype=float).tolist(),
             checkpoints=[int(t[i]) for i in dec], g_margin_ratio=[float(m[i] / gam) for i in dec],
             **{k: (list(x.values) if hasattr(x, "clock") else x) for k, x in v.items()})
    series = {"t": t.tolist(), "g_margin": m.tolist(), "gamma_G": gam}
    return Measurement(seed=seed, values=v, quantities=q, inconclusive=bad, series=series)


_MEMO = Memo(8)


def measure_adagrad(ctx: Context) -> list[Measurement]:
    return measure_memoised(ctx, _MEMO, tuple(ada_params()) + ("_ada",), _ada_one)


def path_params() -> dict:
    prm = ada_params()
    prm.pop("init_scale")
    prm["start_scale"] = pos("start_scale", float, 1.0, "start B: w₀ = start_scale·v (start A: w₀ = 0)")
    return prm


def measure_path(ctx: Context) -> list[Measurement]:
    p = ctx.params
    out = []
    for seed in ctx.seeds:
        data = from_dataset(ctx.data, st.ADAGRAD_PATH.id) if ctx.data is not None else planted(p["n"], p["d"], seed)
        Z = data.Z
        v = {"separable": 1.0 if hard_margin_svm(Z).separable else 0.0, "grad0_min_rel": grad0_min_rel(
            Z, np.zeros(Z.shape[1]))}
        # a first-gradient coordinate below 1e-12 relative is zero up to the rounding of its n-term sum
        if v["separable"] == 0.0 or v["grad0_min_rel"] < 1e-12:
            out.append(Measurement(seed=seed, values=v, quantities={**v, "data": data.describe()},
                                   note="outside the question's hypotheses: no runs"))
            continue
        sb = (ctx.hooks.trainer or {}).get("start_scale", p["start_scale"])  # a hidden start B (negative controls)
        runs = [adagrad(Z, p["steps"], eta=p["eta"], w0=_start(seed, Z.shape[1], s), checkpoints=[p["steps"]])
                for s in (0.0, sb)]
        Gs = [r.G[-1] for r in runs]
        refs = [g_reference(Z, G)[0] for G in Gs]
        if ctx.hooks.limit is not None:
            runs[1].W = np.asarray(ctx.hooks.limit(runs[1].W[None]), dtype=float)[0]
        unit = [w / np.linalg.norm(w) for w in refs]
        last = [r.W[-1] / np.linalg.norm(r.W[-1]) for r in runs]
        ang = lambda a, b: math.acos(max(-1.0, min(1.0, float(a @ b))))  # noqa: E731
        own = all(ang(last[i], unit[i]) < ang(last[i], unit[1 - i]) for i in (0, 1))
        v.update({"ref_angle": 1.0 - float(unit[0] @ unit[1]), "G_gap": float(np.max(np.abs(np.sqrt(Gs[0]) - np.sqrt(Gs[1]))
                                                                              / np.sqrt(Gs[0]))),
             "own_closer": 1.0 if own else 0.0})
        q = {**v, "data": data.describe(), "steps": p["steps"],
             "angle_to_own_reference": [ang(last[i], unit[i]) for i in (0, 1)],
             "angle_to_other_reference": [ang(last[i], unit[1 - i]) for i in (0, 1)],
             "limit_cosine": float(last[0] @ last[1])}
        out.append(Measurement(seed=seed, values=v, quantities=q))
    return out


def sd_params() -> dict:
    return {"norm": Param("norm", str, "linf", "steepest descent's norm: linf (sign descent) | l1 (coordinate descent)",
                          lambda v: v in ("linf", "l1"), "linf or l1"),
            "n": Param("n", int, 10, "equations", lambda v: v >= 1, "must be >= 1"),
            "d": Param("d", int, 30, "unknowns (d > n)", lambda v: v >= 2, "must be >= 2"),
            "seed": Param("seed", int, 0, "data seed", lambda v: v >= 0, "must be >= 0"),
            "c1": pos("c1", float, 0.05, "the smaller step: η₁ = c1/(k·λ_max(XXᵀ))"),
            "c2": pos("c2", float, 0.2, "the larger step: η₂ = c2/(k·λ_max(XXᵀ))"),
            "steps": Param("steps", int, 20_000, "steps per run", lambda v: v >= 100, "must be >= 100")}


def measure_sd(ctx: Context) -> list[Measurement]:
    import cvxpy as cp
    p = ctx.params
    out = []
    for seed in ctx.seeds:
        X, y, _ = regression(p["n"], p["d"], seed)
        k = X.shape[1] if p["norm"] == "linf" else 1
        lam = float(np.linalg.eigvalsh(X @ X.T).max())
        ws = [steepest_ls(X, y, p["norm"], c / (k * lam), p["steps"]) for c in (p["c1"], p["c2"])]
        if ctx.hooks.limit is not None:
            ws = [np.asarray(ctx.hooks.limit(w), dtype=float) for w in ws]
        nrm = (lambda w: float(np.abs(w).max())) if p["norm"] == "linf" else (lambda w: float(np.abs(w).sum()))
        w = cp.Variable(X.shape[1])
        prob = cp.Problem(cp.Minimize(cp.norm(w, "inf" if p["norm"] == "linf" else 1)), [X @ w == y])
        prob.solve()
        wm = np.asarray(w.value, dtype=float)
        res_ref = float(np.linalg.norm(X @ wm - y) / np.linalg.norm(y))
        # the solver's optimum re-verified: feasible to 1e-7 relative (Clarabel's default tolerance) and its norm
        bad = None if (prob.status == "optimal" and res_ref <= 1e-7) else Inconclusive(
            Reason.REFERENCE_FAILED, f"min-norm interpolant not certified ({prob.status}, residual {res_ref:.1e})")
        mn = nrm(wm)
        v = {"limit_shift": float(np.linalg.norm(ws[0] - ws[1]) / max(float(np.linalg.norm(ws[0])), 1e-300)),
             "norm_excess_1": nrm(ws[0]) / mn - 1.0, "norm_excess_2": nrm(ws[1]) / mn - 1.0,
             "residual_max": max(float(np.linalg.norm(X @ w_ - y) / np.linalg.norm(y)) for w_ in ws)}
        q = {**v, "norm": p["norm"], "etas": [c / (k * lam) for c in (p["c1"], p["c2"])], "min_norm": mn,
             "limit_norms": [nrm(w_) for w_ in ws], "reference_status": prob.status, "reference_residual": res_ref,
             "steps": p["steps"]}
        out.append(Measurement(seed=seed, values=v, quantities=q, inconclusive=bad))
    return out


SPECS = [
    CheckSpec(claim=st.ADAGRAD, params=ada_params(), measure=measure_adagrad, quick=[{}],
              full=[{"seed": 1}, {"init_scale": 1.0}, {"eta": 0.1}, {"steps": 1_000_000}],
              data_note="an .npz with X (n×d) and y = ±1 (separable)", horizon=step_budget("steps", 1000),
              inert=ADA_INERT),
    CheckSpec(claim=st.ADAGRAD_PATH, params=path_params(), measure=measure_path, quick=[{}], full=[{"seed": 1}],
              data_note="an .npz with X (n×d) and y = ±1 (separable)",
              inert={k: "the setting of the two runs compared (the hypotheses read the data it produces)"
                     for k in path_params()}),
    CheckSpec(claim=st.SD_REGRESSION, params=sd_params(), measure=measure_sd, quick=[{}], full=[{"norm": "l1"}],
              accepts_data=False, data_note="the claim runs on its own regression fixture",
              inert={k: "an exploratory question (no hypothesis): the setting of the two runs compared"
                     for k in sd_params()}),
]
