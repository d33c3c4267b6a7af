"""Symbolic sanity of every statement (theory.sanity, theory.implications; docs/sanity.md).

One case per catalogued claim (plugins included once the registry has loaded them): every relation is invariant under
x, y, w, n, t or declares why not; rate claims agree with the bounds they are the slopes of; the implications between
claims hold. Negative controls: mis-scaled statements are rejected with the condition and the offending unit named.
"""
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest
import sympy as sp

from ibcheck.checks import registry  # noqa: F401  (loads installed plugins into the catalogue)
from ibcheck.theory.catalogue import CATALOGUE
from ibcheck.theory.implications import IMPLICATIONS, condition

LEM33 = next(i for i in IMPLICATIONS if i.id.endswith("⟹ (H)"))
M1M2 = next(i for i in IMPLICATIONS if not i.id.endswith("⟹ (H)"))
from ibcheck.theory.sanity import ANY, NotHomogeneous, check_claim, degree
from ibcheck.theory.statement import Claim, RateOf, Sym, ge, le

ROOT = Path(__file__).resolve().parents[1]
PLUGIN_IDS = {c.id for p in registry.PLUGINS.plugins for c in p.claims}


def _sym(name):
    return sp.Symbol(name, real=True)


def _messages(r):
    return "\n".join(i.message for i in r.failures)


# ---- the whole catalogue ------------------------------------------------------------------------------
@pytest.mark.parametrize("cid", sorted(CATALOGUE))
def test_statement_is_invariant_or_exempt(cid, record_property):
    r = check_claim(CATALOGUE[cid], CATALOGUE)
    for issue, why in r.exempted:
        record_property("sanity_exempt", (issue.condition, issue.unit, why, cid))
    for name, link, value, computed in r.rates:
        record_property("sanity", f"{cid}: rate {name} = {value} = ∂log/∂log {link.variable} of {link.claim} / "
                                  f"{link.condition!r} ({computed})")
    assert r.ok, _messages(r)


def test_every_builtin_symbol_declares_dims():
    """Used or not: the built-in statements document their units (plugins are checked on the symbols they use)."""
    missing = [(cid, s.name) for cid, c in CATALOGUE.items() if cid not in PLUGIN_IDS for s in c.symbols
               if s.dims is None]
    assert not missing, missing


@pytest.mark.parametrize("imp", IMPLICATIONS, ids=[i.id for i in IMPLICATIONS])
def test_implication_holds(imp, record_property):
    res = imp.run()
    record_property("sanity", f"implication {imp.id} [{res.method}]: {res.detail}")
    assert res.holds, res.detail


def test_lem33_threshold_matches_the_closed_form():
    """(1 − 2ε)² = ½(1 + 2ε) at c = 1/12: ε* = (5 − √17)/8; and c < 1/(3b) = 1/6 (the README's asymptotic 1/6)."""
    res = LEM33.run()
    assert res.numbers["eps_star"] == pytest.approx((5 - 17 ** 0.5) / 8, rel=1e-12)
    assert res.numbers["c_max"] == pytest.approx(1 / 6) and res.numbers["slack_d_to_inf"] == pytest.approx(2.0)


def test_gram_prediction_is_the_slope_of_the_claims_bound():
    """The check fits slope_gram_pred on gram_scale; gram_scale is the statement's bound up to its constant C_K."""
    from ibcheck.papers.lai2026.theory.closed_form import gram_scale
    c = condition(CATALOGUE, "lai2026.gram", "diagonal concentration")
    f = sp.lambdify([_sym("c_gram"), _sym("lam_l2"), _sym("n"), _sym("trace_sigma")], c.rel.rhs, "math")
    for tr, l2, n in ((1e3, 31.6, 40), (2e5, 900.0, 7), (5.0, 4.0, 1000)):
        assert f(1.0, l2, n, tr) == pytest.approx(gram_scale(tr, l2, n), rel=1e-14)


def test_example_plugin_claims_pass(monkeypatch):
    monkeypatch.syspath_prepend(str(ROOT / "examples" / "ibcheck-example-plugin"))
    from ibcheck_example_plugin.theory import statements as ex
    for c in ex.CLAIMS:
        r = check_claim(c)
        assert r.ok, _messages(r)


def test_sanity_does_not_import_checks_or_reports():
    code = ("import sys, ibcheck.theory.sanity, ibcheck.theory.implications; "
            "bad = [m for m in sys.modules if m.startswith(('ibcheck.checks', 'ibcheck.reports', 'ibcheck.cli'))]; "
            "assert not bad, bad")
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stderr


# ---- degrees --------------------------------------------------------------------------------------------
D = {"a": {"x": 1}, "b": {"x": 1}, "k": {}, "q": {"x": 2, "n": 1}}


def test_degree_rules():
    a, b, k, q = (_sym(s) for s in "abkq")
    assert degree(sp.Integer(0), D, "x") == ANY and degree(sp.Integer(3), D, "x") == 0
    assert degree(sp.sqrt(q) / a, D, "x") == 0 and degree(sp.sqrt(q), D, "n") == sp.Rational(1, 2)
    assert degree(sp.Abs(a - b), D, "x") == 1 and degree(sp.Min(a, 2 * b), D, "x") == 1  # Min: term by term
    assert degree(sp.exp(a / b) * a, D, "x") == 1 and degree(k ** a, D, "n") == 0
    with pytest.raises(NotHomogeneous, match="do not share a degree"):
        degree(sp.Abs(a * b - 1), D, "x")
    with pytest.raises(NotHomogeneous, match="not a power law"):
        degree(sp.log(q), D, "n")
    with pytest.raises(NotHomogeneous, match="do not share a degree"):
        degree(sp.Max(a, q), D, "x")


# ---- negative controls: mis-scaled statements are rejected ------------------------------------------------
def _swap(claim, cond_name, new_rel_fn, extra_syms=()):
    """``claim`` with condition ``cond_name``'s relation rewritten by ``new_rel_fn(rel)``."""
    def fix(conds):
        return tuple(replace(c, rel=new_rel_fn(c.rel)) if c.name == cond_name else c for c in conds)
    return replace(claim, symbols=claim.symbols + tuple(extra_syms), hypotheses=fix(claim.hypotheses),
                   conclusions=fix(claim.conclusions))


def _only_failure(r, cond, unit):
    assert not r.ok
    msg = _messages(r)
    assert {(i.condition, i.unit) for i in r.failures} == {(cond, unit)}, msg
    assert repr(cond) in msg and f"under {unit}" in msg, msg
    return msg


def test_h_with_r_max_instead_of_the_ratio_is_rejected_under_x():
    """(H) with R_max (x) instead of R = R_max/R_min: rhs ~ x⁴ vs lhs x². The n exemption does not mask it."""
    r_max = Sym("R_max", r"R_{\max}", "largest ‖x_i‖", dims="x")
    bad = _swap(CATALOGUE["frei2023.thm3.2.margins"], "(H) near-orthogonality",
                lambda rel: rel.xreplace({_sym("R_ratio"): r_max.s}), [r_max])
    r = check_claim(bad)
    msg = _only_failure(r, "(H) near-orthogonality", "x")
    assert "c^2" in msg and "c^4" in msg
    assert [i.unit for i, _ in r.exempted] == ["n"]  # the declared, unit-specific exemption is still reported


def test_lai_lower_bound_with_trace_instead_of_its_root_is_rejected_under_x():
    """√(n₋y_min²)/‖λ‖₁ instead of √(n₋y_min²/‖λ‖₁): y x⁻² against the gap's y x⁻¹ — and m1.rate's link breaks."""
    tr = _sym("trace_sigma")
    bad = _swap(CATALOGUE["lai2026.m1.gap"], "lower bound", lambda rel: rel.xreplace({tr: tr ** 2}))
    msg = _only_failure(check_claim(bad), "lower bound", "x")
    assert "c^-1" in msg and "c^-2" in msg
    r = check_claim(CATALOGUE["lai2026.m1.rate"], {**CATALOGUE, "lai2026.m1.gap": bad})
    assert [i.kind for i in r.failures] == ["rate"] and "= -1" in _messages(r), _messages(r)


def test_margin_against_an_unnormalised_weight_norm_is_rejected_under_w():
    """'normalised margin = 1/‖W‖_F' with the trained ‖W‖ (w x⁻¹, a free scale) instead of ‖W*‖ (x⁻¹)."""
    w_norm = Sym("W_norm", r"\|W\|_F", "norm of the trained weights (free scale along the flow)", dims="w x^-1")
    bad = _swap(CATALOGUE["frei2023.thm3.2.global"], "normalised margin = 1/‖W*‖_F (finite time)",
                lambda rel: rel.xreplace({_sym("w_star_norm"): w_norm.s}), [w_norm])
    msg = _only_failure(check_claim(bad), "normalised margin = 1/‖W*‖_F (finite time)", "w")
    assert "do not share a degree" in msg


def test_unnormalised_margin_is_rejected_under_x_and_w():
    """min_i y_i f(x_i;W) (~ w for W ~ w x⁻¹) compared with 1/‖W*‖: fails under x and under w."""
    raw = Sym("raw_margin", r"\min_i y_if(x_i;W)", "unnormalised margin of the trained network", dims="w")
    bad = _swap(CATALOGUE["frei2023.thm3.2.global"], "normalised margin = 1/‖W*‖_F (finite time)",
                lambda rel: rel.xreplace({_sym("normalized_margin"): raw.s}), [raw])
    r = check_claim(bad)
    assert {(i.condition, i.unit) for i in r.failures} == {("normalised margin = 1/‖W*‖_F (finite time)", u) for u in "xw"}


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


x_ = Sym("a", "a", "an input-sized quantity", dims="x")
k_ = Sym("k", "k", "a number", dims="1")


def _toy(*conds, **kw):
    return Claim(id="toy", title="t", source="test", symbols=(x_, k_), hypotheses=(), conclusions=conds, **kw)


def test_undeclared_dims_on_a_used_symbol_names_it():
    u = Sym("u", "u", "undeclared")
    r = check_claim(Claim(id="toy", title="t", source="test", symbols=(x_, u), hypotheses=(),
                          conclusions=(le("c", x_.s, u.s),)))
    assert [i.kind for i in r.failures] == ["undeclared"] and "'u'" in _messages(r)


def test_zero_side_is_invariant_and_numbers_force_degree_zero():
    assert check_claim(_toy(ge("nonneg", x_.s, 0))).ok
    assert check_claim(_toy(le("bounded", k_.s, 2))).ok
    r = check_claim(_toy(le("x ≤ 1", x_.s, 1)))
    assert [(i.condition, i.unit) for i in r.failures] == [("x ≤ 1", "x")]


def test_exemptions_are_reported_and_stale_or_unknown_ones_fail():
    r = check_claim(_toy(le("x ≤ 1", x_.s, 1), scaling_exempt={"x ≤ 1:x": "a documented reason"}))
    assert r.ok and [(i.condition, i.unit, why) for i, why in r.exempted] == [("x ≤ 1", "x", "a documented reason")]
    r = check_claim(_toy(le("k ≤ 1", k_.s, 1), scaling_exempt={"k ≤ 1:x": "nothing to exempt"}))
    assert [i.kind for i in r.failures] == ["exemption"] and "stale" in _messages(r)
    r = check_claim(_toy(le("k ≤ 1", k_.s, 1), scaling_exempt={"no such condition": "?"}))
    assert [i.kind for i in r.failures] == ["exemption"] and "names no condition" in _messages(r)
    r = check_claim(_toy(le("x ≤ 1", x_.s, 1), scaling_exempt={"x ≤ 1:n": "the wrong unit"}))
    assert {(i.kind, i.unit) for i in r.failures} == {("scaling", "x"), ("exemption", "n")}


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
    assert not LEM33.run(c=0.2).holds  # c > 1/(3b) = 1/6: (H) fails even as d → ∞
    m2 = CATALOGUE["lai2026.m2.gap"]
    bad = _swap(m2, "lower bound (n, all labels)", lambda rel: rel.xreplace({_sym("c_low"): 2 * _sym("c_low")}))
    res = M1M2.run({**CATALOGUE, "lai2026.m2.gap": bad})
    assert not res.holds and "not certified" in res.detail
    margins = CATALOGUE["frei2023.thm3.2.margins"]
    r_max = _sym("R_max")
    bad_h = _swap(margins, "(H) near-orthogonality", lambda rel: rel.xreplace({_sym("R_ratio"): r_max}))
    res = LEM33.run({**CATALOGUE, "frei2023.thm3.2.margins": bad_h})
    assert not res.holds
