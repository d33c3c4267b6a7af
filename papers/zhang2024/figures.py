"""zhang2024's figures: the normalised margin in each norm (ℓ∞ and ℓ2) against t, for the optimizer of each claim.

Adam's ℓ∞ margin climbs to γ∞ while its ℓ2 margin stays below γ2; GD does the opposite; the dotted lines are the
certified references (and the other norm's answer, γ∞(ŵ), for scale).
"""
from __future__ import annotations

import numpy as np

from ibcheck.reports.svg import plt, series, svg


def margins(results, sup):
    r, s = series(results)
    if not s or "linf_margin" not in s:
        return []
    t = np.asarray(s["t"], dtype=float)
    keep = t >= 1
    fig, axes = plt.subplots(1, 2, figsize=(8.4, 3.0), sharex=True)
    for ax, key, ref, lab in ((axes[0], "linf_margin", "gamma_inf", "ℓ∞"), (axes[1], "l2_margin", "gamma_2", "ℓ2")):
        ax.semilogx(t[keep], np.asarray(s[key], dtype=float)[keep], label=f"{s.get('optimizer', '')}: {lab} margin")
        ax.axhline(s[ref], color="k", lw=0.7, ls=":", label=f"max {lab} margin γ{lab[1:]}")
        ax.set_xlabel("step t"), ax.set_ylabel(f"min_i z_i·w/‖w‖{lab[1:]}"), ax.legend(fontsize=7)
        lo = np.nanmin(np.asarray(s[key], dtype=float)[t >= 10]) if (t >= 10).any() else 0
        ax.set_ylim(max(lo, 0.0), s[ref] * 1.05)
    fig.suptitle(f"{r['claim']}: normalised margins in each norm", fontsize=9)
    return [svg(fig)]


PLOTS = {"zhang2024.adam_linf_margin": margins, "zhang2024.adam_rate": margins, "zhang2024.gd_l2_margin": margins,
         "zhang2024.adam_eps": margins}
