"""`verified` must mean something: every check rejects plausible wrong answers (``checks.wrong_answers``, each
paper's ``wrong_answers.py``).

* the collected table covers every claim of the catalogue × every family, each cell a probe or a one-line reason;
* docs/discrimination.md (``ibcheck docs --discrimination``) lists exactly the catalogue's claims and the families;
  per paper, its cells are the code's and none says `verified` (the conformance suite, ``ibcheck.testing``);
* each claim's cheapest probe is rejected (the conformance suite, tests/test_conformance.py); the probes pinned to
  the rows that must reject them are each paper's ``tests/test_wrong_answers.py``.
"""
from __future__ import annotations

from pathlib import Path

from ibcheck.checks.discrimination import FAMILIES, NA, tables
from ibcheck.testing.conformance import cheapest
from ibcheck.theory.catalogue import CATALOGUE
from ibcheck.theory.papers import discover

DOC = Path(__file__).resolve().parents[1] / "docs" / "discrimination.md"


def test_every_claim_and_family_has_a_probe_or_a_reason():
    table, heavy = tables()
    assert set(table) == set(CATALOGUE) and heavy <= set(CATALOGUE)
    for cid, cells in table.items():
        assert list(cells) == list(FAMILIES), cid
        for fam, cell in cells.items():
            assert (cell.reason and "\n" not in cell.reason) if isinstance(cell, NA) else (
                cell and all(p.what for p in cell)), (cid, fam)


def test_the_generated_table_lists_the_catalogue_and_the_families():
    text = DOC.read_text(encoding="utf-8")
    rows = {ln.split("`")[1] for ln in text.splitlines() if ln.startswith("| `")}
    from ibcheck.theory.catalogue import PAPER_OF
    listed = {PAPER_OF.get(c) for c in rows}  # a paper folder added since is skipped (tests/test_docs.py) until then
    want = {c for c, p in PAPER_OF.items() if p in listed}
    assert rows == want, ("regenerate: ibcheck docs --discrimination", rows ^ want)
    header = next(ln for ln in text.splitlines() if ln.startswith("| claim |"))
    assert [h.strip() for h in header.strip("|").split("|")][1:] == list(FAMILIES)


def test_undecided_cells_are_cheapest_probes():
    """Each paper's UNDECIDED entry names a claim's cheapest cell (a stale entry is an error, not a silent pass)."""
    from ibcheck.testing.conformance import undecided
    for p in discover():
        for c, f in undecided(p):
            assert cheapest(c)[0] == f, (p.name, c, f)


def test_the_writer_runs_from_the_package(monkeypatch):
    """The families ship with the package: the writer needs no checkout (only the cache and the catalogue)."""
    import ibcheck.reports.discrimination as D
    from ibcheck.checks import discrimination as run
    monkeypatch.setattr(run, "run_cell", lambda cid, fam, cache=None: NA("stub"))
    text, _ = D.discrimination_markdown(progress=False)
    assert text.count("| `") == len(CATALOGUE) and "not applicable — stub" in text
