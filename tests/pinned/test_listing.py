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
