"""gunasekar2018's AdaGrad and steepest-descent-on-regression quantities on fixed small cases, recomputed
independently: AdaGrad re-run as a plain numpy loop, the max margin in ‖·‖_G by SLSQP on its primal
(min Σ√G_k w_k² s.t. Zw ≥ 1; not the check's SVM), the min-ℓ∞-norm interpolant by scipy's HiGHS LP (not cvxpy), the
recorded steps and series' states rebuilt from their statements."""
from __future__ import annotations

import math

import numpy as np
from scipy.optimize import linprog, minimize

from ibcheck.testing.fixed_cases import labelled
from ibcheck.testing.pinning import checkpoints, compare, geometric, measure, series, table

X = np.array([[1.0, 0.3, -0.2, 0.5, 0.1], [0.2, 1.1, 0.4, -0.3, 0.6], [-0.9, 0.2, -0.5, 0.1, -0.4],
              [0.1, -1.0, 0.3, -0.6, -0.2]])
Y = np.array([1.0, 1.0, -1.0, -1.0])
T = 3000
PINNED = {
    "gunasekar2018.adagrad": table(
        "eta separable gamma_G g_margin_series g_margin_max gamma_G_of_l2 G_settle log_loss_final log_loss_initial "
        "steps G_final w_G checkpoints g_margin_ratio G_usable_to grad0_min_rel",
        {"data": "the data description (a dict)"}),
    "gunasekar2018.adagrad_path": table("G_gap ref_angle own_closer steps limit_cosine angle_to_own_reference "
                                        "angle_to_other_reference separable grad0_min_rel", {"data": "the data description (a dict)"}),
    "gunasekar2018.sd_regression": table(
        "limit_shift norm_excess_1 norm_excess_2 residual_max norm etas min_norm limit_norms steps",
        {"reference_status": "solver status string", "reference_residual": "the LP's own feasibility residual "
                                                                            "(≈ 0): the min norm is recomputed"})}


def adagrad_plain(Z, steps, eta, w0):
    w, G = w0.copy(), np.zeros(Z.shape[1])
    W, Gs = [w.copy()], [G.copy()]
    for _ in range(steps):
        g = -(Z.T @ np.exp(-(Z @ w))) / len(Z)
        G = G + g * g
        w = w - eta * g / np.sqrt(G)
        W.append(w.copy())
        Gs.append(G.copy())
    return np.array(W), np.array(Gs)


def g_ref(Z, G):
    s = np.sqrt(G)
    r = minimize(lambda w: (s * w * w).sum(), np.linalg.lstsq(Z, np.ones(len(Z)), rcond=None)[0],
                 jac=lambda w: 2 * s * w, constraints=[{"type": "ineq", "fun": lambda w: Z @ w - 1, "jac": lambda w: Z}],
                 method="SLSQP", options={"ftol": 1e-16, "maxiter": 1000})
    return r.x


def gm(Z, W, G):
    return (W @ Z.T).min(1) / np.sqrt((np.sqrt(G)[None] * W * W).sum(1))


def recorded(T):
    """0, T, every 10^k, and 10 log-spaced steps per started decade (the trainers' default checkpoints)."""
    pts = {0, T} | {10 ** k for k in range(8) if 10 ** k <= T}
    pts |= {int(round(x)) for x in np.logspace(0, math.log10(T), 10 * math.ceil(math.log10(T)) + 1)}
    return np.array(sorted(p for p in pts if p <= T))


def _svm_l2(Z):
    r = minimize(lambda w: w @ w, np.linalg.lstsq(Z, np.ones(len(Z)), rcond=None)[0], jac=lambda w: 2 * w,
                 constraints=[{"type": "ineq", "fun": lambda w: Z @ w - 1, "jac": lambda w: Z}], method="SLSQP",
                 options={"ftol": 1e-16, "maxiter": 1000})
    return r.x


def test_adagrad_quantities_recomputed():
    [m] = measure("gunasekar2018.adagrad", {"steps": T}, dataset=labelled(X, Y))
    Z = Y[:, None] * X
    Wa, Ga = adagrad_plain(Z, T, 0.5, np.zeros(5))
    t = recorded(T)
    W, G = Wa[t], Ga[t]
    GT = G[-1]
    wG = g_ref(Z, GT)
    gam = gm(Z, wG[None], GT)[0]
    mr = gm(Z, W[1:], GT)
    mm = np.concatenate([[np.nan], mr])
    ll = np.log(np.exp(-(W @ Z.T)).mean(1))
    dec = [int(np.searchsorted(t, 10 ** k)) for k in range(int(math.log10(T)) + 1)]
    i10 = int(np.searchsorted(t, T // 10))
    exp = {"eta": 0.5, "separable": 1.0, "gamma_G": gam, "g_margin_max": np.nanmax(mm[1:]),
           "g_margin_series": series(t, mm, checkpoints(t, geometric(T / 1000, float(T), 13))),
           "gamma_G_of_l2": gm(Z, _svm_l2(Z)[None], GT)[0], "G_settle": np.max(np.abs(GT - G[i10]) / GT),
           "log_loss_final": ll[-1], "log_loss_initial": ll[0], "steps": T, "G_final": GT, "w_G": wG,
           "checkpoints": [int(t[i]) for i in dec], "g_margin_ratio": [mm[i] / gam for i in dec], "G_usable_to": T,
           "grad0_min_rel": np.abs(Z.sum(0)).min() / np.abs(Z.sum(0)).max()}
    # tolerance: SLSQP's optimum (ftol 1e-16) is exact to ~1e-8 in w (the check polishes its SVM to ~1e-12): the
    # reference direction and what is computed from it agree to 1e-7 relative; the runs themselves to rounding
    loose = (1e-7, 1e-9)
    compare("gunasekar2018.adagrad", m, exp, PINNED["gunasekar2018.adagrad"], rtol=1e-9, atol=1e-11,
            tols={"gamma_G": loose, "w_G": loose, "g_margin_ratio": loose, "gamma_G_of_l2": loose})


def test_adagrad_path_quantities_recomputed():
    [m] = measure("gunasekar2018.adagrad_path", {"steps": T}, dataset=labelled(X, Y))
    Z = Y[:, None] * X
    v = np.random.default_rng(10_007).normal(size=5)
    runs = [adagrad_plain(Z, T, 0.5, w0) for w0 in (np.zeros(5), v)]
    Gs = [r[1][-1] for r in runs]
    unit = [w / np.linalg.norm(w) for w in (g_ref(Z, G) for G in Gs)]
    last = [r[0][-1] / np.linalg.norm(r[0][-1]) for r in runs]
    ang = lambda a, b: math.acos(max(-1.0, min(1.0, float(a @ b))))  # noqa: E731
    own = [ang(last[i], unit[i]) for i in (0, 1)]
    other = [ang(last[i], unit[1 - i]) for i in (0, 1)]
    exp = {"G_gap": np.max(np.abs(np.sqrt(Gs[0]) - np.sqrt(Gs[1])) / np.sqrt(Gs[0])),
           "ref_angle": 1 - unit[0] @ unit[1], "own_closer": float(all(o < x for o, x in zip(own, other))),
           "steps": T, "limit_cosine": last[0] @ last[1], "angle_to_own_reference": own,
           "angle_to_other_reference": other, "separable": 1.0,
           "grad0_min_rel": np.abs(Z.sum(0)).min() / np.abs(Z.sum(0)).max()}
    # tolerance: the references by SLSQP (~1e-8 in direction): angles and 1 − cos to 1e-6 absolute
    compare("gunasekar2018.adagrad_path", m, exp, PINNED["gunasekar2018.adagrad_path"], rtol=1e-9, atol=1e-11,
            tols={"ref_angle": (1e-5, 1e-7), "angle_to_own_reference": (1e-5, 1e-7),
                  "angle_to_other_reference": (1e-5, 1e-7)})


def test_sd_regression_quantities_recomputed():
    from ibcheck.papers.gunasekar2018.numerics.regression import regression
    [m] = measure("gunasekar2018.sd_regression", {"steps": 2000})
    Xr, y, _ = regression(10, 30, 0)
    lam = np.linalg.eigvalsh(Xr @ Xr.T).max()
    etas = [c / (30 * lam) for c in (0.05, 0.2)]
    ws = []
    for eta in etas:
        w = np.zeros(30)
        for _ in range(2000):
            g = Xr.T @ (Xr @ w - y)
            w = w - eta * np.abs(g).sum() * np.sign(g)
        ws.append(w)
    # min ‖w‖∞ s.t. Xw = y as an LP in (w, s): min s, −s ≤ w_k ≤ s
    n, d = Xr.shape
    c = np.zeros(d + 1)
    c[-1] = 1
    A = np.vstack([np.hstack([np.eye(d), -np.ones((d, 1))]), np.hstack([-np.eye(d), -np.ones((d, 1))])])
    res = linprog(c, A_ub=A, b_ub=np.zeros(2 * d), A_eq=np.hstack([Xr, np.zeros((n, 1))]), b_eq=y,
                  bounds=[(None, None)] * (d + 1), method="highs")
    mn = res.fun
    nrm = [np.abs(w).max() for w in ws]
    exp = {"limit_shift": np.linalg.norm(ws[0] - ws[1]) / np.linalg.norm(ws[0]), "norm_excess_1": nrm[0] / mn - 1,
           "norm_excess_2": nrm[1] / mn - 1, "norm": "linf", "etas": etas, "min_norm": mn, "limit_norms": nrm,
           "residual_max": max(np.linalg.norm(Xr @ w - y) / np.linalg.norm(y) for w in ws), "steps": 2000}
    # tolerance: the LP optimum from two solvers (Clarabel vs HiGHS) agrees to ~1e-8 relative; a residual at rounding
    # level (~1e-15) differs between two summation orders by its own size
    compare("gunasekar2018.sd_regression", m, exp, PINNED["gunasekar2018.sd_regression"], rtol=1e-9, atol=1e-11,
            tols={"min_norm": (1e-7, 1e-9), "norm_excess_1": (1e-6, 1e-7), "norm_excess_2": (1e-6, 1e-7),
                  "residual_max": (1.0, 1e-13)})
