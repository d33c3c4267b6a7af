"""The Bregman projection reference: closed form (ℓ2), interior point vs Newton, the KKT certificate rejecting
wrong answers, the entropy's domain, and the relative-smoothness constant."""
import math

import numpy as np
import pytest

from ibcheck.papers.gunasekar2018.numerics.regression import initial, regression
from ibcheck.papers.gunasekar2018.theory.bregman import (bregman_projection, certify, divergence,
                                                         relative_smoothness)

X, Y, W_STAR = regression(6, 15, 3)


def test_l2_projection_is_the_closed_form():
    w0 = initial("l2", 15, 3)
    b = bregman_projection(X, Y, w0, "l2")
    closed = w0 + X.T @ np.linalg.solve(X @ X.T, Y - X @ w0)
    assert b.certified and np.linalg.norm(b.w - closed) <= 1e-13 * np.linalg.norm(closed)


@pytest.mark.parametrize("potential,p", [("entropy", 3.0), ("pnorm", 3.0), ("pnorm", 1.5)])
def test_newton_and_interior_point_agree_and_kkt_holds(potential, p):
    """Two independent solutions (Clarabel on the primal; Newton on the n-dimensional KKT system) within 1e-5 (the
    interior point's ~√gap), and the Newton one satisfies every KKT condition to rounding."""
    w0 = initial(potential, 15, 3)
    b = bregman_projection(X, Y, w0, potential, p)
    assert b.certified, b.describe()
    # tolerance: feasibility, stationarity of a Newton-polished projection (O(1) entries): rounding of n-term sums
    assert b.agreement <= 1e-5 and b.feasibility <= 1e-12 and b.stationarity <= 1e-10
    assert divergence(b.w, w0, potential, p) >= 0
    # the projection has the least divergence among interpolants: every feasible perturbation increases it
    Q, _ = np.linalg.qr(X.T)
    rng = np.random.default_rng(0)
    for _ in range(5):
        v = rng.normal(size=15)
        v -= Q @ (Q.T @ v)
        w = b.w + 1e-3 * v / np.linalg.norm(v)
        if potential == "entropy" and w.min() <= 0:
            continue
        assert divergence(w, w0, potential, p) > b.divergence


def test_certificate_rejects_another_potentials_projection():
    """The ℓ2 projection interpolates but is not stationary for the entropy: the certificate says so (5 orders)."""
    w0 = initial("entropy", 15, 3)
    good = bregman_projection(X, Y, w0, "entropy")
    wrong = bregman_projection(X, Y, w0, "l2").w
    bad = certify(X, Y, w0, wrong, good.nu, "entropy", 3.0, "optimal", good.w)
    # tolerance: the wrong projection is feasible to rounding (same Newton polish); it fails stationarity
    assert bad.feasibility <= 1e-12 and bad.stationarity > 1e-5 and not bad.certified
    assert bregman_projection(X, Y, np.ones(15), "entropy").agreement <= 1e-5  # another w₀: another projection
    assert np.linalg.norm(bregman_projection(X, Y, np.ones(15), "entropy").w - good.w) > 1e-3


def test_entropy_without_a_positive_interpolant():
    """y = X(−𝟙): with X ≥ 0 entrywise no positive w interpolates; the solver says infeasible, nothing is certified."""
    Xp = np.abs(X)
    b = bregman_projection(Xp, -Xp @ np.ones(15), np.ones(15), "entropy")
    assert b.w is None and not b.certified


def test_relative_smoothness():
    w0 = initial("entropy", 15, 3)
    wb = bregman_projection(X, Y, w0, "entropy").w
    beta = relative_smoothness(X, w0, wb, "entropy")
    assert math.isclose(beta, np.linalg.eigvalsh((X * np.maximum(w0, wb)) @ X.T).max(), rel_tol=1e-12)
    assert math.isclose(relative_smoothness(X, w0, wb, "l2"), np.linalg.eigvalsh(X @ X.T).max(), rel_tol=1e-12)
    assert relative_smoothness(X, np.zeros(15), wb, "pnorm", 3.0) == math.inf  # ψ'' = 2|w| vanishes at 0


def test_the_loss_is_read_at_its_rounding_floor():
    """An exact interpolant (residual 0) gives the floor, not log 0 = −∞ (which made the drop +∞ and failed the row
    'L(w_T) < L(w₀)'); a loss far above the floor is returned unchanged."""
    import numpy as np

    from ibcheck.papers.gunasekar2018.checks.geometry import loss_at_resolution
    X = np.array([[1.0, 0.0], [0.0, 2.0]])
    y = np.array([1.0, 2.0])
    W = np.array([[1.0, 1.0], [0.0, 0.0]])  # an exact interpolant, then w = 0 (loss 2.5)
    L = loss_at_resolution(X, y, W)
    floor = 0.5 * ((3 * 2.0 ** -52 * np.array([2.0, 4.0])) ** 2).sum()  # γ_3(|X||w| + |y|) per entry
    assert L[0] == floor > 0 and L[1] == 2.5
