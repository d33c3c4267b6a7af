"""The figures of the shared homogeneous-network flow (``checks.homogeneous_flow``): γ̃ inside its sandwich band
[γ̄ − ‖θ‖^{−L} log N, γ̄] against log t; KKT and alignment residuals per decade of log(1/𝓛).

Each function maps a claim's results (and the report's supplements) to a list of inline SVGs (``reports.svg``); the
papers that use the flow register them for their claims in their own ``figures.py``.
"""
from __future__ import annotations

import numpy as np

from ..svg import plt, series, svg


def sandwich(results, sup, title: str = "γ̃ non-decreasing inside its sandwich"):
    r, s = series(results)
    if not s or "gamma_tilde" not in s:
        return []
    k0 = int(s["k0"])
    lt = np.asarray(s["log_t"], dtype=float)[k0:]
    gb, gt, lo = (np.asarray(s[k], dtype=float)[k0:] for k in ("gamma_bar", "gamma_tilde", "lower"))
    keep = lt > 0
    fig, ax = plt.subplots(figsize=(4.6, 3.2))
    ax.fill_between(lt[keep], lo[keep], gb[keep], color="#c6dbef", label="[γ̄ − ‖θ‖^{−L} log N, γ̄]")
    ax.plot(lt[keep], gt[keep], color="#08519c", label="γ̃ = log(1/L)/‖θ‖^L")
    ax.plot(lt[keep], gb[keep], color="k", lw=0.7, label="γ̄ = min q/‖θ‖^L")
    ax.set_xscale("log"), ax.set_xlabel("log t (after L < 1)"), ax.set_ylabel("margin"), ax.legend(fontsize=7)
    ax.set_title(title)
    return [svg(fig)]


def residuals(results, sup):
    r, s = series(results)
    if not s or "kkt_stationarity" not in s:
        return []
    ll = -np.asarray(s["log_loss"], dtype=float)[s["checkpoint_index"]]
    fig, ax = plt.subplots(figsize=(4.6, 3.2))
    ax.loglog(ll, s["kkt_stationarity"], "o-", label="KKT ε/‖θ̃‖")
    ax.loglog(ll, np.maximum(s["alignment_gap"], 1e-300), "s-", label="1 − cos∠(θ, −∇L)")
    ax.axhline(1e-2, color="k", lw=0.7, ls=":", label="1e-2")
    ax.axhline(1e-3, color="gray", lw=0.7, ls=":", label="1e-3")
    ax.set_xlabel("log(1/L)"), ax.legend(fontsize=7), ax.set_title("KKT and alignment residuals per decade")
    return [svg(fig)]

