"""The statements of razincohen2020: registered, runnable, provenance as tagged, and dimensionally homogeneous.

Homogeneity: every symbol declares how it scales under the base transformations (``theory.statement.UNITS``);
both sides of every relation must then have the same degree in each unit (numbers have degree 0), measured
numerically (``ibcheck.testing.dimensions``).
"""
import pytest

from ibcheck.testing.dimensions import (assert_catalogued_and_registered, assert_dimensionally_homogeneous,
                                        assert_symbols_declare_dims)
from ibcheck.theory.catalogue import CATALOGUE

SOURCES = ("razincohen2020",)
IDS = ["razincohen2020.norms_diverge", "razincohen2020.det_sign", "razincohen2020.effective_rank"]
EXPLORATORY: set[str] = set()


def test_all_claims_are_catalogued_and_registered():
    assert_catalogued_and_registered(SOURCES, IDS, EXPLORATORY)


def test_every_symbol_declares_dims():
    assert_symbols_declare_dims(IDS)


def test_provenance_follows_the_tags():
    """[derived]/[uncertain] → reconstructed; the standard-knowledge claims stay seed. A claim with a reconstructed
    hypothesis is reconstructed; a constant chosen here (a small-init scale) is a ``threshold`` row, which decides
    nothing, so it leaves the claim's provenance."""
    for cid in ("razincohen2020.norms_diverge", "razincohen2020.det_sign", "razincohen2020.effective_rank"):
        c = CATALOGUE[cid]
        assert c.provenance == "seed" and any(h.provenance == "threshold" for h in c.hypotheses), cid


@pytest.mark.parametrize("cid", IDS)
def test_relations_are_dimensionally_homogeneous(cid):
    assert_dimensionally_homogeneous(cid)
