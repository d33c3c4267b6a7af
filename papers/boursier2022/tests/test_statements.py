"""The statements of boursier2022: registered, runnable, provenance as tagged, and dimensionally homogeneous.

Homogeneity: every symbol declares how it scales under the base transformations (``theory.statement.UNITS``);
both sides of every relation must then have the same degree in each unit (numbers have degree 0), measured
numerically (``ibcheck.testing.dimensions``).
"""
import pytest

from ibcheck.testing.dimensions import (assert_catalogued_and_registered, assert_dimensionally_homogeneous,
                                        assert_symbols_declare_dims)
from ibcheck.theory.catalogue import CATALOGUE

SOURCES = ("boursier2022",)
IDS = ["boursier2022.convergence", "boursier2022.min_variation_norm", "boursier2022.saddle_to_saddle",
       "boursier2022.early_alignment", "boursier2022.balancedness", "boursier2022.balancedness_gd"]
EXPLORATORY = {"boursier2022.early_alignment"}


def test_all_claims_are_catalogued_and_registered():
    assert_catalogued_and_registered(SOURCES, IDS, EXPLORATORY)


def test_every_symbol_declares_dims():
    assert_symbols_declare_dims(IDS)


def test_provenance_follows_the_tags():
    """[derived]/[uncertain] → reconstructed; the standard-knowledge claims stay seed. A claim with a reconstructed
    hypothesis is reconstructed; a constant chosen here (a small-init scale) is a ``threshold`` row, which decides
    nothing, so it leaves the claim's provenance."""
    seed = {"boursier2022.balancedness_gd"}
    for cid in IDS:
        if cid in seed:
            assert CATALOGUE[cid].provenance == "seed", cid
    for cid in ("boursier2022.balancedness",):  # a seed claim with standard rows (the setting is standard knowledge)
        assert CATALOGUE[cid].provenance == "standard", cid
    for cid in ("boursier2022.min_variation_norm", "boursier2022.saddle_to_saddle"):
        assert CATALOGUE[cid].provenance == "reconstructed", cid
    for cid in ("boursier2022.convergence",):
        c = CATALOGUE[cid]
        assert c.provenance == "seed" and any(h.provenance == "threshold" for h in c.hypotheses), cid


@pytest.mark.parametrize("cid", IDS)
def test_relations_are_dimensionally_homogeneous(cid):
    assert_dimensionally_homogeneous(cid)
