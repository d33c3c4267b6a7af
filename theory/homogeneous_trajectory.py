"""Lyu & Li's gradient-flow relations read on a GIVEN trajectory ``(t_k, θ_k)``: the states a check is handed.

A relation evaluated only through the trainer's own bookkeeping (its augmented integral, its recorded loss) cannot
tell a wrong trajectory from the flow: this function takes the recorded times and the (possibly mapped) states'
norms and margins, and nothing else.

* **eq. (6) in real time** (SUM loss ``𝓛 = Σ_n e^{−q_n}``, GF ``dθ/dt = −∇𝓛``): ``½ dρ²/dt = ⟨θ, −∇𝓛⟩ =
  LΣ_n e^{−q_n} q_n`` (Euler's theorem for the L-homogeneous margins). Integrated between checkpoints ``a < b``:
  ``½(ρ_b² − ρ_a²) = ∫_a^b LΣe^{−q}q dt``. The integral is the trapezoid rule over every recorded step in the
  variable ``u = log t`` (``dt = t du``; the integrand ``t·LΣe^{−q}q`` varies slowly in u late in training).
  A trajectory that is not this flow breaks it: ``c·θ(t)`` scales the left side by c² and the right side's
  margins by c^L; a random trajectory of the same norms has other margins; the mean loss runs the same path n×
  slower in t, so the right side is n× the left; a frozen one has a zero left side.

Lemma 5.1's ``d log γ̃/dt ≥ L (d log ρ/dt)^{−1}‖dθ̂/dt‖²`` cannot serve: both sides scale alike under a change of
clock, and along ``c·θ(t)`` (c > 1) its integrated form ``Δ log γ̃ ≥ L‖Δθ̂‖²/Δ log ρ`` keeps a slack of 0.3 (measured).
"""
from __future__ import annotations

import math

import numpy as np


def _margin_sum(q: np.ndarray) -> tuple[float, float]:
    """``log|Σ_n q_n e^{−q_n}|`` and its sign, computed shifted (margins may be 10³: e^{−q} underflows)."""
    m = float((-q).max())
    s = float((q * np.exp(-q - m)).sum())
    return (m + math.log(abs(s)), 1.0 if s > 0 else -1.0) if s != 0 else (-math.inf, 0.0)


def euler_real_time(log_t, rho2, margins, degree: float, cuts) -> float:
    """Largest relative error of ``½Δρ² = ∫LΣe^{−q}q dt`` over the segments between consecutive ``cuts`` (record
    indices): ``|lhs − rhs| / max(|lhs|, |rhs|)`` ∈ [0, 2]; 1 where the right side overflows (a state with
    negative margins in the far future: e^{−q}·t beyond float64), NaN without a segment."""
    log_t = np.asarray(log_t, dtype=float)
    lf = np.empty(len(log_t))
    sg = np.empty(len(log_t))
    for k, q in enumerate(margins):
        lf[k], sg[k] = _margin_sum(np.asarray(q, dtype=float))
    with np.errstate(over="ignore", invalid="ignore"):
        F = sg * np.exp(lf + log_t + math.log(degree))  # t·LΣe^{−q}q, the integrand in u = log t
        worst = math.nan
        for a, b in zip(cuts[:-1], cuts[1:]):
            if b <= a:
                continue
            rhs = float(np.sum(0.5 * (F[a:b] + F[a + 1:b + 1]) * np.diff(log_t[a:b + 1])))
            lhs = 0.5 * float(rho2[b] - rho2[a])
            den = max(abs(lhs), abs(rhs))
            err = 1.0 if not math.isfinite(rhs) else (abs(lhs - rhs) / den if den > 0 else 0.0)
            worst = err if not worst >= err else worst
    return worst
