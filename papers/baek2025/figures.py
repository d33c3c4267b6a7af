"""baek2025's figure: the normalised margins of incremental and full-batch Adam on the same data, in each norm.

Incremental Adam's ℓ2 margin climbs to γ2 while full-batch Adam's ℓ∞ margin climbs to γ∞: the same optimizer family,
two limits (dotted: the certified references).
"""
from __future__ import annotations

import numpy as np

from ibcheck.reports.svg import plt, series, svg


def margins(results, sup):
    r, s = series(results)
    if not s or "l2_margin" not in s:
        return []
    t = np.asarray(s["t"], dtype=float)
    keep = t >= 1
    fig, axes = plt.subplots(1, 2, figsize=(8.4, 3.0), sharex=True)
    for ax, key, ref, lab in ((axes[0], "l2_margin", "gamma_2", "ℓ2"), (axes[1], "linf_margin", "gamma_inf", "ℓ∞")):
        ax.semilogx(t[keep], np.asarray(s[key], dtype=float)[keep], label=f"incremental Adam: {lab} margin")
        ax.semilogx(t[keep], np.asarray(s[f"fb_{key}"], dtype=float)[keep], ls="--", label=f"full-batch Adam: {lab}")
        ax.axhline(s[ref], color="k", lw=0.7, ls=":", label=f"max {lab} margin")
        ax.set_xlabel("step t"), ax.set_ylabel(f"min_i z_i·w/‖w‖{lab[1:]}"), ax.legend(fontsize=7)
    fig.suptitle(f"{r['claim']}: per-sample vs full-batch Adam on the same data", fontsize=9)
    return [svg(fig)]


PLOTS = {"baek2025.inc_adam_l2": margins}
