"""jitelgarsky2019's exact references against independent methods: the LP vs the planted separable set, v̄ vs scipy
BFGS, ū vs the SVM of the projected points, and the decomposition's edge cases."""
import numpy as np
from scipy.optimize import minimize

from ibcheck.papers.jitelgarsky2019.numerics.data import ji_telgarsky
from ibcheck.papers.jitelgarsky2019.theory.decomposition import decompose


def slsqp_svm(Z):
    r = minimize(lambda w: 0.5 * w @ w, np.ones(Z.shape[1]), jac=lambda w: w, method="SLSQP",
                 constraints=[{"type": "ineq", "fun": lambda w: Z @ w - 1, "jac": lambda w: Z}],
                 options={"ftol": 1e-15, "maxiter": 1000})
    return r.x


def test_lp_finds_the_planted_separable_set_and_certifies_it():
    D = ji_telgarsky(6, 4, 2, 2, 0)
    dec = decompose(D.Z)
    assert np.flatnonzero(dec.subset.I).tolist() == D.info["planted_separable"]
    assert dec.subset.certified and dec.certified
    assert (D.Z @ dec.subset.u)[dec.subset.I].min() >= 1 - 1e-9


def test_v_bar_against_bfgs_and_u_bar_against_the_projected_svm():
    D = ji_telgarsky(6, 4, 2, 2, 1)
    dec = decompose(D.Z)
    Zc = D.Z[~dec.subset.I]
    B = dec.basis_S
    f = lambda c: np.logaddexp(0, -(Zc @ (B @ c))).sum()  # noqa: E731
    c = minimize(f, np.zeros(B.shape[1]), method="BFGS", options={"gtol": 1e-12}).x
    assert np.linalg.norm(B @ c - dec.v_bar) <= 1e-6 * np.linalg.norm(dec.v_bar)
    ZI = D.Z[dec.subset.I]
    P = ZI - (ZI @ B) @ B.T
    assert np.linalg.norm(dec.u_bar.w - slsqp_svm(P)) <= 1e-6 * dec.u_bar.norm


def test_edges_of_the_decomposition():
    sep = decompose(ji_telgarsky(8, 0, 3, 0, 0).Z)
    assert sep.subset.I.all() and sep.basis_S.shape[1] == 0 and sep.u_bar.certified
    non = decompose(ji_telgarsky(0, 8, 0, 3, 0).Z)
    # the gradient at the exact minimiser of a separable problem: 0 up to rounding
    assert not non.subset.I.any() and non.u_bar is None and non.v_grad < 1e-12


def test_the_toy_is_the_shared_partly_separable_fixture_under_the_papers_name():
    from ibcheck.numerics.data.linear_data import partly_separable
    ours, shared = ji_telgarsky(6, 4, 2, 2, 1, mix=0.3), partly_separable(6, 4, 2, 2, 1, mix=0.3)
    assert np.array_equal(ours.X, shared.X) and np.array_equal(ours.y, shared.y) and ours.kind == "ji_telgarsky"
