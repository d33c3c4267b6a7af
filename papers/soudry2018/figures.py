"""soudry2018's figures: ‖ρ(t)‖ and ‖ρ(t) − w̃‖ against log t; the margin gap and ηtL/‖ŵ‖² against t.

Each function maps a claim's results (and the report's supplements) to a list of inline SVGs (``reports.svg``);
``PLOTS`` registers them by claim ID and ``reports.plots`` collects every module's table.
"""
from __future__ import annotations

import numpy as np

from ibcheck.reports.svg import plt, series, svg


def soudry_residual(results, sup):
    r, s = series(results)
    if not s or "rho_norm" not in s:
        return []
    t = np.asarray(s["t"], dtype=float)
    keep = t >= 1
    fig, ax = plt.subplots(figsize=(4.6, 3.2))
    ax.semilogx(t[keep], np.asarray(s["rho_norm"])[keep], label="‖ρ(t)‖ = ‖w − ŵ log t‖")
    ax.semilogx(t[keep], np.asarray(s["residual"])[keep], label="‖ρ(t) − w̃‖")
    ax.set_yscale("log")
    ax.axhline(0.15, color="k", lw=0.7, ls=":", label="0.15 (spec, at 10⁶)")
    ax.set_xlabel("GD step t"), ax.set_ylabel("norm"), ax.legend(fontsize=7)
    ax.set_title(f"{r['claim']}: θ = {s.get('theta', float('nan')):.3f}")
    return [svg(fig)]


def soudry_rates(results, sup):
    r, s = series(results)
    if not s or "margin_gap" not in s:
        return []
    t = np.asarray(s["t"], dtype=float)
    keep = t >= 2
    lt = np.log(t[keep])
    fig, axes = plt.subplots(1, 2, figsize=(8.4, 3.0))
    axes[0].semilogx(t[keep], np.asarray(s["margin_gap"])[keep] * lt, label="log t · gap(t)")
    axes[0].set_xlabel("t"), axes[0].set_ylabel("log t · (1/‖ŵ‖ − min z·w/‖w‖)"), axes[0].legend(fontsize=7)
    axes[1].semilogx(t[keep], np.asarray(s["eta_t_loss"])[keep], label="ηtL(w(t))/‖ŵ‖²")
    axes[1].axhline(1.0, color="k", lw=0.7, ls=":")
    axes[1].set_xlabel("t"), axes[1].legend(fontsize=7)
    fig.suptitle("soudry2018: margin gap = O(1/log t), tL → ‖ŵ‖²/η", fontsize=9)
    return [svg(fig)]


PLOTS = {
    'soudry2018.asymptotic': soudry_residual,
    'soudry2018.residual_limit': soudry_residual,
    'soudry2018.fig1': soudry_residual,
    'soudry2018.rank_condition': soudry_residual,
    'soudry2018.margin_loss_rates': soudry_rates,
}
