"""baek2025's wrong answers (``checks.wrong_answers``): each claim × family is a probe or a reason.

Hooks of ``baek2025.inc_adam_l2`` (``checks/margins.py``): ``reference`` maps ``{"w_l2", "w_linf"}``, ``limit`` the
recorded incremental iterates (1, T, d), ``trainer`` takes ``grad_sign``, ``step_factor`` and ``full_batch``. The
other geometry's answer comes twice: as the reference (the ℓ∞ max-margin direction offered as the ℓ2 one), and as a
trajectory (full-batch Adam's run on the same data — zhang2024's limit — offered as the incremental one's).
"""
from __future__ import annotations

from ibcheck.checks.wrong_answers import NA, H, Probe, lin_dynamics, lin_random, row

FAST = {"epochs": 2000}  # each wrong answer below is rejected by 2·10³ epochs (the default horizon is 2·10⁴)

LINF_AS_L2 = Probe("the ℓ∞ max-margin direction offered as the ℓ2 one (w_l2 := w_∞, zhang2024's answer)",
                   lambda: H(reference=lambda r: {**r, "w_l2": r["w_linf"]}), FAST)
FULL_BATCH = Probe("full-batch Adam's trajectory on the same data (same β, schedule, recorded steps) offered as "
                   "incremental Adam's", lambda: H(trainer={"full_batch": True}))

TABLE: dict[str, dict] = {
    "baek2025.inc_adam_l2": row(
        random=lin_random(),
        reference=LINF_AS_L2,
        dynamics=[Probe(p.what, p.hooks, FAST) for p in lin_dynamics(big_step=False)],
        rescaled=NA("the rows read normalised margins and a loss comparison that c·W(t) also passes (c > 0 scales "
                    "the direction by nothing): the same answer"),
        structure=FULL_BATCH),
}

# claims whose cheapest probe runs only under --profile full (none: each cheapest probe runs in seconds)
HEAVY: set = set()
