"""The hard-margin SVM by least-distance NNLS (theory.svm): the interior point's answer, KKT re-verified, and the
fall-backs (degenerate multipliers, no separator)."""
import numpy as np
import pytest

from ibcheck.numerics.data.linear_data import known_svm_2d, planted
from ibcheck.theory.svm import hard_margin_svm, svm_by_enumeration


@pytest.mark.parametrize("n,d,seed", [(30, 60, 0), (60, 10, 1), (40, 40, 2), (120, 240, 3)])
def test_nnls_matches_interior_point(n, d, seed):
    Z = planted(n, d, seed).Z
    a, b = hard_margin_svm(Z, method="nnls"), hard_margin_svm(Z, method="clarabel")
    assert a.status == "optimal (nnls)" and a.certified
    assert np.linalg.norm(a.w - b.w) <= 1e-9 * b.norm  # both polished on the same support set
    assert np.array_equal(a.support, b.support)
    assert (Z @ a.w).min() >= 1 - 1e-9 and a.alpha.min() >= 0
    np.testing.assert_allclose(Z[a.support] @ a.w, 1.0, atol=1e-10)  # complementarity: SVs on the margin
    assert hard_margin_svm(Z).status == "optimal (nnls)"  # auto takes it


def test_degenerate_multipliers_fall_back_to_the_interior_point():
    """known_svm_2d duplicates its support vectors: NNLS returns a vertex (α on 2 of 4 copies); auto answers the interior
    point's split (1/8 each) as before."""
    Z = known_svm_2d(0).Z
    v = hard_margin_svm(Z, method="nnls")
    assert v.certified and v.n_support == 2
    auto = hard_margin_svm(Z)
    assert auto.status == "optimal" and auto.n_support == 4
    # Figure 1's closed-form SVM multipliers (⅛): a polished solve, exact up to rounding
    np.testing.assert_allclose(auto.alpha[:4], 0.125, atol=1e-12)


def test_not_separable():
    Z = np.array([[1.0, 0.0], [-1.0, 0.0], [0.0, 1.0]])
    v = hard_margin_svm(Z, method="nnls")
    assert v.status == "nnls failed" and not v.separable and not v.certified
    u = hard_margin_svm(Z)
    assert not u.separable and not u.certified
    for r in (u, v):  # no separator: no support vectors, margin 0, norm undefined, nothing polished
        assert r.n_support == 0 and r.margin == 0.0 and np.isnan(r.norm) and r.w is None and r.polished is False


def test_a_duplicate_one_ulp_above_the_margin_is_degenerate():
    """z₃ = (1 + 2⁻⁵², 0) duplicates the support vector z₁ = (1, 0) with its margin z₃ᵀŵ = 1 + 2⁻⁵² exactly (ŵ = (1, 1)):
    an active constraint within the feasibility tolerance. NNLS returns the vertex α = (1, 1, 0); the answer must be
    the relative-interior one, every active constraint in S, the duplicates sharing ½ each (Figure 1's rule). The
    ½ split is the min-norm solve on two parallel rows: exact up to rounding (≤ 1e-12 on O(1) entries)."""
    u = 2.0 ** -52
    Z = np.array([[1.0, 0.0], [0.0, 1.0], [1.0 + u, 0.0]])
    vertex = hard_margin_svm(Z, method="nnls")
    assert (Z @ vertex.w)[2] == 1.0 + u and not vertex.support[2]  # the case is what it says: 1 ulp above, left out
    v = hard_margin_svm(Z)
    assert v.status == "optimal" and v.certified and v.support.all()
    # exact rational answers on a well-conditioned toy problem: NNLS reaches them to rounding of O(1) entries
    np.testing.assert_allclose(v.alpha, [0.5, 1.0, 0.5], atol=1e-12)
    np.testing.assert_allclose(v.w, [1.0, 1.0], atol=1e-12)


def test_the_polish_falls_back_to_nnls_and_rejects_an_infeasible_support_set():
    """``K_SS a = 𝟙`` on S: the least-squares answer when positive; NNLS when an entry is ≤ 0 (here −1e-16: NNLS
    returns [1, 0] with a₂ = 0 exactly); None when no a ≥ 0 solves it (z₂ = (2, 1): a = [3, −1])."""
    from ibcheck.theory.svm import _polish
    both = np.array([True, True])
    # a 2×2 diagonal system (condition 2): the polish is exact up to one rounding of O(1) entries
    np.testing.assert_allclose(_polish(np.array([[1.0, 0.0], [0.0, 2.0]]), both), [1.0, 0.25], atol=1e-15)
    a = _polish(np.array([[1.0, 0.0], [1.0, 1.0]]), both)  # NNLS: the bound a₂ = 0 held exactly, a₁ to rounding
    # a 2×2 diagonal system (condition 2): the polish is exact up to one rounding of O(1) entries
    assert a[1] == 0.0 and a[0] == pytest.approx(1.0, abs=1e-15)
    assert _polish(np.array([[1.0, 0.0], [2.0, 1.0]]), both) is None


def test_an_unpolished_answer_is_recorded_as_the_solver_gave_it():
    """When the polish fails, the solver's (α, ŵ) is kept and re-verified as it is: not polished, not certified,
    with ‖ŵ − Zᵀα‖/‖ŵ‖ = ‖(2, 0) − (3, 1)‖/2 = √2/2, min margin min(2, 4) = 2, every point in S (θ = ∞)."""
    from ibcheck.theory.svm import _certify
    Z = np.array([[1.0, 0.0], [2.0, 1.0]])
    r = _certify(Z, np.array([1.0, 1.0]), np.array([2.0, 0.0]), "given")
    assert r.polished is False and not r.certified and r.status == "given"
    assert r.repr_residual == pytest.approx(np.sqrt(2) / 2, rel=1e-15) and r.agreement == 0.0
    assert r.min_margin == 2.0 and r.theta == np.inf and r.n_support == 2
    np.testing.assert_array_equal(r.alpha, [1.0, 1.0])


def test_enumeration_refuses_non_separable_and_large_inputs():
    with pytest.raises(ValueError, match=r"^no support set is primal and dual feasible: the data are not separable$"):
        svm_by_enumeration(np.array([[1.0, 0.0], [-1.0, 0.0]]))
    with pytest.raises(ValueError, match=r"^enumeration over 2\^15 support sets exceeds the budget \(n ≤ 14\)$"):
        svm_by_enumeration(np.ones((15, 2)))


@pytest.mark.parametrize("n,d,seed", [(8, 5, 0), (10, 3, 1)])
def test_the_enumeration_agrees_with_the_certified_svm(n, d, seed):
    """Small planted data: the independent enumeration over support sets finds the certified SVM's ŵ and S (the
    optimum is unique; both exact solves on the same support set: ≤ 1e-10 relative)."""
    Z = planted(n, d, seed).Z
    v = hard_margin_svm(Z)
    w, S = svm_by_enumeration(Z)
    assert v.certified
    np.testing.assert_allclose(w, v.w, rtol=1e-10, atol=1e-12 * np.linalg.norm(v.w))
    np.testing.assert_array_equal(S, v.support)
    assert v.margin == pytest.approx(1 / np.linalg.norm(w), rel=1e-10)
    assert v.norm == pytest.approx(np.linalg.norm(w), rel=1e-10) and v.theta > 1
    # support-vector margins of O(1) polished to rounding (condition of K_SS ≤ 10 on this planted data)
    np.testing.assert_allclose(Z[S] @ w, 1.0, atol=1e-10)


def test_the_interior_point_answer_is_certified_in_the_datas_scale():
    """The interior point alone, on data scaled by 1e-3 (α scales by 1e6, s = mean diag K by 1e-6): certified,
    agreeing with its own ŵ to 1e-6, with the NNLS support set (S is relative to max α: scale-free)."""
    Z = 1e-3 * planted(30, 60, 0).Z
    a, b = hard_margin_svm(Z, method="nnls"), hard_margin_svm(Z, method="clarabel")
    assert a.certified and b.certified and b.agreement <= 1e-6
    np.testing.assert_array_equal(a.support, b.support)
    np.testing.assert_allclose(b.w, a.w, rtol=1e-9)


def test_nnls_with_more_features_than_points_and_a_singular_gram():
    """d > n with a duplicated point: K is singular, Cholesky fails and the eigen-factor serves (ŵ = (1, 1, 0, 0))."""
    Z = np.array([[1.0, 0.0, 0.0, 0.0], [1.0, 0.0, 0.0, 0.0], [0.0, 1.0, 0.0, 0.0]])
    v = hard_margin_svm(Z, method="nnls")
    assert v.certified
    # exact answer on a well-conditioned planted problem: the error is rounding of O(1) entries
    np.testing.assert_allclose(v.w, [1.0, 1.0, 0.0, 0.0], atol=1e-12)


def test_the_enumeration_on_duplicates_a_single_support_vector_and_its_size_limit():
    """Figure 1's duplicated support vectors (singular K_SS sets are skipped, not the rest of their size); a single
    support vector (z₁ = (1, 0), z₂ = (2, 1): ŵ = e₁); n = 14 is within the budget."""
    Z = known_svm_2d(0).Z  # 16 points of rank 2: 136 candidate sets
    w, _ = svm_by_enumeration(Z, max_n=16)
    # two solvers on the same well-conditioned problem (cond ≤ 10): each polished to ~1e-12
    np.testing.assert_allclose(w, hard_margin_svm(Z).w, atol=1e-10)
    w, S = svm_by_enumeration(np.array([[1.0, 0.0], [1.0, 0.0], [0.0, 1.0]]))  # the first pair is singular
    # an exact answer on 2-d data (condition 1): rounding only
    np.testing.assert_allclose(w, [1.0, 1.0], atol=1e-15)
    w, S = svm_by_enumeration(np.array([[1.0, 0.0], [2.0, 1.0]]))
    np.testing.assert_allclose(w, [1.0, 0.0], atol=1e-15)  # 2-d data of condition 1: rounding only
    np.testing.assert_array_equal(S, [True, False])
    Z = planted(14, 3, 2).Z
    np.testing.assert_allclose(svm_by_enumeration(Z)[0], hard_margin_svm(Z).w, rtol=1e-9)
