"""Interval certificates, the generic parts: the Gram enclosures contain the exact Gram (a-priori, even for badly
scaled data; a given K's ball covers an asymmetric K), and no certificate passes silently (each paper's certificates:
papers/<paper>/tests/test_certify.py)."""
import numpy as np
from flint import arb

from ibcheck.theory.certify.arb import working_precision
from ibcheck.theory.certify.certificate import Certificate, Condition, NOT_PROVABLE, PROVED, derived
from ibcheck.theory.certify.gram import AprioriGram, ExactGram, GivenGram


def test_apriori_gram_contains_the_exact_gram_even_for_badly_scaled_data():
    rng = np.random.default_rng(7)
    X = rng.standard_normal((6, 300))
    X[0] *= 1e-150  # products underflow to subnormals
    X[1] *= 1e150
    X[2, :150] = 1e-310  # subnormal entries
    X[3] = X[4] + 1e-12 * X[3]  # near-duplicate rows: heavy cancellation in K_34
    ap, ex = AprioriGram(X), ExactGram(X)
    with working_precision(256):
        A, E = ap.at(256), ex.at(256)
        for i in range(6):
            for j in range(6):
                assert A[i, j].contains(E[i, j]), (i, j, A[i, j], E[i, j])


def test_given_gram_ball_covers_an_asymmetric_K():
    K = np.array([[2.0, 1.0], [1.0 + 2 ** -40, 2.0]])
    with working_precision(64):
        G = GivenGram(K).at(64)
        assert G[0, 1].contains(arb(1.0)) and G[0, 1].contains(arb(1.0 + 2 ** -40))
        assert G[1, 0].contains(arb(1.0 + 2 ** -40))


def test_never_a_silent_pass():
    assert Certificate("x", [], {}).status == "failed"
    c = Certificate("x", [Condition("a", PROVED, ""), Condition("b", NOT_PROVABLE, "too wide")], {}, precision=256)
    assert c.status == "failed" and c.reason == "b not-provable at 256 bits: too wide"
    d = derived("c", c.conditions, "follows")
    assert d.outcome == NOT_PROVABLE and "b" in d.detail
    c = Certificate("x", [Condition("a", PROVED, "")], {}, parts={"p": ["a", "never_evaluated"], "q": ["a"]})
    assert c.part_status() == {"p": "failed", "q": "certified"}
