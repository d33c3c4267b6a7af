"""wu2023's figures: the loss (oscillating early at a large step), the projection on the max-margin direction against
log t (slope ‖ŵ‖), and the distance of the orthogonal projection to the potential's minimiser."""
from __future__ import annotations

import numpy as np

from ibcheck.reports.svg import plt, series, svg


def projections(results, sup):
    r, s = series(results)
    if not s or "projection" not in s:
        return []
    t = np.asarray(s["t"], dtype=float)
    keep = t >= 1
    fig, axes = plt.subplots(1, 3, figsize=(11.0, 3.0))
    axes[0].semilogx(t[keep], np.asarray(s["log_loss"], dtype=float)[keep])
    axes[0].set_xlabel("step t"), axes[0].set_ylabel("log L(w_t)")
    lt = np.log(t[keep])
    axes[1].plot(lt, np.asarray(s["projection"], dtype=float)[keep], label="⟨w_t, û⟩")
    axes[1].plot(lt, s["w_hat_norm"] * lt, "k:", lw=0.8, label="‖ŵ‖ log t")
    axes[1].set_xlabel("log t"), axes[1].legend(fontsize=7)
    o = np.asarray(s["orthogonal"], dtype=float)[keep]
    axes[2].loglog(t[keep][o > 0], o[o > 0])
    axes[2].set_xlabel("step t"), axes[2].set_ylabel("‖P̄w_t − v̄‖")
    fig.suptitle(f"{r['claim']}: η = {s['eta']:g}", fontsize=9)
    return [svg(fig)]


PLOTS = {"wu2023.loss": projections, "wu2023.margin_growth": projections, "wu2023.orthogonal": projections}
