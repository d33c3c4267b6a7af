"""A Θ(r^p) row's lower side: its nearest wrong answer one log factor fewer, r^p/log(1/r), is generated, excluded
only once its implied constant |e|/(r^p/log(1/r)) rose GROWTH-fold over the level stretch, and named (with the
horizon the levelled model predicts) while it still fits."""
import math

import pytest
import sympy as sp

from ibcheck.theory import asymptotic_alternatives as A
from ibcheck.theory.asymptotic import Series, geometric
from ibcheck.theory.statement import lim

t, q = sp.symbols("t q", real=True)
FEWER = "one log factor fewer r/log(1/r)"
EXTRA = "an extra log factor r·log(1/r)"


def row(f, lo, hi, K=13, **kw):
    c = geometric(lo, hi, K)
    cond = lim("row", q, 0, clock="t", rate=1 / t, kind="rate", floor=1e-300, **kw)
    return cond.evaluate({"q": Series(c, [f(x) for x in c])})


def by_name(r):
    return {a["name"]: a for a in r["alternatives"]}


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
