"""gunasekar2018's figures: MD's distance to the Bregman projection; each steepest descent's normalised margin in
ℓ1, ℓ2, ℓ∞ against t; the comparison's heat map (optimizer × norm) and every optimizer's margins against t.

Each function maps a claim's results (and the report's supplements) to a list of inline SVGs (``reports.svg``).
"""
from __future__ import annotations

import numpy as np

from ibcheck.reports.svg import plt, series, svg

_COLORS = {"l1": "#08519c", "l2": "#a50f15", "linf": "#238b45", "1": "#08519c", "1.5": "#6baed6", "2": "#a50f15",
           "3": "#fd8d3c", "inf": "#238b45"}
_LABEL = {"l1": "ℓ1", "l2": "ℓ2", "linf": "ℓ∞", "1": "ℓ1", "1.5": "ℓ1.5", "2": "ℓ2", "3": "ℓ3", "inf": "ℓ∞"}
_NAMES = {"gd": "GD", "cd": "coordinate descent", "sign": "sign descent", "pgd15": "p-GD, p = 1.5",
          "pgd3": "p-GD, p = 3", "adam": "Adam"}


def md_distance(results, sup):
    r, s = series(results)
    if not s or "error" not in s:
        return []
    t = np.asarray(s["t"], dtype=float)
    keep = t >= 1
    fig, ax = plt.subplots(figsize=(4.6, 3.2))
    ax.loglog(t[keep], np.maximum(np.asarray(s["error"])[keep], 1e-17), label="‖w_t − w_B‖/‖w_B‖")
    ax.loglog(t[keep], np.maximum(np.asarray(s["residual"])[keep], 1e-17), "--", label="‖Xw_t − y‖/‖y‖")
    ax.axhline(1e-9, color="k", lw=0.7, ls=":", label="floor 1e-9")
    ax.set_xlabel("MD step t"), ax.set_ylabel("relative distance"), ax.legend(fontsize=7)
    ax.set_title(f"mirror descent ({s.get('potential')}) → Bregman projection of w₀", fontsize=9)
    return [svg(fig)]


def margins_in_each_norm(results, sup):
    """γ_q(w_t)/γ_q for q ∈ {1, 2, ∞} against t: the optimizer's own norm reaches 1, the others stay below."""
    r, s = series(results)
    if not s or "ratio_l1" not in s:
        return []
    t = np.asarray(s["t"], dtype=float)
    keep = t >= 1
    fig, ax = plt.subplots(figsize=(4.8, 3.3))
    for lab in ("l1", "l2", "linf"):
        ax.semilogx(t[keep], np.asarray(s[f"ratio_{lab}"], dtype=float)[keep], color=_COLORS[lab],
                    lw=2.2 if lab == s.get("norm") else 1.0, label=f"{_LABEL[lab]} margin / γ_{_LABEL[lab]}")
    ax.axhline(1.0, color="k", lw=0.7, ls=":")
    ax.set_ylim(max(0.0, ax.get_ylim()[0]), 1.05)
    ax.set_xlabel("step t"), ax.set_ylabel("normalised margin / max margin"), ax.legend(fontsize=7)
    ax.set_title(f"steepest descent in {_LABEL.get(s.get('norm'), '?')}: margin in each norm", fontsize=9)
    return [svg(fig)]


def comparison(results, sup):
    """The heat map R[o, q] = γ_q(w_T)/γ_q with its numbers, and each optimizer's margins against t."""
    r, s = series(results)
    if not s or "table" not in s:
        return []
    names, norms = list(s["table"]), s["norms"]
    M = np.array([[s["table"][o][q] for q in norms] for o in names], dtype=float)
    fig, ax = plt.subplots(figsize=(5.6, 3.6))
    im = ax.imshow(M, cmap="viridis", vmin=max(0.0, np.nanmin(M)), vmax=1.0, aspect="auto")
    for i in range(len(names)):
        best = int(np.nanargmax(M[i]))
        for j in range(len(norms)):
            ax.text(j, i, f"{M[i, j]:.3f}", ha="center", va="center", fontsize=7,
                    color="k" if M[i, j] > 0.8 else "w", fontweight="bold" if j == best else "normal")
    ax.set_xticks(range(len(norms)), [_LABEL[q] for q in norms])
    ax.set_yticks(range(len(names)), [_NAMES.get(o, o) for o in names], fontsize=7)
    ax.set_xlabel("norm q"), fig.colorbar(im, ax=ax, label="γ_q(w_T)/γ_q")
    ax.set_title("which norm's margin each optimizer maximises (bold: the best)", fontsize=9)
    fig.tight_layout()
    out = [svg(fig)]
    fig, axes = plt.subplots(2, 3, figsize=(9.6, 5.2), sharey=True)
    for ax, o in zip(axes.ravel(), names):
        run = s["runs"][o]
        t = np.asarray(run["t"], dtype=float)
        keep = t >= 1
        for q in norms:
            ax.semilogx(t[keep], np.asarray(run[q], dtype=float)[keep], color=_COLORS[q], label=_LABEL[q])
        ax.axhline(1.0, color="k", lw=0.6, ls=":"), ax.set_title(_NAMES.get(o, o), fontsize=8)
        ax.set_ylim(0.0, 1.05)
    axes[0, 0].legend(fontsize=6), axes[1, 1].set_xlabel("step t"), axes[0, 0].set_ylabel("γ_q(w_t)/γ_q")
    fig.suptitle("margin in each norm against time, for each optimizer", fontsize=9)
    fig.tight_layout()
    return out + [svg(fig)]


PLOTS = {
    "gunasekar2018.md_bregman": md_distance,
    "gunasekar2018.steepest": margins_in_each_norm,
    "gunasekar2018.comparison": comparison,
}
