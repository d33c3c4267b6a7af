"""Symbolic sanity of every statement (theory.sanity, theory.implications; docs/sanity.md).

One case per catalogued claim (plugins included once the registry has loaded them): every relation is invariant under
x, y, w, n, t or declares why not; rate claims agree with the bounds they are the slopes of; the implications between
claims hold. Negative controls: the degree rules, undeclared dimensions and exemptions on toy statements (the papers'
mis-scaled statements: papers/<paper>/tests/test_sanity.py).
"""
import subprocess
import sys
from pathlib import Path

import pytest
import sympy as sp

from ibcheck.checks import registry  # noqa: F401  (loads installed plugins into the catalogue)
from ibcheck.theory.catalogue import CATALOGUE
from ibcheck.testing.sanity import messages as _messages, sym as _sym
from ibcheck.theory.implications import IMPLICATIONS

LEM33 = next(i for i in IMPLICATIONS if i.id.endswith("⟹ (H)"))
from ibcheck.theory.sanity import ANY, NotHomogeneous, check_claim, degree
from ibcheck.theory.statement import Claim, Sym, ge, le

ROOT = Path(__file__).resolve().parents[1]
PLUGIN_IDS = {c.id for p in registry.PLUGINS.plugins for c in p.claims}


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


