"""kou2023's figure: the stable ranks of W₊₁, W₋₁ and W against t.

Each function maps a claim's results (and the report's supplements) to a list of inline SVGs (``reports.svg``);
``PLOTS`` registers them by claim ID and ``reports.plots`` collects every module's table.
"""
from __future__ import annotations

import numpy as np

from ibcheck.reports.svg import plt, series, svg


def kou_stable_ranks(results, sup):
    """Kou: per-class and full stable ranks along GD (and the derived full-W limit)."""
    r, s = series(results)
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


PLOTS = {
    'kou2023.leaky_srank_to_1': kou_stable_ranks,
    'kou2023.relu_srank_bounded': kou_stable_ranks,
    'kou2023.full_srank': kou_stable_ranks,
    'kou2023.margin_equalization': kou_stable_ranks,
    'kou2023.loss_rate': kou_stable_ranks,
}
