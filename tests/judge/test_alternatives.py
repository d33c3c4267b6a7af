"""A row's nearest wrong answers (theory.asymptotic_alternatives) on series of known truth: which the judge's own
evidence excludes, which still fit (verified → inconclusive, naming them), and the horizon a model predicts."""
import math

import pytest
import sympy as sp

from ibcheck.theory import asymptotic_alternatives as A
from ibcheck.theory.asymptotic import Series, geometric
from ibcheck.theory.statement import lim

t, q, ref = sp.symbols("t q ref", real=True)
LOG = 1 / sp.log(t)


def row(f, limit, rate, kind="rate", lo=1e2, hi=1e5, K=13, values=None, **kw):
    c = geometric(lo, hi, K)
    cond = lim("row", q, limit, clock="t", rate=rate, kind=kind, floor=1e-12, **kw)
    return cond.evaluate({"q": Series(c, [f(x) for x in c]), **(values or {})})


def by_name(r):
    return {a["name"]: a for a in r["alternatives"]}


def test_generic_alternatives_of_each_row_kind():
    names = lambda c, lim_: [(a.kind, a.value, a.order) for a in A.generic(c, lim_)]  # noqa: E731
    rate = lim("r", q, 1, clock="t", rate=LOG, kind="rate")
    assert names(rate, 1.0) == [("coefficient", 0.9, None), ("coefficient", 1.1, None), ("order", None, 0.5),
                                ("log-factor", None, None)]
    # zero has no scale: a bare → 0 row without a tolerance has no generated wrong limit
    assert names(lim("z", q, 0, clock="t", rate=LOG), 0.0) == []
    # with a tolerance, 0 moves by two tolerance bands (no answer accepted for both)
    assert names(lim("z", q, 0, clock="t", rate=LOG, atol=0.01), 0.0) == [("limit", -0.02, None), ("limit", 0.02, None)]
    # a coefficient step smaller than two tolerance bands is widened to them
    assert names(lim("w", q, 1, clock="t", rate=LOG, atol=0.1), 1.0)[:2] == [("coefficient", 0.8, None),
                                                                              ("coefficient", 1.2, None)]
    # order ½ halves to ¼ (p − ½ would not decay)
    assert [a.order for a in A.generic(lim("h", q, 0, clock="t", rate=LOG, kind="rate", order=0.5), 0.0)
            if a.kind == "order"] == [0.25]
    with pytest.raises(ValueError):
        A.Alternative("reference", "no value")
    with pytest.raises(ValueError):
        A.Alternative("geometry", "unknown kind", 1.0)


def test_a_fast_approach_excludes_every_alternative_and_stays_verified():
    r = row(lambda x: 1 - 2 / x, 1, 1 / t)
    assert r["holds"] is True, r["judgement"]
    alts = by_name(r)
    assert all(a["excluded"] is True for a in alts.values()), alts
    # |e|/r^{½} = 2 t^{−½} fell √1000 over t ∈ [1e2, 1e5]; |e|/(r log(1/r)) = 2/log t fell log 1e5/log 1e2 = 2.5
    assert "fell 31.6×" in alts["order 0.5"]["evidence"]
    assert "fell 2.5×" in alts["an extra log factor r·log(1/r)"]["evidence"]


def test_a_slow_approach_cannot_tell_its_coefficient_and_names_the_alternatives():
    r = row(lambda x: 1 - 2 / math.log(x), 1, LOG)
    assert r["holds"] is None and "the implied constant levels" in r["judgement"]
    alts = by_name(r)
    assert alts["the coefficient ×0.9"]["excluded"] is False and alts["the coefficient ×1.1"]["excluded"] is False
    assert "cannot yet tell 1 from the coefficient ×0.9 (0.9): both in [0.78" in r["judgement"]
    # the exact power law in 1/log t is a steady model: it predicts where its band leaves 0.9 —
    # 1.25·2/log t* = 0.1 ⇒ log t* = 25
    assert alts["the coefficient ×0.9"]["horizon"] == pytest.approx(math.exp(25), rel=1e-6)
    # 1/log t over three decades: half the order's implied constant fell (log 1e5/log 1e2)^½ = 1.58×
    assert "fell 1.58×" in alts["order 0.5"]["evidence"] and alts["order 0.5"]["excluded"] is False
    assert r["horizon_needed"] == max(a["horizon"] for a in alts.values())


def test_the_log_factor_separates_where_the_levelled_model_predicts():
    # C/t from 1e3: log t/t's implied constant falls log τ/log 1e3, which reaches 2 at τ = 1e6 exactly
    short = row(lambda x: 1 / x, 0, 1 / t, lo=1e3, hi=10 ** 5.9)
    a = by_name(short)["an extra log factor r·log(1/r)"]
    assert a["excluded"] is False and a["horizon"] == pytest.approx(1e6, rel=1e-9)
    assert short["holds"] is None and short["horizon_needed"] == pytest.approx(1e6, rel=1e-9)
    run_to_it = row(lambda x: 1 / x, 0, 1 / t, lo=1e3, hi=1e6)
    assert by_name(run_to_it)["an extra log factor r·log(1/r)"]["excluded"] is True and run_to_it["holds"] is True


def test_a_declared_reference_inside_the_band_withholds_verified():
    f = lambda x: 0.3 - 0.2 / math.log(x)  # noqa: E731
    near = row(f, 0.3, LOG, kind="limit", values={"ref": 0.29}, alternatives=(A.reference("ℓ2", ref),))
    assert near["holds"] is None and "cannot yet tell 0.3 from ℓ2 (0.29): both in [0.278" in near["judgement"]
    assert by_name(near)["ℓ2"]["declared"] is True and by_name(near)["ℓ2"]["band"][0] == pytest.approx(0.278, abs=1e-3)
    far = row(f, 0.3, LOG, kind="limit", values={"ref": 0.25}, alternatives=(A.reference("ℓ2", ref),))
    assert far["holds"] is True and by_name(far)["ℓ2"]["excluded"] is True


def test_an_alternative_equal_to_the_stated_answer_decides_nothing_and_is_flagged():
    from ibcheck.testing.conformance import same_as_stated
    r = row(lambda x: 0.3 - 0.2 / x, 0.3, 1 / t, kind="limit", values={"ref": 0.3},
            alternatives=(A.reference("ℓ2", ref),))
    a = by_name(r)["ℓ2"]
    assert r["holds"] is True and a["excluded"] is None and A.coincident(a)
    assert same_as_stated({"conclusions": [r]}) == ["row: ℓ2"]
    assert same_as_stated({"conclusions": [row(lambda x: 0.3 - 0.2 / x, 0.3, 1 / t)]}) == []


def test_declared_coefficients_replace_the_generic_ones_of_the_same_value():
    r = row(lambda x: 1 - 2 / math.log(x), 1, LOG, alternatives=(A.coefficient(0.8), A.coefficient(0.9)))
    names = [a["name"] for a in r["alternatives"]]
    assert names.count("the coefficient ×0.9") == 0 and "coefficient ×0.9" in names and "coefficient ×0.8" in names
    assert by_name(r)["coefficient ×0.8"]["value"] == pytest.approx(0.8)


def test_a_refuted_or_undecided_row_keeps_its_verdict():
    wrong = row(lambda x: 0.9 + 0.5 / x, 1, 1 / t)  # settles at 0.9 ≠ 1
    assert wrong["holds"] is False and by_name(wrong)["the coefficient ×0.9"]["excluded"] is False
    assert "cannot yet tell" not in wrong["judgement"]
