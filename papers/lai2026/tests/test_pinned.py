"""lai2026 quantities on the fixed case ``fixed_cases.RELU_REGRESSION_*``, recomputed in plain numpy from docs/claims.md.

GD is re-run in weight space (w ∈ R^8, not the check's span coordinates), the min-norm references by exhaustive
active sets (a linear solve per subset of the negatives), the bounds from their formulas
``√(c n₋ y²/‖λ‖₁)`` with the label range over the class the statement names.
"""
from __future__ import annotations

import itertools
import math

import numpy as np

from ibcheck.numerics.data.sets import make_gaussian, signed_labels

from ibcheck.testing import fixed_cases as F
from ibcheck.testing.pinning import compare, measure, table

import pytest

pytestmark = pytest.mark.machine  # outcome independent of the BLAS kernel and thread count (tests/machine_record.py)

EPS, ETA_SCALE, MAX_STEPS = 1e-3, 1.0, 20000
GD_REL = (1e-8, 1e-9)  # limits of two GD runs stopped at ‖∇L‖ ≤ 1e-12‖∇L₀‖ (cond K ≈ 1.1): agree to ~1e-11
SOLVER = "solver status string of the check's cvxpy reference (the value is re-derived by enumeration here)"
KKT = "the check's re-verified KKT residual of its own cvxpy solution (≈ 0, no independent counterpart)"

_M = ("n_plus n_minus y_min y_max w_star_norm gap lower upper w_inf_norm final_loss min_loss steps converged "
      "pattern_changes_after_step1 pattern_after_step1_matches_labels max_interp_residual max_negative_output "
      "closed_form_rel_dev eta_scale_threshold_predicted orth_dev label_spread eta_lmax init_min_beta_over_eps "
      "trace_sigma n label_scale limit_rtol")
_M_WHY = {"solver_status": SOLVER, "kkt_primal_feasibility": KKT, "kkt_dual_feasibility": KKT,
          "kkt_complementarity": KKT, "kkt_stationarity": KKT, "kkt_stationarity_solver_duals": KKT,
          "enumeration_candidates": "the check's own enumeration count (its cross-check of cvxpy); the reference "
          "itself is recomputed",
          "enumeration_rel_dev": "the check's cvxpy-vs-enumeration self-consistency (≈ 0); w* is recomputed"}
_M2 = ("n_plus n_minus y_min y_max w_star_norm gap lower upper w_inf_norm final_loss min_loss steps converged "
       "pattern_changes_after_step1 pattern_after_step1_matches_labels orth_dev label_spread eta_lmax "
       "init_min_beta_over_eps trace_sigma n zero_predictor_loss decoupled_is_global limit_rtol")
_M2_WHY = {"solver_status": SOLVER, "kkt_max_residual": KKT,
           "global_certificate": "dual-certificate record (a dict); its conclusion decoupled_is_global is "
           "recomputed by enumerating all 4^n patterns",
           "enumeration": "the check's own pattern enumeration record (a dict)"}

PINNED = {
    "lai2026.m1.pattern": table(_M, _M_WHY), "lai2026.m1.limit": table(_M, _M_WHY),
    "lai2026.m1.gap": table(_M, _M_WHY),
    "lai2026.m2.decoupling": table(_M2, _M2_WHY), "lai2026.m2.gap": table(_M2, _M2_WHY),
    "lai2026.linear": table("gap w_star_norm w_inf_norm steps converged final_loss gap_rel eta_lmax limit_rtol"),
    "lai2026.gram": table("diag_dev offdiag_dev bound_scale slope_gram slope_gram_pred trace_by_d dev_by_d "
                          "trace_sigma lam_l2 n gram_dev_series"),
    "lai2026.m1.rate": table("slope_trace slope_n_minus lower_by_d upper_by_d gap_series lower_ratio_min "
                             "upper_ratio_max",
                             {"gap_by_d": "each point is lai2026.m1's gap (pinned on the fixed case above), averaged "
                              "over generated datasets the check does not return",
                              "trace_by_d": "‖λ‖₁ of the generated datasets (the generator's own, not a formula)",
                              "gap_by_n": "as gap_by_d", "n_minus_by_n": "n₋ of generated label draws",
                              "slope_tol": "a constant of the statement"}),
}


# ---- independent computations ------------------------------------------------------------------------------
def gd(X, y, a, W0, eta, relu=True):
    """Plain GD on ½Σ(Σ_k a_k σ(⟨w_k,x_i⟩) − y_i)² in weight space, stopped at ‖∇L‖_F ≤ 1e-12‖∇L₀‖_F."""
    W = W0.copy()
    g0 = None
    pat1, changes, prev = None, 0, None
    for t in range(MAX_STEPS + 1):
        Z = W @ X.T  # (m, n)
        act = np.maximum(Z, 0) if relu else Z
        r = a @ act - y
        D = (Z > 0).astype(float) if relu else np.ones_like(Z)
        G = (a[:, None] * r[None, :] * D) @ X  # ∇_{w_k} L
        gn = np.linalg.norm(G)
        pat = Z > 0
        g0 = gn if t == 0 else g0
        if t == 1:
            pat1 = pat.copy()
        if t >= 2 and (pat != prev).any():
            changes += 1
        prev = pat
        if gn <= 1e-12 * g0 or t == MAX_STEPS:
            return W, t, bool(gn <= 1e-12 * g0), pat1, changes
        W = W - eta * G


def min_norm(X, eq_idx, eq_val, le_idx):
    """argmin ‖w‖ s.t. ⟨w,x_i⟩ = b_i (i ∈ eq_idx), ⟨w,x_i⟩ ≤ 0 (i ∈ le_idx): the least-norm feasible point over all
    active subsets A of le_idx (each a linear solve; the optimum is one of them and is feasible)."""
    best = None
    for r in range(len(le_idx) + 1):
        for A in itertools.combinations(le_idx, r):
            E = list(eq_idx) + list(A)
            b = np.concatenate([eq_val, np.zeros(len(A))])
            w = X[E].T @ np.linalg.solve(X[E] @ X[E].T, b)
            # active-set enumeration: an inactive constraint's value is 0 up to rounding (γ_d·‖x‖‖w‖ ≈ 1e-13) or ≤ −O(1e-3)
            if all(X[i] @ w <= 1e-12 for i in le_idx) and (best is None or w @ w < best @ best):
                best = w
    return best


def base_values(X, y, tr, m):
    K = X @ X.T
    n = len(y)
    eta = ETA_SCALE / tr
    return {"orth_dev": float(np.abs(np.linalg.eigvalsh(K / tr - np.eye(n))).max()),
            "label_spread": float(np.abs(y).max() / np.abs(y).min()),
            "eta_lmax": float(eta * np.linalg.eigvalsh(K).max()),
            "init_min_beta_over_eps": float((K @ np.ones(n)).min() / tr), "trace_sigma": tr, "n": n}


def test_lai2026_m1_quantities_recomputed():
    X, y, tr = F.RELU_REGRESSION_X, F.RELU_REGRESSION_Y, F.RELU_REGRESSION_TRACE
    P, N = y > 0, y <= 0
    W0 = EPS * X.sum(0)[None, :] / tr
    W, steps, conv, pat1, changes = gd(X, y, np.ones(1), W0, ETA_SCALE / tr)
    w = W[0]
    star = min_norm(X, np.where(P)[0], y[P], list(np.where(N)[0]))
    # frozen pattern after step 1: the projection of w₁ onto {⟨w,x_i⟩ = y_i, i ∈ P}
    w1 = W0[0] - ETA_SCALE / tr * ((np.maximum(X @ W0[0], 0) - y) * (X @ W0[0] > 0)) @ X
    XP = X[P]
    cf = w1 + XP.T @ np.linalg.solve(XP @ XP.T, y[P] - XP @ w1)
    yN = np.abs(y[N])
    out = X @ w
    exp = {"n_plus": int(P.sum()), "n_minus": int(N.sum()), "y_min": yN.min(), "y_max": yN.max(),
           "w_star_norm": np.linalg.norm(star), "gap": np.linalg.norm(w - star),
           "lower": math.sqrt(1.0 * N.sum() * yN.min() ** 2 / tr), "upper": math.sqrt(16.0 * N.sum() * yN.max() ** 2 / tr),
           "w_inf_norm": np.linalg.norm(w), "final_loss": 0.5 * ((np.maximum(out, 0) - y) ** 2).sum(),
           "min_loss": 0.5 * (y[N] ** 2).sum(), "steps": steps, "converged": conv,
           "pattern_changes_after_step1": changes, "pattern_after_step1_matches_labels": bool((pat1[0] == P).all()),
           "max_interp_residual": np.abs(out[P] - y[P]).max(), "max_negative_output": np.maximum(out[N], 0).max(),
           "closed_form_rel_dev": np.linalg.norm(w - cf) / np.linalg.norm(cf),
           "eta_scale_threshold_predicted": yN.min() / math.sqrt((y[N] ** 2).mean()),
           "label_scale": np.abs(y).max(), **base_values(X, y, tr, 1)}
    tols = {k: GD_REL for k in ("gap", "w_inf_norm", "final_loss", "max_interp_residual", "max_negative_output")}
    # ‖w − w_cf‖/‖w_cf‖ ≈ 0: GD stopped at ‖∇L‖ ≤ 1e-12‖∇L₀‖ with cond(K) ≈ 1.1 ⇒ ≲ 1e-11
    tols["closed_form_rel_dev"] = (0.0, 1e-9)
    # the limit row's relative tolerance, float64 (docs/numerics.md): GD stopped at ‖∇L‖ ≤ 1e-12‖∇L₀‖ with
    # cond(K_PP) ≤ 10 leaves ‖w − w_lim‖/‖w‖ ≲ 1e-11; 1e-8 keeps three decades of margin
    exp["limit_rtol"] = 1e-8
    for cid in ("lai2026.m1.pattern", "lai2026.m1.limit", "lai2026.m1.gap"):
        [m] = measure(cid, dataset=F.relu_regression_dataset())
        compare(cid, m, exp, PINNED[cid], tols=tols)


def test_lai2026_m2_quantities_recomputed():
    X, y, tr = F.RELU_REGRESSION_X, F.RELU_REGRESSION_Y, F.RELU_REGRESSION_TRACE
    n = len(y)
    P, N = y > 0, y < 0
    W0 = np.repeat(EPS * X.sum(0)[None, :] / tr, 2, axis=0)
    W, steps, conv, pat1, changes = gd(X, y, np.array([1.0, -1.0]), W0, ETA_SCALE / tr)
    wp = min_norm(X, np.where(P)[0], y[P], list(np.where(N)[0]))
    wm = min_norm(X, np.where(N)[0], -y[N], list(np.where(P)[0]))
    # the decoupled pair is the global optimum: no pattern pair (all 4^n) gives a smaller interpolating norm
    best = math.inf
    for s in itertools.product((0, 1, 2, 3), repeat=n):  # example i active in w+ (bit 0) and/or w- (bit 1)
        s = np.array(s)
        ap, am = s & 1 > 0, s & 2 > 0
        if ((~ap & ~am) & (y != 0)).any() or ap.sum() + am.sum() > 8:
            continue
        best = min(best, _pair_norm(X, y, ap, am))
    f = np.maximum(X @ W[0], 0) - np.maximum(X @ W[1], 0)
    ya = np.abs(y)
    exp = {"n_plus": int(P.sum()), "n_minus": int(N.sum()), "y_min": ya.min(), "y_max": ya.max(),
           "w_star_norm": math.hypot(np.linalg.norm(wp), np.linalg.norm(wm)),
           "gap": math.hypot(np.linalg.norm(W[0] - wp), np.linalg.norm(W[1] - wm)),
           "lower": math.sqrt(n * ya.min() ** 2 / tr), "upper": math.sqrt(16.0 * n * ya.max() ** 2 / tr),
           "w_inf_norm": np.linalg.norm(W), "final_loss": 0.5 * ((f - y) ** 2).sum(), "min_loss": 0.0,
           "steps": steps, "converged": conv, "pattern_changes_after_step1": changes,
           "pattern_after_step1_matches_labels": bool((pat1[0] == P).all() and (pat1[1] == N).all()),
           "zero_predictor_loss": 0.5 * (y ** 2).sum(),
           "decoupled_is_global": float(math.hypot(np.linalg.norm(wp), np.linalg.norm(wm)) <= best * (1 + 1e-9)),
           **base_values(X, y, tr, 2)}
    tols = {k: GD_REL for k in ("gap", "w_inf_norm")}
    # the m=2 limit interpolates: loss = ½‖residual‖² of a converged GD (residual ≲ 1e-10 ⇒ loss ≲ 1e-20)
    tols["final_loss"] = (0.0, 1e-18)
    tols["w_star_norm"] = (1e-8, 0.0)  # the check's cvxpy QP: re-verified to 1e-8 (solver_kkt)
    tols["gap"] = (1e-6, 1e-8)
    exp["limit_rtol"] = 1e-9  # the loss limit's tolerance, float64: ½Σy² reached up to a squared residual ≲ 1e-20
    for cid in ("lai2026.m2.decoupling", "lai2026.m2.gap"):
        [m] = measure(cid, dataset=F.relu_regression_dataset())
        compare(cid, m, exp, PINNED[cid], tols=tols)


def _pair_norm(X, y, ap, am) -> float:
    """min ‖w₊‖² + ‖w₋‖² with σ(⟨w₊,x⟩) − σ(⟨w₋,x⟩) = y on the fixed activation pattern (ap, am): a small QP solved
    by enumerating the active sets of its inequality constraints (each a linear solve); +∞ if infeasible."""
    n, d = X.shape
    # unknowns (w₊, w₋) ∈ R^{2d}; equalities: y_i = ⟨w₊,x_i⟩ap_i − ⟨w₋,x_i⟩am_i; inequalities: inactive ⇒ ≤ 0,
    # active ⇒ ≥ 0
    Z = np.zeros(d)
    Aeq = np.array([np.concatenate([X[i] * ap[i], -X[i] * am[i]]) for i in range(n)])
    ineq = [np.concatenate([X[i], Z]) * (1 if not ap[i] else -1) for i in range(n)] + \
           [np.concatenate([Z, X[i]]) * (1 if not am[i] else -1) for i in range(n)]
    best = math.inf
    for r in range(0, 3):  # at the optimum few inequalities are tight on this near-orthogonal case
        for A in itertools.combinations(range(2 * n), r):
            M = np.vstack([Aeq] + [ineq[k][None] for k in A])
            b = np.concatenate([y, np.zeros(len(A))])
            try:
                v = M.T @ np.linalg.lstsq(M @ M.T, b, rcond=None)[0]
            except np.linalg.LinAlgError:
                continue
            # enumeration feasibility: residuals of an exact solve are ~1e-15 (O(1) data), infeasible patterns miss by ≥ 1e-3
            if np.abs(M @ v - b).max() > 1e-9 or any(g @ v > 1e-12 for g in ineq):
                continue
            best = min(best, float(np.linalg.norm(v)))
    return best


def test_lai2026_linear_quantities_recomputed():
    X, y, tr = F.RELU_REGRESSION_X, F.RELU_REGRESSION_Y, F.RELU_REGRESSION_TRACE
    W, steps, conv, _, _ = gd(X, y, np.ones(1), np.zeros((1, X.shape[1])), ETA_SCALE / tr, relu=False)
    star = X.T @ np.linalg.solve(X @ X.T, y)
    w = W[0]
    exp = {"gap": np.linalg.norm(w - star), "w_star_norm": np.linalg.norm(star), "w_inf_norm": np.linalg.norm(w),
           "steps": steps, "converged": conv, "final_loss": 0.5 * ((X @ w - y) ** 2).sum(),
           "gap_rel": np.linalg.norm(w - star) / np.linalg.norm(star),
           "eta_lmax": ETA_SCALE / tr * np.linalg.eigvalsh(X @ X.T).max(),  # the stable-step hypothesis
           "limit_rtol": 1e-8}  # float64: GD from 0 stops at relative gradient 1e-12, cond K ≤ 10 ⇒ gap ≲ 1e-11
    [m] = measure("lai2026.linear", dataset=F.relu_regression_dataset())
    # GD from 0 converges to XᵀK⁻¹y (relative gradient 1e-12, cond K ≈ 1.1): gap ≲ 1e-11, loss ≲ 1e-22
    compare("lai2026.linear", m, exp, PINNED["lai2026.linear"],
            tols={"gap": (0, 1e-10), "gap_rel": (0, 1e-10), "final_loss": (0, 1e-20), "w_inf_norm": GD_REL})


def _slope(x, y) -> float:
    A = np.vstack([np.log(x), np.ones(len(x))]).T
    return float(np.linalg.lstsq(A, np.log(y), rcond=None)[0][0])


def test_lai2026_gram_quantities_recomputed():
    """Generated data (the check takes no --data): the same draws, deviations and slopes recomputed in numpy."""
    # seed 1, d = 20: the largest |K_ii/‖λ‖₁ − 1| (0.53) is a negative deviation, above the largest positive one (0.42)
    # and above every off-diagonal entry (0.39), so a dropped absolute value changes diag_dev
    n, d, grid, reps, seed = 6, 20, (50, 500, 5000), 2, 1
    [m] = measure("lai2026.gram", {"n": n, "d": d, "d_grid": ",".join(map(str, grid)), "reps": reps, "seed": seed})

    def devs(ds):
        E = ds.K.numpy() / ds.trace_sigma
        return abs(np.diag(E) - 1).max(), abs(E - np.diag(np.diag(E))).max()
    ds = make_gaussian(n, d, seed, sampler="auto")
    diag, off = devs(ds)
    lam = np.ones(d)  # isotropic spectrum: λ = 𝟙
    traces, dev, preds = [], [], []
    for dd in grid:
        draws = [make_gaussian(n, dd, seed * 1000 + r, sampler="auto") for r in range(reps)]
        traces.append(float(dd))
        dev.append(float(np.mean([max(devs(r)) for r in draws])))
        preds.append(math.sqrt(dd) * math.sqrt(math.log(n)) / dd)
    exp = {"diag_dev": diag, "offdiag_dev": off,
           "bound_scale": np.linalg.norm(lam) * math.sqrt(math.log(n)) / lam.sum(),
           "slope_gram": _slope(traces, dev), "slope_gram_pred": _slope(traces, preds), "trace_by_d": traces,
           "dev_by_d": dev, "trace_sigma": lam.sum(), "lam_l2": np.linalg.norm(lam), "n": n,
           "gram_dev_series": [[1 / p for p in preds], dev]}  # the rate row's clock: 1/(the bound's scale)
    # log–log slopes and deviations of O(1)-conditioned Gram statistics: relative 1e-9, atol for slopes ≈ 0
    compare("lai2026.gram", m, exp, PINNED["lai2026.gram"], tols={"slope_gram_pred": (1e-9, 1e-12),
                                                                 "gram_dev_series": (1e-9, 1e-12)})


def test_lai2026_rate_slopes_recomputed_from_its_series():
    [m] = measure("lai2026.m1.rate", {"d_grid": "200,2000", "n_grid": "6,8", "d_rate": 400, "reps": 1,
                                      "n": 6, "max_steps": 5000})
    q = m.quantities
    exp = {"slope_trace": _slope(q["trace_by_d"], q["gap_by_d"]), "slope_n_minus": _slope(q["n_minus_by_n"], q["gap_by_n"]),
           "gap_series": [q["trace_by_d"], q["gap_by_d"]]}  # the rate row reads (‖λ‖₁, gap) at every d of the sweep
    # the bounds of each grid point need its generated labels (seed·1000 + r = 0 with one rep): re-drawn here
    lows, ups = [], []
    for t in q["trace_by_d"]:
        yy = signed_labels(6, 0).numpy()
        neg = np.abs(yy[yy <= 0])
        lows.append(math.sqrt(neg.size * neg.min() ** 2 / t))
        ups.append(math.sqrt(16.0 * neg.size * neg.max() ** 2 / t))
    exp["lower_by_d"], exp["upper_by_d"] = lows, ups
    # per-dataset ratios over both sweeps (one rep: the gap of each point is its dataset's); the n sweep runs at
    # d_rate = 400 (isotropic: ‖λ‖₁ = 400) with the labels of signed_labels(n, 0)
    lo_n, up_n = [], []
    for nn in (6, 8):
        yy = signed_labels(nn, 0).numpy()
        neg = np.abs(yy[yy <= 0])
        lo_n.append(math.sqrt(neg.size * neg.min() ** 2 / 400.0))
        up_n.append(math.sqrt(16.0 * neg.size * neg.max() ** 2 / 400.0))
    gaps = list(q["gap_by_d"]) + list(q["gap_by_n"])
    exp["lower_ratio_min"] = min(g / lo for g, lo in zip(gaps, lows + lo_n))
    exp["upper_ratio_max"] = max(g / up for g, up in zip(gaps, ups + up_n))
    # log–log slopes of gaps recomputed from the same GD limits: relative 1e-9, atol for a slope ≈ 0
    compare("lai2026.m1.rate", m, exp, PINNED["lai2026.m1.rate"], tols={"slope_trace": (1e-9, 1e-12),
                                                                       "slope_n_minus": (1e-9, 1e-12)})



# ---- exploratory claims (generated data by definition: they sweep datasets, inits and d) ----------------------
from ibcheck.numerics.data.inits import random_init  # noqa: E402

ROWS = "per-setting rows of the sweep; "
PINNED["lai2026.random-init"] = table("by_scale runs dead_positive_fraction_large_init missed_fraction_large_init "
                                      "dead_positive_fraction_small_init")
PINNED["lai2026.moderate-d"] = table("first_mismatch_d_over_n_median init_disagreement_high_d init_disagreement_low_d",
                                     {"by_ratio": ROWS + "GD runs from the check's random positive inits (its "
                                      "summaries are recomputed from them)",
                                      "first_mismatch_d_over_n_per_run": ROWS + "the largest d/n with a step-1 "
                                      "mismatch per run (its median is recomputed)"})
PINNED["lai2026.m-gt-2"] = table("rel_gap_shared_large_d slope_pattern_gap patterns_stayed_disjoint limit_rel_loss_max",
                                 {"by_d": ROWS + "GD from the disjoint init and the check's per-pattern QP "
                                  "(its summaries are recomputed from the rows)", "slope_tol": "a constant"})


def test_lai2026_random_init_recomputed():
    """Each run: GD from the check's Gaussian init draw (an input), re-run here in weight space."""
    n, d, runs, scales = 6, 60, 2, (0.01, 1.0)
    [m] = measure("lai2026.random-init", {"n": n, "d": d, "runs": runs, "init_scales": "0.01,1", "max_steps": 5000,
                                          "sampler": "explicit"})
    dss = [make_gaussian(n, d, r, sampler="explicit") for r in range(runs)]
    rows = []
    for s_ in scales:
        dead0, dead, missed, conv = [], [], [], []
        for r, ds in enumerate(dss):
            X, y, tr = ds.X.numpy(), ds.y.numpy(), ds.trace_sigma
            a0 = random_init(None, ds.K, 1, s_, tr, r, d=d)[0].numpy()  # as the check draws it (K only): w₀ = Xᵀα₀
            W, steps, c, _, _ = _gd_steps(X, y, a0 @ X, 1.0 / tr, 5000)
            P = y > 0
            b0, b = X @ (a0 @ X)[0], X @ W[0]
            dead0.append(((b0 <= 0) & P).sum() / P.sum()), dead.append(((b <= 0) & P).sum() / P.sum())
            loss, min_loss = 0.5 * ((np.maximum(b, 0) - y) ** 2).sum(), 0.5 * (np.minimum(y, 0) ** 2).sum()
            missed.append(loss > min_loss * (1 + 1e-6) + 1e-9), conv.append(c)
        rows.append([s_, np.mean(dead0), np.mean(dead), np.mean(missed), np.mean(conv)])
    exp = {"by_scale": rows, "runs": runs, "dead_positive_fraction_large_init": rows[-1][2],
           "missed_fraction_large_init": rows[-1][3], "dead_positive_fraction_small_init": rows[0][2]}
    compare("lai2026.random-init", m, exp, PINNED["lai2026.random-init"])


def _gd_steps(X, y, W0, eta, max_steps):
    global MAX_STEPS
    keep, MAX_STEPS = MAX_STEPS, max_steps
    try:
        return gd(X, y, np.ones(1), np.atleast_2d(W0), eta)
    finally:
        MAX_STEPS = keep


def test_lai2026_moderate_d_summaries_recomputed():
    [m] = measure("lai2026.moderate-d", {"n": 6, "runs": 2, "ratios": "8,2", "n_inits": 2, "max_steps": 3000})
    q = m.quantities
    exp = {"first_mismatch_d_over_n_median": float(np.median(q["first_mismatch_d_over_n_per_run"])),
           "init_disagreement_high_d": q["by_ratio"][0]["init_disagreement"],
           "init_disagreement_low_d": q["by_ratio"][-1]["init_disagreement"]}
    assert [r["d_over_n"] for r in q["by_ratio"]] == [8.0, 2.0]  # d/n falling: "high d" first
    compare("lai2026.moderate-d", m, exp, PINNED["lai2026.moderate-d"])


def test_lai2026_m_gt_2_summaries_recomputed():
    [m] = measure("lai2026.m-gt-2", {"n": 6, "m": 4, "d_grid": "60,600", "max_steps": 5000})
    rows = m.quantities["by_d"]
    x, v = np.log([r["trace_sigma"] for r in rows]), np.log([r["gap_pattern"] for r in rows])
    exp = {"rel_gap_shared_large_d": rows[-1]["rel_gap_shared"],
           "slope_pattern_gap": float(np.linalg.lstsq(np.vstack([x, np.ones(2)]).T, v, rcond=None)[0][0]),
           "patterns_stayed_disjoint": all(r["pattern_stayed_disjoint"] for r in rows),
           "limit_rel_loss_max": max(r["limit_rel_loss"] for r in rows)}
    assert [r["d"] for r in rows] == [60, 600]  # the last row is the largest d
    # as above: a log–log slope from two converged GD limits
    compare("lai2026.m-gt-2", m, exp, PINNED["lai2026.m-gt-2"], tols={"slope_pattern_gap": (1e-9, 1e-12)})
