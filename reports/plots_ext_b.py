"""Figures of the issue-14 part-B claims (Boursier, Kou, Vardi–Shamir, Woodworth, Razin–Cohen), as inline SVG.

Merged into ``reports.plots.PLOTS`` by one import line at the end of that module.
"""
from __future__ import annotations

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402


def svg(fig) -> str:  # plots.py imports this module at its end: reach its helpers lazily (no import cycle)
    from . import plots
    return plots.svg(fig)


def _series(results):
    from . import plots
    return plots._series(results)


def alpha_sweep(results, sup):
    """Woodworth: relative distances of w_α to w_ℓ1 and w_ℓ2 across α (dense: Newton dual; dots: the flow)."""
    r, s = _series(results)
    if not s:
        return []
    fig, ax = plt.subplots(figsize=(4.8, 3.3))
    if "sweep" in s:
        sw = s["sweep"]
        ax.loglog(sw["alpha"], sw["dist_l1"], "-", color="#08519c", label="‖w_α − w_ℓ1‖/‖w_ℓ1‖ (argmin Q_α)")
        ax.loglog(sw["alpha"], sw["dist_l2"], "-", color="#a50f15", label="‖w_α − w_ℓ2‖/‖w_ℓ2‖")
        if "dist_l1" in s:
            ax.loglog(s["alpha"], np.maximum(s["dist_l1"], 1e-16), "o", color="#08519c", ms=4, label="flow's limit")
            ax.loglog(s["alpha"], np.maximum(s["dist_l2"], 1e-16), "o", color="#a50f15", ms=4)
        ax.set_title("diagonal network: from the rich (ℓ1) to the kernel (ℓ2) regime")
    elif "points" in s:
        for pt in s["points"]:
            if pt.get("alpha_star"):
                ax.scatter([pt["alpha_star"]], [pt["dist_at_alpha_star"]], s=40,
                           label=f"n={pt['n']}, d={pt['d']}, k={pt['k']}: α* = {pt['alpha_star']:.3g}")
        ax.set_xscale("log"), ax.set_title("equidistance point α* (exploratory)")
    ax.set_xlabel("α (init scale)"), ax.set_ylabel("relative distance"), ax.legend(fontsize=6)
    return [svg(fig)]


def saddle_plateaus(results, sup):
    """Boursier: the loss along the flow with the predicted levels and escape times."""
    r, s = _series(results)
    if not s or "loss" not in s:
        return []
    t, L = np.array(s["t"]), np.maximum(np.array(s["loss"]), 1e-30)
    fig, ax = plt.subplots(figsize=(4.8, 3.3))
    ax.semilogy(t, L, color="#08519c", label="L(θ(t))")
    if "plateau" in s:
        ax.axhline(s["L0"], color="gray", ls=":", lw=0.8, label="(1/2n)Σy²")
        ax.axhline(s["plateau"], color="#a50f15", ls="--", lw=0.8, label="predicted plateau (1/2n)Σ_slow y²")
        for tau, name in ((s["tau_fast"], "τ_fast"), (s["tau_slow"], "τ_slow")):
            ax.axvline(tau, color="k", lw=0.7, ls="--")
            ax.text(tau, s["L0"] * 2, name, fontsize=7, ha="center")
        ax.set_xlim(0, min(t.max(), 2.5 * s["tau_slow"]))
        ax.set_ylim(max(L.min(), 1e-12), s["L0"] * 5)
    ax.set_xlabel("t"), ax.set_ylabel("loss"), ax.legend(fontsize=6)
    ax.set_title("shallow ReLU, orthogonal inputs: saddle to saddle")
    return [svg(fig)]


def variation_sweep(results, sup):
    r, s = _series(results)
    if not s or "variation" not in s:
        return []
    fig, ax = plt.subplots(figsize=(4.4, 3.1))
    ax.semilogx(s["lam"], s["variation"], "o-", label="Σ_j|a_j|‖w_j‖ at the limit")
    ax.axhline(s["min"], color="#a50f15", ls="--", label="‖β₊‖ + ‖β₋‖ (minimum)")
    ax.invert_xaxis(), ax.set_xlabel("λ (init scale)"), ax.set_ylabel("variation norm"), ax.legend(fontsize=7)
    ax.set_title("variation norm of the limit as λ → 0")
    return [svg(fig)]


def norms_over_decades(results, sup):
    """Razin–Cohen: |W₁₁(t)| and ‖W(t)‖_* over decades of t, against the minimum nuclear norm."""
    r, s = _series(results)
    if not s:
        return []
    fig, ax = plt.subplots(figsize=(4.8, 3.3))
    if "W11" in s:
        ax.loglog(s["t"], np.abs(s["W11"]), "o-", label="|W₁₁(t)| (unobserved entry)")
        ax.loglog(s["t"], s["nuclear"], "s--", ms=3, label="‖W(t)‖_*")
        if s.get("min_nuclear"):
            ax.axhline(s["min_nuclear"], color="#a50f15", ls=":", label="min-nuclear-norm completion (2)")
        ax.loglog(s["t"], np.maximum(s["loss"], 1e-40), "^-", ms=3, color="gray", label="loss")
        ax.set_title("factorised 2×2 completion: every norm diverges")
    elif "log_det" in s:
        ax.semilogx(s["t"], s["log_det"], "o-", label="log det W(t) (balanced phase)")
        ax.set_ylabel("log det W"), ax.set_title("det W(t) → 0⁺ but never changes sign")
    elif "erank" in s:
        ax.loglog(s["t"], np.maximum(np.array(s["erank"]) - 1, 1e-300), "o-", label="erank(W(t)) − 1")
        ax.set_title("effective rank falls towards 1")
    ax.set_xlabel("t"), ax.legend(fontsize=6)
    return [svg(fig)]


def kou_stable_ranks(results, sup):
    """Kou: per-class and full stable ranks along GD (and the derived full-W limit)."""
    r, s = _series(results)
    if not s or "srank_pos" not in s:
        return []
    t = np.maximum(np.array(s["steps"], dtype=float), 0.5)
    fig, axs = plt.subplots(1, 2, figsize=(8.4, 3.2))
    ax = axs[0]
    ax.loglog(t, np.maximum(np.array(s["srank_pos"]) - 1, 1e-12), label="srank(W₊₁) − 1")
    ax.loglog(t, np.maximum(np.array(s["srank_neg"]) - 1, 1e-12), label="srank(W₋₁) − 1")
    ax.loglog(t, np.maximum(np.array(s["srank_full"]) - 1, 1e-12), label="srank(W) − 1 (full)")
    if s.get("full_limit"):
        ax.axhline(s["full_limit"] - 1, color="k", ls="--", lw=0.8, label="derived full-W limit − 1")
    ax.set_xlabel("GD step"), ax.legend(fontsize=6), ax.set_title("stable ranks along training")
    ax = axs[1]
    mr = np.array(s["margin_ratio"])
    ok = np.isfinite(mr)
    ax.loglog(t[ok], mr[ok] - 1, label="max q / min q − 1")
    ax.loglog(t, t * np.exp(s["log_loss"]), label="t·L_S")
    ax.set_xlabel("GD step"), ax.legend(fontsize=6), ax.set_title("margins and loss rate")
    return [svg(fig)]


def neuron_limits(results, sup):
    """Vardi–Shamir: w₃(t) for each γ (same zero-loss set, different limits)."""
    r, s = _series(results)
    if not s or "trajectories" not in s:
        return []
    fig, ax = plt.subplots(figsize=(4.8, 3.3))
    for g, tr in s["trajectories"].items():
        if tr and tr.get("t"):
            t = np.maximum(np.array(tr["t"]), 1e-3)
            ax.semilogx(t, [w[2] for w in tr["w"]], label=f"γ = {g}")
    ax.set_xlabel("t"), ax.set_ylabel("w₃(t)"), ax.legend(fontsize=6)
    ax.set_title("single neuron: w₃(∞) moves with γ; Z = {(5,−1,w₃): w₃ ≤ 1}")
    return [svg(fig)]


PLOTS = {
    "woodworth2020.rich": alpha_sweep, "woodworth2020.kernel": alpha_sweep, "woodworth2020.transition": alpha_sweep,
    "boursier2022.saddle_to_saddle": saddle_plateaus, "boursier2022.convergence": saddle_plateaus,
    "boursier2022.min_variation_norm": variation_sweep,
    "razincohen2020.norms_diverge": norms_over_decades, "razincohen2020.det_sign": norms_over_decades,
    "razincohen2020.effective_rank": norms_over_decades,
    "kou2023.leaky_srank_to_1": kou_stable_ranks, "kou2023.relu_srank_bounded": kou_stable_ranks,
    "kou2023.full_srank": kou_stable_ranks, "kou2023.margin_equalization": kou_stable_ranks,
    "kou2023.loss_rate": kou_stable_ranks,
    "vardishamir2021.single_neuron_construction": neuron_limits,
}
