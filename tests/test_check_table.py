"""The table `ibcheck check` prints: every row shows its kind and provenance, a row that fails without deciding
says why the verdict stands ("diagnostic: does not decide", "threshold chosen here: ..."), an undecided row says
what it needs, and a decided limit/rate row never prints ``nan`` for the estimate that did not decide it."""
from __future__ import annotations

import math
import re

from ibcheck.reports.rownote import estimate_text, kind_text, note
from ibcheck.table import render


def _lines(text: str, head: str) -> list[str]:
    block = text.split(f"\n{head}\n", 1)[1].split("\n\n", 1)[0].splitlines()
    return block


def _result(conclusions, verdict="verified"):
    return {"claim": "x.y", "source": "x", "provenance": "paper", "title": "t", "data": {"kind": "generated"},
            "params": {"n": 3}, "hypotheses": [], "conclusions": conclusions, "quantities": {}, "verdict": verdict,
            "reason": "", "env": {"seconds": 0.1, "device": "cpu"}}


def _c(name, holds, kind="bound", provenance="paper", **kw):
    return dict({"name": name, "lhs": 1.0, "rhs": 0.5, "relation": "<=", "slack": -0.5 if holds is False else 0.5,
                 "tolerance": 0.0, "holds": holds, "kind": kind, "provenance": provenance}, **kw)


def test_every_failing_row_says_whether_it_decides():
    rows = [_c("a bound", True), _c("a finite-time number", False, "diagnostic", "threshold"),
            _c("a chosen level", False, "bound", "threshold"), _c("the stated bound", False)]
    out = render(_result(rows, "violated"))
    head, _, *body = _lines(out, "conclusions")
    assert [kind_text(r) for r in rows] == ["bound, paper", "diagnostic, threshold", "bound, threshold", "bound, paper"]
    assert "diagnostic: does not decide" in body[1]
    assert "threshold chosen here: inconclusive at most, never violated" in body[2]
    assert "fails: decides" in body[3] and body[0].rstrip().endswith("bound, paper")
    assert note(rows[0]) == ""


def test_estimates_name_what_decided_instead_of_nan():
    nan = {"value": None, "interval": [None, None]}
    by_order = {"holds": True, "observed_order": {"value": 0.9, "interval": [0.9, 1.4]}, "limit_estimate": nan}
    assert estimate_text(by_order) == "order 0.9 ∈ [0.9, 1.4], limit not extrapolated (the observed order decided)"
    by_limit = {"holds": False, "observed_order": nan, "limit_estimate": {"value": 0.5, "interval": [0.49, 0.51]}}
    assert estimate_text(by_limit) == "limit ≈ 0.5 ∈ [0.49, 0.51], order not estimated (the extrapolated limit decided)"
    settled = {"holds": False, "observed_order": {"value": math.nan, "interval": [math.nan, math.nan]},
               "limit_estimate": nan, "judgement": "settled at rounding 0.3 away from 0"}
    assert estimate_text(settled) == "no order or limit estimated (decided by: settled at rounding 0.3 away from 0)"
    undecided = {"holds": None, "observed_order": nan, "limit_estimate": nan}
    assert not re.search(r"\bnan\b", estimate_text(undecided)) and "decided" not in estimate_text(undecided)
    row = _c("e → 0", None, "limit", "paper", relation="→", judgement="not yet asymptotic", clock="t", rate="1/t",
             order=1.0, checkpoints=[1, 10], horizon_needed=3.16e6, observed_order=nan, limit_estimate=nan,
             horizon_command="ibcheck check x.y --set steps=10000000")
    out = render(_result([row], "inconclusive"))
    assert "undecided: needs t ≈ 3.16e+06" in out and "run to it: ibcheck check x.y --set steps=10000000" in out
    assert "∈ [nan, nan]" not in out


def test_a_limit_rows_alternatives_are_listed_in_the_table_and_the_report():
    from ibcheck.reports.blocks import rows_table
    from ibcheck.reports.rownote import alternatives_text
    alts = [{"name": "the ℓ2 max-margin direction", "kind": "reference", "value": 0.2923, "excluded": False,
             "declared": True},
            {"name": "order 0.5", "kind": "order", "value": None, "excluded": True, "declared": False},
            {"name": "ℓ1", "kind": "reference", "value": 0.3, "excluded": None, "declared": True}]
    row = _c("γ∞(w_t) → γ∞", None, "limit", judgement="cannot yet tell", clock="t", rate="1/log(t)", order=1.0,
             checkpoints=[1, 2], window=None, alternatives=alts)
    want = ("alternatives: the ℓ2 max-margin direction 0.2923 still fits (declared); order 0.5 excluded; "
            "ℓ1 0.3 not a wrong answer here (declared)")
    assert alternatives_text(row) == want
    assert alternatives_text(_c("a bound", True)) == "" and alternatives_text(dict(row, alternatives=[])) == ""
    assert f"    {want}" in render(_result([row], "inconclusive")).splitlines()
    assert want in rows_table([row], "c")


def test_a_limit_row_shows_no_slack_a_rate_row_its_order_margin():
    """A ``limit`` row is decided by its limit band, not by its order against the rate: its JSON order margin (negative
    for a limit approached more slowly than the rate, the row holding) is not shown as a slack; a ``rate`` row's is."""
    from ibcheck.reports.blocks import rows_table
    from ibcheck.reports.rownote import slack_text
    est = {"observed_order": {"value": 0.5, "interval": [0.5, 0.5]}, "limit_estimate": {"value": 0.3,
                                                                                         "interval": [0.29, 0.31]}}
    lim_row = _c("q → 0.3", True, "limit", relation="→", slack=-0.25, judgement="j", clock="t", rate="1/t", **est)
    rate_row = _c("q = O(1/√t)", True, "rate", relation="→", slack=0.1, judgement="j", clock="t", rate="1/sqrt(t)",
                  **est)
    assert slack_text(lim_row) == "—" and slack_text(rate_row) == "0.1" and slack_text(_c("b", True)) == "0.5"
    body = _lines(render(_result([lim_row, rate_row])), "conclusions")[2:]
    assert "-0.25" not in body[0] and "—" in body[0] and "0.1" in body[1]
    html = rows_table([lim_row], "c")
    assert "-0.25" not in html and "<td class=num>—</td>" in html
