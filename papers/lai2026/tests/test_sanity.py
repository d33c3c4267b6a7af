"""Symbolic sanity of lai2026's statements (theory.sanity, theory.implications; docs/sanity.md), negative controls:
mis-scaled statements are rejected with the condition and the offending unit named, a rate that drifts from its bound
fails, and the m1 ⟹ m2 implication fails when a statement changes."""
from dataclasses import replace

import pytest
import sympy as sp

from ibcheck.testing.sanity import messages as _messages, only_failure as _only_failure, swap as _swap
from ibcheck.testing.sanity import sym as _sym
from ibcheck.theory.catalogue import CATALOGUE
from ibcheck.theory.implications import IMPLICATIONS, condition
from ibcheck.theory.sanity import check_claim
from ibcheck.theory.statement import RateOf

M1M2 = next(i for i in IMPLICATIONS if not i.id.endswith("⟹ (H)"))


def test_gram_prediction_is_the_slope_of_the_claims_bound():
    """The check fits slope_gram_pred on gram_scale; gram_scale is the statement's bound up to its constant C_K."""
    from ibcheck.papers.lai2026.theory.closed_form import gram_scale
    c = condition(CATALOGUE, "lai2026.gram", "diagonal concentration")
    f = sp.lambdify([_sym("c_gram"), _sym("lam_l2"), _sym("n"), _sym("trace_sigma")], c.rel.rhs, "math")
    for tr, l2, n in ((1e3, 31.6, 40), (2e5, 900.0, 7), (5.0, 4.0, 1000)):
        assert f(1.0, l2, n, tr) == pytest.approx(gram_scale(tr, l2, n), rel=1e-14)


def test_lai_lower_bound_with_trace_instead_of_its_root_is_rejected_under_x():
    """√(n₋y_min²)/‖λ‖₁ instead of √(n₋y_min²/‖λ‖₁): y x⁻² against the gap's y x⁻¹ — and m1.rate's link breaks."""
    tr = _sym("trace_sigma")
    bad = _swap(CATALOGUE["lai2026.m1.gap"], "lower bound", lambda rel: rel.xreplace({tr: tr ** 2}))
    msg = _only_failure(check_claim(bad), "lower bound", "x")
    assert "c^-1" in msg and "c^-2" in msg
    r = check_claim(CATALOGUE["lai2026.m1.rate"], {**CATALOGUE, "lai2026.m1.gap": bad})
    assert [i.kind for i in r.failures] == ["rate"] and "= -1" in _messages(r), _messages(r)


def test_the_old_statements_are_rejected():
    """The two fixed inconsistencies: m2's 'loss → 0' against a bare τ, m1's absolute atol on y-quantities."""
    c = CATALOGUE["lai2026.m2.decoupling"]
    old = _swap(c, "loss → 0", lambda rel: rel.xreplace({_sym("zero_predictor_loss"): 1}))
    r = check_claim(old)
    assert {(i.condition, i.unit) for i in r.failures} == {("loss → 0", "y"), ("loss → 0", "n")}, _messages(r)
    c = CATALOGUE["lai2026.m1.limit"]
    old = _swap(c, "positives interpolated", lambda rel: rel.xreplace({_sym("label_scale"): 1}))
    r = check_claim(old)
    assert [(i.condition, i.unit, i.kind) for i in r.failures] == [("positives interpolated", "y", "tolerance")]
    assert "atol=1e-08" in _messages(r)


def test_a_rate_that_drifts_from_its_bound_fails():
    rate = CATALOGUE["lai2026.m1.rate"]
    bad = _swap(rate, "slope vs ‖λ‖₁ is −½", lambda rel: rel.xreplace({sp.Rational(1, 2): 1}))
    r = check_claim(bad, CATALOGUE)
    assert r.failures and all(i.kind == "rate" and i.condition == "slope_trace" for i in r.failures), _messages(r)
    gram = CATALOGUE["lai2026.gram"]
    iso = gram.rate_of["slope_gram_pred"][0]
    wrong = replace(gram, rate_of={"slope_gram_pred": replace(iso, along=())})  # ‖λ‖₂ held fixed: slope −1
    r = check_claim(wrong, CATALOGUE)
    assert [i.kind for i in r.failures] == ["rate"] and "-1" in _messages(r)
    missing = replace(rate, rate_of={"slope_trace": RateOf("lai2026.m1.gap", "no such bound", "trace_sigma")})
    assert "has no condition" in _messages(check_claim(missing, CATALOGUE))


def test_implications_fail_when_a_statement_changes():
    m2 = CATALOGUE["lai2026.m2.gap"]
    bad = _swap(m2, "lower bound (n, all labels)", lambda rel: rel.xreplace({_sym("c_low"): 2 * _sym("c_low")}))
    res = M1M2.run({**CATALOGUE, "lai2026.m2.gap": bad})
    assert not res.holds and "not certified" in res.detail
