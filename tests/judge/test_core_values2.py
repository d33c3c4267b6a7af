"""The judge's core (``theory.asymptotic``) value by value, continued from ``test_core_values.py``: the defaults of
``Series`` and ``Judgement``, the refusals' exact reasons, the rules of ``_refuted``, ``_excludes``, ``_confirmed``
and ``_credible`` on constructed fits (binary-exact ties), the settled band's edges and the subnormal floor.
Every tie here is exact in float64 (powers of two, differences of nearby floats) or is built from the very value
the code computes on the same machine, so no outcome rests on the last bits of libm."""
import math

import pytest
import sympy as sp

from ibcheck.theory import asymptotic as A
from ibcheck.theory.asymptotic import geometric, judge, series_at
from ibcheck.theory.asymptotic_fit import F_S, Fit
from ibcheck.theory.asymptotic_settled import collapsing

from tests.judge.test_core_values import LOG, ULP, _fit, t  # the first file's constructions


def test_a_series_of_unequal_lengths_is_refused_by_name():
    with pytest.raises(ValueError, match=r"^Series: clock and values must have the same length$"):
        A.Series([1, 2], [3])


def test_a_series_stands_for_its_last_value():
    assert float(A.Series([1, 2, 3], [4, 5, 6])) == 6.0


def test_a_fresh_judgement_has_no_rule_window_or_oscillation():
    """The defaults a rule fills in: no rule yet, no window, no oscillation (None, not an empty value)."""
    j = A.Judgement(None, "", [], [])
    assert j.rule == "" and j.window is None and j.oscillation is None, j


def test_too_few_checkpoints_are_refused_with_the_exact_reason_and_no_window():
    j = judge([1.0, 2.0, 3.0], [1.0, 0.5, 0.3], 1 / t, "t", 0.0)
    assert j.reason == "3 checkpoints: the judge needs ≥ 5 finite ones" and j.window is None, j.reason


def test_a_monotone_decay_carries_no_oscillation():
    tau = geometric(10, 1e4, 9)
    j = judge(tau, [1 / x for x in tau], 1 / t, "t", 0.0)
    assert j.oscillation is None and "oscillation" not in j.row(), j.oscillation


def test_a_checkpoint_at_clock_zero_is_refused_as_not_finite():
    """τ_0 = 0: the clock must be > 0 (not ≥ 0) at every checkpoint; refused before the rate is read."""
    tau = geometric(10, 1e4, 9)
    j = judge([0.0] + tau[1:], [1 / x for x in tau], 1 / t, "t", 0.0)
    assert j.reason == "9 checkpoints with a NaN/Inf: the judge needs ≥ 5 finite ones", j.reason


def test_a_subnormal_error_is_rounding_of_zero():
    """q = 2^−1000, 2^−1004, …, 2^−1032 on the clock 2^k against 0: the rounding NOISE·2^−1000 = 2^−1044 is below
    the smallest normal, so the floor is 2^−1022 + 2^−1044 (exact): the subnormal tail from 2^−1024 on (t = 64) has
    reached 0."""
    j = judge([2.0 ** k for k in range(9)], [2.0 ** -(1000 + 4 * k) for k in range(9)], 1 / t, "t", 0.0)
    assert j.holds is True and j.rule == "reached" and j.window == [64.0, 256.0], j.reason


def test_the_bare_limits_own_mode_is_one_over_log_of_e_plus_r_to_minus_p():
    """r = 1/τ at order 0.01: 1/log(e + τ^(1/100)) falls less than ``DEFAULT_SLOWEST`` over [1, 100], so it is the
    admissible mode, exactly (τ positive: r^−p simplifies to τ^(1/100))."""
    m = A.admissible_mode(None, False, 1 / A.TAU, 0.01, [1.0, 100.0], "tau")
    assert m == 1 / sp.log(sp.E + A.TAU ** sp.Rational(1, 100)), m


def test_series_at_skips_a_record_at_clock_zero():
    s = series_at([0.0, 1.0, 10.0], [3.0, 4.0, 5.0], [1.0])
    assert s.clock == (1.0,) and s.values == (4.0,), s


def test_a_settled_judgement_estimates_the_last_value():
    """Settled at 1.0500049 … 1.0500051 against −10: the limit estimate is the last value itself."""
    j = judge(geometric(10, 1e4, 9), [1.0500049] * 8 + [1.0500051], LOG, "t", -10.0)
    assert j.rule == "settled" and j.limit_estimate["value"] == 1.0500051, j.limit_estimate


def test_a_withheld_rate_rows_refutation_names_a_derived_mode_as_derived():
    """An O(r²) row at r = 1/t with its derivation's slowest mode 1/log t: the exclusion of 0 by q = 1 + 0.4·τ_last/τ
    is withheld against that mode, named "derived" (not the stated rate's)."""
    tau = geometric(10, 1e3, 6)
    j = judge(tau, [1 + 0.4 * tau[-1] / x for x in tau], 1 / t, "t", 0.0, order=2.0, slowest=LOG, stated_rate=True)
    assert j.holds is None and j.rule == "excluded-limit", j.reason
    assert "withheld: the derived slowest mode log(t)**(-1.0)" in j.reason, j.reason


@pytest.mark.parametrize("limit, tol, holds", [(2.0, 2.0 - (1.0 + 1e-7), None), (2.0, 1.5, None),
                                               (2.0, 1.0 - 2e-7, False)])
def test_a_limit_at_or_within_the_settled_bands_upper_edge_is_not_excluded(limit, tol, holds):
    """q = 1 at every checkpoint against 2: settled in 1 ± 1e-7 (STALL of the distance 1, fl(1e-7) exactly); with
    limit_tol = 2 − (1 + 1e-7) the band's high end plus the tolerance is exactly 2 (Sterbenz: both differences
    exact): not excluded; with 1.5 well inside; with 1 − 2e-7 excluded, refuted as settled."""
    j = judge(geometric(10, 1e4, 9), [1.0] * 9, LOG, "t", limit, limit_tol=tol)
    assert j.holds is holds and j.rule == ("settled" if holds is False else "undecidable"), j.reason


def test_the_stall_level_is_stall_of_the_last_distance():
    """q = 1 + δ eight times, then 1, against 0, with δ = 450359985 ulp(1) ≈ 1e-7 + 4.9e-15: the last change δ
    exceeds STALL·|e_last| = 1e-7 by 22 ulps of 1 (against 1e-7·|e_−2| it would be still): not settled."""
    d = 450359985 * ULP
    assert 1e-7 < d < 1e-7 * (1 + d), d  # margins of ~5e-15 both sides, far above the products' rounding (1e-23)
    j = judge(geometric(10, 1e4, 9), [1.0 + d] * 8 + [1.0], LOG, "t", 0.0)
    assert j.holds is None and j.rule == "undecidable" and "no decay window" in j.reason, j.reason


def test_excludes_accepts_a_correction_of_exactly_kappa_of_the_distance():
    """Limits 9, 9.5, 10 with correction 5 = KAPPA·10 against 0 (band 2.75 … 16.25): the bound is inclusive."""
    assert A._excludes(_fit((9.0, 9.5, 10.0), 5.0), 0.0, 0.0) is True


def test_excludes_nothing_at_a_distance_that_rounds_to_zero():
    """A fit at exactly 1 (no correction, no spread) against q∞ = −2^−60 ± 1: its band minus the tolerance is 0,
    above q∞ (not contained), but the distance |1 + 2^−60| − 1 rounds to 0: no distance, no exclusion."""
    assert A._excludes(_fit((1.0, 1.0, 1.0), 0.0), -2.0 ** -60, 1.0) is False


Q6 = [1.0, 2.0, 1.0, 2.0, 1.0, 2.0]  # six checkpoints whose wider window has no fit (not monotone)
U6 = [2.0 ** -k for k in range(6)]


@pytest.mark.parametrize("corr, tol, confirmed", [(5.0, 0.0, False), (2.5, 0.0, True), (2.5, 1.0, False)])
def test_confirmed_needs_the_sixth_checkpoint_unless_the_exclusion_is_firm(corr, tol, confirmed):
    """Limits 9 … 10 against 0 ± tol on six checkpoints, equal exponents (converging): a correction of 5
    (> KAPPA_FIRM·10) must hold over four triples, which these values do not fit: not confirmed; 2.5 = KAPPA_FIRM·10
    exactly is firm (inclusive); with tol = 1 the distance is 9 and 2.5 > KAPPA_FIRM·9: not firm, not confirmed."""
    assert A._confirmed(_fit((9.0, 9.5, 10.0), corr), U6, Q6, U6, 0.0, tol) is confirmed


# exponent steps (exact in binary: halves and quarters), and whether they converge (the last step ≤ the one before,
# to ROUND_ORDER = 1e-6: a step of 2e-6 more is past it by 1e-6, far above the 1e-16 rounding of these differences)
STEPS = [((1.0, 1.0, 1.0), True), ((1.0, 1.5, 2.0), True), ((1.0, 2.0, 2.5), True), ((1.0, 1.5, 2.5), False),
         ((2.0, 1.5, 0.5), False), ((1.0, 1.5, 2.0 + 2e-6), False), ((1.0, 1.5, 2.0 + 5e-7), True)]


@pytest.mark.parametrize("exps, converging", STEPS)
def test_a_firm_exclusion_stands_alone_only_while_its_exponents_converge(exps, converging):
    """Six checkpoints whose wider window has no fit: a firm correction (2.5 = KAPPA_FIRM·10) confirms exactly when
    the window's exponent steps do not grow; growing steps (a transient's drift) need the wider window, which fails."""
    assert A._confirmed(_fit((9.0, 9.5, 10.0), 2.5, exps), U6, Q6, U6, 0.0, 0.0) is converging


@pytest.mark.parametrize("exps, converging", STEPS)
@pytest.mark.parametrize("corr", [2.5, 5.0])
def test_a_five_checkpoint_run_is_confirmed_by_its_window_alone(exps, converging, corr):
    """Five checkpoints (no checkpoint before the window): the exponents' convergence decides, firm or not."""
    assert A._confirmed(_fit((9.0, 9.5, 10.0), corr, exps), U6[:5], Q6[:5], U6[:5], 0.0, 0.0) is converging


def test_two_exponents_cannot_show_convergence():
    """A two-fit window (WINDOW = 2) of equal exponents: one step shows no trend, so even a firm exclusion must hold
    over the wider window (not fitted here) — the four-checkpoint transients of the battery."""
    assert A._confirmed(_fit((9.5, 10.0), 2.5, (1.0, 1.0)), U6, Q6, U6, 0.0, 0.0) is False
    assert A._confirmed(_fit((9.5, 10.0), 2.5, (1.0, 1.0)), U6[:5], Q6[:5], U6[:5], 0.0, 0.0) is False


def test_credible_takes_a_drifting_fit_whose_spread_equals_its_correction():
    """Exponents 2, 1, 1 (drift 1: not plausible), limits 9 … 10 (spread 1) and correction 1: credible (inclusive)."""
    assert A._credible(Fit("r", (2.0, 1.0, 1.0), (9.0, 9.5, 10.0), 0.0, 20.0, 10.0, 1.0, 1.0, 1.0, True)) is True


def test_credible_takes_a_plausible_fit_whatever_its_spread():
    assert A._credible(_fit((9.0, 9.5, 10.0), 0.1)) is True  # spread 1 > correction 0.1, but steady


def _refuted(fits: list, stated=None):
    """``_refuted`` on a linear fall 5, 4, 3, 2, 1 over t = 1 … 16 (neither settled, diverging nor collapsing)."""
    tau, q = [1.0, 2.0, 4.0, 8.0, 16.0], [5.0, 4.0, 3.0, 2.0, 1.0]
    j = A.Judgement(holds=None, reason="", checkpoints=tau, values=q)
    args = (j, tau, q, q, fits, 0.0, 0.0, A.NOISE * 5, "t", lambda k: "", [1 / x for x in tau])
    return (A._refuted(*args) if stated is None else A._refuted(*args, stated)), j.rule


def test_refuted_by_default_excludes_with_a_fit_the_statement_does_not_protect():
    assert _refuted([_fit((9.0, 9.5, 10.0), 0.1)]) == (True, "excluded-limit")


def _blocker(exps: tuple) -> Fit:
    return Fit("τ", exps, (-1.0, 0.0, 1.0), -2.0, 2.0, 1.0, 0.5, 1.0, 1.0, True)  # contains 0


@pytest.mark.parametrize("drift, refuted", [(0.125, (False, "")), (0.15625, (True, "excluded-limit"))])
def test_a_fit_containing_the_limit_blocks_up_to_twice_the_excluders_drift(drift, refuted):
    """The excluding fit drifts 0.0625, a fit containing 0 drifts 0.125 = 2·0.0625 (blocks: inclusive) or 0.15625
    (> 2×, a far worse fit: does not block). Binary-exact drifts."""
    excl = _fit((9.0, 9.5, 10.0), 0.1, (1.0625, 1.0, 1.0))
    assert _refuted([excl, _blocker((1.0 + drift, 1.0, 1.0))], False) == refuted


# a dyadic collapse: q = 1 + 4^−k at t = 1 … 10, changes −3·4^−(k+1) with ratios exactly ¼, so Aitken's limit is
# q_last + d_last·¼/¾ = 1 exactly, its correction c = 2^−18 and the last change 3·2^−18 (the rate's steps are equal)
TAU = [float(k) for k in range(1, 11)]
QC = [1.0 + 4.0 ** -k for k in range(10)]
UC = [1.0 - x / 20 for x in TAU]
S = 2.0 ** -18


def _collapse(limit: float, tol: float):
    """``_refuted`` on the dyadic collapse (no fits): True (decided), a still-moving description, or False."""
    j = A.Judgement(holds=None, reason="", checkpoints=TAU, values=QC)
    noise = A.NOISE * max(max(QC), abs(limit))
    r = A._refuted(j, TAU, QC, [v - limit for v in QC], [], limit, tol, noise, "t", lambda k: "", UC)
    return ("moving" if isinstance(r, str) and r.startswith("changes collapsing ever faster") else r), j.rule


@pytest.mark.parametrize("dist, tol, want", [
    (30, 0, (True, "settled")),     # last change 3·2^−18 = fl(0.1·30·2^−18) exactly: stopped (the bound inclusive)
    (90, 0, (True, "settled")),     # 3 ≤ 9 (in 2^−18): stopped (the change before, 12, is not the last)
    (28, 0, ("moving", "")),        # 3 > 2.8: still moving (against e_−2 = 31 it would have stopped)
    (30, 2, ("moving", "")),        # 3 > 0.1·(30 − 2): the distance beyond the tolerance
    (3, 0, ("moving", "")),         # correction 1 = KAPPA·2 (Aitken's distance) exactly: it counts (inclusive)
    (11, 8.5, ("moving", "")),      # correction 1 > KAPPA·(10 − 8.5): no refutation; the band, 1.25 + STALL clear of
                                    # the tolerance, excludes the limit: it withholds a verdict
])
def test_a_dyadic_collapse_stops_at_a_tenth_of_the_distance_beyond_the_tolerance(dist, tol, want):
    """The stated limit at 1 − (dist − 1)·2^−18 below the collapse (|e_last| = dist·2^−18, Aitken's limit 1 at
    (dist − 1)·2^−18 from it), limit_tol = tol·2^−18: every value binary-exact."""
    assert _collapse(1.0 + S - dist * S, tol * S) == want


def test_a_dyadic_collapse_excludes_a_limit_on_the_far_side_of_zero():
    """Against −1 (distance 2 from Aitken's limit 1, far beyond the correction 2^−18), the last change 3·2^−18 is
    below a tenth of |e_last|: settled."""
    assert _collapse(-1.0, 0.0) == (True, "settled")


@pytest.mark.parametrize("side", [1.0, -1.0])
def test_a_collapse_whose_band_plus_tolerance_is_exactly_the_limit_refutes_nothing(side):
    """q = ±(0.005 + C·e^−1.5τ) at τ = 1 … 10 as in ``test_core_values`` (correction within the stall level, so
    KAPPA passes at the band's edge) against 0 with limit_tol = the band's edge nearest 0 (computed by
    ``collapsing`` on this machine, so the tie holds exactly wherever it runs): the band widened by the tolerance
    reaches 0 exactly — contained (inclusive), nothing refuted."""
    C = 1.5 * 1e-7 * 0.005 / (math.exp(-13.5) - math.exp(-15.0))
    q = [side * (0.005 + C * math.exp(-1.5 * x)) for x in TAU]
    level = max(1e-7 * abs(q[-1]), A.NOISE * 0.005)
    gc = collapsing(TAU, q, points=5, span=10.0, safety=F_S, level=level, u=UC)
    tol = gc[0] if side > 0 else -gc[1]
    assert (gc[0] - tol if side > 0 else gc[1] + tol) == 0.0, gc
    j = A.Judgement(holds=None, reason="", checkpoints=TAU, values=q)
    assert A._refuted(j, TAU, q, q, [], 0.0, tol, A.NOISE * 0.005, "t", lambda k: "", UC) is False, j.reason


# the flat envelope's rounding allowance, binary-exact: q = q∞ − |e| below q∞ = 2^20, so the rounding NOISE·2^20 =
# 2^−24 = U/16 (U = 2^−20); clock 2^k and slowest mode 1/t: it must fall 2^(b−a) from peak a to peak b; a period of
# two checkpoints allows the swing max/min of |e| about the first peak; the rounding allowance is
# 1 + (U/16)(1/|e_a| + 1/|e_b|)
ENV_ROWS = [  # |e| / U at the checkpoints 2^0 … ; the verdict
    ([2, 4, 2, 3, 0.25, 0.5, 0.25], (None, "undecidable")),  # 8·2·(1 + 1/64 + 1/8) = 18.25 ≥ 16
    ([32 / 14.5, 4, 32 / 14.5, 3, 0.25, 0.5, 0.25], (None, "undecidable")),  # 14.5·1.140625 = 16.5 ≥ 16 > 14.5·1.125
    ([1 / 12, 0.5, 1 / 12, 0.375, 0.125, 0.25, 0.125], (None, "undecidable")),  # 12·(1 + 1/8 + 1/4) = 16.5 ≥ 16
    ([1 / 11, 0.5, 1 / 11, 0.375, 0.125, 0.25, 0.125], (False, "settled")),  # 11·1.375 = 15.125 < 16 ≤ 11·1.5
    ([1 / 64, 1 / 8, 1 / 64, 1 / 8, 1 / 32, 1 / 8, 1 / 32, 1 / 4], (None, "undecidable")),  # 1·8·(1 + 1) = 16 exactly
]


@pytest.mark.parametrize("x, verdict", ENV_ROWS)
def test_a_flat_envelope_is_allowed_the_quantitys_rounding_at_both_peaks(x, verdict):
    """Peaks at 2 and 32 (need 16×): the envelope's fall × its swing × the rounding allowance against 16 — a fall
    short of it by more than the rounding refutes; equal (the last row, every factor a power of two) does not."""
    tau = [2.0 ** k for k in range(len(x))]
    q = [2.0 ** 20 - v * 2.0 ** -20 for v in x]
    j = judge(tau, q, 1 / t, "t", 2.0 ** 20, slowest=1 / t)
    assert (j.holds, j.rule) == verdict, j.reason


X_SPAN = [2.0, 4.0, 2.0, 3.0, 0.25, 4.0, 0.25]  # peaks of 4 at the clock's second and sixth checkpoints


@pytest.mark.parametrize("ratio, holds", [(10.0, False), (10.0 * (1 - 1e-9), False), (10.0 * (1 - 1.5e-9), None)])
def test_a_flat_envelope_needs_a_decade_between_its_peaks(ratio, holds):
    """Peaks of |e| = 4 at t = 1 and t = ratio: a constant amplitude refutes over a decade, ratio ≥ SPAN·(1 − 1e-9)
    (the second row is that product itself, the third 5e-9 short of it: no decade, undecidable)."""
    tau = [0.5, 1.0, 2.0, 4.0, 8.0, ratio, 2 * ratio]
    j = judge(tau, X_SPAN, 1 / t, "t", 0.0, slowest=1 / t)
    assert j.holds is holds, j.reason
    if holds is False:
        assert j.rule == "settled" and j.window == [1.0, 2 * ratio], (j.rule, j.window)
        assert "it fell only 1× from its first peak at t = 1 to its last at 10, less than" in j.reason, j.reason


def test_a_flat_envelope_names_its_mode_to_three_digits():
    j = judge([0.5, 1.0, 2.0, 4.0, 8.0, 10.0, 20.0], X_SPAN, 1 / t, "t", 0.0, slowest=1.23456 / t)
    assert "less than the slowest admissible mode 1.23/t (10×)" in j.reason, j.reason


def test_a_flat_envelope_held_to_r_squared_allows_a_step_of_r_squared():
    """A bare limit at r = 1/log t, order 2, peaks 2.28 … 1.0 (period 4): held to r² (3.842×), with the sampling
    allowance of one step of r² (1.774 with cos(π/4)): 2.28 × 1.774 ≥ 3.842, not refuted (a step of r alone, 1.584,
    would refute it). The fall lies 5% inside the window [2.17, 2.43] that separates the two."""
    f = 1.9
    q = [1.3 * f, 0.8, 0.5, 0.8, 1.2 * f, 0.8, 0.5, 0.8, 1.1 * f, 0.8, 0.5, 0.8, 1.0, 0.8]
    j = judge(geometric(10, 1e4, 14), q, LOG, "t", 0.0, order=2.0, slowest=1 / t)
    assert j.holds is None and "fell 2.28× from its first peak" in j.reason, j.reason


def test_an_oscillation_without_peaks_has_fallen_nothing():
    """A growing alternation ±1 … ∓6 about 0: no interior peak of |e|, one record (the last): the flat envelope reads
    no fall, from the first checkpoint to itself."""
    j = judge([1.0, 2.0, 4.0, 8.0, 16.0, 32.0], [1.0, -2.0, 3.0, -4.0, 5.0, -6.0], 1 / t, "t", 0.0)
    assert j.holds is None and j.reason.endswith("which is attained at only 1 checkpoints (the judge needs 5) and fell "
                                                 "1× from its first peak at t = 1 to its last at 1: not decidable "
                                                 "from this run"), j.reason


def test_five_records_from_the_second_to_last_peak_decide_by_the_records():
    """|e| = f/t on the clock 2^k, f = ¼, 1, 1, 1, 1, ¼, 1, ¼ (alternate dips): peaks at t = 2 and 64, records
    2, 4, 8, 16, 64 — five, the judge's minimum, starting exactly at the second-to-last peak: the records (1/t,
    order 1) level and span a full period (the window's start at that peak is inclusive): verified."""
    tau = [2.0 ** k for k in range(8)]
    f = [0.25, 1, 1, 1, 1, 0.25, 1, 0.25]
    j = judge(tau, [c / x for c, x in zip(f, tau)], 1 / t, "t", 0.0, stated_rate=True)
    assert j.holds is True and j.rule == "levelling" and j.window == [2.0, 64.0], j.reason
    assert "at its 5 records up to its last peak: the implied constant levels" in j.reason, j.reason


def test_a_tenfold_fall_of_an_alternations_records_alone_decides_nothing():
    """q = ±|e| alternating about 0, |e| = 1, ½, ⅜, ⅛, 1/16, 1/32, 3/128, 1/128 on the clock 2^k (no interior peak:
    all eight are records): the records fall 128× with no steady power law (decay), but against r² = 1/t² the
    implied constant grows: the bare limit's tenfold fall alone is no evidence here, undecidable."""
    x = [1, 0.5, 0.375, 0.125, 0.0625, 0.03125, 0.0234375, 0.0078125]
    j = judge([2.0 ** k for k in range(8)], [v * (-1) ** k for k, v in enumerate(x)], 1 / t, "t", 0.0, order=2.0)
    assert j.holds is None and j.rule == "undecidable" and j.reason.startswith("oscillating ("), j.reason
    assert " at its 8 records: |q − 0| falls at observed order" in j.reason, j.reason
    assert j.reason.endswith(
        "fallen 128× with no steady power law pointing elsewhere, but the records of an oscillation about another "
        "value or of constant amplitude fall tenfold too, while its decaying part dies out, and the implied constant "
        "against r^p does not level over an observed period: not decidable from this run"), j.reason


def test_a_pending_rate_row_keeps_its_own_horizon():
    """q = 0.1 + 0.75/t on t ∈ [10, 10.5] (12 checkpoints), Θ(1/t) against 0: a stable slower order whose implied
    constant grew only 1.03× — pending at the horizon the slope predicts (t ≈ 21.9); the power law pointing at 0.1
    is not consulted again (the levelling exponent's spread 0.019 is well inside 5% of γ, 0.058)."""
    tau = geometric(10, 10.5, 12)
    j = judge(tau, [0.1 + 0.75 / x for x in tau], 1 / t, "t", 0.0, stated_rate=True, two_sided=True)
    assert j.holds is None and j.rule == "pending" and j.reason.endswith("needs t ≈ 21.9"), j.reason
    assert j.horizon_needed == pytest.approx(21.87, rel=1e-3), j.horizon_needed


def test_a_large_collapse_far_from_the_limit_settles_whatever_the_scale():
    """The dyadic collapse scaled by 2^20 (Aitken's limit 2^20, correction 4, last change 12) against 2^20 − 200: the
    last change is below a tenth of the distance and the correction far below KAPPA·200, so it settles — the
    withholding clause (correction > KAPPA·distance) is scale-free and does not fire. Binary-exact values."""
    q = [2.0 ** 20 * v for v in QC]
    limit = 2.0 ** 20 - 200.0
    j = A.Judgement(holds=None, reason="", checkpoints=TAU, values=q)
    r = A._refuted(j, TAU, q, [v - limit for v in q], [], limit, 0.0, A.NOISE * max(q), "t", lambda k: "", UC)
    assert (r, j.rule, j.holds) == (True, "settled", False), (r, j.reason)


def test_convergence_reads_the_last_step_of_a_longer_window():
    """Four exponents (a window of WINDOW + 1 fits), steps 0.5, 0.25, 0.5: the last step grew, so no convergence —
    the second step (0.25 ≤ itself) would say otherwise. Five checkpoints: the window decides alone."""
    f = _fit((9.0, 9.25, 9.5, 10.0), 2.5, (1.0, 1.5, 1.75, 2.25))
    assert A._confirmed(f, U6[:5], Q6[:5], U6[:5], 0.0, 0.0) is False


def test_convergence_holds_at_a_step_grown_by_exactly_round_order():
    """Exponents 0, 2, 4 + 1e-6: the steps 2 and fl(4.000001 − 2) = 2.000001 = fl(2 + ROUND_ORDER) exactly (IEEE
    addition and subtraction, no libm): the bound is inclusive, so the window converges."""
    exps = (0.0, 2.0, 4.0 + 1e-6)
    assert exps[2] - exps[1] == exps[1] - exps[0] + 1e-6  # the tie, exact in binary64
    assert A._confirmed(_fit((9.0, 9.5, 10.0), 2.5, exps), U6[:5], Q6[:5], U6[:5], 0.0, 0.0) is True
