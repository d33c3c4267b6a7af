"""vardishamir2021's wrong answers: the single neuron (``Hooks.limit(X, y, γ, w) -> w``, trainer ``rate``) and the
relu_square flow of balancedness."""
from __future__ import annotations

import numpy as np

from ibcheck.checks.wrong_answers import EXACT, H, NA, Probe, SCALES, rng, row, trainer


# ---- vardishamir2021 single neuron: Hooks.limit(X, y, γ, w) -> w; trainer `rate` ----------------------------
def vs_random() -> Probe:
    def f(X, y, g, w):
        r = rng(8).normal(size=w.shape)
        return r * np.linalg.norm(w) / np.linalg.norm(r)
    return Probe("a random w of the limit's norm", lambda: H(limit=f))


def vs_min_norm() -> Probe:
    return Probe("the min-norm zero-loss point (5, −1, 0) at every γ (the other answer)",
                 lambda: H(limit=lambda X, y, g, w: np.array([5.0, -1.0, 0.0])))


def vs_rescaled() -> list[Probe]:
    return [Probe(f"{c:g}·w∞", (lambda c=c: H(limit=lambda X, y, g, w: c * w))) for c in SCALES]


def vs_structure() -> Probe:
    return Probe("a zero-loss point (5, −1, −1) for every γ (fits the data, ignores γ)",
                 lambda: H(limit=lambda X, y, g, w: np.array([5.0, -1.0, -1.0])))


def vs_dynamics() -> list[Probe]:
    return [trainer("gradient ascent", rate=-1.0), trainer("frozen trainer", rate=0.0)]


# claim ID → family → probes, or why the family does not apply (``checks.wrong_answers``)
TABLE: dict[str, dict] = {}
_ASC = [trainer("gradient ascent", rate=-1.0), trainer("frozen trainer", rate=0.0)]
TABLE["vardishamir2021.balancedness_conserved"] = row(
    random=NA("the conclusion is a conservation law of the trainer's own path: no output to replace"),
    reference=NA("no reference solution: the law is an identity along any GF path"),
    dynamics=_ASC + [trainer("a second layer 2× too fast", a_rate=2.0)],
    rescaled=[trainer(f"{c:g}·(a, W)(t) (every state read out of the flow rescaled)",
                      observe=(lambda z, c=c: c * np.asarray(z))) for c in SCALES],
    structure=NA("the claim states no structure beyond the conservation law and descent"))

# ---- vardishamir2021 single neuron, razincohen2020 -------------------------------------------------------------
_NEQ = NA("the claim is a non-equality (limit ≠ argmin_Z ‖w‖): this wrong answer satisfies it too; the limit "
           "itself is judged by vardishamir2021.single_neuron_construction")
TABLE["vardishamir2021.single_neuron_construction"] = row(random=vs_random(), reference=vs_min_norm(),
                                                           dynamics=vs_dynamics(), rescaled=vs_rescaled(),
                                                           structure=vs_structure())
TABLE["vardishamir2021.not_min_norm"] = row(random=vs_random(), reference=vs_min_norm(), dynamics=vs_dynamics(),
                                             rescaled=vs_rescaled(), structure=_NEQ)
TABLE["vardishamir2021.approximate"] = row(
    random=vs_random(), reference=NA("exploratory: the min-norm point is the yardstick (ratio ≥ 1), not a wrong answer"),
    dynamics=vs_dynamics(), rescaled=vs_rescaled(),
    structure=NA("exploratory: any zero-loss point has ratio ≥ 1, the only thing the question asks"))
TABLE["vardishamir2021.not_min_norm"]["reference"] = [vs_min_norm(), Probe(
    "the GF limit at γ = ½ used as argmin_Z ‖w‖",
    lambda: H(reference=lambda k, v: np.array([5.0, -1.0, -0.011590420]) if k == "w_min" else v))]
TABLE["vardishamir2021.zero_loss_set"] = row(*(NA(EXACT),) * 5)

# claims whose cheapest probe runs only under --profile full (seconds or more at their defaults)
HEAVY = set()
