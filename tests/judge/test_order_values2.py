"""The asymptotic judge's order rules (theory.asymptotic_order) value by value, continued from
tests/judge/test_order_values.py: each test sits on a decision boundary reached by an input whose arithmetic in the
rule is exact (powers of two, small integers, (1/3)·3 = 1 in IEEE rounding, powers whose result is a float), or
away from every boundary by a margin that no libm rounding can cross.

Why: each test fails when one comparison, constant or index of the rules moves (the mutants of
mutants/triage_judge_order.py); an outcome must not hang on the last bits of log, exp or pow.
"""
from __future__ import annotations

import math

import pytest
import sympy as sp

from ibcheck.theory import asymptotic_order as O
from ibcheck.theory.asymptotic import Judgement
from ibcheck.theory.asymptotic_fit import Fit

t = sp.Symbol("t", real=True)
TAU5 = [1.0, 2.0, 4.0, 8.0, 16.0]


def _fit(value: float, C: float, a: float, model: str = "τ") -> Fit:
    """A steady fit q = value + C z^a (exponent spread 0, limit spread 0, band ± 0.01)."""
    return Fit(model, (a,) * 3, (value,) * 3, value - 0.01, value + 0.01, value, 0.001, C, a, True)


def _horizon(f: Fit, mode, u_of=lambda x: 1.0 / x) -> Judgement:
    j = Judgement(holds=None, reason="r", checkpoints=TAU5, values=[0.0] * 5)
    O.wrong_limit_horizon(j, TAU5, j.values, [f], u_of, 1.0, 0.0, "t", mode)
    return j


# ---- wrong_limit_horizon / past_mode -------------------------------------------------------------------------

def test_horizon_exactly_at_the_last_checkpoint_is_already_reached():
    # q = 4 + 16/τ against the limit 1: distance 3, z = (1/3)·3/16 = 1/16 (IEEE rounds (1/3)·3 to exactly 1), so
    # the horizon 1/z is τ[-1] = 16 itself; the fast mode τ^−10 lets past_mode keep it (the model moves 1, the
    # mode would move the distance left 227)
    j = _horizon(_fit(4.0, 16.0, 1.0), mode=lambda x: x ** -10.0)
    assert (j.rule, j.horizon_needed, j.reason) == ("", None, "r: not decidable from this run")


def test_horizon_beyond_the_float_range_is_none():
    # a = 0.001: z = (2/3 · 1e-7)^1000 underflows to exactly 0 — no finite clock, no division by it
    j = _horizon(_fit(3.0, 1e7, 0.001), mode=lambda x: 1.0 / math.log(x))
    assert (j.rule, j.horizon_needed, j.reason) == ("", None, "r: not decidable from this run")


def test_rate_model_horizon_searched_from_the_last_checkpoint():
    # model in r = 1/log t: z = (1/3)·2/C, so log h = 1/z. solve_clock brackets log h from log τ[-1] + 1 by
    # hi → 2·hi + 1 (… 304.4, 609.9, then past its cap 690): found at log h = 560, not at 650 (far from both ends);
    # from log τ[1] (… 343.7, 688.4) 650 would be found, from log τ[-2] (… 521.2, 1043.3) 560 would not
    u_of = lambda x: 1.0 / math.log(x)  # noqa: E731
    j = _horizon(_fit(3.0, 2.0 * 560.0 / 3.0, 1.0, model="r"), mode=u_of, u_of=u_of)
    assert j.rule == "pending"
    assert math.log(j.horizon_needed) == pytest.approx(560.0, rel=1e-9)  # bisection to 2^-60 of the bracket
    j = _horizon(_fit(3.0, 2.0 * 650.0 / 3.0, 1.0, model="r"), mode=u_of, u_of=u_of)
    assert (j.rule, j.horizon_needed, j.reason) == ("", None, "r: not decidable from this run")


def test_past_mode_a_move_equal_to_the_modes_is_not_yet_less():
    # q = 2 + 16/τ, limit 1, mode 48/τ, from h = 16 (t1 = 16/16^¼ = 8): the model moves |at(8) − at(16)| = 1 and
    # the mode would carry the distance left, 2, by 48/16 ÷ 48/24 − 1 = ½: 1 — equal, so not less: h doubles; at
    # 32 the model moves 0.69 against the mode's 1.03. (16^¼ = 2, 16·(1/8)^1: powers with an exact result, which
    # any libm within 1 ulp returns exactly)
    f = _fit(2.0, 16.0, 1.0)
    assert O.past_mode(f, 16.0, TAU5, lambda x: 1.0 / x, lambda x: 48.0 / x, 1.0, 0.0) == 32.0


# ---- rate_row: a Θ row's fall (implied_growth(lower=True) gated by before_transient) ----------------------------

def _rate(tau: list, c: list, order_tol: float = 0.25) -> Judgement:
    """rate_row on a Θ(1/t) row whose implied constant |e|·t is ``c`` at the clocks ``tau`` (powers of two, so
    u = 1/τ and e = c·u are exact and |e|/u gives ``c`` back bit for bit)."""
    u = [1.0 / x for x in tau]
    e = [v * x for v, x in zip(c, u)]
    j = Judgement(holds=None, reason="", checkpoints=tau, values=e)
    O.rate_row(j, tau, u, e, lambda x: 1.0 / x, 1.0, order_tol, True, "t", lambda k: f"from {tau[k]:g}")
    return j


TAU6 = [2.0 ** k for k in range(6)]


def test_theta_fall_of_exactly_growth_fold_refutes():
    # c = 2^(−k/5) from exactly 1 to exactly 0.5 over τ = 1 … 32: 1/c = r^−0.2, a fall of exactly GROWTH = 2 from
    # the window's first value (≥, not >) to the last (not the one before, 2^0.8 = 1.74)
    c = [1.0] + [2.0 ** (-k / 5.0) for k in range(1, 5)] + [0.5]
    j = _rate(TAU6, c)
    assert (j.holds, j.rule, j.window) == (False, "faster", [1.0, 32.0])
    assert j.reason == ("decays faster than Θ(r) (a faster order): the implied constant |e|/r^1 fell 2× from 1 without "
                        "levelling (the three-point exponents in r of its inverse ∈ [-0.2, -0.2]; a level has > 0.1)")
    assert j.observed_order["value"] == pytest.approx(1.2, abs=1e-9)  # root finder to ~1e-13


def test_theta_fall_after_a_hump_measured_on_the_implied_constant():
    # |e|·t rises 1 → 1.5, then falls like a power of t to 0.4: 3.75× below the peak, 2.5× below where the rise
    # began — a hump's descent needs GROWTH² = 4× from there, so no refutation (|e|·t², not |e|/t, is no hump)
    s = math.log(1.5 / 0.4) / math.log(32.0)
    tau = [2.0 ** k for k in range(7)]
    c = [1.0] + [1.5 * (2.0 / x) ** s for x in tau[1:-1]] + [0.4]
    j = _rate(tau, c)
    assert j.holds is None
    assert "the implied constant fell only 2.5×" in j.reason


def test_theta_fall_quotes_the_last_exponent_of_its_inverse():
    # 1/c = t^0.2 + t^0.3: the inverse's three-point exponents drift −0.262 … −0.266; the observed order reads the
    # last (order − a[-1], the interval's top), not an earlier one (each 0.0015 apart)
    j = _rate(TAU6, [1.0 / (x ** 0.2 + x ** 0.3) for x in TAU6])
    assert (j.holds, j.rule) == (False, "faster")
    assert "fell 2.41× from 1 without levelling (the three-point exponents in r of its inverse ∈ [-0.266, -0.262]" \
        in j.reason
    lo, hi = j.observed_order["interval"]
    assert j.observed_order["value"] == hi and hi - lo > 0.004


# ---- _inverse_steady, envelope_level -----------------------------------------------------------------------------

def test_inverse_steady_near_the_largest_float():
    # c = s/t with 1/c up to 500/s = 1.5e308 (finite; twice it would overflow): 1/c = r^−1, steady
    tau = [100.0 * 5.0 ** (k / 5.0) for k in range(6)]
    s = 500.0 / 1.5e308
    assert O._inverse_steady([1.0 / x for x in tau], [s / x for x in tau], 0)


def test_envelope_level_reads_the_error_without_rounding_by_default():
    # |e|·t = 1, 2, 1, 2, 1, 2, 1: peaks of 2 at t = 2, 4, 6 (one period apart, e > 0) that do not grow
    tau = [float(k) for k in range(1, 8)]
    e = [(1.0 + k % 2) / x for k, x in enumerate(tau)]
    j = Judgement(holds=None, reason="", checkpoints=tau, values=e)
    assert O.envelope_level(j, tau, [1.0 / x for x in tau], e, 1.0, 0.25, False, lambda k: "")
    assert (j.holds, j.rule, j.window) == (True, "levelling", [2.0, 7.0])


# ---- slow_mode, slower_mode --------------------------------------------------------------------------------------

def _slow(q: list, mode) -> Judgement:
    j = Judgement(holds=False, reason="base", checkpoints=list(TAU5), values=list(q), rule="settled",
                  window=[1.0, 16.0])
    O.slow_mode(j, 0.0, 0.0, mode, "t", "t")
    return j


def test_slow_mode_a_mode_flat_over_a_step_explains_no_offset():
    # on the shifted clock τ + 1 = 2, 3, 5, 9, 17 the mode is 1, 0.9, 0.9, 0.8, 0.8: it does not decay over every
    # step, though each later step of q moves more than it would carry
    pw = sp.Piecewise((1.0, t < 2.5), (0.9, t < 7), (0.8, True))
    assert _slow([10.0, 5.0, 3.0, 2.0, 1.5], pw).reason == "base"


def test_slow_mode_steps_equal_to_the_modes_are_withheld():
    # q = 16/τ towards 0 with the mode 1/(t − 1) (= 1/τ on the shifted clock): each step moves exactly what the
    # mode carries on the distance left (8 = 8·(1/1 ÷ 1/2 − 1), …), not less: an offset and the mode look alike
    j = _slow([16.0, 8.0, 4.0, 2.0, 1.0], 1 / (t - 1))
    assert (j.holds, j.rule) == (None, "settled")
    assert "(the last: 1 against 1)" in j.reason


def test_slower_mode_a_tie_keeps_the_first():
    # from τ0 + τ0 = 2 to τ[-1] + τ0 = 4 both 1/t and 2^(−t/2) halve: neither is slower, the first is kept
    assert O.slower_mode(1 / t, 2 ** (-t / 2), [1.0, 3.0], "t") == 1 / t
    assert O.slower_mode(1 / t, 2 ** (-t / 3), [1.0, 3.0], "t") == 2 ** (-t / 3)  # falls 2^(2/3)×: slower
