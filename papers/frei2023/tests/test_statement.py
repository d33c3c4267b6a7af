"""frei2023's statements (theory.statement objects): (H) evaluated on a Gram matrix by hand, and a claim whose only
reconstructed item is a hypothesis is reconstructed."""
import pytest

from ibcheck.theory.catalogue import CATALOGUE
from ibcheck.theory.statement import Claim, Sym, ge, le

x, b = Sym("x", "x", "measured"), Sym("b", "b", "bound")


def claim(*conclusions, hypotheses=(), exploratory=False):
    return Claim(id="t", title="t", source="test", symbols=(x, b), hypotheses=hypotheses, conclusions=conclusions,
                 exploratory=exploratory)


def test_claim_provenance_follows_a_reconstructed_hypothesis():
    """A claim whose only reconstructed item is a hypothesis is ``reconstructed`` (the seed's conclusions do not
    make it ``seed``); with every item from the seed it is ``seed``."""
    hyp = ge("b>=0", b.s, 0, provenance="reconstructed")
    assert claim(le("x<=b", x.s, b.s, provenance="seed"), hypotheses=(hyp,)).provenance == "reconstructed"
    assert claim(le("x<=b", x.s, b.s), hypotheses=(ge("b>=0", b.s, 0),)).provenance == "seed"
    assert CATALOGUE["frei2023.thm4.2.loss"].provenance == "reconstructed"  # (H) etc. reconstructed for Section 4


def test_frei_H_row_at_a_fixed_gram_matrix():
    """(H) R_min² ≥ 3γ⁻³R²np evaluated on a 2×2 Gram matrix by hand: R_min = 1, R = 2, p = 0.1, n = 2, γ = ½:
    rhs = 3·8·4·2·0.1 = 19.2, slack = 1 − 19.2."""
    from ibcheck.papers.frei2023.theory.hypothesis import h_quantities
    K = [[4.0, -0.1], [-0.1, 1.0]]
    q = h_quantities(K, 0.5)
    assert (q["R_min"], q["R_ratio"], q["p"], q["n"]) == (1.0, 2.0, 0.1, 2)
    assert q["H_slack"] == pytest.approx(1 / 19.2, rel=1e-12)
    for cid in ("frei2023.thm3.2.rank", "frei2023.thm3.2.margins", "frei2023.thm3.2.global"):
        row = next(h for h in CATALOGUE[cid].hypotheses if h.name == "(H) near-orthogonality")
        r = row.evaluate(q)
        assert r["rhs"] == pytest.approx(19.2, rel=1e-12) and r["slack"] == pytest.approx(1 - 19.2, rel=1e-12), cid
        assert r["holds"] is False
        assert row.evaluate(dict(q, gamma=1.0))["rhs"] == pytest.approx(2.4, rel=1e-12)  # 3·1·4·2·0.1
