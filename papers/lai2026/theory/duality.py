"""A certificate that the decoupled m=2 interpolator is the global min-norm interpolator, by Lagrangian duality.

Problem: ``min ½(‖w₊‖² + ‖w₋‖²) s.t. ReLU(⟨w₊,x_i⟩) − ReLU(⟨w₋,x_i⟩) = y_i`` (non-convex). The candidate is the
decoupled pair ``w± = Xᵀα±`` (two m=1 programs: w₊ on y, w₋ on −y), with ``β± = Kα±``. Multipliers
``ν_i = α₊_i`` (y_i > 0), ``ν_i = −α₋_i`` (y_i < 0). The dual function is
``g(ν) = Σν_iy_i − ½(max_{‖u‖≤1} Σν_i ReLU(⟨u,x_i⟩))₊² − ½(max_{‖u‖≤1} −Σν_i ReLU(⟨u,x_i⟩))₊² ≤ OPT``.

Bounding the first inner maximum (the second is its mirror image): a term with ``ν_i ≥ 0`` is
``max_{s∈{0,1}} ν_i s z_i``; a term with ``ν_i < 0`` is ``−|ν_i|ReLU(z_i) ≤ −|ν_i|t_i z_i`` for any ``t_i ∈ [0,1]``.
Choose ``|ν_i|t_i = −α₊_i`` on the negatives (w₊'s tight constraints, ``α₊_i ≤ 0``): possible iff
``α₋_i ≥ |α₊_i|``. Then the maximum is ``≤ max_s ‖v_s‖_K`` with ``v* = α₊`` at s = 1, and as in
``theory.frei2023.duality`` ``‖v_s‖_K ≤ ‖v*‖_K`` once ``λ_max(K)α₊_i ≤ 2(Kα₊)_i = 2y_i`` for the positives. So
``g(ν) ≥ Σν_iy_i − ½‖w₊‖² − ½‖w₋‖²``, and ``Σν_iy_i = α₊ᵀβ₊ + α₋ᵀβ₋ = ‖w₊‖² + ‖w₋‖²`` (β₊ = y on the
positives, 0 on w₊'s tight negatives): zero duality gap, so the feasible decoupled pair is globally optimal.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

GAP_TOL = 1e-9  # relative rounding of two quadratic forms of the same float64 solution
FEAS_TOL = 1e-8  # interpolation residual of the re-verified candidate, in label units


@dataclass
class M2Certificate:
    certified: bool
    duality_gap: float
    delta_slack: float  # ≥ 0 iff every λ_max-condition holds (relative)
    cover_slack: float  # min over the conditions α∓_i ≥ |α±_i| (relative to the larger); ≥ 0 iff they hold
    reasons: list[str]

    @property
    def reason(self) -> str:
        return "; ".join(self.reasons) or "certified"


def certify_decoupled(K: np.ndarray, y: np.ndarray, alpha_p: np.ndarray, alpha_m: np.ndarray) -> M2Certificate:
    """Certify (or not) that ``(Xᵀα₊, Xᵀα₋)`` is a global minimum-norm m=2 interpolator (see module docstring)."""
    K = np.asarray(K, dtype=np.float64)
    y = np.asarray(y, dtype=np.float64)
    ap, am = np.asarray(alpha_p, dtype=np.float64), np.asarray(alpha_m, dtype=np.float64)
    bp, bm = K @ ap, K @ am
    P, N = y > 0, y < 0
    reasons = []
    resid = float(np.abs(np.maximum(bp, 0) - np.maximum(bm, 0) - y).max())
    if not resid <= FEAS_TOL * max(1.0, float(np.abs(y).max())):
        reasons.append(f"the candidate does not interpolate (residual {resid:.2g})")
    lmax = float(np.linalg.eigvalsh(K)[-1])
    # positives carry w₊ (needs α₊ ≥ |α₋| there), negatives carry w₋ (α₋ ≥ |α₊|)
    cover = np.concatenate([(ap[P] - np.abs(am[P])) / np.maximum(np.abs(ap[P]), 1e-300),
                            (am[N] - np.abs(ap[N])) / np.maximum(np.abs(am[N]), 1e-300)])
    cover_slack = float(cover.min(initial=np.inf))
    if not cover_slack >= 0:
        reasons.append(f"a multiplier cannot cover the other neuron's tight constraint (slack {cover_slack:.3g})")
    delta = np.concatenate([(2 * y[P] - lmax * ap[P]) / (2 * y[P]), (-2 * y[N] - lmax * am[N]) / (-2 * y[N])])
    delta_slack = float(delta.min(initial=np.inf))
    if not delta_slack >= 0:
        reasons.append(f"the inner maximum is not bounded by the candidate (δ-condition slack {delta_slack:.3g})")
    primal = float(ap @ bp + am @ bm)
    dual = float(ap[P] @ y[P] - am[N] @ y[N])
    gap = abs(primal - dual) / primal
    if not gap <= GAP_TOL:
        reasons.append(f"duality gap {gap:.2e} above the rounding level {GAP_TOL:g}")
    return M2Certificate(certified=not reasons, duality_gap=gap, delta_slack=delta_slack, cover_slack=cover_slack,
                         reasons=reasons)
