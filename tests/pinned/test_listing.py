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


# Quantities a deciding row reads that no pinned test recomputes yet (each needs state the check does not expose:
# an ODE's grid, a Monte Carlo's points, a certificate's enumeration, a KKT program's own residuals). This list may
# only shrink: a new excuse for a deciding quantity fails the test below.
PENDING = {
    ("boursier2022.balancedness", "energy_identity_rel"), ("boursier2022.balancedness", "loss_increases"),
    ("boursier2022.convergence", "final_loss"), ("boursier2022.min_variation_norm", "final_loss"),
    ("frei2023.sec5.xor", "disagreement_series"), ("frei2023.thm3.2.boundary", "disagreement_series"),
    ("frei2023.thm3.2.global", "aligned_is_global"), ("gunasekar2018.md_bregman", "log_loss_drop"),
    ("kou2023.full_srank", "srank_full_limit"), ("lyuli2020.euler_identity", "euler_integrated"),
    ("lyuli2020.kkt", "kkt_delta_series"), ("lyuli2020.kkt", "kkt_eps_series"), ("lyuli2020.kkt", "kkt_euler_gap"),
    ("lyuli2020.kkt", "kkt_stationarity"), ("lyuli2020.kkt", "kkt_undefined"), ("lyuli2020.lemma5_1", "dlogrho_min"),
    ("lyuli2020.lemma5_1", "lemma51_min_rel"), ("lyuli2020.lemma5_1", "max_log_loss"),
    ("razincohen2020.det_sign", "reached_end"), ("vardishamir2021.balancedness_conserved", "energy_identity_rel"),
    ("vardishamir2021.balancedness_conserved", "loss_increases"),
    ("vardishamir2021.single_neuron_construction", "same_zero_loss_set"),
    ("woodworth2020.transition", "equidistance_residual"),
}


def test_no_new_excuse_for_a_quantity_a_deciding_row_reads():
    """Every quantity a deciding row reads is recomputed, except the shrinking PENDING list; an entry of PENDING
    that is recomputed since must leave it (the list states what is still open)."""
    from .listing import excused_deciding
    got = {(c, q) for c, q, _ in excused_deciding()}
    assert not got - PENDING, f"deciding quantities excused from recomputation: {sorted(got - PENDING)}"
    assert not PENDING - got, f"recomputed now, drop from PENDING: {sorted(PENDING - got)}"


def test_feeds_names_the_deciding_rows():
    """frei2023.thm3.1: the stationarity series feeds its limit row (deciding); the early residual feeds only the
    diagnostic trend row, and the end residual that row and the threshold row τ_KKT (neither deciding)."""
    from .listing import feeds
    f = feeds("frei2023.thm3.1")
    assert f["kkt_stationarity_series"] == [("stationarity → 0 (the limit direction is a KKT point)", True)]
    assert f["kkt_stationarity_early"] == [("stationarity residual shrinks along the flow", False)]
    assert sorted(f["kkt_stationarity"]) == [("stationarity residual shrinks along the flow", False),
                                            ("stationarity ≤ τ_KKT at the end", False)]
