"""theory.asymptotic_frozen value by value: which series are marked, which judgements a freeze turns
``inconclusive``, and what the reason says — at the edges (a freeze at clock 0, at a checkpoint, between the last
two checkpoints) where a slip in a comparison changes the answer."""
from __future__ import annotations

import math

import pytest

from ibcheck.theory.asymptotic import Judgement, Series
from ibcheck.theory.asymptotic_frozen import FROZEN, FrozenSeries, apply, frozen_at, mark, mark_all

TAU = [1.0, 10.0, 100.0, 1000.0]


def _j(holds=True, rule="order"):
    return Judgement(holds=holds, reason="before", checkpoints=list(TAU), values=[4.0, 3.0, 2.0, 1.0], rule=rule)


def test_a_freeze_at_clock_zero_or_below_one_is_marked():
    s = Series(TAU, [4.0, 3.0, 2.0, 1.0])
    assert isinstance(mark(s, 0.0), FrozenSeries) and mark(s, 0.0).frozen_at == 0.0
    assert mark(s, 0.5).frozen_at == 0.5
    assert mark(s, -1.0) is s and mark(s, None) is s and mark(s, math.inf) is s and mark(s, math.nan) is s


def test_an_unmarked_frozen_series_never_froze():
    s = FrozenSeries(TAU, [1.0, 1.0, 1.0, 1.0])
    assert math.isnan(s.frozen_at) and math.isnan(frozen_at(s)) and math.isnan(frozen_at(Series(TAU, TAU)))
    assert apply(_j(), s, "t") is False


def test_mark_all_marks_every_series_and_leaves_the_rest():
    s = Series(TAU, [4.0, 3.0, 2.0, 1.0])
    values = {"q": s, "note": 3.0}
    assert mark_all(values, 50.0) is values
    assert isinstance(values["q"], FrozenSeries) and values["q"].frozen_at == 50.0 and values["q"].values == s.values
    assert values["note"] == 3.0


@pytest.mark.parametrize("tf, applies, after", [(500.0, True, 1), (1000.0, True, 0), (10.0, True, 2),
                                                (1000.5, False, None), (0.0, True, 4)])
def test_a_freeze_at_or_before_the_last_checkpoint_makes_the_row_inconclusive(tf, applies, after):
    j = _j()
    assert apply(j, FrozenSeries(TAU, [4.0, 3.0, 2.0, 1.0], tf), "t") is applies
    if not applies:
        assert (j.holds, j.rule, j.reason) == (True, "order", "before")
        return
    assert (j.holds, j.rule, j.horizon_needed) == (None, "frozen", None)
    assert j.reason.startswith(f"{FROZEN} at t = {tf:.6g}: ")
    assert f"so the {after} checkpoint(s) after it repeat one iterate" in j.reason  # checkpoints strictly after tf


@pytest.mark.parametrize("holds, rule, says", [(True, "order", "verified (order)"), (False, "settled",
                                               "violated (settled)"), (None, "", "undecided")])
def test_the_reason_says_what_the_judge_alone_would_have_said(holds, rule, says):
    j = _j(holds, rule)
    assert apply(j, FrozenSeries(TAU, [4.0, 3.0, 2.0, 1.0], 100.0), "log(1/𝓛)")
    assert f"(the judge alone would say {says}) — a property of float64" in j.reason


def test_a_row_that_reached_its_limit_is_not_undone():
    j = _j(True, "reached")
    assert apply(j, FrozenSeries(TAU, [4.0, 3.0, 2.0, 1.0], 10.0), "t") is False and j.rule == "reached"
