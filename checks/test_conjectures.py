"""Each shipped conjecture at a small budget must give its documented outcome (docs/findings.md).

A refuted conjecture that starts surviving, or a surviving one that gets refuted, fails the suite. Survival is
reported only with enough decided trials (``min_decided``); at CI budgets a slow conjecture may honestly end
``inconclusive`` (its trials undecided or past the time cap), which is allowed where listed, never "survived".
Each conjecture's budget here and its allowed outcomes are its own (``Conjecture.ci_budget``, ``ci_status``).
"""
from __future__ import annotations

import pytest

from ibcheck.checks.conjecture import search
from ibcheck.checks.conjectures import SHIPPED


@pytest.mark.parametrize("cid", list(SHIPPED))
def test_shipped_conjecture_outcome(cid):
    conj = SHIPPED[cid]
    r = search(conj, budget=conj.ci_budget, seed=0, max_seconds=20)  # CI: shrinking stops after 20 s
    assert r["status"] in (set(conj.ci_status) or {conj.expected}), (cid, r["status"], r["counterexample"])
    assert r["trials"] >= r["decided_trials"] + r["undecided_trials"] + r["skipped_trials"]
    if r["status"] == "survived":
        assert r["decided_trials"] >= r["min_decided"] >= 1
    if r["status"] == "inconclusive":
        assert r["decided_trials"] < r["min_decided"] and r["counterexample"] is None
    if conj.expected == "refuted":
        assert r["counterexample"] is not None and r["first_failure"] is not None and r["decided_trials"] >= 1
