"""vardishamir2021's figure: the single neuron's limits against the min-norm point.

Each function maps a claim's results (and the report's supplements) to a list of inline SVGs (``reports.svg``);
``PLOTS`` registers them by claim ID and ``reports.plots`` collects every module's table.
"""
from __future__ import annotations

import numpy as np

from ibcheck.reports.svg import plt, series, svg


def neuron_limits(results, sup):
    """Vardi–Shamir: w₃(t) for each γ (same zero-loss set, different limits)."""
    r, s = series(results)
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
    'vardishamir2021.single_neuron_construction': neuron_limits,
}
