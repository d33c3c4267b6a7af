"""lai2026's figures: the gap against ‖λ‖₁, the activation-pattern raster, the η sweep and the Gram rate.

Each function maps a claim's results (and the report's supplements) to a list of inline SVGs (``reports.svg``);
``PLOTS`` registers them by claim ID and ``reports.plots`` collects every module's table.
"""
from __future__ import annotations

import numpy as np

from ibcheck.reports.svg import plt, series, svg


def gap_vs_trace(results, sup):
    r, s = series(results)
    if not s or "gap_by_d" not in s:
        return []
    tr, g = np.array(s["trace_by_d"]), np.array(s["gap_by_d"])
    fig, ax = plt.subplots(figsize=(4.6, 3.2))
    if s.get("lower_by_d"):
        ax.fill_between(tr, s["lower_by_d"], s["upper_by_d"], color="#9ecae1", alpha=0.5, label="[lower, upper] bound")
    ax.loglog(tr, g, "o-", color="#08519c", label="‖w∞ − w*‖ (rms over reps)")
    k, c = np.polyfit(np.log(tr), np.log(g), 1)
    ax.loglog(tr, np.exp(c) * tr ** k, "--", color="k", label=f"fit: slope {k:.3f} (claim −½)")
    ax.set_xlabel("‖λ‖₁"), ax.set_ylabel("gap"), ax.legend(fontsize=7), ax.set_title("lai2026: gap vs ‖λ‖₁")
    return [svg(fig)]


def pattern_raster(results, sup):
    r, s = series(results)
    if not s or "pattern" not in s:
        return []
    y = np.asarray(s["y"])
    order = np.argsort(-y)
    P = np.array([np.asarray(p).reshape(-1, len(y))[0][order] for p in s["pattern"]]).T
    fig, ax = plt.subplots(figsize=(4.6, 3.2))
    ax.imshow(P, aspect="auto", cmap="Greys", interpolation="nearest")
    ax.set_xticks(range(len(s["steps"])), [str(t) for t in s["steps"]], fontsize=6, rotation=90)
    ax.set_xlabel("GD step (recorded)"), ax.set_ylabel("examples, sorted by y (positives on top)")
    ax.set_title("activation pattern 𝟙{⟨w,x_i⟩ > 0} (black = active)")
    return [svg(fig)]


def eta_sweep(results, sup):
    sw = sup.get("eta_sweep")
    if not sw:
        return []
    fig, ax = plt.subplots(figsize=(4.6, 3.2))
    ax.plot(sw["eta"], sw["gap"], "o-", label="gap")
    ax.axhline(sw["lower"], color="r", ls="--", label="lower bound √(n₋y_min²/‖λ‖₁)")
    ax.axhline(sw["upper"], color="g", ls=":", label="upper bound")
    if sw.get("threshold"):
        ax.axvline(sw["threshold"], color="k", lw=0.8, label=f"threshold η‖λ‖₁ = {sw['threshold']:.3f}")
    ax.set_xlabel("η‖λ‖₁"), ax.set_ylabel("‖w∞ − w*‖"), ax.set_yscale("log"), ax.legend(fontsize=7)
    ax.set_title("lai2026.m1.gap: the η sweep")
    return [svg(fig)]


def gram_rate(results, sup):
    r, s = series(results)
    if not s or "dev_by_d" not in s:
        return []
    fig, ax = plt.subplots(figsize=(4.6, 3.2))
    ax.loglog(s["trace_by_d"], s["dev_by_d"], "o-", label="max |K/‖λ‖₁ − I| entry")
    ax.set_xlabel("‖λ‖₁"), ax.set_ylabel("deviation"), ax.legend(fontsize=7)
    ax.set_title(f"Gram concentration: slope {r['quantities']['slope_gram']:.3f}")
    return [svg(fig)]


PLOTS = {
    'lai2026.m1.rate': gap_vs_trace,
    'lai2026.m1.pattern': pattern_raster,
    'lai2026.m1.gap': eta_sweep,
    'lai2026.gram': gram_rate,
}


def eta_sweep_supplement() -> dict:
    """The η sweep of lai2026.m1.gap at its default data: gap and bounds per η‖λ‖₁, and the threshold (the report
    runs it once, for the ``eta_sweep`` figure)."""
    from ibcheck.checks.runner import run_check

    from .checks.findings import eta_threshold
    etas = [0.2, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0, 1.2, 1.5]
    rs = [run_check("lai2026.m1.gap", {"eta_scale": e}) for e in etas]
    thr = eta_threshold({}, iters=14)
    return {"eta_sweep": {"eta": etas, "gap": [r["quantities"]["gap"] for r in rs], "lower": rs[0]["quantities"]["lower"],
                          "upper": rs[0]["quantities"]["upper"], "threshold": thr.get("threshold"),
                          "predicted": thr.get("predicted")}}


# claim ID → an extra measurement the report runs once for this paper's figures (``reports.run``)
SUPPLEMENTS = {"lai2026.m1.gap": eta_sweep_supplement}
