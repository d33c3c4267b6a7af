"""Each shipped conjecture at a small budget must give its documented outcome (docs/benchmarks.md).

A refuted conjecture that starts surviving, or a surviving one that gets refuted, fails the suite.
"""
from __future__ import annotations

import pytest

from ibcheck.checks.conjecture import search
from ibcheck.checks.conjectures import SHIPPED

BUDGET = {"conj.relu-boundary": 3, "conj.lai-step": 5, "conj.frei-beyond-H": 1, "conj.kou-relu-srank": 4}


@pytest.mark.parametrize("cid", list(SHIPPED))
def test_shipped_conjecture_outcome(cid):
    conj = SHIPPED[cid]
    r = search(conj, budget=BUDGET[cid], seed=0, max_seconds=20)  # CI: shrinking stops after 20 s
    assert r["status"] == conj.expected, (cid, r["counterexample"])
    if conj.expected == "refuted":
        assert r["counterexample"] is not None and r["first_failure"] is not None
