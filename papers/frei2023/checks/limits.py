"""frei2023 Section 3's conclusions read along the flow: their quantities at geometric checkpoints of ℓ = log(1/L̂).

Theorems 3.1 and 3.2 are statements about the *limit* direction of gradient flow ("converges in direction to a
KKT point", "the limit has rank ≤ 2", ...). A finite run only approaches it: the quantities that vanish at the
limit (KKT residuals, σ₃/σ₁, the neurons' and margins' spreads, the test-point disagreement, the distance of the
normalised margin and direction to Problem (1)'s optimum) are read at ``PER_DECADE`` recorded states per decade
over the last ``DECADES`` decades of ℓ past t₀ (``L̂ < log(2)/n``), and ``theory.asymptotic`` judges
``q(ℓ) → 0`` from their observed orders (against ``1/log ℓ``, the slowest scale: no rate is stated).

``Hooks.limit`` maps every checkpoint's state as it maps the end state: a wrong answer is a wrong trajectory.
A mapped trajectory whose direction does not move at all (a fixed W rescaled, as a frozen or random output) has
*reached* its limit: ``at_rest`` is 1 when the direction of the data-span part ``BX`` moves by less than ``AT_REST`` over the window, and the
conclusions' quantities at its end, without ``W₀^⊥`` (the init's part outside the data, which fades like 1/‖W‖),
are then the limit's own — decided against 0 to their rounding floor.
"""
from __future__ import annotations

import math

import numpy as np

from ibcheck.theory.asymptotic import Series, geometric
from ..theory.kkt import kkt_check

DECADES = 2  # the window: ℓ ∈ [ℓ_end/100, ℓ_end] (past t₀), as lyuli2020.kkt
PER_DECADE = 3  # checkpoints per decade: 7 over two decades (the judge needs ≥ 5)
AT_REST = 1e-9  # ‖Ŵ_k − Ŵ_end‖_F below this at every checkpoint: the direction has stopped (the flow's own moves
# by ≥ 1e-5 over two decades of ℓ at every setting of the catalogue: directional convergence is O(1/ℓ))


def checkpoint_indices(log_loss: list, n: int) -> list[int]:
    """Recorded states nearest (in log ℓ) to ``PER_DECADE`` geometric targets per decade of ℓ over
    ``[max(ℓ_end/10^DECADES, ℓ₀), ℓ_end]``, ``ℓ₀ = log(n/log 2)`` (t₀); distinct, increasing; [] before t₀."""
    ell = np.array([-float(v) for v in log_loss])
    l_end, l0 = float(ell[-1]), math.log(n / math.log(2))
    lo = max(l_end / 10 ** DECADES, l0)
    past = np.flatnonzero(ell >= lo * (1 - 1e-12))
    if not math.isfinite(l_end) or l_end <= lo or past.size == 0:
        return []
    count = max(int(round(PER_DECADE * math.log10(l_end / lo))) + 1, 2)
    out = []
    for t in geometric(lo, l_end, count):
        k = int(past[np.argmin(np.abs(np.log(ell[past] / t)))])
        if k not in out:
            out.append(k)
    return sorted(out)


def state_quantities(Kn, yn, an, gamma, Bn, Pn, disagreement: float, Bstar=None, wstar_norm=math.nan) -> dict:
    """The limit rows' quantities at one state ``W = W₀^⊥ + BX`` (all relative, so c·W gives the same);
    ``disagreement``: the state's disagreement mass on the test points (``gf.boundary_agreement``)."""
    Z = Bn @ Kn
    marg = yn * (an[:, None] * np.maximum(gamma * Z, Z)).sum(0)
    WW = Bn @ Kn @ Bn.T + Pn
    fro = float(np.sqrt(max(np.trace(WW), 0.0)))
    sv = np.sqrt(np.clip(np.linalg.eigvalsh(WW), 0, None))[::-1]
    rep = kkt_check(Kn, yn, an, gamma, Bn, Pn)
    m = len(an)
    spreads = []
    for idx in (np.flatnonzero(an > 0), np.flatnonzero(an < 0)):
        sub = WW[np.ix_(idx, idx)]
        spreads += [math.sqrt(max(sub[j, j] - 2 * sub[j].mean() + sub.mean(), 0.0)) / fro for j in range(len(idx))]
    out = {"q_min": float(marg.min()), "stationarity": rep.stationarity, "complementarity": rep.complementarity,
           "sigma3_over_sigma1": float(sv[2] / sv[0]) if m >= 3 and sv[0] > 0 else 0.0,
           "neuron_spread": float(max(spreads)) if spreads else 0.0,
           "margin_spread": float((marg.max() - marg.min()) / marg.min()) if marg.min() > 0 else math.inf,
           "disagreement": disagreement}
    if Bstar is not None and math.isfinite(wstar_norm):
        out["margin_gap"] = abs(float(marg.min()) / fro * wstar_norm - 1.0)
        out["cosine_gap"] = 1.0 - float(np.einsum("ji,ik,jk->", Bn, Kn, Bstar) / (fro * wstar_norm))
        c, cs = an @ Bn, an @ Bstar  # z = Wᵀa = Xᵀc + W^⊥ᵀa, z* = Xᵀc* (W^⊥ ⟂ the data, so ⟨z, z*⟩ = cᵀKc*)
        out["z_direction_gap"] = 1.0 - float(c @ Kn @ cs) / math.sqrt(float(c @ Kn @ c + an @ Pn @ an) * float(cs @ Kn @ cs))
    return out


def z_margin(Kn, yn, an, Bn, Pn) -> float:
    """The normalised margin ``min_i y_i⟨z, x_i⟩/‖z‖`` of ``z = Σ_j a_j w_j = Wᵀa`` for ``W = BX + W^⊥``
    (``‖z‖² = cᵀKc + aᵀ(W^⊥W^⊥ᵀ)a``, ``c = aᵀB``): scale-free, so it reads the direction only."""
    c = an @ Bn
    return float((yn * (Kn @ c)).min() / math.sqrt(float(c @ Kn @ c + an @ Pn @ an)))


def direction_moved(Kn, Bs: list) -> float:
    """``max_k ‖B̂_k X − B̂_last X‖_F`` over the states' data-span parts ``B_kX`` (unit norm): how far the
    direction the flow moves has moved (``W₀^⊥`` is the init's, never moved by the flow; it only fades)."""
    if len(Bs) < 2:
        return math.nan
    norm = lambda B: math.sqrt(max(float(np.einsum("ji,ik,jk->", B, Kn, B)), 0.0))  # noqa: E731
    ne = norm(Bs[-1])
    out = 0.0
    for B in Bs[:-1]:
        D = B / norm(B) - Bs[-1] / ne
        out = max(out, math.sqrt(max(float(np.einsum("ji,ik,jk->", D, Kn, D)), 0.0)))
    return out


SERIES = {  # values key → state_quantities key
    "kkt_stationarity_series": "stationarity", "kkt_complementarity_series": "complementarity",
    "sigma3_series": "sigma3_over_sigma1", "neuron_spread_series": "neuron_spread",
    "margin_spread_series": "margin_spread", "disagreement_series": "disagreement",
    "margin_gap_series": "margin_gap", "cosine_gap_series": "cosine_gap", "z_direction_gap_series": "z_direction_gap"}
AT_REST_KEYS = {  # values key → the end state's quantity, reported only when the direction is at rest (else 0)
    "stationarity_at_rest": "stationarity", "sigma3_at_rest": "sigma3_over_sigma1",
    "neuron_spread_at_rest": "neuron_spread", "margin_spread_at_rest": "margin_spread",
    "disagreement_at_rest": "disagreement", "margin_gap_at_rest": "margin_gap", "cosine_gap_at_rest": "cosine_gap"}


def limit_values(ells: list, states: list[dict], moved: float, end: dict) -> dict:
    """The ``values`` of the limit rows: a ``Series`` per quantity, ``undefined_count`` (states with q_min ≤ 0,
    the end included), ``direction_moved``, ``at_rest`` and, where at rest, ``end``'s quantities (the end state's
    data-span part ``BX``: the limit)."""
    out = {k: Series(ells, [s.get(q, math.nan) for s in states]) for k, q in SERIES.items()}
    out["undefined_count"] = float(sum(not s["q_min"] > 0 for s in states + [end]))
    rest = bool(moved <= AT_REST)
    out.update(direction_moved=moved, at_rest=float(rest))
    out.update({k: (end.get(q, math.nan) if rest else 0.0) for k, q in AT_REST_KEYS.items()})
    return out
