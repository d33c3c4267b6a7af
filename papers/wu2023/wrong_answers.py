"""wu2023's discrimination rows (``checks.wrong_answers``): each claim's wrong answers.

The shared families are ``ibcheck.checks.wrong_answers``; the hooks are the check's
(``checks/eos.py``): ``reference`` maps ``{"w_hat", "v_bar"}``, ``limit`` the recorded iterates (1, T, d), ``trainer``
takes ``grad_sign``. A larger step is no wrong answer here: the claims are for any constant step.
"""
from __future__ import annotations

import numpy as np

from ibcheck.checks.wrong_answers import NA, Probe, H, lin_dynamics, lin_random, lin_rescaled, lin_structure


def _turn(ref):
    """ŵ turned by 0.3 rad towards the coordinate axis it is least aligned with (same norm, another direction)."""
    w = np.asarray(ref["w_hat"], dtype=float)
    u = w / np.linalg.norm(w)
    e = np.zeros_like(u)
    e[int(np.argmin(np.abs(u)))] = 1.0
    e = e - (e @ u) * u
    e /= np.linalg.norm(e)
    return {**ref, "w_hat": np.linalg.norm(w) * (np.cos(0.3) * u + np.sin(0.3) * e)}


TURNED = Probe("ŵ turned by 0.3 rad (another direction of the same norm)", lambda: H(reference=_turn))
LONGER = Probe("1.2·ŵ (a suboptimal direction normalised to margin 1: its norm exceeds ‖ŵ‖)",
               lambda: H(reference=lambda r: {**r, "w_hat": 1.2 * np.asarray(r["w_hat"])}))
OTHER_V = Probe("v̄ scaled by 1.5 (the minimiser of another potential)",
                lambda: H(reference=lambda r: {**r, "v_bar": 1.5 * np.asarray(r["v_bar"])}))
_EXPL = NA("exploratory: the question is whether the loss blows up; there is no reference, direction or structure "
           "to replace, and a random or rescaled state is no run of the trainer")
_GROW = NA("W(t) + a fixed v grows along û like W(t): ⟨W + v, û⟩/log t has the same limit (a correct answer)")
_SLOW_TURN = NA("ŵ turned by 0.3 rad changes the limit ‖ŵ‖cos 0.3 by 4.5%, inside the O(1/log t) error this horizon "
                "leaves (measured: still verified at 3·10⁵): the direction is the orthogonal claim's (P̄ built from it)")
LOGISTIC_AS_EXP = Probe("the logistic loss's run at the same step offered as the exponential one's (the loss the "
                        "paper contrasts)", lambda: H(trainer={"loss": "logistic"}))
_STATIC = [Probe("frozen trainer (every iterate = the first recorded one)",
                 lambda: H(limit=lambda W: np.repeat(W[:, :1], W.shape[1], 1)))]


_RANDOM = [Probe(p.what, p.hooks, p.overrides, True) for p in [lin_random()]]  # heavy: a 3·10⁵-step run


def _row(random, reference, dynamics, rescaled, structure) -> dict:
    return {"random": random, "reference": reference, "dynamics": dynamics, "rescaled": rescaled,
            "structure": structure}


TABLE: dict[str, dict] = {
    "wu2023.loss": _row(_RANDOM, [LONGER], lin_dynamics(big_step=False), lin_rescaled(), [lin_structure()]),
    "wu2023.margin_growth": _row(_RANDOM, [LONGER], lin_dynamics(big_step=False), lin_rescaled(), _GROW),
    "wu2023.orthogonal": _row(_RANDOM, [OTHER_V, TURNED], lin_dynamics(big_step=False), lin_rescaled(),
                              [lin_structure()]),
    "wu2023.exp_large_step": _row(_EXPL, _EXPL, _STATIC, _EXPL, _EXPL),
    "wu2023.exp_divergence": _row(
        NA("random iterates of the run's norms blow the exponential loss up as well (e^{‖w‖}): the row reads the "
           "loss of the iterates, and a random blow-up is still a blow-up; the dynamics probes below are the check"),
        [LOGISTIC_AS_EXP],
        _STATIC + [Probe("a step 100× smaller hidden (the hypotheses see η): GD descends", lambda: H(
            trainer={"step_factor": 0.01}))],
        NA("c·W(t) of a diverging run diverges too (log L ≥ c·|s|): divergence is scale-free"),
        NA("the claim states no structure beyond the blow-up")),
}

# claims whose cheapest probe runs only under --profile full (none: each cheapest probe runs in seconds)
HEAVY: set = set()
