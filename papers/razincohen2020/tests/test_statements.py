"""The statements of razincohen2020: registered, runnable, provenance as tagged, and dimensionally homogeneous.

Homogeneity: every symbol declares how it scales under the base transformations (``theory.statement.UNITS``);
both sides of every relation must then have the same degree in each unit (numbers have degree 0), measured
numerically (``ibcheck.testing.dimensions``).
"""
import random

import pytest

from ibcheck.checks.registry import REGISTRY
from ibcheck.testing.dimensions import degree as _degree
from ibcheck.theory.catalogue import CATALOGUE
from ibcheck.theory.statement import UNITS

SOURCES = ("razincohen2020",)
IDS = ["razincohen2020.norms_diverge", "razincohen2020.det_sign", "razincohen2020.effective_rank"]
EXPLORATORY: set[str] = set()


def test_all_claims_are_catalogued_and_registered():
    mine = sorted(c for c in CATALOGUE if c.split(".")[0] in SOURCES)
    assert mine == sorted(IDS)
    for cid in IDS:
        spec = REGISTRY[cid]
        assert spec.quick and spec.quick[0] == {}, cid
        assert CATALOGUE[cid].exploratory == (cid in EXPLORATORY), cid


def test_every_symbol_declares_dims():
    for cid in IDS:
        for s in CATALOGUE[cid].symbols:
            assert s.dims is not None, (cid, s.name)


def test_provenance_follows_the_tags():
    """[derived]/[uncertain] → reconstructed; the standard-knowledge claims stay seed. A claim with a reconstructed
    hypothesis is reconstructed; a constant chosen here (a small-init scale) is a ``threshold`` row, which decides
    nothing, so it leaves the claim's provenance."""
    for cid in ("razincohen2020.norms_diverge", "razincohen2020.det_sign", "razincohen2020.effective_rank"):
        c = CATALOGUE[cid]
        assert c.provenance == "seed" and any(h.provenance == "threshold" for h in c.hypotheses), cid


@pytest.mark.parametrize("cid", IDS)
def test_relations_are_dimensionally_homogeneous(cid):
    claim = CATALOGUE[cid]
    dims = {s.name: s.scaling for s in claim.symbols}
    rng = random.Random(0)
    values = {s.name: rng.uniform(0.3, 3.0) for s in claim.symbols}
    for cond in claim.hypotheses + claim.conclusions:
        sub = {n: v for n, v in values.items() if n in cond.symbols}
        for unit in UNITS:
            lhs = _degree(cond.rel.lhs, dims, unit, sub) if cond.rel.lhs.free_symbols else None
            rhs = _degree(cond.rel.rhs, dims, unit, sub) if cond.rel.rhs.free_symbols else 0.0
            if lhs is not None and rhs is not None and not (cond.rel.rhs == 0):
                # as in ibcheck.testing.dimensions: degrees are small integers or halves; rounding ~1e-15
                assert abs(lhs - rhs) < 1e-9, f"{cid}: {cond.name}: {unit}-degree {lhs} vs {rhs}"
