"""baek2025's pinned case: a fixed n = 5, d = 4 data set with ±1 features, every reported quantity recomputed here in
numpy/scipy.

Incremental Adam is re-run as a plain numpy loop (no log space: 100 epochs keep every gradient far above underflow),
full-batch Adam likewise; γ∞ by scipy's HiGHS LP (not cvxpy/Clarabel), ŵ by exhaustive support sets; the recorded
epochs rebuilt from their statement (0, every 10^k, round(10^{j/10})) and the series' states by nearest log t to the
check's geometric targets. Run by ``tests/test_baek2025_pinned.py``.
"""
from __future__ import annotations

import math

import numpy as np

from ibcheck.testing.linear_refs import gamma_inf_highs as gamma_inf
from ibcheck.testing.linear_refs import margin
from ibcheck.testing.linear_refs import svm_exhaustive as svm
from ibcheck.testing.pinning import checkpoints, compare, geometric, measure, series, table

X = np.array([[1.0, 1.0, -1.0, 1.0], [1.0, -1.0, 1.0, 1.0], [-1.0, 1.0, 1.0, -1.0], [1.0, 1.0, 1.0, -1.0],
              [-1.0, -1.0, 1.0, 1.0]])
Y = np.array([1.0, 1.0, -1.0, 1.0, -1.0])
EPOCHS = 100
_WHY = {"data": "the data description (a dict)", "svm_status": "solver status string",
        "linf_status": "solver status string", "linf_gap": "the LP's own re-verified duality gap (≈ 0)",
        "w_linf": "the LP maximiser may be one point of an optimal face: γ∞ and the margins it gives are recomputed",
        "diverged_at": "the trainer's divergence flag (−1)"}
PINNED = {"baek2025.inc_adam_l2": table(
    "n d gamma_2 gamma_inf gamma_inf_of_l2 gamma_2_of_linf w_l2 steps epochs checkpoints l2_margin linf_margin "
    "l2_margin_series l2_margin_max linf_margin_final full_batch_linf_margin_final full_batch_l2_margin_final "
    "log_loss_final log_loss_initial separable feature_spread beta1 beta2 a eps schedule_poly linf_midpoint", _WHY)}


def adam_plain(Z, steps, incremental, b1=0.9, b2=0.99, eta0=0.1, a=0.5):
    """Plain Adam (ε = 0, no bias correction, logistic loss): one sample per step cyclically, or the mean loss."""
    n, d = Z.shape
    w, m, v = np.zeros(d), np.zeros(d), np.zeros(d)
    W = [w.copy()]
    for t in range(steps):
        if incremental:
            z = Z[t % n]
            g = -z * 0.5 * (1 - np.tanh(0.5 * (z @ w)))
        else:
            g = -(Z.T @ (0.5 * (1 - np.tanh(0.5 * (Z @ w))))) / n
        m = b1 * m + (1 - b1) * g
        v = b2 * v + (1 - b2) * g * g
        w = w - eta0 * (t + 2.0) ** -a * m / np.sqrt(v)
        W.append(w.copy())
    return np.array(W)


def recorded_epochs(E):
    return np.array(sorted({0, E} | {10 ** k for k in range(8) if 10 ** k <= E}
                           | {round(10 ** (j / 10)) for j in range(int(10 * math.ceil(math.log10(E))) + 1)
                              if round(10 ** (j / 10)) <= E}))


def expected():
    Z = Y[:, None] * X
    n, d = Z.shape
    w2, gi = svm(Z), gamma_inf(Z)
    steps = EPOCHS * n
    t = recorded_epochs(EPOCHS) * n
    Wi, Wf = adam_plain(Z, steps, True)[t], adam_plain(Z, steps, False)
    m2, mi = margin(Z, Wi, 2), margin(Z, Wi, math.inf)
    ll = np.log(np.logaddexp(0, -(Wi @ Z.T)).mean(1))
    idx = checkpoints(t, geometric(steps / 100, float(steps), 9))
    dec = sorted({int(np.searchsorted(t, 10 ** k)) for k in range(int(math.log10(t[-1])) + 1)} | {len(t) - 1})
    gil2 = (Z @ w2).min() / np.abs(w2).max()
    return {"n": n, "d": d, "separable": 1.0, "feature_spread": 0.0, "beta1": 0.9, "beta2": 0.99, "a": 0.5,
            "eps": 0.0, "schedule_poly": 1.0, "w_l2": w2, "gamma_2": 1 / np.linalg.norm(w2), "gamma_inf": gi,
            "gamma_inf_of_l2": gil2, "linf_midpoint": 0.5 * (gi + gil2), "steps": steps, "epochs": EPOCHS,
            "checkpoints": [int(t[i]) for i in dec], "l2_margin": m2[dec], "linf_margin": mi[dec],
            "l2_margin_series": series(t, m2, idx), "l2_margin_max": np.nanmax(m2[1:]), "linf_margin_final": mi[-1],
            "full_batch_linf_margin_final": margin(Z, Wf[-1:], math.inf)[0],
            "full_batch_l2_margin_final": margin(Z, Wf[-1:], 2)[0], "log_loss_final": ll[-1],
            "log_loss_initial": ll[0]}


# the LP's γ∞ is exact to HiGHS's 1e-9 feasibility tolerance; the midpoint inherits it
TOLS = {"gamma_inf": (1e-8, 1e-9), "linf_midpoint": (1e-8, 1e-9)}


def check(cid="baek2025.inc_adam_l2"):
    from ibcheck.testing import fixed_cases as F
    [m] = measure(cid, {"epochs": EPOCHS}, dataset=F.labelled(X, Y))
    exp = expected()
    Z = Y[:, None] * X
    winf = np.asarray(m.quantities["w_linf"])  # one point of the LP's optimal face: its ℓ2 margin recomputed from it
    exp["gamma_2_of_linf"] = (Z @ winf).min() / np.linalg.norm(winf)
    # tolerance: Adam in numpy vs the trainer's log space: rounding drift ~1e-13 relative over 500 steps
    compare(cid, m, exp, PINNED[cid], rtol=1e-9, atol=1e-11, tols=TOLS)
