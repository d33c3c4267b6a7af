"""Figures of issue 14 part A (soudry2018, jitelgarsky2019/2020, lyuli2020), merged into ``reports.plots.PLOTS``.

Soudry: ‖ρ(t)‖ and ‖ρ(t) − w̃‖ against log t, the margin gap and ηtL/‖ŵ‖² against t. Ji–Telgarsky 2019: the
decomposition errors ‖P_Sw − v̄‖, the direction error of P_{S⊥}w and the excess risk against t. Lyu–Li: γ̃ inside
its sandwich band [γ̄ − ‖θ‖^{−L} log N, γ̄] against log t; KKT and alignment residuals per decade of log(1/L).
"""
from __future__ import annotations

import numpy as np



def _tools():
    """``reports.plots``' helpers, imported lazily: plots.py imports this module at its end (either may load first)."""
    from .plots import _series, plt, svg
    return _series, plt, svg


def soudry_residual(results, sup):
    _series, plt, svg = _tools()
    r, s = _series(results)
    if not s or "rho_norm" not in s:
        return []
    t = np.asarray(s["t"], dtype=float)
    keep = t >= 1
    fig, ax = plt.subplots(figsize=(4.6, 3.2))
    ax.semilogx(t[keep], np.asarray(s["rho_norm"])[keep], label="‖ρ(t)‖ = ‖w − ŵ log t‖")
    ax.semilogx(t[keep], np.asarray(s["residual"])[keep], label="‖ρ(t) − w̃‖")
    ax.set_yscale("log")
    ax.axhline(0.15, color="k", lw=0.7, ls=":", label="0.15 (spec, at 10⁶)")
    ax.set_xlabel("GD step t"), ax.set_ylabel("norm"), ax.legend(fontsize=7)
    ax.set_title(f"{r['claim']}: θ = {s.get('theta', float('nan')):.3f}")
    return [svg(fig)]


def soudry_rates(results, sup):
    _series, plt, svg = _tools()
    r, s = _series(results)
    if not s or "margin_gap" not in s:
        return []
    t = np.asarray(s["t"], dtype=float)
    keep = t >= 2
    lt = np.log(t[keep])
    fig, axes = plt.subplots(1, 2, figsize=(8.4, 3.0))
    axes[0].semilogx(t[keep], np.asarray(s["margin_gap"])[keep] * lt, label="log t · gap(t)")
    axes[0].set_xlabel("t"), axes[0].set_ylabel("log t · (1/‖ŵ‖ − min z·w/‖w‖)"), axes[0].legend(fontsize=7)
    axes[1].semilogx(t[keep], np.asarray(s["eta_t_loss"])[keep], label="ηtL(w(t))/‖ŵ‖²")
    axes[1].axhline(1.0, color="k", lw=0.7, ls=":")
    axes[1].set_xlabel("t"), axes[1].legend(fontsize=7)
    fig.suptitle("soudry2018: margin gap = O(1/log t), tL → ‖ŵ‖²/η", fontsize=9)
    return [svg(fig)]


def jt_decomposition(results, sup):
    _series, plt, svg = _tools()
    r, s = _series(results)
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


def lyuli_sandwich(results, sup):
    _series, plt, svg = _tools()
    r, s = _series(results)
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
    ax.set_title("lyuli2020: γ̃ non-decreasing inside its sandwich")
    return [svg(fig)]


def lyuli_residuals(results, sup):
    _series, plt, svg = _tools()
    r, s = _series(results)
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


PLOTS = {
    "soudry2018.asymptotic": soudry_residual,
    "soudry2018.residual_limit": soudry_residual,
    "soudry2018.fig1": soudry_residual,
    "soudry2018.rank_condition": soudry_residual,
    "soudry2018.margin_loss_rates": soudry_rates,
    "jitelgarsky2019.ray": jt_decomposition,
    "jitelgarsky2019.risk": jt_decomposition,
    "lyuli2020.smoothed_margin_monotone": lyuli_sandwich,
    "lyuli2020.sandwich": lyuli_sandwich,
    "lyuli2020.kkt": lyuli_residuals,
    "jitelgarsky2020.alignment": lyuli_residuals,
}
