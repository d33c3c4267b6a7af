"""frei2023 exact references: closed-form KKT point = label-aligned QP, global over patterns, SVM, KKT checker."""
import numpy as np
import pytest

from ibcheck.numerics.data.classification import gaussian_pm1
from ibcheck.papers.frei2023.theory.duality import certify_aligned
from ibcheck.papers.frei2023.theory.hypothesis import h_quantities
from ibcheck.papers.frei2023.theory.kkt import kkt_check
from ibcheck.theory.two_layer_margin import (aligned_slopes, closed_form_kkt, global_over_patterns, qp_aligned,
                                      multiplier_ratio_bound, qp_pattern, second_layer, svm_margin)


def _data(n=10, d=20000, seed=0):
    dat = gaussian_pm1(n, d, seed)
    return dat.K.numpy(), dat.y.numpy()


@pytest.mark.parametrize("m1,m2,gamma", [(5, 5, 0.5), (2, 6, 0.3), (1, 1, 1.0)])
def test_closed_form_equals_aligned_qp_symmetric_and_full(m1, m2, gamma):
    K, y = _data()
    cf = closed_form_kkt(K, y, m1, m2, gamma)
    # the closed form's residual ‖Mλ − 𝟙‖ of an exact solve with cond(M) ≈ 1 (near-orthogonal data): ~1e-15
    assert cf.valid and cf.residual < 1e-12
    sym = qp_aligned(K, y, m1, m2, gamma)
    full = qp_pattern(K, y, m1, m2, gamma, aligned_slopes(y, m1, m2, gamma))
    assert sym.norm == pytest.approx(cf.norm, rel=1e-7) and full.norm == pytest.approx(cf.norm, rel=1e-7)
    assert cf.norm ** 2 == pytest.approx(cf.lam.sum(), rel=1e-10)  # Euler: ‖W‖² = Σλ_i when all tight


def test_aligned_optimum_is_global_on_tiny_problems():
    K, y = _data(n=4, d=5000, seed=3)
    g, S, solved, inacc = global_over_patterns(K, y, 1, 1, 0.5)
    assert solved == 2 ** 8 and inacc == 0
    assert qp_aligned(K, y, 1, 1, 0.5).norm == pytest.approx(g, rel=1e-7)


def test_svm_margin_on_orthogonal_data():
    r = np.array([1.0, 2.0, 3.0])
    K = np.diag(r ** 2)
    y = np.array([1.0, -1.0, 1.0])
    svm = svm_margin(K, y)
    assert svm.info.status == "optimal" and svm.verified and svm.support.all()
    assert svm.margin == pytest.approx(1 / np.sqrt((1 / r ** 2).sum()), rel=1e-12)  # polished: exact to rounding


def test_svm_reports_inseparable_data():
    K = np.array([[1.0, 1.0], [1.0, 1.0]])  # the same point with both labels
    svm = svm_margin(K, np.array([1.0, -1.0]))
    assert svm.info.status.startswith("infeasible") and svm.margin == 0.0 and not svm.separable
    assert h_quantities(K, 1.0)["H_slack"] < 1


def test_kkt_checker_accepts_the_kkt_point_and_rejects_others():
    K, y = _data()
    a = second_layer(5, 5)
    cf = closed_form_kkt(K, y, 5, 5, 0.5)
    good = kkt_check(K, y, a, 0.5, cf.B * 7.0)  # any positive rescaling of a KKT point
    # an exact KKT point scaled by 7: residuals are rounding of O(1)-conditioned products (~1e-14)
    assert good.stationarity < 1e-10 and good.complementarity < 1e-10 and good.euler_gap < 1e-10
    rng = np.random.default_rng(0)
    bad = kkt_check(K, y, a, 0.5, cf.B + 0.5 * np.abs(cf.B).max() * rng.normal(size=cf.B.shape))
    assert bad.stationarity > 1e-2
    assert len(bad.worst_units) == 3 and len(bad.worst_samples) == 3


def test_reference_self_test_qp_equals_closed_form_at_the_default():
    """The two references of thm3.2.global (closed-form KKT point, label-aligned QP) agree at the claim's
    default setting (n=20, d=1e7, Gram law): a self-test of the references, not a claim about the network."""
    dat = gaussian_pm1(20, 10 ** 7, 0, sampler="gram")
    K, y = dat.K.numpy(), dat.y.numpy()
    cf = closed_form_kkt(K, y, 5, 5, 0.5)
    qp = qp_aligned(K, y, 5, 5, 0.5)
    dB = qp.B - cf.B
    assert cf.valid and np.sqrt(np.einsum("ji,ik,jk->", dB, K, dB)) / cf.norm < 1e-6


@pytest.mark.parametrize("seed,d,gamma", [(s, d, g) for s in range(4) for d in (40, 300, 5000) for g in (0.3, 0.7)])
def test_dual_certificate_agrees_with_exhaustive_enumeration(seed, d, gamma):
    """Where the dual bound certifies the aligned KKT point, no activation pattern does better (2^8 patterns);
    where enumeration finds a better pattern, the certificate must not have certified."""
    K, y = _data(n=4, d=d, seed=seed)
    cert = certify_aligned(K, y, 1, 1, gamma)
    g, _, _, inacc = global_over_patterns(K, y, 1, 1, gamma)
    cf = closed_form_kkt(K, y, 1, 1, gamma)
    assert inacc == 0
    if cert.certified:
        assert cf.norm <= g * (1 + 1e-6), (cert, cf.norm, g)
    if g < cf.norm * (1 - 1e-6):
        assert not cert.certified


def test_dual_certificate_refuses_a_wrong_point():
    """Negative control: the certificate of a perturbed K (off-diagonals inflated far beyond (H)) fails its
    conditions and names them."""
    K, y = _data(n=10, d=20000)
    bad = K + 0.6 * np.sqrt(np.outer(np.diag(K), np.diag(K))) * (np.ones_like(K) - np.eye(len(K)))
    cert = certify_aligned(bad, y, 5, 5, 0.5)
    assert not cert.certified and cert.reasons


def test_multiplier_ratio_bound_holds_at_the_kkt_point():
    for seed in range(5):
        K, y = _data(n=10, d=200000, seed=seed)
        cf = closed_form_kkt(K, y, 5, 5, 0.5)
        tau = multiplier_ratio_bound(K, y, 5, 5, 0.5)
        assert 0.5 < tau <= cf.lam.min() / cf.lam.max()
    K, y = _data(n=10, d=50, seed=0)  # far outside near-orthogonality: no bound (0), never a false one
    assert multiplier_ratio_bound(K, y, 5, 5, 0.5) == 0.0


def test_svm_polish_rejects_a_support_set_with_a_negative_dual_weight(monkeypatch):
    """x₁ = (1, 0), x₂ = (2, 1), y = (1, 1): the SVM is u* = (1, 0) (margin 1, only x₁ active). A solver answer
    u = (1, −1) = 3x₁ − x₂ is feasible with both margins 1, so the polish's support set is {1, 2} and its dual
    weights α = (3, −1) solve the system: the re-verification must reject them (α₂ < 0), not report the
    non-optimal margin 1/√2 as verified."""
    from ibcheck.theory import two_layer_margin as problem1
    from ibcheck.theory.solver import SolveInfo
    X = np.array([[1.0, 0.0], [2.0, 1.0]])
    K, y = X @ X.T, np.ones(2)
    s = float(np.mean(np.diag(K)))

    def wrong_solve(prob, allow_infeasible=False):
        prob.variables()[0].value = s * np.array([3.0, -1.0])  # the solver's variable is c·s (K scaled by 1/s)
        return SolveInfo("optimal", "fake", 0, 0.0)
    monkeypatch.setattr(problem1, "solve", wrong_solve)
    svm = problem1.svm_margin(K, y)
    assert svm.support.all() and not svm.verified
    monkeypatch.undo()
    true = svm_margin(K, y)
    assert true.verified and true.margin == pytest.approx(1.0, rel=1e-9)


@pytest.mark.parametrize("gamma,r,expected", [(0.5, (1.0, 1.2, 1.5), 1 - 0.5 * 2.25 / 2),
                                              (0.3, (1.0, 2.0, 1.5), 1 - 0.7 * 4.0 / 2)])
def test_dual_certificate_delta_slack_on_orthogonal_data(gamma, r, expected):
    """Orthogonal data K = diag(r²): (Kv*)_i = r_i²λ_i and Δ_i = (1−γ)λ_i, so the δ-condition's slack is
    min_i 1 − λ_max(K)(1−γ)/(2r_i²) = 1 − (1−γ)r_max²/(2r_min²), whatever λ; certified iff it is ≥ 0."""
    K = np.diag(np.square(r))
    cert = certify_aligned(K, np.array([1.0, -1.0, 1.0]), 2, 2, gamma)
    assert cert.delta_slack == pytest.approx(expected, rel=1e-12)
    # the dual bound of an exactly feasible diagonal problem: gap = rounding of O(1) values
    assert cert.certified == (expected >= 0) and cert.lam_min > 0 and cert.duality_gap < 1e-12


def test_the_former_result_class_answers_warned_as_the_one_kkt_result():
    import ibcheck.papers.frei2023.theory.kkt as kkt
    from ibcheck.theory.kkt_residual import KKTResidual
    with pytest.warns(DeprecationWarning, match=r"KKTReport is ibcheck\.theory\.kkt_residual\.KKTResidual now.*0\.3\.0"):
        assert kkt.KKTReport is KKTResidual
    with pytest.raises(AttributeError):
        kkt.NoSuchName
