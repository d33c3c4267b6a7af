"""sun2022's figure: p-GD's normalised margin in ℓ1, ℓ2, ℓp, ℓ∞ against t (each over its max margin), and the ℓp
distance of its direction to the ℓp max-margin direction."""
from __future__ import annotations

import numpy as np

from ibcheck.reports.svg import plt, series, svg


def pgd_margins(results, sup):
    r, s = series(results)
    if not s or "ratio_lp" not in s:
        return []
    t = np.asarray(s["t"], dtype=float)
    keep = t >= 1
    p = s.get("p")
    fig, axes = plt.subplots(1, 2, figsize=(8.8, 3.2))
    for lab, c, name in (("l1", "#08519c", "ℓ1"), ("l2", "#a50f15", "ℓ2"), ("lp", "#6a51a3", f"ℓ{p:g}"),
                         ("linf", "#238b45", "ℓ∞")):
        axes[0].semilogx(t[keep], np.asarray(s[f"ratio_{lab}"], dtype=float)[keep], color=c,
                         lw=2.2 if lab == "lp" else 1.0, label=f"{name} margin / its max")
    axes[0].axhline(1.0, color="k", lw=0.7, ls=":"), axes[0].set_ylim(0.0, 1.05)
    axes[0].set_xlabel("step t"), axes[0].legend(fontsize=7)
    axes[1].loglog(t[keep], np.asarray(s["direction"], dtype=float)[keep], color="#6a51a3")
    axes[1].set_xlabel("step t"), axes[1].set_ylabel("‖w_t/‖w_t‖_p − w_p⋆‖_p")
    fig.suptitle(f"p-GD (p = {p:g}): margin in each norm, and the direction's distance to the ℓp max margin",
                 fontsize=9)
    fig.tight_layout()
    return [svg(fig)]


PLOTS = {"sun2022.direction": pgd_margins}
