"""jitelgarsky2019 quantities on ``fixed_cases.NONSEPARABLE_*`` (n = 6, d = 3), recomputed with numpy/scipy from
docs/claims-ext.md: the maximal separable subset I by one LP per point (i ∈ I iff some u has Zu ≥ 0 and z_iᵀu > 0),
S = span{z_i : i ∉ I}, v̄ = argmin_{v ∈ S} (1/n)Σ_{i∉I} ℓ(z_iᵀv) by scipy, ū the max-margin direction of the
separable points projected onto S^⊥ (exhaustive support sets), and GD on the mean logistic risk re-run in numpy.
The rate/limit rows' series are read at 2 checkpoints per decade over the last three decades (t = 10, 10^1.5, …, 10⁴),
each the recorded step nearest in log t; the recorded steps (0, every 10^k, 10 log-spaced per decade, rounded) are
rebuilt here, and the offset/direction errors and the risk at each checkpoint recomputed from the re-run iterates."""
from __future__ import annotations

import itertools
import math

import numpy as np
from scipy.optimize import linprog, minimize

from ibcheck.testing import fixed_cases as F
from ibcheck.testing.pinning import RECOMPUTED, checkpoints, compare, geometric, measure, series, table

import pytest

pytestmark = pytest.mark.machine  # outcome independent of the BLAS kernel and thread count (tests/machine_record.py)

STEPS = 10_000
REF = "the check's own LP/solver diagnostics; the reference itself (I, v̄, ū, R̄) is recomputed"
_REC = ("n d eta max_norm_sq separable_set v_bar R_bar u_bar dim_S steps checkpoints offset_error_by_decade "
        "direction_error_by_decade excess_risk_by_decade offset_rate direction_rate risk_rate max_log_loss_increase "
        "eta_x2 n_separable n_nonseparable ps_rate_late ps_rate_early dir_rate_late dir_rate_early offset_error "
        "direction_error risk_rate_increases direction_increases direction_band limit_rel_dev risk_rel_dev "
        "offset_series direction_series full_direction_series risk_series risk_increases_steps")
_WHY = {"data": "the data description (a dict)", "lp_certified": REF, "lp_feasibility": REF, "stiemke_residual": REF,
        "v_status": REF, "v_grad": REF}
PINNED = {cid: table(_REC, _WHY) for cid in ("jitelgarsky2019.ray", "jitelgarsky2019.risk",
                                             "jitelgarsky2019.separable_edge")}
# I = ∅ converges linearly: the excess risk is rounding noise (~1e-16) from t ≈ 10³ on, so the count of its
# increases depends on the summation order, not on the statement
PINNED["jitelgarsky2019.nonseparable_edge"] = table(_REC.replace(" risk_rate_increases", ""), {
    **_WHY, "risk_rate_increases": "counts increases of (R(w_t) − R̄)t/ln²t, which is rounding noise (~1e-16) from "
    "t ≈ 10³ on this linearly converging case; the values themselves are recomputed (risk_rate)"})


def separable_subset(Z):
    I = np.zeros(len(Z), bool)
    for i in range(len(Z)):
        r = linprog(-Z[i], A_ub=-Z, b_ub=np.zeros(len(Z)), bounds=[(-1, 1)] * Z.shape[1], method="highs")
        # an LP optimum is 0 or ≥ the data's scale (O(1) margins) on this fixed case; 1e-9 sits far above HiGHS' 1e-12 rounding
        I[i] = -r.fun > 1e-9
    return I


def expected(Z, eta=1.0):
    n, d = Z.shape
    I = separable_subset(Z)
    Zc = Z[~I]
    if Zc.shape[0]:
        U_, s_, _ = np.linalg.svd(Zc.T, full_matrices=False)
        B = U_[:, s_ > 1e-10 * s_[0]]
    else:
        B = np.zeros((d, 0))
    if B.shape[1]:
        f = lambda c: np.logaddexp(0, -Zc @ (B @ c)).sum() / n  # noqa: E731
        g = lambda c: -(B.T @ Zc.T @ (0.5 * (1 - np.tanh(0.5 * (Zc @ (B @ c)))))) / n  # noqa: E731
        c = minimize(f, np.zeros(B.shape[1]), jac=g, method="BFGS", options={"gtol": 1e-14}).x
        vb = B @ c
    else:
        vb = np.zeros(d)
    R_bar = np.logaddexp(0, -Zc @ vb).sum() / n if Zc.shape[0] else 0.0
    P = np.eye(d) - B @ B.T  # projection onto S^⊥
    ub = None
    if I.any():
        Zp = Z[I] @ P
        best = None
        for r in range(1, len(Zp) + 1):
            for Sx in itertools.combinations(range(len(Zp)), r):
                G = Zp[list(Sx)] @ Zp[list(Sx)].T
                # a singular Gram of ≤ 4 O(1) rows: det exactly 0 up to rounding (~1e-16) or ≥ 1e-3 on this fixed case
                if abs(np.linalg.det(G)) < 1e-12:
                    continue
                w = Zp[list(Sx)].T @ np.linalg.solve(G, np.ones(r))
                if (Zp @ w >= 1 - 1e-12).all() and (best is None or w @ w < best @ best):
                    best = w
        ub = best
    # GD on (1/n)Σ log(1 + e^{−z_iᵀw}) from 0
    W = np.empty((STEPS + 1, d))
    w = np.zeros(d)
    W[0] = w
    for k in range(STEPS):
        w = w + eta / n * (Z.T @ (0.5 * (1 - np.tanh(0.5 * (Z @ w)))))
        W[k + 1] = w
    ll = np.log(np.logaddexp(0, -(W @ Z.T)).sum(1) / n)
    t = np.array([10, 100, 1000, 10000])
    Wd = W[t]
    lt = np.log(t)
    PS = Wd @ (B @ B.T)
    Pp = Wd - PS
    e1 = np.linalg.norm(PS - vb, axis=1)
    u = ub / np.linalg.norm(ub) if ub is not None else None
    e2 = np.linalg.norm(Pp / np.linalg.norm(Pp, axis=1)[:, None] - u, axis=1) if u is not None else np.full(4, np.nan)
    ef = np.linalg.norm(Wd / np.linalg.norm(Wd, axis=1)[:, None] - u, axis=1) if u is not None else np.full(4, np.nan)
    Rt = np.exp(ll[t])
    r1, r2, rr = e1 * np.sqrt(t) / lt ** 2, e2 * lt / np.log(lt), (Rt - R_bar) * t / lt ** 2
    band = lt * ef
    # the recorded steps: 0, T, every 10^k and round(10^{j/10}); the series at the recorded step nearest (in log t)
    # to each of 10^{1 + k/2}, k = 0..6
    rec = np.array(sorted({0, STEPS} | {round(10 ** (j / 10)) for j in range(41)}))
    cp = checkpoints(rec, geometric(10.0, float(STEPS), 7))
    Wr = W[rec]
    PSr = Wr @ (B @ B.T)
    Ppr = Wr - PSr
    nr, pr = np.linalg.norm(Wr, axis=1), np.linalg.norm(Ppr, axis=1)
    with np.errstate(invalid="ignore", divide="ignore"):
        e2r = np.linalg.norm(Ppr / pr[:, None] - u, axis=1) if u is not None else np.full(len(rec), np.nan)
        efr = np.linalg.norm(Wr / nr[:, None] - u, axis=1) if u is not None else np.full(len(rec), np.nan)
    Rr = np.logaddexp(0, -(Wr @ Z.T)).mean(1)
    exp_series = {"offset_series": series(rec, np.linalg.norm(PSr - vb, axis=1), cp),
                  "direction_series": series(rec, e2r, cp), "full_direction_series": series(rec, efr, cp),
                  "risk_series": series(rec, Rr, cp),
                  # recorded steps at which the risk rose by more than 1e-12 relative
                  "risk_increases_steps": int(np.sum(np.diff(Rr) > 1e-12 * Rr[1:]))}
    exp = {**exp_series,"n": n, "d": d, "eta": eta, "max_norm_sq": (np.linalg.norm(Z, axis=1) ** 2).max(),
           "separable_set": np.flatnonzero(I), "v_bar": vb, "R_bar": R_bar, "u_bar": ub, "dim_S": B.shape[1],
           "steps": STEPS, "checkpoints": t, "offset_error_by_decade": e1, "direction_error_by_decade": e2,
           "excess_risk_by_decade": Rt - R_bar, "offset_rate": r1, "direction_rate": r2, "risk_rate": rr,
           "max_log_loss_increase": np.diff(ll).max(), "eta_x2": eta * (np.linalg.norm(Z, axis=1) ** 2).max(),
           "n_separable": I.sum(), "n_nonseparable": (~I).sum(), "ps_rate_late": r1[2:].max(),
           "ps_rate_early": r1[:2].max(), "dir_rate_late": r2[2:].max(), "dir_rate_early": r2[:2].max(),
           "offset_error": e1[-1], "direction_error": e2[-1],
           "risk_rate_increases": int(sum(b > a for a, b in zip(rr, rr[1:]))),
           "direction_increases": int(sum(b >= a for a, b in zip(ef, ef[1:]))),
           "direction_band": band.max() / band.min() if np.all(np.isfinite(band)) and band.min() > 0 else math.nan,
           "limit_rel_dev": np.linalg.norm(W[-1] - vb) / np.linalg.norm(vb) if np.linalg.norm(vb) > 0 else math.nan,
           "risk_rel_dev": (Rt[-1] - R_bar) / R_bar if R_bar > 0 else math.nan}
    return exp


# v̄ by BFGS (gradient 1e-14) vs the check's Newton: ~1e-10; quantities built on v̄ − P_S w (→ 0) get an absolute
# 1e-8; GD iterates agree to ~1e-12 relative.
TOL = (1e-7, 1e-8)
TOLS = {k: TOL for k in ("v_bar", "R_bar", "offset_series", "direction_series", "full_direction_series", "risk_series", "offset_error_by_decade", "excess_risk_by_decade", "offset_rate",
                         "risk_rate", "ps_rate_late", "ps_rate_early", "offset_error", "limit_rel_dev", "risk_rel_dev",
                         "direction_error_by_decade", "direction_rate", "dir_rate_late", "dir_rate_early",
                         "direction_error", "direction_band", "max_log_loss_increase", "u_bar")}


def _run(cid, Z, y):
    [m] = measure(cid, {"steps": STEPS}, dataset=F.labelled(y[:, None] * Z, y))
    exp = expected(Z)
    if PINNED[cid]["risk_rate_increases"] != RECOMPUTED:
        exp.pop("risk_rate_increases")
    compare(cid, m, exp, PINNED[cid], tols=TOLS)


def test_jitelgarsky2019_ray_and_risk_recomputed():
    for cid in ("jitelgarsky2019.ray", "jitelgarsky2019.risk"):
        _run(cid, F.NONSEPARABLE_Z, F.NONSEPARABLE_Y)


def test_jitelgarsky2019_edges_recomputed():
    _run("jitelgarsky2019.separable_edge", F.SEPARABLE_Y[:, None] * F.SEPARABLE_X, F.SEPARABLE_Y)
    _run("jitelgarsky2019.nonseparable_edge", F.NONSEPARABLE_Z[:4, :2], F.NONSEPARABLE_Y[:4])
