"""The held-out generator (theory.asymptotic_heldout) branch by branch, on scripted draws: the families, truth
criteria and bookkeeping that the 600 pinned draws of test_heldout_values.py do not reach or cannot see (a branch
no pinned draw takes, a change below the checksum's tolerance, a split ``random() < ½`` at its edge).

A family is built from a scripted stand-in for ``random.Random`` (``Script``): each test lists, in the order the
generator asks for them, the draws it gets, so it pins the family's values and its truth label from the closed form.
"""
from __future__ import annotations

import math
import random
import types
from collections import Counter
from dataclasses import replace

import pytest

from ibcheck.theory import asymptotic_heldout as H


class Script:
    """``random.Random``'s calls that the generator makes, replayed from a list: ``choice`` returns the scripted
    item (one of the options), ``uniform(a, b)`` the point at the scripted fraction f of [a, b] (a + (b − a)·f, as
    ``random.Random.uniform`` computes it), ``random``, ``randrange`` and ``randint`` the scripted value."""

    def __init__(self, *vals):
        self.vals = list(vals)

    def _pop(self):
        return self.vals.pop(0)

    def choice(self, seq):
        v = self._pop()
        assert v in seq, (v, seq)
        return v

    def uniform(self, a, b):
        return a + (b - a) * self._pop()

    def random(self):
        return self._pop()

    def randrange(self, n):
        v = self._pop()
        assert 0 <= v < n
        return v

    def randint(self, a, b):
        v = self._pop()
        assert a <= v <= b
        return v


def _ctx(u, *, C=1.0, tol=0.0, kind="O", limit=0.0, declared=False, tau=None):
    """A family's context as ``draw`` builds it, for a row whose rate is ``u`` (order 1: r = u = the mode)."""
    return dict(tau=tau or [10.0 ** k for k in range(len(u))], u=list(u), r=list(u), K=len(u), C=C, tol=tol,
                kind=kind, limit=limit, lc=math.e * max(1.0, u[0]), mode=list(u), declared=declared, w=list(u),
                u_at=None)


# ---- the helpers -------------------------------------------------------------------------------------------------
def test_decreasing_means_positive_finite_and_strictly_falling():
    assert H._decreasing([3.0, 2.0, 1.0])
    assert not H._decreasing([2.0, 1.0, 0.0])  # a rate that reached 0 is no rate
    assert not H._decreasing([3.0, 1.0, 2.0])  # each neighbouring pair, not every other one
    assert not H._decreasing([1.0, 2.0])  # positive but rising
    assert not H._decreasing([2.0, math.nan])
    assert not H._decreasing([2.0, 2.0])  # a flat step is no decrease


def test_divergence_rose_over_a_decade_by_rise():
    tau = [1.0, 2.0, 4.0, 10.0]  # exactly a decade from the first rising checkpoint
    assert H._diverges(tau, [1.0, 1.2, 1.4, 1.6])  # the last value 1.6 ≥ 1.5 × 1.0
    assert not H._diverges(tau, [1.0, 1.2, 1.3, 1.4])  # rose at each step, but by less than RISE
    assert H._diverges([1.0, 2.0, 4.0, 10.0 * (1 - 1e-13)], [1.0, 1.2, 1.4, 1.6])  # a decade up to the grid's rounding
    assert not H._diverges([1.0, 2.0, 4.0, 9.0], [1.0, 1.2, 1.4, 1.6])  # less than a decade
    assert not H._diverges([10.0, 20.0, 40.0, 90.0], [1.0, 1.2, 1.4, 1.6])  # a ratio of clocks, not a product
    assert H._diverges([2.0, 4.0, 8.0, 20.0], [1.0, 1.2, 1.4, 1.6])
    assert not H._diverges(tau, [1.0, 1.2, 1.6])  # two rising steps only


def test_wrong_limit_three_times_closer_at_the_edge_is_resolved():
    # |q_K − wrong| = 1 = D/3 exactly: "three times closer" includes the edge; the mode (2 → 1) would have moved the
    # last decade by D = 3 while the run did not move
    assert H._limit_resolved([1.0, 10.0], [1.0, 1.0], 0.0, 3.0, [2.0, 1.0])
    assert not H._limit_resolved([1.0, 10.0], [1.0, 1.0 + 2 ** -20], 0.0, 3.0, [2.0, 1.0])


def test_wrong_limit_decade_starts_at_a_tenth_net_of_the_grid_tolerance():
    # τ₀ = 1 lies 5e-13 (relative) short of τ_K/10 net of the 1e-12 grid tolerance: the last decade starts at τ = 5
    # (mode 2 → 1: D = 3 > |q₁ − q₂| = 0, resolved); had it started at τ₀: 3·(4 − 1) = 9 < |q₀ − q₂| = 10
    tau = [1.0, 5.0, 10.0 * (1 + 1.5e-12)]
    assert H._limit_resolved(tau, [11.0, 1.0, 1.0], 0.0, 3.0, [4.0, 2.0, 1.0])
    assert not H._limit_resolved([1.0, 5.0, 10.0], [11.0, 1.0, 1.0], 0.0, 3.0, [4.0, 2.0, 1.0])


# ---- the row -----------------------------------------------------------------------------------------------------
def test_row_a_stated_order_is_drawn_from_one_half_up():
    # t clock, rate 1/τ, kind O, random() = ½ → a drawn order (not 1), [0.5, 2.0, 1.15] → 2.0; limit 1.0; τ₀ = 10,
    # one decade, K = 5
    rng = Script(H.CLOCKS[0], 1, "O", 0.5, 0.5, 2.0, 0.5, 1.0, 0.0, 0.0, 5)
    row = H._row(rng)
    assert (row["kind"], row["order"], row["limit"], row["K"], row["slowest"]) == ("O", 2.0, 1.0, 5, None)
    assert row["tau"] == pytest.approx([10.0 * 10 ** (k / 4) for k in range(5)], rel=1e-15)
    assert rng.vals == []


def test_row_a_bare_limit_declares_its_slowest_mode_below_one_half_only():
    rng = Script(H.CLOCKS[0], 1, "limit", 0.5, 0.0, 0.0, 0.0, 5, 0.5)  # random() = ½: no declared mode
    row = H._row(rng)
    assert (row["kind"], row["order"], row["slowest"]) == ("limit", 1.0, None)
    assert rng.vals == []


def test_draw_is_correct_below_one_half_only(monkeypatch):
    class Half(random.Random):  # every random() that draw itself asks for is ½ (tol: 0 as ½ < 0.6; the class)
        def random(self):
            import sys
            return 0.5 if sys._getframe(1).f_code is H.draw.__code__ else super().random()

    monkeypatch.setattr(H, "random", types.SimpleNamespace(Random=Half))
    ds = [H.draw(1, i) for i in range(4)]
    assert [d.limit_tol for d in ds] == [0.0] * 4
    assert all(d.cls in ("resolvable", "unresolvable") for d in ds), [d.cls for d in ds]


# ---- the correct families ----------------------------------------------------------------------------------------
def test_rounding_noise_scales_with_the_limit():
    # eps = 1e-10 times uniform 0 (fraction ½); the absolute part 1e-15·max(1, |q∞|)·½ = 1.5e-15 at q∞ = −3
    rng = Script("rounding noise", 0.5, 0.5, 0.75, 0.5, 0.75)
    fam, e, group, per = H._correct(rng, _ctx([0.5, 0.25], limit=-3.0))
    assert (fam, group, math.isnan(per)) == ("rounding noise", "", True)
    # e − v is exact (Sterbenz); 1.5e-15 is rounded to the 2^−53 grid of 0.5: an error ≤ 6e-17, far below 1e-16
    assert [x - v for x, v in zip(e, [0.5, 0.25])] == pytest.approx([1.5e-15, 1.5e-15], abs=1e-16)
    assert rng.vals == []


def test_slower_bare_approach_as_a_power_of_the_rate():
    # an undeclared bare row, r^a with a = 0.2 + 0.8·½ = 0.6
    rng = Script("slower (bare)", 0, 0.5)
    fam, e, _, _ = H._correct(rng, _ctx([0.25, 0.0625], C=2.0, kind="limit"))
    assert fam == "slower (bare)"
    assert e == pytest.approx([2.0 * 0.25 ** 0.6, 2.0 * 0.0625 ** 0.6], rel=1e-14)  # pow: a few ulp at most
    assert rng.vals == []


def test_faster_decay_in_tau_from_one_half_up():
    # a = 0.3 + 1.2·½ = 0.9; random() = ½ → the decay (τ₀/τ)^a, not (r/r₀)^a
    tau, u = [1.0, 10.0], [1.0, 0.5]
    fam, e, _, _ = H._correct(Script("faster", 0.5, 0.5), _ctx(u, tau=tau))
    assert fam == "faster"
    assert e == pytest.approx([1.0, 0.5 * 0.1 ** 0.9], rel=1e-14)
    _, e, _, _ = H._correct(Script("faster", 0.5, 0.25), _ctx(u, tau=tau))
    assert e == pytest.approx([1.0, 0.5 * 0.5 ** 0.9], rel=1e-14)


# ---- the wrong families and their truth --------------------------------------------------------------------------
def test_persistent_alternation_over_three_checkpoints_is_resolvable():
    # D = 10^−0.5 ≈ 0.316 (fraction 0.8), amplitude D (tol 0); one full period of 2 fits K − 1 = 2; the decaying
    # part at the last checkpoint 0.01 ≤ D/3 ≈ 0.105 (the one before, 0.5, is not: only the last counts)
    rng = Script(0.8, 1, "persistent alternation")
    fam, e, group, per, res = H._wrong(rng, _ctx([1.0, 0.5, 0.01]))
    assert (fam, group, per, res) == ("persistent alternation", "persistent-oscillation", 2.0, True)
    D = 10 ** -0.5
    assert e == pytest.approx([D + 1.0, -D + 0.5, D + 0.01], rel=1e-14)


def test_half_order_at_exactly_twice_the_implied_constant_is_resolvable():
    # u = 2.25 → 0.5625, so |e|/u = 1.5·1.5/2.25 = 1 → 0.75·1.5/0.5625 = 2: exactly GREW. Every product and quotient
    # here is exact, and so is pow(x, 0.5) of these exact squares (1.5, 0.75 lie mid-binade: any pow within 1 ulp)
    rng = Script(0.5, 1, "half order")
    fam, e, _, _, res = H._wrong(rng, _ctx([2.25, 0.5625]))
    assert (fam, e, res) == ("half order", [2.25, 1.125], True)


def test_faster_order_resolved_by_the_fall_from_the_first_checkpoint():
    # Θ row, a = 0.3 + 0.7·½ = 0.65: |e|/r^p = (r/r₀)^a = 1 → 0.05 → 0.032: fell 31× from the first checkpoint, but
    # only 2^0.65 ≈ 1.57× from the second
    rng = Script(0.5, -1, "faster order", 0.5)
    fam, _, _, _, res = H._wrong(rng, _ctx([1.0, 0.01, 0.005], kind="Θ"))
    assert (fam, res) == ("faster order", True)


def test_errors_within_rounding_of_q_at_the_last_two_checkpoints_are_no_evidence():
    # half order on u = 1, 1e-2, 1e-24, 1e-26 with C = ½: e = 0.5, 0.05, 5e-13, 5e-14. Around q∞ = 1 the last two
    # are below 2^−40·1.5 ≈ 1.4e-12 (unresolvable); around q∞ = 0 above 2^−40·0.5 ≈ 4.5e-13 (resolvable): 10% margin
    u = [1.0, 1e-2, 1e-24, 1e-26]
    _, e, _, _, res = H._wrong(Script(0.5, 1, "half order"), _ctx(u, C=0.5, limit=1.0))
    assert e == pytest.approx([0.5, 0.05, 5e-13, 5e-14], rel=1e-12) and res is False
    _, _, _, _, res = H._wrong(Script(0.5, 1, "half order"), _ctx(u, C=0.5, limit=0.0))
    assert res is True


# ---- the bookkeeping ---------------------------------------------------------------------------------------------
def test_measure_counts_each_draw_and_a_period_of_four_as_four():
    d = next(x for x in (H.draw(20261202, i) for i in range(200))
             if x.group == "oscillating-convergence" and x.cls == "correct")
    d = replace(d, per_period=4.0)
    m = H.measure("s", 2, draws=[d, d])  # the same draw twice: one family, one verdict, counted twice
    assert (m["seed"], m["n"]) == ("s", 2)
    assert sum(m["families"][d.family].values()) == 2 and sum(m["totals"].values()) == 2
    assert m["rates"]["oscillating convergence → verified"][1] == 2
    assert m["rates"]["oscillating convergence, ≥ 4 checkpoints a period → verified"][1] == 2


def test_targets_name_published_rates():
    assert H.TARGETS == {"correct → violated": 0.001, "resolvable wrong → verified": 0.005,
                         "resolvable wrong → inconclusive": 0.20}
    assert set(H.TARGETS) <= set(H.rates(Counter(), Counter()))


# ---- the edges of the truth criteria, at exactly representable ties ----------------------------------------------
def test_divergence_steps_rise_strictly_from_the_last_checkpoint():
    tau = [1.0, 2.0, 4.0, 10.0]
    assert H._diverges(tau, [1.0, 1.2, 1.4, 1.5])  # 1.5 = RISE × 1.0 exactly: the edge counts
    assert not H._diverges([1.0, 2.0, 4.0, 8.0, 10.0], [1.0, 1.2, 1.4, 1.6, 1.55])  # the last step fell
    assert not H._diverges([1.0, 1.5, 2.0, 4.0, 10.0], [1.0, 1.0, 1.2, 1.4, 1.6])  # a flat step stops the count
    assert not H._diverges([0.5, 1.0, 4.0, 10.0], [2.0, 1.0, 1.2, 1.6])  # rose at 2 steps only (from k = 1)


def test_wrong_limit_decade_starts_at_a_checkpoint_on_the_edge():
    # a checkpoint at exactly τ_K/10·(1 − 1e-12), as the generator computes it (a correctly rounded quotient and
    # product: the same float everywhere) starts the last decade: there the mode (4 → 1) would have moved by
    # 3·3 = 9 > 0; from the next checkpoint only by 3·(2 − 1) = 3 < |5 − 1|
    edge = 20.0 / 10 * (1 - 1e-12)
    assert H._limit_resolved([1.0, edge, 5.0, 20.0], [9.0, 1.0, 5.0, 1.0], 0.0, 3.0, [8.0, 4.0, 2.0, 1.0])


def test_persistent_alternation_with_the_decay_at_exactly_the_resolved_edge():
    # D = |C|·u₀·10^0 = 3 (fraction 1 of [−2.5, 0]), amplitude 3 (tol 0), its half-range over the last period 3:
    # the decaying part at the last checkpoint, 1, is exactly (3 − 0)/RESOLVE: resolved; 2^−20 more is not
    rng = Script(1.0, 1, "persistent alternation")
    fam, e, _, per, res = H._wrong(rng, _ctx([3.0, 2.0, 1.0]))
    assert (fam, e, per, res) == ("persistent alternation", [6.0, -1.0, 4.0], 2.0, True)
    _, _, _, _, res = H._wrong(Script(1.0, 1, "persistent alternation"), _ctx([3.0, 2.0, 1.0 + 2 ** -20]))
    assert res is False


def test_wrong_order_resolved_by_the_fall_from_the_first_to_the_last_checkpoint():
    # Θ row, a = 0.3 + 0.7·1 = 1 exactly: |e|/r^p = r/r₀ = 1, 1, 0.01: level over the first step (the one before the
    # last), then 100× down to the last checkpoint
    rng = Script(0.5, -1, "faster order", 1.0)
    fam, e, _, _, res = H._wrong(rng, _ctx([1.0, 1.0, 0.01], kind="Θ"))
    assert (fam, res) == ("faster order", True)
    assert e == pytest.approx([1.0, 1.0, 1e-4], rel=1e-15)


def test_a_frozen_offset_is_evidence_only_above_rounding_of_q():
    # D = |C|·u₀·10^0 = 1 (fraction 1 of [−2.5, 0]), so e ≡ 1 and q ≡ q∞ + 1, a power of two (or 1.5 times one)
    # here: ROUNDING·|q| = 2^−40·|q| is exact. Evidence needs e > ROUNDING·|q| strictly
    for q, want in ((2.0 ** 39, True), (2.0 ** 40, False), (1.5 * 2.0 ** 40, False)):
        fam, e, _, _, res = H._wrong(Script(1.0, 1, "frozen"), _ctx([1.0, 0.5], limit=q - 1))
        assert (fam, e, res) == ("frozen", [1.0, 1.0], want), q
