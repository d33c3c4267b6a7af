"""The generated list docs/pinned.md is current, and no claim lacks its fixed case."""
from __future__ import annotations

from ibcheck.checks.conjectures import SHIPPED
from ibcheck.checks.registry import REGISTRY

from .listing import DOC, render, tables

import pytest

pytestmark = pytest.mark.machine  # outcome independent of the BLAS kernel and thread count (tests/machine_record.py)


def test_every_claim_has_a_fixed_case():
    missing = sorted((set(REGISTRY) | set(SHIPPED)) - set(tables()))
    assert not missing, f"claims without a pinned fixed case: {missing}"


def test_docs_pinned_md_is_current():
    """The committed file is the code's text for the papers it lists (a paper folder added since is skipped by
    tests/test_docs.py until the docs are regenerated)."""
    import re

    from ibcheck.checks.index import table
    text = DOC.read_text()
    listed = {table("PAPER_OF").get(c) for c in re.findall(r"^## `([^`]+)`", text, re.M)}
    assert text == render(listed), "docs/pinned.md is stale: python -m tests.pinned.listing > docs/pinned.md"


def test_no_new_excuse_for_a_quantity_a_deciding_row_reads():
    """Every quantity a deciding row reads is recomputed, except those each paper's pinned module lists in its
    ``PENDING`` (a quantity needing state the check does not expose: an ODE's grid, a Monte Carlo's points, a
    certificate's enumeration, a KKT program's own residuals); an entry recomputed since must leave it. 23 entries
    over 8 papers when the lists moved into the paper folders; the count may only shrink."""
    from .listing import excused_deciding, pending
    declared = pending()
    PENDING = set(declared)
    t = tables()
    foreign = sorted(k for k, m in declared.items() if t.get(k[0], {}).get("module") != m)
    assert not foreign, f"PENDING entries declared outside the module pinning their claim: {foreign}"
    got = {(c, q) for c, q, _ in excused_deciding()}
    assert not got - PENDING, f"deciding quantities excused from recomputation: {sorted(got - PENDING)}"
    assert not PENDING - got, f"recomputed now, drop from PENDING: {sorted(PENDING - got)}"
    assert len(PENDING) <= 23, f"{len(PENDING)} pending deciding quantities: the count may only shrink"
