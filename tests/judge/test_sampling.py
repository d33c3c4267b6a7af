"""The judge on what a checkpoint grid cannot observe: a clock's origin, a staircase's steps, the implied constant's
earlier values, an oscillation sampled near two checkpoints a period. Each case is a correct statement that an
earlier rule refuted (the held-out families' false alarms), beside a wrong one the same rule must still refute."""
import math

import sympy as sp

from ibcheck.theory.asymptotic import geometric, judge

T, S, ELL = (sp.Symbol(n, positive=True) for n in ("T", "s", "ell"))


def test_a_clock_origin_before_the_run_is_no_excluded_limit():
    """Θ((1/log log s)^1.12) on a clock whose origin lies 5τ₀ before the first checkpoint: over a window of a log-log
    rate a power of s fits the run to another limit, but the stated mode on a clock shifted by the window's start
    moves every step as far as the run did (the clock origin is not observable)."""
    tau = geometric(20, 6920, 18)
    q = [1 - 0.05 * (1 / math.log(math.log(t + 100))) ** 1.12 for t in tau]
    j = judge(tau, q, 1 / sp.log(sp.log(S)), "s", 1.0, order=1.12, stated_rate=True, two_sided=True)
    assert j.holds is None and j.rule == "excluded-limit" and "window's first checkpoint" in j.reason
    # the same run about a limit 0.02 further away: more than the mode can carry, still refuted
    j = judge(tau, [v - 0.02 for v in q], 1 / sp.log(sp.log(S)), "s", 1.0, order=1.12, stated_rate=True,
              two_sided=True)
    assert j.holds is False


def test_an_implied_constant_rising_back_to_an_earlier_value_is_no_growth():
    """O(r): c = |e|/r was 3 at the first checkpoint, then rises from 1 to 4.77 (a staircase's sawtooth): bounded by
    its earlier value's 2×, it refutes nothing yet; the same ramp without the earlier value refutes."""
    tau = geometric(10, 100, 9)
    c = [3.0] + [1.25 ** k for k in range(8)]
    q = [2 + 0.3 * x ** -0.8 * ck for x, ck in zip(tau, c)]
    for two_sided in (False, True):
        j = judge(tau, q, S ** sp.Rational(-4, 5), "s", 2.0, order=1.0, stated_rate=True, two_sided=two_sided)
        assert j.holds is None and j.rule == "pending", j.reason
    j = judge(tau[1:], q[1:], S ** sp.Rational(-4, 5), "s", 2.0, order=1.0, stated_rate=True)
    assert j.holds is False and j.rule == "levelling"


def test_a_staircase_flat_step_shorter_than_a_decade_is_no_stall():
    """Θ(1/T) held over steps of four checkpoints (10^0.75 of the clock): the last flat step is no stall — the next
    step leaves it — so it is judged by Aitken's bound after its last real change, which contains the limit; a run
    frozen over a decade still settles."""
    tau = geometric(7, 7e4, 17)
    held = [tau[max(0, 4 * ((k + 3) // 4) - 3)] for k in range(17)]
    q = [-0.6 + 0.014 / h for h in held]
    j = judge(tau, q, 1 / T, "T", -0.6, order=1.0, stated_rate=True, two_sided=True)
    assert j.holds is not False, j.reason
    frozen = q[:7] + [q[7]] * 10  # still from T ≈ 70 to 7e4
    j = judge(tau, frozen, 1 / T, "T", -0.6, order=1.0, stated_rate=True, two_sided=True)
    assert j.holds is False and j.rule == "settled"


def test_an_oscillation_sampled_near_two_checkpoints_a_period_is_not_read_as_an_alternation():
    """Θ(log log ℓ/log ℓ)·(1 + ½ sin): 2.05 checkpoints a period — sampled, each checkpoint lands near the opposite
    phase, and the sampled peaks drift through the swing (a beat). Its envelope fell less than the slowest mode,
    but the swing allows it; an alternation sampled in step (q∞ + 0.1(−1)^k + 0.01r) still does not approach q∞."""
    tau = geometric(20, 5447, 17)
    pd = 2.05 * math.log10(5447 / 20) / 16
    q = [-0.25 * math.log(math.log(x)) / math.log(x) * (1 + 0.5 * math.sin(2 * math.pi * math.log10(x) / pd + 2))
         for x in tau]
    rate = sp.log(sp.log(ELL)) / sp.log(ELL)
    j = judge(tau, q, rate, "ell", 0.0, order=1.0, stated_rate=True, two_sided=True)
    assert j.holds is not False and j.oscillation, j.reason
    alt = [0.1 * (-1) ** k + 0.01 * rate.subs(ELL, x) for k, x in enumerate(tau)]
    j = judge(tau, alt, rate, "ell", 0.0, order=1.0, stated_rate=True, two_sided=True)
    assert j.holds is False


def test_a_growth_its_sampling_may_hide_verifies_nothing():
    """A persistent oscillation of about three checkpoints a period (O(s^−0.6), limit_tol 0.0059, amplitude 0.009:
    a held-out draw of seed 60341): its envelope's implied constant grew 6× between its first and last peaks,
    within the 6.77× its first peak's swing may hide — so no growth refutes it, and its peaks' "levelling" (a later
    peak sampled low) must not verify it either: rule ``sampling``, inconclusive. The margins (6 against 2 and
    6.77) leave every last bit alone."""
    tau = geometric(16.44526383489054, 6228314.747543967, 18)
    q = [-1.2801312587134062, -0.8064595216644569, -0.5269209298371227, -0.3288664155503209, -0.2000138612752999,
         -0.14124250137498431, -0.08593424330171208, -0.04394548559500076, -0.04141906633547231,
         -0.02476163442145289, -0.0036585212124724126, -0.01483025595141665, -0.010169748426774115,
         0.006717545006029679, -0.006930289882115519, -0.007435639991263536, 0.00922106862923114,
         -0.003747100860681031]
    j = judge(tau, q, 1 / S, "s", 0.0, order=0.6, limit_tol=0.005875737101510278, stated_rate=True)
    assert j.holds is None and j.rule == "sampling", j.reason
    assert "grew 6×, within the 6.77× its peaks' sampling may hide" in j.reason
