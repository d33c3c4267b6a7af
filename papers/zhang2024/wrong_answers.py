"""zhang2024's discrimination rows (``checks.wrong_answers``): each claim's wrong answers.

The shared families are ``ibcheck.checks.wrong_answers``; the hooks are the check's
(``checks/margins.py``): ``reference`` maps ``{"w_linf", "w_l2"}``, ``limit`` the recorded iterates (1, T, d),
``trainer`` takes ``grad_sign``. The swap probes: the ℓ2 max-margin direction offered as Adam's answer, and
Adam's ℓ∞ direction offered as GD's.
"""
from __future__ import annotations

from ibcheck.checks.wrong_answers import NA, Probe, H, lin_dynamics, lin_random

_SCALE = NA("the rows read normalised margins and a loss comparison that c·W(t) also passes (c > 0 scales the "
            "direction by nothing): the same answer")
_DRIFT = NA("W(t) + a fixed v has the same limit direction (‖W(t)‖ → ∞ swamps v): a correct answer to an asymptotic "
            "claim about the direction")
L2_AS_ADAM = Probe("the ℓ2 max-margin direction ŵ offered as Adam's answer (w_linf := ŵ)",
                   lambda: H(reference=lambda r: {**r, "w_linf": r["w_l2"]}))
LINF_AS_GD = Probe("the ℓ∞ max-margin direction offered as GD's answer (w_l2 := w_∞)",
                   lambda: H(reference=lambda r: {**r, "w_l2": r["w_linf"]}))


def _row(random, reference, dynamics, rescaled, structure) -> dict:
    return {"random": random, "reference": reference, "dynamics": dynamics, "rescaled": rescaled,
            "structure": structure}


TABLE: dict[str, dict] = {
    "zhang2024.adam_linf_margin": _row([lin_random()], [L2_AS_ADAM], lin_dynamics(big_step=False), _SCALE, _DRIFT),
    "zhang2024.adam_rate": _row([lin_random()], [L2_AS_ADAM], lin_dynamics(big_step=False), _SCALE, _DRIFT),
    "zhang2024.gd_l2_margin": _row([lin_random()], [LINF_AS_GD], lin_dynamics(big_step=False), _SCALE, _DRIFT),
    "zhang2024.adam_eps": _row([lin_random()], [LINF_AS_GD], lin_dynamics(big_step=False), _SCALE, _DRIFT),
}

# claims whose cheapest probe runs only under --profile full (none: each cheapest probe runs in seconds)
HEAVY: set = set()
