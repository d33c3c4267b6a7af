"""The levelling rule's stable window must hold as it moves back (theory.asymptotic_rules.levelling): a slower
order seen over exactly MIN_ORDERS slope exponents whose preceding exponent breaks their stability, the exponents
turning (not monotone, or steps growing), is a transient's turn, not a refutation; the same exponents over the whole
run, after an undefined exponent, or settling monotonically into the window (a log factor's drift), still refute.

The series are built from their slopes: ``x_k = 2^k`` (``u = 1/x``), ``y = 1/|e|`` (order 1), ``y_{k+1} = y_k + m_k
(x_{k+1} − x_k)``, so the slope exponent is ``γ_k = −log2(m_{k+1}/m_k)`` exactly up to rounding. The margins are
wide: γ = 1 against the slack 0.25, a spread of 0 or 1.5 against GAMMA_STABLE = 0.15, a growth of 2.4 or more
against GROWTH = 2 — no last bit decides a state.
"""
import math

import pytest

from ibcheck.theory.asymptotic_rules import MIN_ORDERS, levelling


def _series(gammas: list) -> tuple[list, list]:
    """``(u, e)`` whose slope exponents are ``gammas`` (the first slope 1)."""
    m = [1.0]
    for g in gammas:
        m.append(m[-1] * 2.0 ** -g)
    x = [2.0 ** k for k in range(len(m) + 1)]
    y = [1.0]
    for k, mk in enumerate(m):
        y.append(y[-1] + mk * (x[k + 1] - x[k]))
    return [1.0 / v for v in x], [1.0 / v for v in y]


def test_the_series_has_the_slope_exponents_it_was_built_with():
    u, e = _series([-0.5, 1.0, 1.0, 1.0])
    # γ is log2 of slope ratios built by five products and sums of powers of 2: a few ulps of 1 (1e-15) off;
    # 1e-12 sits three orders above that and eleven below the states' margins (0.25 and more)
    assert levelling(u, e, 1.0, 0.25, False).gammas == pytest.approx([-0.5, 1.0, 1.0, 1.0], abs=1e-12)


def test_a_slower_order_over_min_orders_exponents_after_a_break_refutes_nothing():
    assert MIN_ORDERS == 3
    lev = levelling(*_series([0.5, 1.0, 1.1, 1.05]), 1.0, 0.25, False)
    assert lev.state == "none" and lev.start == 1  # the window found (rising, then falling), it does not hold back


@pytest.mark.parametrize("gammas", [[0.5, 1.0, 1.0, 1.0], [1.6, 1.0, 1.0, 1.0], [0.2, 0.9, 1.0, 1.02]])
def test_exponents_settling_monotonically_into_the_window_still_refute(gammas):
    """An early transient decaying into the order (steps 0.5, 0, 0; 0.6, 0, 0; 0.7, 0.1, 0.02: monotone, not growing)."""
    assert levelling(*_series(gammas), 1.0, 0.25, False).state == "slower"


@pytest.mark.parametrize("gammas", [[0.5, 1.1, 1.0, 1.05], [0.95, 1.0, 1.0, 1.6]])
def test_exponents_turning_or_accelerating_do_not_settle(gammas):
    from ibcheck.theory.asymptotic_rules import _settling
    assert not _settling(gammas)


@pytest.mark.parametrize("gammas", [[1.0, 1.0, 1.0], [-0.5, 1.0, 1.0, 1.0, 1.0], [1.0] * 6])
def test_a_slower_order_over_the_whole_run_or_a_longer_window_refutes(gammas):
    lev = levelling(*_series(gammas), 1.0, 0.25, False)
    assert lev.state == "slower" and lev.change >= 2.4, (lev.state, lev.change)


def test_an_undefined_exponent_before_the_window_is_no_break():
    """The error hits 0 before the window (an undefined slope): the window spans all the run can show."""
    u, e = _series([0.5, 1.0, 1.1, 1.05])
    e[0] = 0.0
    lev = levelling(u, e, 1.0, 0.25, False)
    assert math.isnan(lev.gammas[0]) and lev.state == "slower", lev


def test_a_faster_theta_order_after_a_break_refutes_nothing_either():
    lev = levelling(*_series([0.5, -1.5, -1.4, -1.45]), 1.0, 0.25, True)
    assert lev.state == "none"  # the implied constant fell ~9×, over three exponents after a turn
    assert levelling(*_series([-1.5, -1.5, -1.5]), 1.0, 0.25, True).state in ("faster", "faster-short")


@pytest.mark.parametrize("gammas, settling", [
    ([-0.5, 0.0, -1e-6], True),        # steps +0.5, −1e-6: −ROUND_ORDER exactly is still non-decreasing (inclusive)
    ([0.5, 0.0, 1e-6], True),          # steps −0.5, +1e-6: +ROUND_ORDER exactly is still non-increasing (inclusive)
    ([0.0, 2.0, 4.0 + 1e-6], True),    # steps 2, 2 + 1e-6 exactly (IEEE): a step grown by ROUND_ORDER (inclusive)
    ([0.0, 0.5, 0.75, 1.125], False),  # steps 0.5, 0.25, 0.375: the last grew over the one before it
])
def test_settling_at_its_rounding_ties(gammas, settling):
    """Differences exact in binary64 (IEEE subtraction, no libm), each at a bound of ``_settling``."""
    from ibcheck.theory.asymptotic_rules import _settling
    assert _settling(gammas) is settling
