"""zhang2024's pinned case: a fixed n = 5, d = 3 dataset, every reported quantity recomputed here in numpy/scipy.

Adam is re-run in plain numpy (no log space: 1000 steps keep every gradient far above underflow), GD by its own
loop; γ∞ by scipy's HiGHS LP (not cvxpy/Clarabel), ŵ by exhaustive support sets; the margins, log-losses and the
checkpoint series are recomputed from the re-run iterates at the recorded steps (0, every 10^k, round(10^{j/10}))
nearest in log t to the check's geometric targets. Run by ``tests/test_zhang2024_pinned.py``.
"""
from __future__ import annotations

import math

import numpy as np

from ibcheck.testing.linear_refs import gamma_inf_highs as gamma_inf
from ibcheck.testing.linear_refs import margin
from ibcheck.testing.linear_refs import svm_exhaustive as svm
from ibcheck.testing.pinning import checkpoints, compare, geometric, measure, series, table

X = np.array([[1.0, 0.2, 0.5], [0.3, 1.2, -0.4], [0.9, 0.8, 0.1], [-0.7, 0.1, -1.1], [-0.2, -1.0, 0.3]])
Y = np.array([1.0, 1.0, 1.0, -1.0, -1.0])
ADAM_STEPS, GD_STEPS = 1000, 10_000  # powers of 10: the recorded steps are 0, 10^k and round(10^{j/10})
_WHY = {"data": "the data description (a dict)", "svm_status": "solver status string",
        "linf_status": "solver status string", "linf_gap": "the LP's own re-verified duality gap (≈ 0)",
        "linf_certified": "the LP's certificate flag", "svm_certified": "the SVM's certificate flag",
        "w_linf": "the LP maximiser may be one point of an optimal face: γ∞ and the margins it gives are recomputed",
        "linf_dual_bound": "the LP's dual bound (= γ∞ to its gap); γ∞ is recomputed",
        "diverged_at": "the trainer's divergence flag (−1)"}
_COMMON = ("n d gamma_2 gamma_inf gamma_inf_of_l2 gamma_2_of_linf w_l2 steps checkpoints linf_margin l2_margin log_loss "
           "linf_margin_series l2_margin_series linf_margin_max l2_margin_max linf_margin_final l2_margin_final "
           "log_loss_final log_loss_initial separable")
PINNED = {"zhang2024.adam_linf_margin": table(_COMMON + " update_inf_final beta1 beta2 a eps grad0_min_rel linf_midpoint",
                                              _WHY),
          "zhang2024.adam_rate": table(_COMMON + " update_inf_final beta1 beta2 a eps grad0_min_rel linf_midpoint",
                                       _WHY),
          "zhang2024.adam_eps": table(_COMMON + " update_inf_final beta1 beta2 a eps grad0_min_rel linf_midpoint", _WHY),
          "zhang2024.gd_l2_margin": table(_COMMON + " eta sigma_max_sq eta_beta_sigma2", _WHY)}


def adam_plain(Z, steps, b1, b2, eps, eta):
    w, m, v = np.zeros(Z.shape[1]), np.zeros(Z.shape[1]), np.zeros(Z.shape[1])
    W, upd = [w.copy()], None
    for t in range(steps):
        g = -(Z.T @ (0.5 * (1 - np.tanh(0.5 * (Z @ w))))) / len(Z)  # ∇ of the mean logistic loss
        m = b1 * m + (1 - b1) * g
        v = b2 * v + (1 - b2) * g * g
        upd = m / (np.sqrt(v) + eps)
        w = w - eta(t) * upd
        W.append(w.copy())
    return np.array(W), float(np.abs(upd).max())


def gd_plain(Z, steps, eta):
    w = np.zeros(Z.shape[1])
    W = [w.copy()]
    for _ in range(steps):
        w = w + eta * (Z.T @ (0.5 * (1 - np.tanh(0.5 * (Z @ w))))) / len(Z)
        W.append(w.copy())
    return np.array(W)


def _recorded(steps):
    return np.array(sorted({0, steps} | {10 ** k for k in range(8) if 10 ** k <= steps}
                           | {round(10 ** (j / 10)) for j in range(int(10 * math.log10(steps)) + 1)}))


def expected(cid, p):
    Z = Y[:, None] * X
    n, d = Z.shape
    w2 = svm(Z)
    gi = gamma_inf(Z)
    out = {"n": n, "d": d, "separable": 1.0, "w_l2": w2, "gamma_2": 1 / np.linalg.norm(w2), "gamma_inf": gi,
           "gamma_inf_of_l2": (Z @ w2).min() / np.abs(w2).max()}
    if cid == "zhang2024.gd_l2_margin":
        s2 = np.linalg.norm(Z, 2) ** 2
        eta = n / s2
        Wall, steps, lo, count = gd_plain(Z, GD_STEPS, eta), GD_STEPS, GD_STEPS / 1000, 13
        out.update(eta=eta, sigma_max_sq=s2, eta_beta_sigma2=0.25 * eta * s2 / n)
    else:
        sched = (lambda t: p["eta0"]) if p["schedule"] == "constant" else (lambda t: p["eta0"] * (t + 2.0) ** -p["a"])
        Wall, u_last = adam_plain(Z, ADAM_STEPS, 0.9, 0.99, p["eps"], sched)
        steps, lo, count = ADAM_STEPS, ADAM_STEPS / 100, 9
        g0 = -(Z.T @ np.full(n, 0.5)) / n
        out.update(beta1=0.9, beta2=0.99, a=p["a"] if p["schedule"] == "poly" else 0.0, eps=p["eps"], update_inf_final=u_last,
                   grad0_min_rel=np.abs(g0).min() / np.abs(g0).max())
    t = _recorded(steps)
    W = Wall[t]
    mi, m2 = margin(Z, W, math.inf), margin(Z, W, 2)
    ll = np.log(np.logaddexp(0, -(W @ Z.T)).mean(1))
    idx = checkpoints(t, geometric(lo, float(steps), count))
    dec = [int(np.flatnonzero(t == 10 ** k)[0]) for k in range(int(math.log10(steps)) + 1)]
    out.update(steps=steps, checkpoints=[int(t[i]) for i in dec], linf_margin=mi[dec], l2_margin=m2[dec], log_loss=ll[dec],
               linf_margin_series=series(t, mi, idx), l2_margin_series=series(t, m2, idx),
               linf_margin_max=np.nanmax(mi[1:]), l2_margin_max=np.nanmax(m2[1:]), linf_margin_final=mi[-1],
               l2_margin_final=m2[-1], log_loss_final=ll[-1], log_loss_initial=ll[0])
    if cid != "zhang2024.gd_l2_margin":
        out["linf_midpoint"] = 0.5 * (gi + out["gamma_inf_of_l2"])
    return out


# Adam's recursion in two float64 implementations (log space vs plain; BLAS vs numpy summation order) over 3000
# steps drifts by ~1e-13 relative; the LP's γ∞ is exact to HiGHS's 1e-9 feasibility tolerance.
TOLS = {"gamma_inf": (1e-8, 1e-9), "gamma_inf_of_l2": (1e-9, 1e-10), "linf_midpoint": (1e-8, 1e-9)}


def check(cid):
    from ibcheck.testing import fixed_cases as F
    from ibcheck.checks.registry import REGISTRY
    p = {k: v.default for k, v in REGISTRY[cid].params.items()}
    over = {"steps": GD_STEPS if cid == "zhang2024.gd_l2_margin" else ADAM_STEPS}
    [m] = measure(cid, over, dataset=F.labelled(X, Y))
    exp = expected(cid, p)
    Z = Y[:, None] * X
    winf = np.asarray(m.quantities["w_linf"])  # one point of the LP's optimal face: its ℓ2 margin recomputed from it
    exp["gamma_2_of_linf"] = (Z @ winf).min() / np.linalg.norm(winf)
    # tolerance: Adam in numpy vs the trainer's log space: rounding drift ~1e-13 relative over 1000 steps
    compare(cid, m, exp, PINNED[cid], rtol=1e-9, atol=1e-11, tols=TOLS)
