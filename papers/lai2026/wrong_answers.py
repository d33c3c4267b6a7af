"""lai2026's wrong answers: ``Hooks.limit(K, y, tr, α)`` maps the batched span coefficients α (S, m, n)."""
from __future__ import annotations

import numpy as np

from ibcheck.checks.wrong_answers import H, NA, NO_OUTPUT, Probe, SCALES, as_list, rng, row


# ---- lai2026: Hooks.limit(K, y, tr, α) on batched α (S, m, n) ------------------------------------------------
def lai_random() -> Probe:
    def f(K, y, tr, al):
        import torch
        R = torch.as_tensor(rng(4).normal(size=tuple(al.shape)), dtype=al.dtype)
        return R * (al.norm(dim=(1, 2), keepdim=True) / R.norm(dim=(1, 2), keepdim=True))
    return Probe("random coefficients of the limit's norm", lambda: H(limit=f))


def lai_rescaled() -> list[Probe]:
    return [Probe(f"{c:g}·α∞", (lambda c=c: H(limit=lambda K, y, tr, al: c * al))) for c in SCALES]


def lai_reference() -> Probe:
    """The linear min-norm interpolant K⁻¹y on every neuron (the ReLU's answer replaced by the linear regime's)."""
    def f(K, y, tr, al):
        import torch
        lin = torch.linalg.solve(K, y.unsqueeze(-1)).squeeze(-1)
        return lin.unsqueeze(1).expand_as(al) / al.shape[1]
    return Probe("K⁻¹y split over the neurons (linear min-norm interpolant)", lambda: H(limit=f))


def lai_structure() -> Probe:
    def f(K, y, tr, al):
        import torch
        lin = torch.linalg.solve(K, y.unsqueeze(-1)).squeeze(-1).unsqueeze(1).expand_as(al) / al.shape[1]
        R = torch.as_tensor(rng(5).normal(size=tuple(al.shape)), dtype=al.dtype)
        return lin + 0.3 * R * (lin.norm(dim=(1, 2), keepdim=True) / R.norm(dim=(1, 2), keepdim=True))
    return Probe("K⁻¹y on every neuron plus 30% random coefficients", lambda: H(limit=f))


def lai_inverted() -> Probe:
    return Probe("σ'(β) = 𝟙{β < 0}: a sign error in the ReLU derivative",
                 lambda: H(deriv=lambda b: (b < 0).to(b.dtype)))


def lai_dynamics() -> Probe:
    import torch
    return Probe("the ReLU derivative replaced by 1 (linear GD: the pattern never freezes)",
                 lambda: H(deriv=torch.ones_like))


# claim ID → family → probes, or why the family does not apply (``checks.wrong_answers``)
TABLE: dict[str, dict] = {}
# ---- lai2026 -----------------------------------------------------------------------------------------------
_LQ = {"n": 40, "d": 4000}
_LAI_OUT = dict(random=lai_random(), reference=lai_reference(), dynamics=lai_dynamics(), rescaled=lai_rescaled(),
                structure=lai_structure())


def _lai(q=_LQ, **kw):
    cells = {**_LAI_OUT, **kw}
    return row(**{k: v if isinstance(v, NA) else [Probe(p.what, p.hooks, {**q, **p.overrides}, p.heavy)
                                                  for p in as_list(v)] for k, v in cells.items()})


_PAT = NA("the activation pattern is read from GD's first steps, not from the limit the hooks replace")
_PATTERN = dict(random=_PAT, reference=_PAT, rescaled=_PAT, structure=_PAT, dynamics=lai_inverted())
_GAPNA = NA("the claim bounds ‖w∞ − w*‖ only, up to constant factors: any answer at that distance from w* "
            "satisfies it (the limit itself is judged by lai2026.m1.limit)")
_GAP = dict(random=_GAPNA, reference=_GAPNA, rescaled=_GAPNA, structure=_GAPNA, dynamics=_GAPNA)
_MOD = NA("exploratory: the finding (the pattern no longer matches sign(y) and depends on the init) is what a wrong "
          "answer shows too (the control feeds exactly orthogonal data: papers/lai2026/tests/test_negative_controls.py)")
_MISS = NA("exploratory: the finding is that GD from a random init misses the global minimum, which any wrong limit "
           "also does (the control feeds a positive init instead: papers/lai2026/tests/test_negative_controls.py)")
TABLE: dict[str, dict] = {
    "lai2026.gram": row(*(NA(NO_OUTPUT),) * 2, NA("no training: the Gram matrix of the data is measured"),
                         NA(NO_OUTPUT), NA(NO_OUTPUT)),
    "lai2026.m1.pattern": _lai(**_PATTERN),
    "lai2026.m1.limit": _lai(),
    "lai2026.m1.gap": _lai(**_GAP),
    "lai2026.m1.rate": _lai(**_GAP),
    "lai2026.m2.decoupling": _lai(**_PATTERN),
    "lai2026.m2.gap": _lai(**_GAP),
    "lai2026.linear": _lai(reference=NA("the linear model has one regime: its min-norm interpolant is the claim"),
                           dynamics=NA("linear GD has no activation to break; a wrong limit is family (a)")),
    "lai2026.random-init": _lai(**{f: _MISS for f in ("random", "reference", "rescaled", "structure")}),
    "lai2026.moderate-d": row(*(_MOD,) * 5),
    "lai2026.m-gt-2": _lai({}, dynamics=lai_inverted(),
                           rescaled=NA("exploratory: the question is about the limit's activation patterns and their "
                                       "min-norm comparison per pattern, invariant under c > 0")),
}

# claims whose cheapest probe runs only under --profile full (seconds or more at their defaults)
HEAVY = {'lai2026.m1.rate', 'lai2026.random-init', 'lai2026.moderate-d', 'lai2026.m1.gap', 'lai2026.m2.gap', 'lai2026.m-gt-2'}

# Cheapest probes the claim's rows cannot decide (measured `inconclusive`, not a verified cell): the conformance suite
# requires exactly these (claim, family) to stay undecided, and the claim's next-cheapest probe, if any, to be
# rejected instead. A listed cell that comes out rejected fails (then delete its line): the list only shrinks.
UNDECIDED = {
    ("lai2026.random-init", "dynamics"): "linear GD (σ' ≡ 1) converges in none of the runs at any init scale "
    "(measured 0 of 16 at each of 1e-3, 1e-2, 0.1, 1): the exploratory rows are about GD's end state, so the "
    "answer is not yet one",
}
