"""jitelgarsky2020's wrong answers: the shared homogeneous flow (``Hooks.limit(θ)`` maps every recorded state)."""
from __future__ import annotations

from ibcheck.checks.wrong_answers import NA, homogeneous_cells, row, theta_frozen, theta_off_direction

# claim ID → family → probes, or why the family does not apply (``checks.wrong_answers``)
TABLE: dict[str, dict] = {}
for _cid in ("jitelgarsky2020.direction", "jitelgarsky2020.alignment"):
    TABLE[_cid] = row(**homogeneous_cells())
TABLE["jitelgarsky2020.direction"]["structure"] = NA(
    "a fixed wrong direction also converges: the claim is convergence; the limit's structure is judged by "
    "the alignment and KKT claims")
TABLE["jitelgarsky2020.alignment"]["structure"] = theta_off_direction()
TABLE["jitelgarsky2020.direction"]["rescaled"] = NA("θ/‖θ‖ is invariant under θ → cθ (c > 0): a rescaled trajectory is a "
                                                   "correct answer to a claim about the direction")
for _cid in ("jitelgarsky2020.direction", "jitelgarsky2020.alignment"):
    TABLE[_cid]["dynamics"] = [theta_frozen()]  # the mean loss is GF slowed by n: the same path, a correct answer

# claims whose cheapest probe runs only under --profile full (seconds or more at their defaults)
HEAVY = {"jitelgarsky2020.alignment", "jitelgarsky2020.direction"}
