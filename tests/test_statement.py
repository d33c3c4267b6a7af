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


def test_gap_statement_matches_the_seed_constants():
    c = CATALOGUE["lai2026.m1.gap"]
    assert c.constants["c_low"] == 1.0 and c.constants["c_up"] == 16.0
    vals = dict(trace_sigma=100.0, n=10, orth_dev=0.1, label_spread=2.0, delta_max=0.5, eta_lmax=1.0, init_min_beta_over_eps=1.0,
                n_minus=4, y_min=1.0, y_max=2.0, c_low=1.0, c_up=16.0)
    lower, upper = math.sqrt(4 / 100), math.sqrt(16 * 4 * 4 / 100)
    assert c.evaluate(dict(vals, gap=lower * 1.01))["verdict"] == V.VERIFIED
    # the near-orthogonality level δ_max is a stand-in chosen here: a failure is a counterexample only with the
    # check's evidence that it persists deeper inside the hypothesis
    for gap in (lower * 0.99, upper * 1.01):
        r = c.evaluate(dict(vals, gap=gap))
        assert r["verdict"] == V.INCONCLUSIVE and "not a counterexample" in r["reason"], r["reason"]
        r = c.evaluate(dict(vals, gap=gap), persists="gap/lower = 0.9 at d = 10d")
        assert r["verdict"] == V.VIOLATED and r["reason"].endswith("tightened: gap/lower = 0.9 at d = 10d")


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


def test_claim_provenance_follows_a_reconstructed_hypothesis():
    """A claim whose only reconstructed item is a hypothesis is ``reconstructed`` (the seed's conclusions do not
    make it ``seed``); with every item from the seed it is ``seed``."""
    hyp = ge("b>=0", b.s, 0, provenance="reconstructed")
    assert claim(le("x<=b", x.s, b.s, provenance="seed"), hypotheses=(hyp,)).provenance == "reconstructed"
    assert claim(le("x<=b", x.s, b.s), hypotheses=(ge("b>=0", b.s, 0),)).provenance == "seed"
    assert CATALOGUE["frei2023.thm4.2.loss"].provenance == "reconstructed"  # (H) etc. reconstructed for Section 4


def test_frei_H_row_at_a_fixed_gram_matrix():
    """(H) R_min² ≥ 3γ⁻³R²np evaluated on a 2×2 Gram matrix by hand: R_min = 1, R = 2, p = 0.1, n = 2, γ = ½:
    rhs = 3·8·4·2·0.1 = 19.2, slack = 1 − 19.2."""
    from ibcheck.papers.frei2023.theory.hypothesis import h_quantities
    K = [[4.0, -0.1], [-0.1, 1.0]]
    q = h_quantities(K, 0.5)
    assert (q["R_min"], q["R_ratio"], q["p"], q["n"]) == (1.0, 2.0, 0.1, 2)
    assert q["H_slack"] == pytest.approx(1 / 19.2, rel=1e-12)
    for cid in ("frei2023.thm3.2.rank", "frei2023.thm3.2.margins", "frei2023.thm3.2.global"):
        row = next(h for h in CATALOGUE[cid].hypotheses if h.name == "(H) near-orthogonality")
        r = row.evaluate(q)
        assert r["rhs"] == pytest.approx(19.2, rel=1e-12) and r["slack"] == pytest.approx(1 - 19.2, rel=1e-12), cid
        assert r["holds"] is False
        assert row.evaluate(dict(q, gamma=1.0))["rhs"] == pytest.approx(2.4, rel=1e-12)  # 3·1·4·2·0.1


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
