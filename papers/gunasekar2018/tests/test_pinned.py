"""gunasekar2018 quantities on fixed small cases, recomputed independently in numpy/scipy (the tests/pinned style).

md_bregman: X (3×6) below, entropy potential; the Bregman projection by BFGS on the dual function (not cvxpy, not
Newton), MD re-run as a plain loop in the primal (θ = log w), β_ψ by eigvalsh, every reported number re-derived.
steepest: Z (4×5) below, ℓ∞ and ℓ1; γ by scipy's HiGHS LP (not cvxpy), steepest descent re-run as a plain loop
with L computed directly, every reported number re-derived. The recorded steps are rebuilt from their statement
(0, every 10^k, T and round(10^{j·log10(T)/⌊8 log10 T⌋})), the series' states from theirs (nearest in log t to
13 geometric targets over [T/1000, T]).
"""
from __future__ import annotations

import math

import numpy as np
import pytest
from scipy.optimize import linprog, minimize

from tests.pinned.pinning import checkpoints, compare, geometric, measure, series, table
from tests.pinned.fixed_cases import labelled

MD_X = np.array([[0.8, -0.2, 0.5, 0.1, 0.0, 0.3], [0.1, 0.9, -0.3, 0.4, 0.2, 0.0], [-0.3, 0.2, 0.1, 0.0, 0.7, 0.5]])
MD_Y = MD_X @ np.array([1.0, 0.5, 1.5, 0.8, 1.2, 0.6])
SD_X = np.array([[1.0, 0.3, -0.2, 0.5, 0.1], [0.2, 1.1, 0.4, -0.3, 0.6], [-0.9, 0.2, -0.5, 0.1, -0.4],
                 [0.1, -1.0, 0.3, -0.6, -0.2]])
SD_Y = np.array([1.0, 1.0, -1.0, -1.0])
T_MD, T_SD = 2000, 2000


def recorded(T: int) -> np.ndarray:
    pts = {0, T} | {10 ** k for k in range(int(math.log10(T)) + 1)}
    num = int(8 * math.log10(T)) + 1
    pts |= {int(round(x)) for x in np.logspace(0, math.log10(T), num)}
    return np.array(sorted(pts))


def _entropy_projection(X, y, w0):
    """min_w Σ w log(w/w₀) − w + w₀ s.t. Xw = y through its dual: w = w₀e^{Xᵀν} with ν minimising
    Σ w₀e^{Xᵀν} − νᵀy (BFGS, gradient X w(ν) − y)."""
    f = lambda nu: (w0 * np.exp(X.T @ nu)).sum() - nu @ y  # noqa: E731
    g = lambda nu: X @ (w0 * np.exp(X.T @ nu)) - y  # noqa: E731
    r = minimize(f, np.zeros(len(y)), jac=g, method="BFGS", options={"gtol": 1e-14, "maxiter": 10_000})
    return w0 * np.exp(X.T @ r.x)


_MD_WHY = {"data": "the data description (a dict)", "potential": "the parameter echoed",
           "reference": "the solver's own record (status, KKT residuals ≈ 0): w_B is recomputed",
           "w0": "the input w₀ drawn by the check's generator (regression.initial): checked equal, not recomputed",
           "log_loss_drop": "log of a residual at rounding (L(w_T) ≈ 1e-31): two float64 runs differ by O(1); its sign "
                            "(the row's decision) is recomputed in the test",
           "rank_X": "recomputed", "n_examples": "recomputed"}
_MD_REC = ("eta beta_psi steps w_B final_error final_residual domain_ok eta_beta_psi dual_outside_span "
           "divergence_excess bregman_series interp_series rank_X n_examples")
PINNED = {"gunasekar2018.md_bregman": table(_MD_REC, {k: v for k, v in _MD_WHY.items() if v != "recomputed"})}
_SD_REC = ("gamma B steps final_gap final_margin_ratios separable step_scale log10_eta_plus_B2 margin_gap_series "
           "margin_excess capped_fraction loss_increase_iterates")
PINNED["gunasekar2018.steepest"] = table(_SD_REC, {
    "data": "the data description (a dict)", "norm": "the parameter echoed",
    "reference": "the solver's own record (status, gap ≈ 0): γ is recomputed by another LP solver"})


def test_md_bregman_quantities_recomputed():
    from ibcheck.papers.gunasekar2018.numerics.regression import initial
    [m] = measure("gunasekar2018.md_bregman", {"steps": T_MD}, dataset=labelled(MD_X, MD_Y))
    w0 = initial("entropy", 6, 0)
    np.testing.assert_array_equal(m.quantities["w0"], w0)
    wB = _entropy_projection(MD_X, MD_Y, w0)
    beta = np.linalg.eigvalsh((MD_X * np.maximum(w0, wB)) @ MD_X.T).max()
    eta = 1.0 / beta
    t = recorded(T_MD)
    w, W = w0.copy(), [w0.copy()]
    for _ in range(T_MD):
        w = np.exp(np.log(w) - eta * MD_X.T @ (MD_X @ w - MD_Y))
        W.append(w.copy())
    W = np.array(W)[t]
    err = np.linalg.norm(W - wB, axis=1) / np.linalg.norm(wB)
    res = np.linalg.norm(W @ MD_X.T - MD_Y, axis=1) / np.linalg.norm(MD_Y)
    G = np.log(W[1:]) - np.log(w0)
    P = np.eye(6) - MD_X.T @ np.linalg.solve(MD_X @ MD_X.T, MD_X)  # projector onto ker X
    span = (np.linalg.norm(G @ P, axis=1) / np.linalg.norm(G, axis=1)).max()
    kl = lambda w: float((w * np.log(w / w0) - w + w0).sum())  # noqa: E731
    L = 0.5 * ((W @ MD_X.T - MD_Y) ** 2).sum(1)
    cp = checkpoints(t, geometric(T_MD / 1000, T_MD, 13))
    exp = {"eta": eta, "beta_psi": beta, "steps": T_MD, "w_B": wB, "final_error": err[-1], "final_residual": res[-1],
           "domain_ok": 1.0, "eta_beta_psi": 1.0, "dual_outside_span": span,
           "divergence_excess": kl(W[-1]) / kl(wB) - 1, "bregman_series": series(t, err, cp),
           "interp_series": series(t, res, cp), "rank_X": 3.0, "n_examples": 3.0}
    # BFGS on the dual leaves ~1e-11 in w_B; MD's 2000 steps reach rounding (~1e-15), so distances to w_B carry
    # BFGS's 1e-11 absolute; the span row is rounding (1e-16) vs rounding: 1e-12 absolute
    tols = {k: (1e-9, 1e-10) for k in ("w_B", "final_error", "bregman_series", "divergence_excess")}
    tols.update(dual_outside_span=(0.0, 1e-12), final_residual=(1e-9, 1e-13), interp_series=(1e-9, 1e-13))
    compare("gunasekar2018.md_bregman", m, exp, PINNED["gunasekar2018.md_bregman"], tols=tols)
    assert m.values["log_loss_drop"] < 0 and L[-1] < L[0]


def _lp_margin(Z, norm):
    """γ by HiGHS: ℓ∞: max γ s.t. Zw ≥ γ, −1 ≤ w ≤ 1; ℓ1: w = u − v, u, v ≥ 0, Σ(u + v) ≤ 1."""
    n, d = Z.shape
    if norm == "linf":
        A = np.hstack([-Z, np.ones((n, 1))])
        r = linprog(np.r_[np.zeros(d), -1.0], A_ub=A, b_ub=np.zeros(n), bounds=[(-1, 1)] * d + [(None, None)],
                    method="highs")
        return -r.fun
    A = np.vstack([np.hstack([-Z, Z, np.ones((n, 1))]), np.r_[np.ones(2 * d), 0.0][None]])
    r = linprog(np.r_[np.zeros(2 * d), -1.0], A_ub=A, b_ub=np.r_[np.zeros(n), 1.0],
                bounds=[(0, None)] * (2 * d) + [(None, None)], method="highs")
    return -r.fun


def _plain_sd(Z, norm, T, c):
    q = {"linf": 1, "l1": math.inf, "l2": 2}[norm]
    B = max(np.linalg.norm(z, q) for z in Z)
    w, W = np.zeros(Z.shape[1]), [np.zeros(Z.shape[1])]
    for _ in range(T):
        e = np.exp(-(Z @ w))
        g = -(Z.T @ e)
        eta = c / (B * B * e.sum())  # η₊ = 10³⁰⁰/B² never binds here (L ≥ e^{−690})
        if norm == "linf":
            w = w - eta * np.abs(g).sum() * np.sign(g)
        elif norm == "l1":
            j = int(np.argmax(np.abs(g)))
            w = w.copy()
            w[j] -= eta * g[j]
        else:
            w = w - eta * g
        W.append(w)
    return np.array(W), B


@pytest.mark.parametrize("norm", ["linf", "l1"])
def test_steepest_quantities_recomputed(norm):
    [m] = measure("gunasekar2018.steepest", {"steps": T_SD, "norm": norm}, dataset=labelled(SD_X, SD_Y))
    Z = SD_Y[:, None] * SD_X
    t = recorded(T_SD)
    W, B = _plain_sd(Z, norm, T_SD, 0.5)
    W = W[t]
    gammas = {"l1": _lp_margin(Z, "l1"), "linf": _lp_margin(Z, "linf")}
    w2 = _l2_svm(Z)
    gammas["l2"] = 1 / np.linalg.norm(w2)
    marg = {lab: (W[1:] @ Z.T).min(1) / np.linalg.norm(W[1:], ord={"l1": 1, "l2": 2, "linf": np.inf}[lab], axis=1)
            for lab in gammas}
    g = gammas[norm]
    gap = np.r_[np.nan, 1 - marg[norm] / g]
    ll = np.log(np.exp(-(W @ Z.T)).sum(1))
    cp = checkpoints(t, geometric(T_SD / 1000, T_SD, 13))
    exp = {"gamma": g, "B": B, "steps": T_SD, "final_gap": gap[-1],
           "final_margin_ratios": [marg[lab][-1] / gammas[lab] for lab in ("l1", "l2", "linf")], "separable": 1.0,
           "step_scale": 0.5, "log10_eta_plus_B2": 300.0, "margin_gap_series": series(t, gap, cp),
           "margin_excess": (marg[norm] / g).max() - 1, "capped_fraction": 0.0,
           "loss_increase_iterates": np.diff(ll).max()}
    # HiGHS vs Clarabel: both exact LP optima to ~1e-9 relative; the plain loop vs the log-space one: rounding
    tols = {k: (1e-7, 1e-9) for k in ("gamma", "final_gap", "final_margin_ratios", "margin_gap_series",
                                      "margin_excess")}
    tols["loss_increase_iterates"] = (1e-8, 1e-10)
    compare("gunasekar2018.steepest", m, exp, PINNED["gunasekar2018.steepest"], tols=tols)


def _l2_svm(Z):
    """min ½‖w‖² s.t. Zw ≥ 1 by exhaustive support sets (n = 4: 15 candidates)."""
    import itertools
    best = None
    for k in range(1, len(Z) + 1):
        for S in itertools.combinations(range(len(Z)), k):
            ZS = Z[list(S)]
            a = np.linalg.lstsq(ZS @ ZS.T, np.ones(k), rcond=None)[0]
            w = ZS.T @ a
            if a.min() > 0 and (Z @ w).min() >= 1 - 1e-12 and (best is None or w @ w < best @ best):
                best = w
    return best
