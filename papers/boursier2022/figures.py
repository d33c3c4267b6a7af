"""boursier2022's figures: the loss plateaus of the saddle-to-saddle dynamics and the variation-norm sweep.

Each function maps a claim's results (and the report's supplements) to a list of inline SVGs (``reports.svg``);
``PLOTS`` registers them by claim ID and ``reports.plots`` collects every module's table.
"""
from __future__ import annotations

import numpy as np

from ibcheck.reports.svg import plt, series, svg


def saddle_plateaus(results, sup):
    """Boursier: the loss along the flow with the predicted levels and escape times."""
    r, s = series(results)
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
    r, s = series(results)
    if not s or "variation" not in s:
        return []
    fig, ax = plt.subplots(figsize=(4.4, 3.1))
    ax.semilogx(s["lam"], s["variation"], "o-", label="Σ_j|a_j|‖w_j‖ at the limit")
    ax.axhline(s["min"], color="#a50f15", ls="--", label="‖β₊‖ + ‖β₋‖ (minimum)")
    ax.invert_xaxis(), ax.set_xlabel("λ (init scale)"), ax.set_ylabel("variation norm"), ax.legend(fontsize=7)
    ax.set_title("variation norm of the limit as λ → 0")
    return [svg(fig)]


PLOTS = {
    'boursier2022.saddle_to_saddle': saddle_plateaus,
    'boursier2022.convergence': saddle_plateaus,
    'boursier2022.min_variation_norm': variation_sweep,
}
