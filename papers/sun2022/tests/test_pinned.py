"""sun2022.direction quantities on a fixed small case (n = 4, d = 5, p = 1.5), recomputed independently: the ℓp
max margin by SLSQP on the primal min ‖w‖_p s.t. Zw ≥ 𝟙 (not cvxpy, not the Newton polish), the ℓ2 SVM by
exhaustive support sets, p-GD re-run as a plain loop in the primal (θ = sign(w)|w|^{p−1}), the recorded steps and
the series' states rebuilt from their statements."""
from __future__ import annotations

import itertools
import math

import numpy as np
import pytest
from scipy.optimize import minimize

from ibcheck.testing.fixed_cases import labelled
from ibcheck.testing.pinning import checkpoints, compare, geometric, measure, series, table

X = np.array([[1.0, 0.3, -0.2, 0.5, 0.1], [0.2, 1.1, 0.4, -0.3, 0.6], [-0.9, 0.2, -0.5, 0.1, -0.4],
              [0.1, -1.0, 0.3, -0.6, -0.2]])
Y = np.array([1.0, 1.0, -1.0, -1.0])
P, T = 1.5, 3000
PINNED = {"sun2022.direction": table(
    "eta B_q L0 steps gamma w_p final_direction_error final_gap p separable kappa direction_series "
    "margin_gap_series margin_gap_from_start "
    "margin_excess dual_outside_span l2_direction_distance l2_margin_gap l2_reference_distance",
    {"data": "the data description (a dict)",
     "reference": "the solver's own record (status, gap ≈ 0): γ_p and w_p are recomputed by SLSQP"})}


def _pnorm(v, p):
    return float((np.abs(v) ** p).sum() ** (1 / p))


def _lp_max_margin(Z, p):
    """(w unit in ℓp, γ_p) from min ‖w‖_p^p s.t. Zw ≥ 1 (SLSQP from the ℓ2 SVM, smooth for p > 1)."""
    w0 = _svm(Z)
    r = minimize(lambda w: (np.abs(w) ** p).sum(), w0, jac=lambda w: p * np.sign(w) * np.abs(w) ** (p - 1),
                 constraints=[{"type": "ineq", "fun": lambda w: Z @ w - 1, "jac": lambda w: Z}], method="SLSQP",
                 options={"ftol": 1e-16, "maxiter": 1000})
    w = r.x
    return w / _pnorm(w, p), 1 / _pnorm(w, p)


def _svm(Z):
    best = None
    for k in range(1, len(Z) + 1):
        for S in itertools.combinations(range(len(Z)), k):
            ZS = Z[list(S)]
            a = np.linalg.lstsq(ZS @ ZS.T, np.ones(k), rcond=None)[0]
            w = ZS.T @ a
            if a.min() > 0 and (Z @ w).min() >= 1 - 1e-12 and (best is None or w @ w < best @ best):
                best = w
    return best


def _per_decade(T: int) -> int:
    """The margin-rate row's checkpoints from t = 100: 4 a decade, both ends included."""
    return round(4 * math.log10(T / 100)) + 1


def recorded(T: int) -> np.ndarray:
    pts = {0, T} | {10 ** k for k in range(int(math.log10(T)) + 1)}
    pts |= {int(round(x)) for x in np.logspace(0, math.log10(T), int(8 * math.log10(T)) + 1)}
    return np.array(sorted(pts))


PINNED["sun2022.margin_rate"] = PINNED["sun2022.direction"]  # the same run and quantities (one measurement)


@pytest.mark.parametrize("cid", ["sun2022.direction", "sun2022.margin_rate"])
def test_direction_quantities_recomputed(cid):
    [m] = measure(cid, {"steps": T, "p": P}, dataset=labelled(X, Y))
    Z = Y[:, None] * X
    n = len(Z)
    q = P / (P - 1)
    wp, gamma = _lp_max_margin(Z, P)
    Bq = max(_pnorm(z, q) for z in Z)
    eta = 8.0 / (n * Bq ** 2)
    w, th, W = np.zeros(5), np.zeros(5), [np.zeros(5)]
    for _ in range(T):
        th = th + eta * Z.T @ np.exp(-(Z @ w))
        w = np.sign(th) * np.abs(th) ** (1 / (P - 1))
        W.append(w)
    t = recorded(T)
    W = np.array(W)[t]
    nw = np.array([_pnorm(x, P) for x in W])
    direction = np.r_[np.nan, [_pnorm(x / s - wp, P) for x, s in zip(W[1:], nw[1:])]]
    margin = np.r_[np.nan, (W[1:] @ Z.T).min(1) / nw[1:]]
    gap = 1 - margin / gamma
    theta = np.sign(W[1:]) * np.abs(W[1:]) ** (P - 1)
    Pk = np.eye(5) - Z.T @ np.linalg.pinv(Z @ Z.T) @ Z  # projector onto ker Z (Z has full row rank 4)
    span = (np.linalg.norm(theta @ Pk, axis=1) / np.linalg.norm(theta, axis=1)).max()
    w2 = _svm(Z)
    cp = checkpoints(t, geometric(T / 1000, T, 13))
    exp = {"eta": eta, "B_q": Bq, "L0": float(n), "steps": T, "gamma": gamma, "w_p": wp,
           "final_direction_error": direction[-1], "final_gap": gap[-1], "p": P, "separable": 1.0, "kappa": 8.0,
           "direction_series": series(t, direction, cp), "margin_gap_series": series(t, gap, cp),
           "margin_gap_from_start": series(t, gap, checkpoints(t, geometric(100, T, _per_decade(T)))),
           "margin_excess": np.nanmax(margin / gamma) - 1, "dual_outside_span": span,
           "l2_direction_distance": _pnorm(W[-1] / nw[-1] - w2 / _pnorm(w2, P), P),
           "l2_margin_gap": 1 - (Z @ w2).min() / _pnorm(w2, P) / gamma,
           "l2_reference_distance": _pnorm(w2 / _pnorm(w2, P) - wp, P)}
    # SLSQP vs the polished power-cone solution: ~1e-8 relative in γ, ~1e-6 in w (SLSQP's tolerance on a curved
    # objective); the span row is rounding vs rounding
    tols = {k: (1e-6, 1e-7) for k in ("gamma", "w_p", "final_direction_error", "final_gap", "direction_series",
                                      "margin_gap_series", "margin_gap_from_start", "margin_excess", "l2_margin_gap",
                                      "l2_reference_distance")}
    # tolerance: a ratio that is exactly 0 in exact arithmetic: rounding of |w|^{p−1} on O(1) entries
    tols["dual_outside_span"] = (0.0, 1e-12)
    compare(cid, m, exp, PINNED[cid], tols=tols)
