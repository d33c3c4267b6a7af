"""A certificate of global optimality for the label-aligned KKT point of Problem (1), by Lagrangian duality.

Problem (1): ``min ½‖W‖_F² s.t. y_i f(x_i;W) ≥ 1`` with ``f = Σ_j a_j φ(⟨w_j,x⟩)``, ``φ(z) = max(γz, z)``.
For multipliers ``λ ≥ 0`` the dual function separates over neurons; ``h_j(w) = a_j Σ_i λ_i y_i φ(⟨w,x_i⟩)`` is
positively 1-homogeneous, so ``min_w ½‖w‖² − h_j(w) = −½ (max_{‖u‖≤1} h_j(u))₊²`` and

    g(λ) = Σ_i λ_i − ½ Σ_j (max_{‖u‖≤1} h_j(u))₊² ≤ OPT.                                (weak duality)

Inner maximum, for a positive neuron (a negative one is the mirror image, labels flipped): examples whose
label matches the neuron's sign contribute ``λ_i φ(z_i) = max_{s∈{γ,1}} λ_i s z_i``; the others
``−λ_i φ(z_i) ≤ −γλ_i z_i`` (φ(z) ≥ γz). With ``z = Xu`` and ``‖u‖ ≤ 1``,
``h(u)/|a_j| ≤ max_s ‖v_s‖_K`` where ``v_s`` has entries ``λ_i s_i`` (matching) and ``−γλ_i`` (others) and
``‖v‖_K = √(vᵀKv)``. Writing ``v_s = v* − δ`` (``v*`` at s = 1, ``0 ≤ δ_i ≤ Δ_i = (1−γ)λ_i``):
``v_sᵀKv_s − v*ᵀKv* ≤ Σ_i (λ_max(K)δ_i² − 2δ_i(Kv*)_i) ≤ 0`` as soon as ``λ_max(K)·Δ_i ≤ 2(Kv*)_i`` for every
matching i (each term is convex in δ_i, ≤ 0 at both ends). Then ``max h_j ≤ |a_j|‖v*‖_K`` and ``v*`` is exactly
the closed-form point's neuron (``w_j = a_j Xᵀv*``), so ``g(λ) ≥ Σλ − ½‖W*‖² = ½‖W*‖²`` by Euler's identity
``‖W*‖² = Σλ_i`` (all margins 1). With W* feasible, ``OPT ≤ ½‖W*‖² ≤ g(λ) ≤ OPT``: W* is a global optimum.

The certificate therefore needs: W* feasible (margins 1, every pre-activation on its pattern's side), λ > 0,
and the δ-conditions; the duality gap ``|‖W*‖² − Σλ|/‖W*‖²`` is reported as a rounding check.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ibcheck.theory.two_layer_margin import aligned_slopes, closed_form_kkt, second_layer


@dataclass
class DualCertificate:
    certified: bool
    duality_gap: float  # |‖W*‖² − Σλ| / ‖W*‖² (0 up to rounding when everything else holds)
    delta_slack: float  # min over matching i of (2(Kv*)_i − λ_max Δ_i) / (2(Kv*)_i); ≥ 0 iff the bound holds
    lam_min: float
    sign_violation: float
    reasons: list[str]

    @property
    def reason(self) -> str:
        return "; ".join(self.reasons) or "certified"


GAP_TOL = 1e-9  # relative rounding of ‖W*‖² and Σλ computed from the same float64 solve


def certify_aligned(K: np.ndarray, y: np.ndarray, m1: int, m2: int, gamma: float) -> DualCertificate:
    """Certify (or not) that the label-aligned closed-form KKT point is a global optimum of Problem (1)."""
    K = np.asarray(K, dtype=np.float64)
    y = np.asarray(y, dtype=np.float64)
    cf = closed_form_kkt(K, y, m1, m2, gamma)
    lam = cf.lam
    lmax = float(np.linalg.eigvalsh(K)[-1])
    S = aligned_slopes(y, m1, m2, gamma)
    reasons = []
    if lam.min() <= 0:
        reasons.append(f"a multiplier is not positive (λ_min = {lam.min():.3g})")
    if not cf.residual <= 1e-8:
        reasons.append(f"the closed form's margins miss 1 by {cf.residual:.2g} (Mλ = 𝟙 not solved accurately)")
    if cf.sign_violation > 0:
        reasons.append(f"a pre-activation has the wrong sign for the aligned pattern (relative {cf.sign_violation:.2g})")
    slacks = []
    for sign in (+1, -1):  # positive neurons, then negative neurons
        match = (y * sign) > 0
        v = np.where(match, lam, -gamma * lam)
        Kv = K @ v
        Delta = (1 - gamma) * lam
        with np.errstate(divide="ignore", invalid="ignore"):
            sl = np.where(match, (2 * Kv - lmax * Delta) / (2 * np.abs(Kv)), np.inf)
        slacks.append(float(sl.min()))
    delta_slack = min(slacks)
    if not delta_slack >= 0:
        reasons.append(f"the inner maximum is not bounded by the aligned point (δ-condition slack {delta_slack:.3g})")
    a = second_layer(m1, m2)
    B = a[:, None] * S * (lam * y)[None, :]
    w2 = float(np.einsum("ji,ik,jk->", B, K, B))
    gap = abs(w2 - float(lam.sum())) / w2
    if not gap <= GAP_TOL:
        reasons.append(f"duality gap {gap:.2e} above the rounding level {GAP_TOL:g}")
    return DualCertificate(certified=not reasons, duality_gap=gap, delta_slack=delta_slack, lam_min=float(lam.min()),
                           sign_violation=cf.sign_violation, reasons=reasons)
