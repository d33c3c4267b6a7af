"""A ``limit`` / ``rate`` row's rate is checked when the statement is built (``theory.rates``): a finite, positive,
decreasing function of its clock, or the statement is refused with the reason; and the clock is matched by its
name, so a clock symbol made with ``positive=True`` judges exactly as the ``real=True`` one (it used to be read as
a measured symbol, substituted NaN: "the rate nan does not decrease")."""
from __future__ import annotations

import math

import pytest
import sympy as sp

from ibcheck.theory.asymptotic import Series
from ibcheck.theory.rates import rate_problem
from ibcheck.theory.statement import Claim, Sym, lim

ERR = Sym("err", "e", "an error", "1")
TS = [10.0 ** k for k in range(1, 7)]


def _claim(t, **kw):
    row = lim("e = O(log t/√t)", ERR.s, 0, clock="t", rate=sp.log(t) / sp.sqrt(t), kind="rate", provenance="paper",
              floor=1e-12, reason="r", **kw)
    return Claim(id="x.rate", title="t", source="x", symbols=(ERR,), hypotheses=(), conclusions=(row,))


@pytest.mark.parametrize("values,verdict", [([2 * math.log(c) / math.sqrt(c) for c in TS], "verified"),
                                            ([2 / c ** 0.25 for c in TS], "violated")])
def test_a_positive_clock_judges_as_the_real_one(values, verdict):
    results = [_claim(sp.Symbol("t", **a)).evaluate({"err": Series(TS, values)})
               for a in ({"positive": True}, {"real": True}, {})]
    assert [r["verdict"] for r in results] == [verdict] * 3, [r["reason"] for r in results]
    rows = [r["conclusions"][0] for r in results]
    assert all(math.isfinite(row["observed_order"]["value"]) for row in rows)
    assert rows[0]["observed_order"] == rows[1]["observed_order"] == rows[2]["observed_order"]
    assert "nan" not in results[0]["reason"]


@pytest.mark.parametrize("rate,words", [
    (lambda t: t, "does not decrease in t"),
    (lambda t: sp.Integer(1), "does not depend on the clock 't'"),
    (lambda t: 1 / sp.Symbol("s", positive=True), "does not depend on the clock 't'"),
    (lambda t: sp.sqrt(1 - t), "not a finite positive number"),
    (lambda t: sp.log(t) - 100, "not a finite positive number"),
    (lambda t: sp.sin(t) + 2, "does not decrease"),
    (lambda t: t ** sp.Symbol("degree", positive=True), "does not decrease in t (its other symbols = 0.5)"),
])
def test_a_statement_whose_rate_is_not_a_rate_is_refused_with_the_reason(rate, words):
    t = sp.Symbol("t", positive=True)
    with pytest.raises(ValueError, match="the rate .*" + words.replace("(", r"\(").replace(")", r"\)")):
        lim("q → 0", ERR.s, 0, clock="t", rate=rate(t), kind="rate")


def test_rates_that_are_rates_pass():
    t, L = sp.Symbol("log_T", positive=True), sp.Symbol("degree", real=True)
    for r in (1 / t, sp.log(t) ** 2 / t, sp.log(sp.log(t)) / sp.log(t), t ** (-1 / L), sp.exp(-t), 1 / sp.log(t)):
        assert rate_problem(r, "log_T") == "", r
    from ibcheck.theory.catalogue import CATALOGUE  # every built-in row was built through the same check
    rows = [r for c in CATALOGUE.values() for r in (*c.hypotheses, *c.conclusions) if r.asymptotic]
    assert rows and all(sp.Symbol(r.clock, real=True) in r.rate.free_symbols for r in rows)
