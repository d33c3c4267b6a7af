"""lai2026's min-norm reference by the reduced NNLS: the interior point's polished answer, bit for bit, and the
edge cases (no negatives, no positives, singular K → Clarabel)."""
import numpy as np
import pytest

from ibcheck.papers.lai2026.theory.minnorm import min_norm_m1


def _data(n, d, seed, signs=None):
    rng = np.random.default_rng(seed)
    X = rng.standard_normal((n, d))
    s = np.where(np.arange(n) % 2 == 0, 1.0, -1.0) if signs is None else np.full(n, float(signs))
    return X @ X.T, s * rng.uniform(1, 2, n), float(d)


@pytest.mark.parametrize("n,d,seed", [(10, 1000, 0), (40, 4000, 1), (25, 30, 2), (60, 200, 3)])
def test_nnls_equals_polished_interior_point(n, d, seed):
    K, y, tr = _data(n, d, seed)
    a, b = min_norm_m1(K, y, tr), min_norm_m1(K, y, tr, method="clarabel")
    assert a.info.solver == "NNLS" and a.polished and b.polished
    assert np.array_equal(a.tight, b.tight)
    # NNLS vs Clarabel, both polished on the same active set: one linear solve with cond(K̃) ≈ 1 (rounding)
    np.testing.assert_allclose(a.alpha, b.alpha, rtol=0, atol=1e-12 * np.abs(b.alpha).max())
    assert max(v for k, v in a.residuals.items()) <= 1e-8


@pytest.mark.parametrize("signs", [1, -1])
def test_one_sided_labels(signs):
    K, y, tr = _data(12, 100, 4, signs)
    a, b = min_norm_m1(K, y, tr), min_norm_m1(K, y, tr, method="clarabel")
    # as above: both polished on the same active set
    assert a.polished and np.allclose(a.alpha, b.alpha, atol=1e-10 * max(np.abs(b.alpha).max(), 1))


def test_singular_gram_falls_back_to_clarabel():
    X = np.array([[1.0, 0.0], [0.0, 1.0], [-1.0, -1.0]])  # K of rank 2; w = (1, 0) is feasible
    sol = min_norm_m1(X @ X.T, np.array([1.0, -1.0, -1.0]), 2.0)
    assert sol.info.solver != "NNLS" and sol.polished
    # the polished min-norm solution of a 3×2 problem: exact up to rounding
    np.testing.assert_allclose(X.T @ sol.alpha, [1.0, 0.0], atol=1e-9)
