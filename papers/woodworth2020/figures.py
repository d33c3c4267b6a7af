"""woodworth2020's figure: the relative distances of w_α to w_ℓ1 and w_ℓ2 across α.

Each function maps a claim's results (and the report's supplements) to a list of inline SVGs (``reports.svg``);
``PLOTS`` registers them by claim ID and ``reports.plots`` collects every module's table.
"""
from __future__ import annotations

import numpy as np

from ibcheck.reports.svg import plt, series, svg


def alpha_sweep(results, sup):
    """Woodworth: relative distances of w_α to w_ℓ1 and w_ℓ2 across α (dense: Newton dual; dots: the flow)."""
    r, s = series(results)
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


PLOTS = {
    'woodworth2020.rich': alpha_sweep,
    'woodworth2020.kernel': alpha_sweep,
    'woodworth2020.transition': alpha_sweep,
}
