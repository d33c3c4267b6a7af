"""When a row's own derivation says a refutation of ``q → q∞`` is premature: two withholding rules of ``Condition``.

Both only ever turn the judge's ``violated`` into ``inconclusive`` ("not decidable from this run"): they cannot make
a false pass, and the judge's calibrated rates (docs/judge.md) bound what they act on.

* **bounded_by** (``Condition.bounded_by``): q ≤ C·b with b a measured series. While b → 0 is not refuted and b
  still falls over q's refuting window, q's failure is a transient of the constant C, not a counterexample.
* **slowest** (``Condition.slowest``, else ``asymptotic.DEFAULT_SLOWEST`` on a bare limit): the slowest mode ``u(τ)``
  the statement's derivation admits for the error (Soudry et al.'s residual: ``t^{−min(θ−1, λ_min)}`` with θ,
  λ_min computed from the data — inputs, not the trainer's output). If every mode decays at least as fast as ``u``,
  each step moves towards ``q∞`` at least ``|e_{k+1}|·(u_k/u_{k+1} − 1)``; a refutation whose window moved that far
  at every step is withheld (``q∞ + A·u`` plus a faster transient fits as well), one with a step that moved less
  stands. The rule lives in ``theory.asymptotic_order.slow_mode`` (the judge applies it to its final answer).
"""
from __future__ import annotations

import math

from .asymptotic_order import nearest as _nearest, undecided as _undecided
from .asymptotic_order import slow_mode  # noqa: F401  (the rule's home: theory.asymptotic_order)

REFUTING_RULES = ("settled", "diverging", "excluded-limit")


def bounded_by(j, bound, rate, clock: str, name: str) -> None:
    """``bounded_by``: withhold ``j``'s refutation while the bound series is not refuted and still decays."""
    from .asymptotic import Series, judge
    if j.holds is not False or j.rule not in REFUTING_RULES or not isinstance(bound, Series) or len(bound.values) < 2:
        return
    jb = judge(bound.clock, bound.values, rate, clock, 0.0)
    k0 = _nearest(bound.clock, j.window[0] if j.window else bound.clock[0])
    if jb.holds is not False and bound.values[-1] < bound.values[k0]:
        _undecided(j, f"bounded by {name} (up to a constant), which is not refuted and still decays "
                      f"({bound.values[k0]:.4g} → {bound.values[-1]:.4g})")

