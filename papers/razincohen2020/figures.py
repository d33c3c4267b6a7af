"""razincohen2020's figure: the norms, det W and the effective rank over decades of t.

Each function maps a claim's results (and the report's supplements) to a list of inline SVGs (``reports.svg``);
``PLOTS`` registers them by claim ID and ``reports.plots`` collects every module's table.
"""
from __future__ import annotations

import numpy as np

from ibcheck.reports.svg import plt, series, svg


def norms_over_decades(results, sup):
    """Razin–Cohen: |W₁₁(t)| and ‖W(t)‖_* over decades of t, against the minimum nuclear norm."""
    r, s = series(results)
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


PLOTS = {
    'razincohen2020.norms_diverge': norms_over_decades,
    'razincohen2020.det_sign': norms_over_decades,
    'razincohen2020.effective_rank': norms_over_decades,
}
