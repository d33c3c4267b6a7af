"""Exact references of razincohen2020 against independent methods."""
import numpy as np
import pytest

from ibcheck.papers.razincohen2020.theory.completion import min_nuclear_2x2_scalar, min_nuclear_completion


def test_min_nuclear_completion_of_the_razin_cohen_example():
    mask, B = np.array([[0.0, 1], [1, 1]]), np.array([[0.0, 1], [1, 0]])
    c = min_nuclear_completion(mask, B)
    assert c.certified and c.nuclear == pytest.approx(2.0, abs=1e-8) and abs(c.W[0, 0]) < 1e-8
    x, v = min_nuclear_2x2_scalar(mask, B)
    # the 2×2 nuclear-norm minimum by a scalar search (xtol 1e-12) of an O(1) value
    assert abs(x) < 1e-6 and v == pytest.approx(2.0, abs=1e-10)


def test_min_nuclear_sdp_against_the_scalar_search():
    rng = np.random.default_rng(0)
    mask = np.array([[0.0, 1], [1, 1]])
    for _ in range(8):
        B = rng.uniform(-2, 2, size=(2, 2))
        c = min_nuclear_completion(mask, B)
        _, v = min_nuclear_2x2_scalar(mask, B)
        assert c.certified and abs(c.nuclear - v) <= 1e-6 * v
