"""The statements of vardishamir2021: registered, runnable, provenance as tagged, and dimensionally homogeneous.

Homogeneity: every symbol declares how it scales under the base transformations (``theory.statement.UNITS``);
both sides of every relation must then have the same degree in each unit (numbers have degree 0), measured
numerically (``ibcheck.testing.dimensions``).
"""
import pytest

from ibcheck.testing.dimensions import (assert_catalogued_and_registered, assert_dimensionally_homogeneous,
                                        assert_symbols_declare_dims)
from ibcheck.theory.catalogue import CATALOGUE

SOURCES = ("vardishamir2021",)
IDS = ["vardishamir2021.single_neuron_construction", "vardishamir2021.not_min_norm", "vardishamir2021.approximate",
       "vardishamir2021.balancedness_conserved", "vardishamir2021.zero_loss_set"]
EXPLORATORY = {"vardishamir2021.approximate"}


def test_all_claims_are_catalogued_and_registered():
    assert_catalogued_and_registered(SOURCES, IDS, EXPLORATORY)


def test_every_symbol_declares_dims():
    assert_symbols_declare_dims(IDS)


def test_provenance_follows_the_tags():
    """[derived]/[uncertain] → reconstructed; the standard-knowledge claims stay seed. A claim with a reconstructed
    hypothesis is reconstructed; a constant chosen here (a small-init scale) is a ``threshold`` row, which decides
    nothing, so it leaves the claim's provenance."""
    for cid in ("vardishamir2021.balancedness_conserved",):  # a seed claim with standard rows (the setting is standard knowledge)
        assert CATALOGUE[cid].provenance == "standard", cid
    for cid in ("vardishamir2021.zero_loss_set", "vardishamir2021.not_min_norm"):
        assert CATALOGUE[cid].provenance == "reconstructed", cid


@pytest.mark.parametrize("cid", IDS)
def test_relations_are_dimensionally_homogeneous(cid):
    assert_dimensionally_homogeneous(cid)
