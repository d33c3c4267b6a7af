"""The judge's core (``theory.asymptotic``: ``judge``, ``_judge``, ``_refuted``, ``_excludes``, ``_flat_envelope``,
``_envelope``) value by value, on constructed sequences whose answer follows from the rules: each test pins a
boundary or a branch that the calibration battery and the pinned judgements do not reach (an exact tie with the
floor, a peak of exactly 1, a sign-valued rate, two peaks, a printed digit), so a slip there changes its answer."""
import math

import pytest
import sympy as sp

from ibcheck.theory import asymptotic as A
from ibcheck.theory.asymptotic import geometric, judge, series_at
from ibcheck.theory.asymptotic_fit import F_S, Fit
from ibcheck.theory.asymptotic_settled import collapsing

t = sp.Symbol("t", real=True)
LOG = 1 / sp.log(t)
ULP = 2.0 ** -52  # the spacing of float64 just above 1


def _fit(limits: tuple, corr: float, exps: tuple = (1.0, 1.0, 1.0)) -> Fit:
    """A window fit (last exponent 1; steady with the default exponents) with these limits and correction, its band
    as ``window_fit`` makes it."""
    return Fit("r", exps, limits, min(limits) - F_S * corr, max(limits) + F_S * corr, limits[-1], corr, 1.0, 1.0, True)


def test_an_envelope_whose_last_peak_is_exactly_one_still_fell_only_its_ratio():
    """Peaks of |e| at 1.2, 1.1, 1.0 (period 4) over a decade and more: it fell 1.2× while 1/t fell 70×, so the
    envelope's implied constant grew ~58× (≥ GROWTH): refuted by growth — a last peak of 1.0 is an ordinary one."""
    q = [1.3, 0.8, 0.5, 0.8, 1.2, 0.8, 0.5, 0.8, 1.1, 0.8, 0.5, 0.8, 1.0, 0.8]
    j = judge(geometric(10, 1e4, 14), q, 1 / t, "t", 0.0, stated_rate=True)
    assert j.holds is False and j.rule == "growth", j.reason
    assert "it fell only 1.2×" in j.reason, j.reason


def test_settled_reason_quotes_the_last_value():
    """A sequence still at 1.0500049 that ends at 1.0500051 (a change of 2e-7, below STALL of the distance 11 to
    the stated −10): settled, and the reason quotes the last value to six digits, 1.05001 (the one before prints
    1.05)."""
    q = [1.0500049] * 8 + [1.0500051]
    j = judge(geometric(10, 1e4, 9), q, 1 / sp.log(t), "t", -10.0)
    assert j.holds is False and j.rule == "settled", j.reason
    assert j.reason.startswith("settled at 1.05001 ∈"), j.reason


def test_a_negative_decreasing_rate_is_no_rate():
    """r = 1/t − 1 decreases over t ∈ [10, 1e4] but is negative there: no rate decreasing to 0, undecidable."""
    tau = geometric(10, 1e4, 9)
    j = judge(tau, [1 / x for x in tau], 1 / t - 1, "t", 0.0)
    assert j.holds is None and j.rule == "undecidable" and "does not decrease" in j.reason, j.reason


def test_an_error_exactly_at_the_floor_is_reached():
    """|q_last − q∞| = 0.5 = floor exactly (binary-exact values): reached — the floor is inclusive."""
    q = [3, 2.5, 2, 1.75, 1.625, 1.5625, 1.53125, 1.515625, 1.5]
    j = judge(geometric(10, 1e4, 9), q, 1 / t, "t", 1.0, floor=0.5)
    assert j.holds is True and j.rule == "reached", j.reason
    assert j.window[0] == j.window[1], j.window  # from the last checkpoint on


def test_two_peaks_with_records_before_the_first_decide_by_the_records():
    """|e| = 1/t at the first five checkpoints and at two interior peaks (indices 6 and 8), dips of 0.3/t between
    and a falling tail after: an O(1/t) row whose 7 envelope records level at order 1 from before the second-to-last
    peak on — the records span a full period, so their verdict (levelling, verified) stands."""
    tau = geometric(10, 1e3, 12)
    f = [1, 1, 1, 1, 1, 0.3, 1, 0.3, 1, 0.3, 0.2, 0.1]
    j = judge(tau, [c / x for c, x in zip(f, tau)], 1 / t, "t", 0.0, stated_rate=True)
    assert j.holds is True and j.rule == "levelling", j.reason
    assert "at its 7 records up to its last peak" in j.reason, j.reason


def test_a_clock_with_a_non_positive_checkpoint_is_refused_as_not_finite():
    """τ_0 = −1: the clock must be finite and > 0 at every checkpoint; refused before the rate is read."""
    tau = geometric(10, 1e4, 9)
    j = judge([-1.0] + tau[1:], [1 / x for x in tau], 1 / t, "t", 0.0)
    assert j.holds is None and j.rule == "undecidable" and "with a NaN/Inf" in j.reason, j.reason


def test_a_repeated_checkpoint_is_a_rate_that_does_not_decrease():
    """τ_0 = τ_1: r(τ_0) = r(τ_1), the rate does not decrease strictly: undecidable, not a verdict from the rest."""
    tau = geometric(10, 1e4, 9)
    j = judge([tau[0]] + tau[:-1], [1 / x for x in tau], 1 / t, "t", 0.0)
    assert j.holds is None and "does not decrease" in j.reason, j.reason


def test_the_flat_envelope_names_the_rows_own_rate_to_its_power():
    """A bare limit at r = 1/log t, order 2, whose derived slowest mode 1/t falls further than r² over the window:
    the envelope (fallen 1.2×) is held to r² = 1/log² t, and the reason names it (3.842× needed)."""
    q = [1.3, 0.8, 0.5, 0.8, 1.2, 0.8, 0.5, 0.8, 1.1, 0.8, 0.5, 0.8, 1.0, 0.8]
    j = judge(geometric(10, 1e4, 14), q, LOG, "t", 0.0, order=2.0, slowest=1 / t)
    assert j.holds is False and j.rule == "settled", j.reason
    assert "slowest admissible mode (1/log(t))**2.0 (3.842×)" in j.reason, j.reason


def test_turning_points_are_read_against_the_last_distance():
    """A jitter of 1e-8 about 1 for eight checkpoints, then q = 1e-3: the stall level is STALL·|e_last| = 1e-10,
    so the jitter's seven turns are an oscillation (against |e_−2| ≈ 1 it would be a stall, 1e-7)."""
    q = [1, 1 + 1e-8] * 4 + [1e-3]
    j = judge(geometric(10, 1e4, 9), q, LOG, "t", 0.0)
    assert j.oscillation is not None and j.oscillation["turning_points"] == 7, j.reason
    assert j.holds is False and j.rule == "settled", j.reason


def test_a_near_margin_exclusion_on_six_checkpoints_is_confirmed_over_four_triples():
    """q = 1 + 0.4·(τ_last/τ) on six checkpoints against q∞ = 0: the clock model's correction is 0.4 of the
    distance (> KAPPA_FIRM), so it must hold over one more triple — four fits, all the six checkpoints have — and
    it does: excluded-limit (a derived slowest mode t^−3 withholds nothing)."""
    tau = geometric(10, 1e3, 6)
    j = judge(tau, [1 + 0.4 * tau[-1] / x for x in tau], LOG, "t", 0.0, slowest=t ** -3)
    assert j.holds is False and j.rule == "excluded-limit", j.reason
    assert "∈ [0.5, 1.5]" in j.reason, j.reason


def test_excludes_holds_the_limits_spread_to_sigma_of_the_distance():
    """Limits 9, 9.5, 10 (spread 1), correction 0.1, distance 10 from q∞ = 0: spread ≤ SIGMA·10 = 2.5 and
    correction ≤ KAPPA·10: evidence of another limit."""
    assert A._excludes(_fit((9.0, 9.5, 10.0), 0.1), 0.0, 0.0) is True


def test_excludes_nothing_its_band_contains_at_a_rounding_tie():
    """Limits 1+3ulp, 1+4ulp, 1+4ulp, correction 2 ulp, q∞ = 0 ± 1: the band's low end 1 + 0.5 ulp rounds (to
    even) to 1, so the band widened by the tolerance contains q∞ — no exclusion, although the distance 4 ulp,
    correction and spread alone would pass the KAPPA and SIGMA tests."""
    f = _fit((1 + 3 * ULP, 1 + 4 * ULP, 1 + 4 * ULP), 2 * ULP)
    assert f.contains(0.0, 1.0)
    assert A._excludes(f, 0.0, 1.0) is False


def test_admissible_mode_defaults_to_the_tau_clock():
    """A bare limit's default mode without a clock symbol is written in the real symbol tau (``DEFAULT_SLOWEST`` on
    the clock named "tau")."""
    m = A.admissible_mode(None, False, 1 / A.TAU, 1.0)
    assert m.free_symbols == {sp.Symbol("tau", real=True)}, m


def test_series_at_picks_the_nearest_distinct_states():
    """Targets 1, 1.1 and 100 on records at 1, 10, 100: 1 and 1.1 both pick the first (kept once), 100 the last."""
    s = series_at([1.0, 10.0, 100.0], [4.0, 5.0, 6.0], [1.0, 1.1, 100.0])
    assert s.clock == (1.0, 100.0) and s.values == (4.0, 6.0), s


def test_a_collapse_still_moving_withholds_with_the_undecidable_rule():
    """An exponential collapse towards 0.005 (q = 0.005 + e^−τ/100 over τ ∈ [100, 1e3]) whose last step still
    moves 0.21 of its distance from the stated 0: the tenfold fall's verdict is withheld, rule undecidable."""
    tau = geometric(1e2, 1e3, 7)
    j = judge(tau, [0.005 + math.exp(-x / 100) for x in tau], LOG, "t", 0.0)
    assert j.holds is None and j.rule == "undecidable" and "still moves 0.21" in j.reason, j.reason
    assert j.reason.endswith("(a verdict needs ≤ 0.1): not decidable from this run"), j.reason


def test_a_collapse_excludes_a_limit_above_its_band():
    """After one rising step (τ = 50 → 100), q = 0.005 + e^−τ/100 collapses from τ = 100 on (the tail starts at
    checkpoint 1): Aitken's band ≈ [0.0047, 0.0051] excludes the stated 0.9 above it, the last step has stopped
    relative to that distance: settled."""
    tau = [50.0] + geometric(1e2, 1e3, 7)
    j = judge(tau, [0.0] + [0.005 + math.exp(-x / 100) for x in tau[1:]], LOG, "t", 0.9)
    assert j.holds is False and j.rule == "settled" and "collapsing ever faster" in j.reason, j.reason


def test_series_converts_its_clock_to_a_tuple_of_floats():
    s = A.Series([1, 2], [3, 4])
    assert s.clock == (1.0, 2.0) and isinstance(s.clock, tuple) and all(type(c) is float for c in s.clock), s


def test_a_rate_that_reaches_zero_at_a_checkpoint_is_no_rate():
    """r = 1/t − 1/1024 is exactly 0 at τ = 1024 (binary-exact): r must be > 0 at every checkpoint."""
    tau = [2.0 ** k for k in range(1, 11)]
    j = judge(tau, [1 / x for x in tau], 1 / t - sp.Rational(1, 1024), "t", 0.0)
    assert j.holds is None and "does not decrease" in j.reason, j.reason


def test_a_limit_exactly_at_the_settled_bands_edge_is_not_excluded():
    """q = 1 at every checkpoint: settled in 1 ± 1e-7 (STALL of the distance 1); with q∞ = 0 and limit_tol =
    1 − 1e-7 the band's low end minus the tolerance is exactly 0 = q∞: not excluded, so not refuted as settled."""
    j = judge(geometric(10, 1e4, 9), [1.0] * 9, LOG, "t", 0.0, limit_tol=1.0 - 1e-7 * 1.0)
    assert j.holds is None and j.rule == "undecidable" and "no decay window" in j.reason, j.reason


def test_excludes_accepts_a_spread_of_exactly_sigma_of_the_distance():
    """Limits 9, 9.5, 10 and q∞ = 6: spread 1 = SIGMA·4 exactly (binary-exact): the bound is inclusive."""
    assert A._excludes(_fit((9.0, 9.5, 10.0), 0.1), 6.0, 0.0) is True


def test_excludes_measures_the_distance_beyond_the_tolerance():
    """Limits 9.5, 10, 10.5 against 0 ± 9: the distance beyond the tolerance is 1.5, and a spread of 1 exceeds
    SIGMA of it (0.375): no exclusion (the band 9.375 … 10.625 stays clear of 0 ± 9)."""
    f = _fit((9.5, 10.0, 10.5), 0.1)
    assert not f.contains(0.0, 9.0)
    assert A._excludes(f, 0.0, 9.0) is False


def test_an_envelope_constant_growing_exactly_growth_fold_refutes():
    """Peaks of |e| at τ = 8 (8) and τ = 128 (2) on the clock 2^k: the envelope fell 4× while 1/t fell 16×, so its
    implied constant grew 4×; the first peak's neighbours are 4 and 4 (under-sampled: the sampling allowance is its
    swing 8/4 = 2), so it grew exactly GROWTH = 2× beyond it (binary-exact): the growth bound is inclusive, refuted."""
    q = [1, 2, 4, 8, 4, 6, 1, 2, 0.5, 0.4]
    j = judge([2.0 ** k for k in range(10)], q, 1 / t, "t", 0.0, stated_rate=True)
    assert j.holds is False and j.rule == "growth" and "grew 4×, 2× beyond the 2×" in j.reason, j.reason


def test_a_collapse_is_still_moving_when_its_last_value_has_not_stopped():
    """q = 0.001 + e^−τ/100 over τ ∈ [100, 1e3] (7 checkpoints) against 0: Aitken's limit ∈ [0.00071, 0.00108]
    excludes 0 with the correction from the last value (0.00015) within KAPPA of the distance, and the last step
    still moves a full distance: neither way yet — the tenfold fall does not verify."""
    tau = geometric(1e2, 1e3, 7)
    j = judge(tau, [0.001 + math.exp(-x / 100) for x in tau], LOG, "t", 0.0)
    assert j.holds is None and "still moves 1 of the distance" in j.reason, j.reason


def test_the_judgement_row_carries_its_orders():
    tau = geometric(10, 1e4, 9)
    r = judge(tau, [1 / x for x in tau], 1 / t, "t", 0.0, stated_rate=True).row()
    assert len(r["orders"]) == 7 and r["judgement"].startswith("the implied constant levels"), r


def test_a_collapse_to_another_value_with_a_large_correction_is_not_verified():
    """q = 0.0003 + e^−τ/100 over τ ∈ [100, 1e3] against the stated 0: the changes collapse ever faster and
    Aitken's band [1.2e-5, 3.8e-4] excludes 0, but the correction (1.5e-4) is more than KAPPA of the distance
    (2e-4): no refutation, but the collapse withholds the bare limit's tenfold fall (123×), which used to verify
    → 0 although the run is converging to 3e-4."""
    tau = geometric(1e2, 1e3, 7)
    j = judge(tau, [0.0003 + math.exp(-x / 100) for x in tau], LOG, "t", 0.0)
    assert (j.holds, j.rule) == (None, "undecidable"), j.reason
    assert "(Aitken) excludes the stated 0" in j.reason, j.reason


@pytest.mark.parametrize("side", [1.0, -1.0])
def test_a_collapse_whose_band_reaches_the_limit_within_its_tolerance_refutes_nothing(side):
    """q = ±(0.005 + C·e^−1.5τ) at τ = 1 … 10 (a clean exponential collapse, last change 1.5 STALL of the distance)
    against 0 with limit_tol = |L'| − 0.9 R (Aitken's limit L', its band half-width R): the band widened by the
    tolerance reaches 0 on either side, so the collapse neither refutes nor withholds (``_refuted`` is False)."""
    tau = [float(k) for k in range(1, 11)]
    C = 1.5 * 1e-7 * 0.005 / (math.exp(-13.5) - math.exp(-15.0))  # the last change 1.5 STALL of |e_last| ≈ 0.005
    q = [side * (0.005 + C * math.exp(-1.5 * x)) for x in tau]
    u = [1.0 - x / 20 for x in tau]  # a rate with constant steps: the collapse is measured on the changes alone
    noise = A.NOISE * 0.005
    level = max(1e-7 * abs(q[-1]), noise)  # the stall level _refuted uses (STALL of |e_last|)
    gc = collapsing(tau, q, points=5, span=10.0, safety=F_S, level=level, u=u)
    assert gc is not None and abs(gc[3] - q[-1]) < level, gc
    tol = abs(gc[3]) - 0.9 * (gc[1] - gc[3])
    assert side * (gc[0] if side > 0 else gc[1]) - tol < 0, gc  # the band widened by tol reaches 0
    j = A.Judgement(holds=None, reason="", checkpoints=tau, values=q)
    span = lambda k: f"over t ∈ [{tau[k]:.3g}, {tau[-1]:.3g}]"  # noqa: E731
    assert A._refuted(j, tau, q, q, [], 0.0, tol, noise, "t", span, u) is False, j.reason


def test_an_undecided_judgement_has_no_orders_yet():
    j = judge([1.0, 2.0, 3.0], [1.0, 0.5, 0.3], 1 / t, "t", 0.0)
    assert j.holds is None and j.orders == [], j.orders


def test_the_default_mode_is_put_on_the_rows_real_clock():
    assert A._on_clock(A.DEFAULT_SLOWEST, "t").free_symbols == {t}



def test_an_under_sampled_envelope_must_grow_beyond_its_sampling_swing(monkeypatch):
    """The growth test allows what the peaks' sampling can hide (``sampling_allowance``). A correct O(1/log t) error
    0.5/log t·(1 + 0.9 sin(2πk/2.25 + 0.8)), 13 checkpoints over 6 decades, is sampled about twice a period: its
    envelope fell 1.244× between its first and last peaks while 1/log t fell 1.88×, an implied-constant growth of
    1.51×, inside its first peak's swing (5.5×). With ``GROWTH`` moved to 1.25 (the edge the allowance removes) it is
    still not refuted; read with no allowance it would be."""
    tau = geometric(1e3, 1e9, 13)
    e = [0.5 / math.log(x) * (1 + 0.9 * math.sin(2 * math.pi * k / 2.25 + 0.8)) for k, x in enumerate(tau)]
    monkeypatch.setattr(A, "GROWTH", 1.25)
    assert judge(tau, e, 1 / sp.log(t), "t", 0.0, stated_rate=True).holds is None
    monkeypatch.setattr(A, "sampling_allowance", lambda *a: 1.0)
    j = judge(tau, e, 1 / sp.log(t), "t", 0.0, stated_rate=True)
    assert j.holds is False and j.rule == "growth" and "1.51× beyond the 1× its peaks' sampling allows" in j.reason


def test_a_growing_alternation_is_refuted_by_growth_beyond_its_swing():
    """q∞ + (−1)^k·A_k(1 + k/100), A_k = 0.5 at even k and 0.25 at odd, at t = 10·2^k: the peaks (even k) rise 1% a
    step, so only the last is a record (the flat-envelope rule). Its first peak (t = 40) has the swing
    0.51/0.2525 ≈ 2.02, while its implied constant grew 256/0.927 ≈ 276× to the last peak: refuted, 137× beyond
    what sampling can hide."""
    tau = [10.0 * 2.0 ** k for k in range(12)]
    q = [(-1) ** k * (0.5 if k % 2 == 0 else 0.25) * (1 + k / 100) for k in range(12)]
    j = judge(tau, q, 1 / t, "t", 0.0, stated_rate=True)
    assert j.holds is False and j.rule == "growth" and "137× beyond the 2.02×" in j.reason, j.reason


def test_an_envelope_grown_exactly_growth_fold_within_its_swing_is_undecided():
    """Peaks of |e| at τ = 8 (8, neighbours 4 and 4: a swing of 2) and τ = 128 (1) on the clock 2^k: the envelope
    fell 8× while 1/t fell 16×, a growth of exactly GROWTH = 2 (binary-exact) but not beyond the swing: rule
    ``sampling`` — the bound that makes a growth ambiguous is inclusive."""
    q = [1, 2, 4, 8, 4, 6, 0.5, 1, 0.25, 0.2]
    j = judge([2.0 ** k for k in range(10)], q, 1 / t, "t", 0.0, stated_rate=True)
    assert j.holds is None and j.rule == "sampling" and "grew 2×, within the 2×" in j.reason, j.reason
