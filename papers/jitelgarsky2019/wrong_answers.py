"""jitelgarsky2019's wrong answers: linear GD iterates (``Hooks.limit(W)``), the exact references, the trainer."""
from __future__ import annotations

import numpy as np

from ibcheck.checks.wrong_answers import H, NA, Probe, lin_dynamics, lin_random, lin_rescaled, lin_structure, row


# claim ID → family → probes, or why the family does not apply (``checks.wrong_answers``)
TABLE: dict[str, dict] = {}
_LIN = dict(random=lin_random(), dynamics=lin_dynamics(), rescaled=lin_rescaled(), structure=lin_structure())
_JT_REF = Probe("v̄ scaled by 1.5 (the risk optimum of another offset)",
                lambda: H(reference=lambda r: {**r, "v_bar": 1.5 * np.asarray(r["v_bar"]), "R_bar": r["R_bar"]}))
for _cid in ("ray", "risk", "separable_edge", "nonseparable_edge"):
    TABLE[f"jitelgarsky2019.{_cid}"] = row(reference=_JT_REF, **_LIN)
def _rot_u(ref):
    u = np.asarray(ref["u_bar"], dtype=float)
    R = np.eye(len(u))
    c, s = np.cos(0.3), np.sin(0.3)
    R[:2, :2] = [[c, -s], [s, c]]
    return {**ref, "u_bar": R @ u}


TABLE["jitelgarsky2019.separable_edge"].update(
    dynamics=lin_dynamics(big_step=False), rescaled=NA("w/‖w‖ is invariant under c > 0"),
    structure=NA("W(t) + v has the same limit direction ŵ/‖ŵ‖: a correct answer to this claim"))
TABLE["jitelgarsky2019.separable_edge"]["reference"] = Probe(
    "ū rotated by 0.3 rad in its first two coordinates (another norm's max-margin direction)",
    lambda: H(reference=_rot_u))

# claims whose cheapest probe runs only under --profile full (seconds or more at their defaults)
HEAVY = {'jitelgarsky2019.ray', 'jitelgarsky2019.nonseparable_edge', 'jitelgarsky2019.separable_edge', 'jitelgarsky2019.risk'}

# Cheapest probes the claim's rows cannot decide (measured `inconclusive`, not a verified cell): the conformance suite
# requires exactly these (claim, family) to stay undecided, and the claim's next-cheapest probe, if any, to be
# rejected instead. A listed cell that comes out rejected fails (then delete its line): the list only shrinks.
UNDECIDED = {
    ("jitelgarsky2019.ray", "random"): "random iterates at GD's norms: the rate rows on P_S w and on the direction of "
    "P_{S⊥}w see no settled order (observed orders NaN: 'not decidable from this run'), inconclusive; the next probe, "
    "v̄ scaled by 1.5, is rejected (violated on ‖P_Sw − v̄‖ = O(ln²t/√t))",
}
