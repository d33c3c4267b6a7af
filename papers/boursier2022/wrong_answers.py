"""boursier2022's wrong answers: ``Hooks.limit(net, z)`` maps every state read out of the flow (grid, snapshot,
final), every GD iterate; the trainer's ``rate`` (−1 ascends, 0 freezes)."""
from __future__ import annotations

import numpy as np

from ibcheck.checks.wrong_answers import H, NA, Probe, SCALES, rng, row, trainer


# ---- boursier2022: Hooks.limit(net, z) maps every state read out of the flow (grid, snapshot, final), every GD iterate
def _bz_random(net, z):
    r = rng(11).normal(size=np.shape(z))  # one fixed direction (a consistent trajectory), the state's norm
    return r * (np.linalg.norm(z) / np.linalg.norm(r))


def bz_fit(net, z):
    """One neuron per example, w_j = s_i x_i, a_j = y_i/(s_i‖x_i‖²), balanced (|a_j| = ‖w_j‖); the rest 0. On
    orthogonal data it interpolates exactly, with variation Σ_i|y_i|/‖x_i‖ > ‖β₊‖ + ‖β₋‖ (sum of norms, not norm of
    sums): labels fitted without one neuron per class."""
    m, n = len(net.perp), len(net.y)
    a, C = np.zeros(m), np.zeros((m, n))
    for i in range(min(m, n)):
        k = float(net.K[i, i])
        s = (abs(float(net.y[i])) / k ** 1.5) ** 0.5
        C[i, i], a[i] = s, float(net.y[i]) / (s * k)
    return net.pack(a, C)


def bz_random() -> Probe:
    return Probe("a fixed random state of the flow's norm at every read-out", lambda: H(limit=_bz_random))


def bz_rescaled() -> list[Probe]:
    return [Probe(f"{c:g}·(a, W)(t)", (lambda c=c: H(limit=lambda net, z: c * np.asarray(z)))) for c in SCALES]


def bz_structure() -> Probe:
    return Probe("one neuron per example (an exact interpolant, no class neurons) at every read-out",
                 lambda: H(limit=bz_fit))


def bz_swapped() -> Probe:
    """The saddle prediction with the classes' roles swapped (the slow class escaping first)."""
    def ref(kind, pred):
        import dataclasses
        import math
        if kind != "saddle":
            return pred
        return dataclasses.replace(pred, plateau=pred.L0 - pred.plateau, tau_fast=pred.tau_slow,
                                   tau_slow=pred.tau_fast if math.isfinite(pred.tau_fast) else math.inf,
                                   fast="-" if pred.fast == "+" else "+")
    return Probe("the prediction with the classes swapped (the slow class escaping first)", lambda: H(reference=ref))


# claim ID → family → probes, or why the family does not apply (``checks.wrong_answers``)
TABLE: dict[str, dict] = {}
# ---- boursier2022, vardishamir2021.balancedness_conserved: relu_square flows (trainer `rate`: −1 ascends, 0 freezes)
_ASC = [trainer("gradient ascent", rate=-1.0), trainer("frozen trainer", rate=0.0)]
_INTERP = NA("any interpolant is a correct answer to L → 0; which one GF reaches is boursier2022.min_variation_norm's")
_LAW = NA("no reference solution: the law is an identity along any path of the trainer")
_NOSTRUCT = NA("the claim states no structure beyond the conservation law (and descent)")
for _cid in ("convergence", "min_variation_norm", "saddle_to_saddle", "early_alignment", "balancedness"):
    TABLE[f"boursier2022.{_cid}"] = row(dynamics=_ASC, random=bz_random(), rescaled=bz_rescaled(),
                                         structure=bz_structure())
TABLE["boursier2022.convergence"].update(reference=_INTERP, structure=_INTERP)
TABLE["boursier2022.saddle_to_saddle"]["reference"] = bz_swapped()
TABLE["boursier2022.early_alignment"].update(
    reference=NA("exploratory: each neuron is compared with its own class direction u_j, not with a reference solution"),
    rescaled=NA("the alignment is a cosine: invariant under c > 0"))
TABLE["boursier2022.balancedness"].update(reference=_LAW, structure=_NOSTRUCT)
TABLE["boursier2022.balancedness_gd"] = row(dynamics=trainer("a second-layer step 2× too large", a_step=2.0,
                                                              overrides={"steps": 200}),
                                             random=Probe("a fixed random state of GD's norm at every iterate",
                                                          lambda: H(limit=_bz_random), {"steps": 200}),
                                             rescaled=[Probe(p.what, p.hooks, {"steps": 200}) for p in bz_rescaled()],
                                             reference=_LAW, structure=_NOSTRUCT)
TABLE["boursier2022.min_variation_norm"]["reference"] = Probe(
    "‖β₊‖ + ‖β₋‖ scaled by 1.1", lambda: H(reference=lambda k, v: 1.1 * v))

# claims whose cheapest probe runs only under --profile full (seconds or more at their defaults)
HEAVY = {'boursier2022.early_alignment', 'boursier2022.saddle_to_saddle', 'boursier2022.min_variation_norm', 'boursier2022.convergence'}
