"""The statement model: relations evaluate with their tolerance, verdict logic, LaTeX, symbol checks."""
import math

import pytest
import sympy as sp

from ibcheck.theory import verdict as V
from ibcheck.theory.catalogue import CATALOGUE
from ibcheck.theory.outcomes import Inconclusive, Reason
from ibcheck.theory.statement import Claim, Sym, eq, ge, le

x, b = Sym("x", "x", "measured"), Sym("b", "b", "bound")


def claim(*conclusions, hypotheses=(), exploratory=False):
    return Claim(id="t", title="t", source="test", symbols=(x, b), hypotheses=hypotheses, conclusions=conclusions,
                 exploratory=exploratory)


def test_le_with_relative_tolerance():
    c = le("x<=b", x.s, b.s, rtol=1e-3)
    assert c.evaluate({"x": 1.0009, "b": 1.0})["holds"] is True
    row = c.evaluate({"x": 1.0011, "b": 1.0})
    assert row["holds"] is False and row["slack"] < 0 and row["tolerance"] == pytest.approx(1e-3)


def test_ge_and_eq():
    assert ge("x>=b", x.s, b.s).evaluate({"x": 2, "b": 1})["holds"] is True
    assert ge("x>=b", x.s, b.s).evaluate({"x": 0, "b": 1})["holds"] is False
    assert eq("x=1", x.s, 1, atol=0.1).evaluate({"x": 1.05})["holds"] is True
    assert eq("x=1", x.s, 1, atol=0.1).evaluate({"x": 1.2})["holds"] is False


def test_verdicts():
    c = claim(le("x<=b", x.s, b.s), hypotheses=(ge("b>=0", b.s, 0),))
    assert c.evaluate({"x": 1, "b": 2})["verdict"] == V.VERIFIED
    assert c.evaluate({"x": 3, "b": 2})["verdict"] == V.VIOLATED
    assert c.evaluate({"x": -3, "b": -2})["verdict"] == V.OUTSIDE  # hypothesis fails first
    assert c.evaluate({"x": math.nan, "b": 2})["verdict"] == V.INCONCLUSIVE
    solver = Inconclusive(Reason.REFERENCE_FAILED, "solver inaccurate")
    assert c.evaluate({"x": 1, "b": 2}, inconclusive=solver)["verdict"] == V.INCONCLUSIVE
    assert V.worst([V.VERIFIED, V.OUTSIDE, V.VIOLATED, V.INCONCLUSIVE]) == V.VIOLATED


def test_missing_value_is_undecided_never_true():
    assert le("x<=b", x.s, b.s).evaluate({"x": 1})["holds"] is None
    assert claim(le("x<=b", x.s, b.s)).evaluate({"x": 1})["verdict"] == V.INCONCLUSIVE


def test_undeclared_symbol_is_rejected():
    bad = claim(le("x<=c", x.s, sp.Symbol("c", real=True)))
    with pytest.raises(ValueError, match="undeclared"):
        bad.check_symbols()


def test_every_claim_renders_latex_from_sympy():
    for c in CATALOGUE.values():
        tex = c.statement_latex()
        assert tex and "\\" in tex, c.id
        assert c.provenance in ("seed", "paper", "standard", "reconstructed")  # threshold rows decide nothing


def test_a_threshold_hypothesis_never_licenses_a_counterexample_alone():
    """Under a hypothesis of provenance ``threshold`` a failed conclusion is ``inconclusive`` (no persistence
    evidence), ``violated`` with it; a seed hypothesis licenses ``violated`` directly; an exploratory claim
    answers ``observed`` either way."""
    for prov, persists, verdict in (("threshold", None, V.INCONCLUSIVE), ("threshold", "deeper too", V.VIOLATED),
                                    ("seed", None, V.VIOLATED)):
        cl = claim(le("x<=b", x.s, b.s, provenance="seed"), hypotheses=(ge("b>=0", b.s, 0, provenance=prov),))
        assert cl.evaluate({"x": 2.0, "b": 1.0}, persists=persists)["verdict"] == verdict, (prov, persists)
        assert cl.evaluate({"x": 0.5, "b": 1.0}, persists=persists)["verdict"] == V.VERIFIED
    cl = claim(le("x<=b", x.s, b.s, provenance="seed"), hypotheses=(ge("b>=0", b.s, 0, provenance="threshold"),),
               exploratory=True)
    assert cl.evaluate({"x": 2.0, "b": 1.0})["verdict"] == V.OBSERVED
    # a level chosen here is the question of an exploratory claim: missing it is its answer, not inconclusive
    cl = claim(le("x<=b", x.s, b.s, provenance="threshold"), exploratory=True)
    r = cl.evaluate({"x": 2.0, "b": 1.0})
    assert r["verdict"] == V.OBSERVED and r["reason"].startswith("observed: x<=b"), r


def test_reasons_are_codes_and_one_table_ranks_them():
    """The cause of every verdict is a code (``reason_code``); ``theory.outcomes.PRECEDENCE`` alone ranks them: a
    failed hypothesis first, a check's own typed "not decided" above a failed conclusion, a NaN and a missed threshold
    below it. Free text is refused (a message without a code cannot be waived or ranked)."""
    from ibcheck.theory.outcomes import PRECEDENCE, REPORTED
    c = claim(le("x<=b", x.s, b.s), hypotheses=(ge("b>=0", b.s, 0),))
    assert c.evaluate({"x": 1, "b": 2})["reason_code"] is None
    assert c.evaluate({"x": 3, "b": 2})["reason_code"] == "conclusion-fails"
    assert c.evaluate({"x": -3, "b": -2})["reason_code"] == "hypothesis-fails"
    assert c.evaluate({"x": math.nan, "b": 2})["reason_code"] == "not-computable"
    order = [cause for cause, _ in PRECEDENCE]
    for code in REPORTED:  # each reported code outranks a failed conclusion, never a failed hypothesis
        r = c.evaluate({"x": 3, "b": 2}, inconclusive=Inconclusive(code, "what was measured: 1"))
        assert (r["verdict"], r["reason_code"], r["reason"]) == (V.INCONCLUSIVE, code.value, "what was measured: 1")
        r = c.evaluate({"x": 3, "b": -2}, inconclusive=Inconclusive(code, "what was measured: 1"))
        assert r["reason_code"] == "hypothesis-fails"
        assert order.index(Reason.HYPOTHESIS_FAILS) < order.index(code) < order.index(Reason.CONCLUSION_FAILS)
    assert order.index(Reason.CONCLUSION_FAILS) < order.index(Reason.NOT_COMPUTABLE) < order.index(
        Reason.THRESHOLD_MISSED)
    with pytest.raises(TypeError):
        c.evaluate({"x": 1, "b": 2}, inconclusive="solver inaccurate")
    with pytest.raises(TypeError):
        Inconclusive(Reason.CONCLUSION_FAILS, "a row's cause is not the check's to report")


def test_measurements_refuse_free_text_and_waive_by_code():
    from ibcheck.checks.base import Measurement, waive
    with pytest.raises(TypeError, match="Inconclusive"):
        Measurement(0, {}, {}, inconclusive="GD did not converge")
    ms = [Measurement(0, {}, {}, inconclusive=Inconclusive(Reason.NOT_CONVERGED, "GD did not converge in 10 steps")),
          Measurement(1, {}, {}, inconclusive=Inconclusive(Reason.REFERENCE_FAILED, "solver status 3"))]
    waive(ms, Reason.NOT_CONVERGED)
    assert ms[0].inconclusive is None and ms[1].inconclusive.code == Reason.REFERENCE_FAILED
