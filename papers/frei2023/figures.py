"""frei2023's figures: the flow's normalised margin, the margin factor, stable-rank trajectories, Fig. 1's sweeps and the (H) grid.

Each function maps a claim's results (and the report's supplements) to a list of inline SVGs (``reports.svg``);
``PLOTS`` registers them by claim ID and ``reports.plots`` collects every module's table.
"""
from __future__ import annotations

import numpy as np

from ibcheck.reports.svg import plt, series, svg


_STYLES = [("o", "-"), ("s", "--"), ("^", "-."), ("D", ":"), ("v", "-"), ("P", "--")]


def flow_margin(results, sup):
    r, s = series(results)
    if not s or "normalized_margin" not in s:
        return []
    q = r["quantities"]
    opt = q.get("optimal_normalized_margin")
    ll = -np.array(s["log_loss"])
    nm = np.array(s["normalized_margin"])
    keep = (ll > 0.1) & (nm > 0)
    figs = []
    if opt and keep.any():
        fig, ax = plt.subplots(figsize=(4.6, 3.2))
        ax.loglog(ll[keep], np.maximum(1 - nm[keep] / opt, 1e-12), "o-", ms=3)
        ax.set_xlabel("−log L̂ (flow progress)"), ax.set_ylabel("1 − margin/(1/‖W*‖)")
        ax.set_title("normalised margin → 1/‖W*‖_F")
        figs.append(svg(fig))
    sv = np.array([v[:6] for v in s["singular_values"]])
    fig, ax = plt.subplots(figsize=(4.6, 3.2))
    x = np.maximum(ll, 1e-6)
    for j in range(sv.shape[1]):
        ax.loglog(x, sv[:, j] / sv[:, 0], label=f"σ{j + 1}/σ1")
    ax.set_xlabel("−log L̂"), ax.set_ylabel("σ_j/σ_1"), ax.legend(fontsize=6, ncol=2)
    ax.set_title("singular values of W along the flow (rank → 2)")
    figs.append(svg(fig))
    return figs


def margin_factor(results, sup):
    r = results[0]
    q = r["quantities"]
    if "margin_ratio" not in q:
        return []
    fig, ax = plt.subplots(figsize=(3.4, 2.6))
    ax.bar(["margin(z)/margin(SVM)", "(κ+γ)/2"], [q["margin_ratio"], q["factor"]], color=["#3182bd", "#bdbdbd"])
    ax.set_ylim(0, 1.05), ax.set_title("margin ratio vs the factor")
    return [svg(fig)]


def srank_trajectories(results, sup):
    """Theorem 4.2: srank(W⁽ᵗ⁾) along GD with the bound C (a line); fig2: one trajectory per init."""
    r, s = series(results)
    if not s:
        return []
    fig, ax = plt.subplots(figsize=(4.6, 3.2))
    if "srank" in s:  # one Theorem 4.2 run
        ax.semilogx(np.maximum(s["steps"], 0.5), s["srank"], "o-", ms=3, label="srank(W⁽ᵗ⁾)")
        C = (r.get("params") or {}).get("C_srank")
        if C is not None:
            ax.axhline(C, color="#c62828", ls="--", lw=1, label=f"bound C = {C:g} (t ≥ 1)")
            q = r.get("quantities") or {}
            if q.get("C_measured") is not None:
                ax.axhline(q["C_measured"], color="k", ls=":", lw=0.8,
                           label=f"max over t ≥ 1 and the sweep: {q['C_measured']:.4g}")
    else:  # fig2: per init
        for name, tr in s.items():
            if isinstance(tr, dict) and "srank" in tr:
                ax.semilogx(np.maximum(tr["steps"], 0.5), tr["srank"], label=name)
    ax.set_yscale("log"), ax.set_xlabel("step (0 drawn at ½)"), ax.set_ylabel("stable rank"), ax.legend(fontsize=6)
    ax.set_title("stable rank along training")
    return [svg(fig)]


def fig1_sweeps(results, sup):
    """Figure 1 as two plots: the d sweep (srank(W⁽ᵗ⁾)/srank(W⁽⁰⁾), init fixed) and the init sweep (srank(W⁽ᵗ⁾),
    d fixed); distinct markers and line styles keep coinciding curves visible, the legend gives the end values."""
    r, s = series(results)
    if not s:
        return []
    figs = []
    for prefix, title, ratio in (("d=", "d sweep (init fixed): srank(W⁽ᵗ⁾)/srank(W⁽⁰⁾)", True),
                                 ("init=", "init sweep (d fixed): srank(W⁽ᵗ⁾)", False)):
        runs = [(k, v) for k, v in s.items() if k.startswith(prefix) and isinstance(v, dict) and "srank" in v]
        if not runs:
            continue
        fig, ax = plt.subplots(figsize=(4.6, 3.2))
        for i, (name, tr) in enumerate(runs):
            y = np.asarray(tr["srank"], dtype=float)
            y = y / y[0] if ratio else y
            mk, ls = _STYLES[i % len(_STYLES)]
            steps = np.maximum(np.asarray(tr["steps"], dtype=float), 0.5)
            ax.loglog(steps, y, ls=ls, marker=mk, ms=3, markevery=max(1, len(y) // 8),
                      label=f"{name}: end {y[-1]:.3g}")
        ax.set_xlabel("step (0 drawn at ½)"), ax.set_ylabel("ratio to init" if ratio else "stable rank")
        ax.legend(fontsize=6), ax.set_title(title, fontsize=8)
        figs.append(svg(fig))
    return figs


def h_grid(results, sup):
    r = results[0]
    grid = r["quantities"].get("grid")
    if not grid:
        return []
    fig, ax = plt.subplots(figsize=(4.6, 3.2))
    for g in sorted({x["gamma"] for x in grid}):
        pts = [x for x in grid if x["gamma"] == g]
        sc = ax.scatter([x["d"] for x in pts], [x["n"] for x in pts], c=[np.log10(x["H_slack_median"]) for x in pts],
                        cmap="RdYlGn", vmin=-2, vmax=1, marker="o" if g == 1 else "s", s=60, label=f"γ = {g}")
    for extra in sup.get("observed", []):
        ax.scatter([extra["d"]], [extra["n"]], marker="*", s=140, c="k")
    fig.colorbar(sc, ax=ax, label="log10 (H) slack (≥ 0: (H) holds)")
    ax.set_xscale("log"), ax.set_yscale("log"), ax.set_xlabel("d"), ax.set_ylabel("n"), ax.legend(fontsize=7)
    ax.set_title("(H) across (n, d); ★ = Theorem 3.2 conclusions observed to hold")
    return [svg(fig)]


PLOTS = {
    'frei2023.thm3.1': flow_margin,
    'frei2023.thm3.2.rank': flow_margin,
    'frei2023.thm3.2.margin-factor': margin_factor,
    'frei2023.thm4.2.srank': srank_trajectories,
    'frei2023.fig1': fig1_sweeps,
    'frei2023.fig2': srank_trajectories,
    'frei2023.lem3.3': h_grid,
}
