"""jitelgarsky2019's figure: the decomposition errors ‖P_Sw − v̄‖, the direction error of P_{S⊥}w and the excess risk against t.

Each function maps a claim's results (and the report's supplements) to a list of inline SVGs (``reports.svg``);
``PLOTS`` registers them by claim ID and ``reports.plots`` collects every module's table.
"""
from __future__ import annotations

import numpy as np

from ibcheck.reports.svg import plt, series, svg


def jt_decomposition(results, sup):
    r, s = series(results)
    if not s or "offset_error" not in s:
        return []
    t = np.asarray(s["t"], dtype=float)
    keep = t >= 1
    fig, ax = plt.subplots(figsize=(4.6, 3.2))
    for key, lab in (("offset_error", "‖P_S w − v̄‖"), ("direction_error", "‖P⊥w/‖P⊥w‖ − ū/‖ū‖‖"),
                     ("excess_risk", "R(w) − R̄")):
        v = np.asarray(s[key], dtype=float)[keep]
        if np.isfinite(v).any():
            ax.loglog(t[keep], np.where(v > 0, v, np.nan), label=lab)
    ax.axhline(1e-2, color="k", lw=0.7, ls=":", label="1e-2 (spec, at 10⁶)")
    ax.set_xlabel("GD step t"), ax.legend(fontsize=7), ax.set_title(f"{r['claim']}: the ray's decomposition")
    return [svg(fig)]


PLOTS = {
    'jitelgarsky2019.ray': jt_decomposition,
    'jitelgarsky2019.risk': jt_decomposition,
}
