"""razincohen2020's wrong answers: ``Hooks.limit(W)`` maps every recorded 2×2 W(t) (decade checkpoints and the raw
phase)."""
from __future__ import annotations

import numpy as np

from ibcheck.checks.wrong_answers import H, NA, Probe, SCALES, rng, row, trainer


# ---- razincohen2020: Hooks.limit(W) maps every recorded 2×2 W(t) (decade checkpoints and the raw phase) ----------
def rc_random() -> Probe:
    """A random 2×2 matrix of W(t)'s Frobenius norm at every checkpoint (fresh draws: a random trajectory)."""
    def hooks():
        g = rng(10)

        def f(W):
            R = g.normal(size=(2, 2))
            return R * (np.linalg.norm(W) / np.linalg.norm(R))
        return H(limit=f)
    return Probe("a random W of W(t)'s norm at every checkpoint", hooks)


def rc_min_nuclear() -> Probe:
    """The min-nuclear-norm completion [[0, w12], [w21, w22]] at every checkpoint (the convex relaxation's answer)."""
    return Probe("the min-nuclear-norm completion (W₁₁ = 0) at every checkpoint",
                 lambda: H(limit=lambda W: np.array([[0.0, 1.0], [1.0, 0.0]])))


def rc_rescaled() -> list[Probe]:
    return [Probe(f"{c:g}·W(t)", (lambda c=c: H(limit=lambda W: c * np.asarray(W)))) for c in SCALES]


def rc_completion() -> Probe:
    """A completion that fits the observed entries exactly (W₁₁ = 5, det = −1): labels fitted, no low-rank drift."""
    return Probe("the completion W₁₁ = 5 (fits every observed entry; det −1) at every checkpoint",
                 lambda: H(limit=lambda W: np.array([[5.0, 1.0], [1.0, 0.0]])))


# claim ID → family → probes, or why the family does not apply (``checks.wrong_answers``)
TABLE: dict[str, dict] = {}
for _cid in ("norms_diverge", "det_sign", "effective_rank"):
    TABLE[f"razincohen2020.{_cid}"] = row(dynamics=trainer("the depth-2 flow run as plain GF on W (depth 1)", depth=1),
                                           random=rc_random(), reference=rc_min_nuclear(), rescaled=rc_rescaled(),
                                           structure=rc_completion())
TABLE["razincohen2020.det_sign"]["rescaled"] = NA("sign det(cW) = sign det W for c > 0")
TABLE["razincohen2020.effective_rank"]["rescaled"] = NA("the effective rank is invariant under c > 0")

# claims whose cheapest probe runs only under --profile full (seconds or more at their defaults)
HEAVY = {'razincohen2020.det_sign', 'razincohen2020.effective_rank', 'razincohen2020.norms_diverge'}
