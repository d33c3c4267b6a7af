"""A Θ(r^p) row's lower side: its nearest wrong answer one log factor fewer, r^p/log(1/r), is generated, excluded
only once its implied constant |e|/(r^p/log(1/r)) rose GROWTH-fold over the level stretch, and named (with the
horizon the levelled model predicts) while it still fits."""
import math

import pytest
import sympy as sp

from ibcheck.theory import asymptotic_alternatives as A
from ibcheck.theory.asymptotic import Series
from ibcheck.theory.statement import lim
from tests.judge.test_alternatives import by_name, q, t  # the first file's constructions
from tests.judge.test_alternatives import row as _row

FEWER = "one log factor fewer r/log(1/r)"
EXTRA = "an extra log factor r·log(1/r)"


def row(f, lo, hi, **kw):
    """``f`` at 13 geometric checkpoints on [lo, hi], judged as ``→ 0 at rate O(1/t)`` (``two_sided``: Θ)."""
    return _row(f, 0, 1 / t, lo=lo, hi=hi, **kw)


def test_only_a_theta_row_without_a_declared_log_factor_gets_the_lower_side_alternative():
    def kinds(**kw):
        return [(a.kind, a.log_power) for a in A.generic(lim("r", q, 0, clock="t", rate=1 / t, kind="rate", **kw), 0.0)]
    assert kinds() == [("order", 1), ("log-factor", 1)]
    assert kinds(two_sided=True) == [("order", 1), ("log-factor", 1), ("log-factor", -1)]
    assert kinds(two_sided=True, log_factor="declared: ‖w‖ ~ log t") == [("order", 1)]
    assert A.Alternative("log-factor", "x").log_power == 1


def test_theta_at_the_exact_rate_excludes_it_where_log_1_over_r_doubled():
    # e = 1/t from 1e3: |e|/(r/log(1/r)) = log t rises log τ/log 1e3, which reaches 2 at τ = 1e6 exactly
    short = row(lambda x: 1 / x, 1e3, 10 ** 5.9, two_sided=True)
    a = by_name(short)[FEWER]
    assert a["excluded"] is False and "rose 1.97×" in a["evidence"]
    assert a["horizon"] == pytest.approx(1e6, rel=1e-9)
    assert short["holds"] is None and f"cannot yet tell the stated rate from {FEWER}" in short["judgement"]
    full = row(lambda x: 1 / x, 1e3, 1e7, two_sided=True)
    a = by_name(full)[FEWER]
    # log 1e7/log 1e3 = 7/3
    assert a["excluded"] is True and a["horizon"] is None and f"rose {7 / 3:.3g}×" in a["evidence"]
    assert full["holds"] is True, full["judgement"]


def test_a_falling_implied_constant_leaves_the_lower_side_open_where_the_upper_is_closed():
    # e = (1 + 2/log t)/t: c = 1 + 2/log t falls, the extra factor's constant falls faster, the fewer one's
    # c·log t = log t + 2 rises only (log τ_K + 2)/(log τ_0 + 2) — mirror images, not the same number
    f = lambda x: (1 + 2 / math.log(x)) / x  # noqa: E731
    hi = 10 ** 6.5
    r = row(f, 1e3, hi, two_sided=True)
    alts = by_name(r)
    fell = (1 + 2 / math.log(1e3)) / (1 + 2 / math.log(hi)) * math.log(hi) / math.log(1e3)  # 2.47
    rose = (math.log(hi) + 2) / (math.log(1e3) + 2)  # 1.91
    assert f"fell {fell:.3g}×" in alts[EXTRA]["evidence"] and alts[EXTRA]["excluded"] is True
    assert f"rose {rose:.3g}×" in alts[FEWER]["evidence"] and alts[FEWER]["excluded"] is False
    assert r["holds"] is None and FEWER in r["judgement"] and EXTRA not in r["judgement"]


def test_a_declared_faster_order_is_read_by_its_rise_not_its_fall():
    # stated Θ(1/t), declared wrong answer t^(−1.5): |e|/r^1.5 = t^½ rises √(1e5/1e2) = 31.6×
    r = row(lambda x: 1 / x, 1e2, 1e5, two_sided=True, alternatives=(A.Alternative("order", "order 1.5", order=1.5),))
    a = by_name(r)["order 1.5"]
    assert a["excluded"] is True and "rose 31.6×" in a["evidence"]


def test_the_wrong_rate_itself_is_never_verified_against_its_own_alternative():
    # the truth is r/log(1/r): read as Θ(r) over a window where the judge's order slack admits it, the lower-side
    # alternative's constant stays level (rises 1×): it still fits, and the row is not verified
    r = row(lambda x: 1 / (x * math.log(x)), 1e5, 1e7, two_sided=True)
    a = by_name(r)[FEWER]
    assert a["excluded"] is False and "rose 1×" in a["evidence"]
    assert r["holds"] is not True


def test_a_horizon_search_past_float64_quotes_no_horizon_instead_of_raising():
    # a held-out half-order draw with 1e-5..1e-2 scatter (benchmarks/scattered_orders.py, seed 60341, draw 781):
    # O(r²), r = (log log T)²/log T; the extra log factor's separation lies past log T ≈ e^690, where r² underflows
    # to 0 and r^p/g(r) divided 0 by 0 (ZeroDivisionError, exit 5 for a claim)
    tau = [10.0, 27.83444208852861, 77.47561663796529, 215.6490564582489, 600.2471173432964, 1670.7543626498207,
           4650.4515551333025, 12944.272449686561, 36029.66018789371, 100286.54899692934, 279142.0140313409,
           776976.2224030609]
    q_ = [1.082865270332684, 1.0844006238912287, 1.0861740308593217, 1.0874506403674065, 1.0882110817455588,
          1.088618605418136, 1.0888225634015356, 1.0889198620975633, 1.0889646465017706, 1.0889846994447738,
          1.088993482181083, 1.0889972604746994]
    T = sp.Symbol("log_T", real=True)
    cond = lim("row", q, 1.089, clock="log_T", rate=sp.log(T) ** 2 / T, kind="rate", order=2.0, atol=1.0830104262736544e-4)
    r = cond.evaluate({"q": Series(tau, q_)})
    assert r["holds"] is False and "converges at a slower rate" in r["judgement"]
    a = by_name(r)[EXTRA]
    assert a["excluded"] is False and a["horizon"] is None
    assert A._ratio(1e-300, 2.0, lambda x: x ** 1.5, True) != A._ratio(1e-300, 2.0, lambda x: x ** 1.5, True)  # NaN
    assert A._ratio(0.25, 2.0, lambda x: x ** 1.5, True) == 0.5 and A._ratio(0.25, 2.0, lambda x: x ** 3, False) == 0.25


def test_the_lower_side_alternative_says_why_it_is_near():
    cond = lim("r", q, 0, clock="t", rate=1 / t, kind="rate", two_sided=True)
    fewer = [a for a in A.generic(cond, 0.0) if a.log_power == -1]
    assert [(a.name, a.reason) for a in fewer] == [
        (FEWER, "a Θ row's lower side: a log factor in the denominator (1/log t against log log t/log t)")]


def test_an_alternative_at_the_stated_order_is_read_as_faster_by_its_rise():
    # a declared order p alternative, or a log factor to the power 0, is the stated rate itself: neither is slower,
    # so each is read by its rise — |e|/r = 2 + 1/log t falls, so it rose < 1×, and nothing excludes it
    f = lambda x: (2 + 1 / math.log(x)) / x  # noqa: E731
    r = row(f, 1e2, 1e5, alternatives=(A.Alternative("order", "order 1", order=1.0),
                                       A.Alternative("log-factor", "log to the power 0", log_power=0)))
    alts = by_name(r)
    rose = (2 + 1 / math.log(1e5)) / (2 + 1 / math.log(1e2))
    for name in ("order 1", "log to the power 0"):
        assert f"rose {rose:.3g}×" in alts[name]["evidence"] and alts[name]["excluded"] is False, alts[name]
