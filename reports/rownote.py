"""What a hypothesis or conclusion row means for the verdict, in words: shared by the terminal table
(``ibcheck.table``) and the HTML report, so that a row marked "holds: no" beside a ``verified`` verdict always says
why the verdict stands, and an asymptotic row never shows ``nan`` for the estimate that did not decide it.

Only ``bound``, ``limit`` and ``rate`` rows of provenance ``seed``, ``paper``, ``standard`` or ``reconstructed``
decide (``theory.statement.Condition.decides``): a failed ``diagnostic`` row is shown and decides nothing; a failed
``threshold`` row (a number chosen here) makes a verdict ``inconclusive`` at most, never ``violated``.
"""
from __future__ import annotations

import math

from .fmt import fmt

DECIDING = ("seed", "paper", "standard", "reconstructed")


def kind_text(row: dict) -> str:
    """``bound, paper``: the row's kind and provenance."""
    return ", ".join(x for x in (row.get("kind", "bound"), row.get("provenance", "")) if x)


def decides(row: dict) -> bool:
    return row.get("kind", "bound") != "diagnostic" and row.get("provenance", "seed") in DECIDING


def note(row: dict, hypothesis: bool = False) -> str:
    """Why a row that fails or is undecided does (not) decide the verdict; '' for a row that holds."""
    holds = row.get("holds")
    if holds is True:
        return ""
    if row.get("kind") == "diagnostic":
        return "diagnostic: does not decide"
    if holds is None:
        if row.get("horizon_needed") is not None:
            return f"undecided: needs {row.get('clock', 'the clock')} ≈ {fmt(row['horizon_needed'])}"
        return "undecided"
    if row.get("provenance") == "threshold":
        return ("threshold chosen here: outside at most, never violated" if hypothesis else
                "threshold chosen here: inconclusive at most, never violated")
    return "fails: outside the hypotheses" if hypothesis else "fails: decides"


def slack_text(row: dict) -> str:
    """The slack column: ``bound`` rows ``rhs + tol − lhs`` for ≤ (``lhs − (rhs − tol)`` for ≥, ``tol − |lhs − rhs|``
    for =), ≥ 0 iff the row holds; a ``rate`` row the observed order's lower end minus ``order − order_tol`` (one of
    its criteria: the judgement line says what decided); a ``limit`` row "—": a limit is decided by its limit band,
    not by its order against the rate, so the JSON's order margin there (negative for a limit approached more slowly
    than the rate) is no slack of the statement."""
    return "—" if row.get("kind") == "limit" else fmt(row.get("slack"))


def _finite(v) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)


def estimate_text(row: dict) -> str:
    """``order 0.9 ∈ [0.9, 1.4], limit ≈ 0.54 ∈ [0.53, 0.55]`` for a ``limit``/``rate`` row; an estimate the judge
    did not form is named as such, with the estimate that decided the row instead of ``nan``."""
    o, lim = row.get("observed_order") or {}, row.get("limit_estimate") or {}

    def part(name: str, d: dict, sym: str) -> str | None:
        iv = d.get("interval") or [None, None]
        if not _finite(d.get("value")):
            return None
        return f"{name} {sym}{fmt(d['value'])} ∈ [{fmt(iv[0])}, {fmt(iv[1])}]"
    have_o, have_l = part("order", o, ""), part("limit", lim, "≈ ")
    parts = [p for p in (have_o, have_l) if p]
    decided = row.get("holds") is not None
    if not have_o and not have_l:
        parts.append("no order or limit estimated" + (f" (decided by: {row.get('judgement', '')})" if decided else ""))
    elif not have_l:
        parts.append("limit not extrapolated" + (" (the observed order decided)" if decided else ""))
    elif not have_o:
        parts.append("order not estimated" + (" (the extrapolated limit decided)" if decided else ""))
    return ", ".join(parts)


def alternatives_text(row: dict) -> str:
    """``alternatives: the ℓ2 max margin 0.292 still fits; order 0.5 excluded`` for a ``limit``/``rate`` row (its
    nearest wrong answers, ``theory.asymptotic_alternatives``, and whether the run's evidence excluded each); ''
    for a row without any."""
    alts = row.get("alternatives") or []
    if not alts:
        return ""
    if not isinstance(alts, list) or not all(isinstance(a, dict) for a in alts):
        return f"alternatives: {alts} (not in this results file)"  # e.g. a baseline that summarised them

    def one(a: dict) -> str:
        what = a["name"] + (f" {fmt(a['value'])}" if _finite(a.get("value")) else "")
        state = {True: "excluded", False: "still fits", None: "not a wrong answer here"}[a.get("excluded")]
        return f"{what} {state}" + (" (declared)" if a.get("declared") else "")
    return "alternatives: " + "; ".join(one(a) for a in alts)
