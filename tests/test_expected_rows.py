"""Documented outcomes name their rows: the conversion from the positional form ("TT|FT") kept every entry.

``tests/data/expected_positional.json`` is the table as it stood in the positional form (key → verdict, pattern and
the claim's row names in order at that time). Entry by entry, the named form must say the same thing: each row's
state equals the character at its position then. An entry whose claim's rows have changed since (renamed,
inserted, reordered) is compared only on the rows it still has, by name: the point of naming rows.
"""
from __future__ import annotations

import json
from pathlib import Path

from ibcheck.checks.cases import EXPECTED
from ibcheck.checks.expected import Expected
from ibcheck.theory.catalogue import CATALOGUE

OLD = json.loads((Path(__file__).parent / "data" / "expected_positional.json").read_text(encoding="utf-8"))


def test_the_named_table_is_the_positional_one_entry_by_entry():
    kept = [k for k in OLD if k in EXPECTED]
    assert len(kept) >= 0.9 * len(OLD), "most entries of the converted table are still documented"
    for key in kept:
        old, e = OLD[key], EXPECTED[key]
        claim = CATALOGUE[key.split("[", 1)[0]]
        assert e.verdict == old["verdict"], key
        assert old["holds"].index("|") == old["n_hypotheses"], key
        was = dict(zip(old["rows"], old["holds"].replace("|", "")))
        now = e.rows(claim)
        same = {n: s for n, s in was.items() if n in now}
        assert same == {n: now[n] for n in same}, (key, same, now)
        if old["rows"] == [c.name for c in claim.hypotheses + claim.conclusions]:
            assert e.pattern(claim) == old["holds"], key  # unchanged claim: the same display pattern


def test_a_positional_entry_still_reads_for_one_release_and_names_its_rows():
    claim = next(c for c in CATALOGUE.values() if len(c.hypotheses) >= 1 and len(c.conclusions) >= 2)
    pat = "F" * len(claim.hypotheses) + "|" + "T" * (len(claim.conclusions) - 1) + "?"
    e = Expected("outside-hypotheses", "x 1", pat)
    rows = e.rows(claim)
    assert [rows[h.name] for h in claim.hypotheses] == ["F"] * len(claim.hypotheses)
    assert rows[claim.conclusions[-1].name] == "?" and e.pattern(claim) == pat
    named = Expected("outside-hypotheses", "x 1", fails=[h.name for h in claim.hypotheses],
                     undecided=(claim.conclusions[-1].name,))
    assert named.rows(claim) == rows


def test_a_renamed_row_is_named_in_the_failure():
    from ibcheck.checks.expected import differences
    claim = next(iter(CATALOGUE.values()))
    e = Expected("violated", "x 1", fails=("no such row",))
    assert e.unknown_rows(claim) == ["no such row"]
    result = {"hypotheses": [{"name": h.name, "holds": True} for h in claim.hypotheses],
              "conclusions": [{"name": c.name, "holds": True} for c in claim.conclusions]}
    assert any(d.startswith("no such row: expected F, got no such row") for d in differences(result, e.rows(claim)))
