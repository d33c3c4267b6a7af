"""Assertions of negative controls (a broken trainer, a wrong reference, a wrong constant fed to a check): the check
must say ``violated`` — with every hypothesis still holding, so the failure is the conclusion's — and, where asked,
at the row the break must reach.
"""
from __future__ import annotations


def rows(r):
    """Conclusion row name → whether it holds, of a check's result."""
    return {c["name"]: c["holds"] for c in r["conclusions"]}


def assert_violated_at(r, row=None):
    """``violated`` with every hypothesis holding; with ``row``: every conclusion row whose name starts with it fails
    (a documented finding, already violated at the default, is then broken at a row that held)."""
    assert all(h["holds"] for h in r["hypotheses"]), r["hypotheses"]
    assert r["verdict"] == "violated", (r["verdict"], r["reason"])
    if row is not None:
        hits = [k for k in rows(r) if k.startswith(row)]
        assert hits and not any(rows(r)[k] for k in hits), (row, rows(r))


def assert_violated_or_observed(r):
    """``violated`` — or ``observed``, its exploratory form (an exploratory claim asks, it does not assert)."""
    from ibcheck.theory.catalogue import CATALOGUE
    assert all(h["holds"] for h in r["hypotheses"]), [(h["name"], h["lhs"]) for h in r["hypotheses"]]
    want = "observed" if CATALOGUE[r["claim"]].exploratory else "violated"
    assert r["verdict"] == want, (r["verdict"], r["reason"])


def assert_observed_failure(r):
    """An exploratory claim's answer: ``observed`` (exit 0), with the conclusion row that failed."""
    assert all(h["holds"] for h in r["hypotheses"]), [(h["name"], h["lhs"]) for h in r["hypotheses"]]
    assert r["verdict"] == "observed" and any(c["holds"] is False for c in r["conclusions"]), (r["verdict"], r["reason"])
