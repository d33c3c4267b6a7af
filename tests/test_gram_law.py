"""The Gram-law engine samples the exact law of what the checks consume (numerics.data.gram_law).

Tests of the law, not of the code's shape: entry means and covariances against their closed forms over
many draws, and two-sample Kolmogorov–Smirnov tests against the explicit generator (X drawn, then XXᵀ).
Every comparison is a z-test or KS test at a stated level; the draws use fixed seeds, so the suite is
deterministic, and the level bounds the chance that a correct sampler fails a comparison.
"""
import math

import numpy as np
import pytest
import torch
from scipy.stats import ks_2samp

from ibcheck.numerics.data.sets import gram_law
from ibcheck.numerics.data.classification import gaussian_pm1, gmm, sample_test_points, xor
from ibcheck.numerics.data.sets import make_gaussian
from ibcheck.numerics.data.inits import random_init
from ibcheck.numerics.data.spectra import parse_spectrum
from ibcheck.numerics.trainers.two_layer import gaussian_init

Z_MAX = 4.5  # two-sided z-test level 7e-6 per comparison: < 1e-3 over the few hundred comparisons below
KS_LEVEL = 1e-3  # a correct sampler fails one KS comparison with probability 1e-3


def _zcheck(samples: np.ndarray, expected: float, what: str) -> None:
    se = samples.std(ddof=1) / math.sqrt(len(samples))
    z = (samples.mean() - expected) / se
    assert abs(z) <= Z_MAX, f"{what}: mean {samples.mean():.6g} vs {expected:.6g} (z = {z:.2f})"


def _moments(Ks: np.ndarray, l1: float, l2sq: float, label: str) -> None:
    """E K = ‖λ‖₁ I, Var K_ii = 2‖λ‖₂², Var K_ij = ‖λ‖₂², Cov(K_ij, K_ik) = 0 (Gaussian rows)."""
    n = Ks.shape[1]
    for i in range(n):
        _zcheck(Ks[:, i, i], l1, f"{label} E K_{i}{i}")
        _zcheck((Ks[:, i, i] - l1) ** 2, 2 * l2sq, f"{label} Var K_{i}{i}")
        for j in range(i + 1, n):
            _zcheck(Ks[:, i, j], 0.0, f"{label} E K_{i}{j}")
            _zcheck(Ks[:, i, j] ** 2, l2sq, f"{label} Var K_{i}{j}")
    _zcheck(Ks[:, 0, 1] * Ks[:, 0, 2], 0.0, f"{label} Cov(K_01, K_02)")
    _zcheck((Ks[:, 0, 0] - l1) * (Ks[:, 1, 1] - l1), 0.0, f"{label} Cov(K_00, K_11)")


@pytest.mark.parametrize("spec,d", [("isotropic", 50), ("isotropic", 10 ** 9), ("spike:3:10", 200),
                                    ("power:0.5", 20000), ("power:0.3", 10 ** 8)])
def test_entry_moments_match_the_closed_forms(spec, d):
    n, R = 4, 4000
    sp_ = parse_spectrum(spec, d)
    g = gram_law.rng(0, 99)
    Ks = np.stack([gram_law.gaussian_gram(n, sp_, g)[0] for _ in range(R)])
    _moments(Ks, sp_.l1, sp_.l2 ** 2, spec)


def test_blocked_spectrum_reports_its_error():
    _, info = gram_law.gaussian_gram(10, parse_spectrum("power:0.5", 10 ** 7), gram_law.rng(0, 1))
    assert "Satterthwaite" in info["method"]
    assert info["l1_rel_err"] < 1e-12 and info["l2_rel_err"] < 1e-12  # exact by construction (rounding only)
    assert 0 < info["l3_rel_err"] < 1e-6  # the first moment the blocks approximate


@pytest.mark.parametrize("spec", ["isotropic", "spike:5:4", "power:0.5"])
def test_gram_law_matches_the_explicit_generator(spec):
    """Two-sample KS on a diagonal entry, an off-diagonal entry and the smallest eigenvalue (n=6, d=300)."""
    n, d, R = 6, 300, 1500
    ex = [make_gaussian(n, d, s, spec=spec, sampler="explicit").K.numpy() for s in range(R)]
    gr = [make_gaussian(n, d, s, spec=spec, sampler="gram").K.numpy() for s in range(R)]
    for name, f in [("K_00", lambda K: K[0, 0]), ("K_01", lambda K: K[0, 1]),
                    ("λ_min", lambda K: np.linalg.eigvalsh(K)[0])]:
        p = ks_2samp([f(K) for K in ex], [f(K) for K in gr]).pvalue
        assert p > KS_LEVEL, f"{spec}: {name} differs between the laws (KS p = {p:.2g})"


def test_wishart_eigenvalues_near_the_edge():
    """d close to n (Bartlett with few degrees of freedom): the smallest eigenvalue's law, KS vs explicit."""
    n, d, R = 5, 7, 2000
    ex = [np.linalg.eigvalsh(gaussian_pm1(n, d, s, sampler="explicit").K.numpy())[0] for s in range(R)]
    g = gram_law.rng(1, 2)
    gr = [np.linalg.eigvalsh(gram_law.wishart(n, d, g))[0] for _ in range(R)]
    assert ks_2samp(ex, gr).pvalue > KS_LEVEL


@pytest.mark.parametrize("kind", ["gmm", "xor"])
def test_mixture_and_xor_match_the_explicit_generator(kind):
    n, d, R = 6, 400, 1500
    make = (lambda s, smp: gmm(n, d, s, 0.4, sampler=smp)) if kind == "gmm" else (
        lambda s, smp: xor(n, d, s, 5.0, sampler=smp))
    ex, gr = [make(s, "explicit") for s in range(R)], [make(s, "gram") for s in range(R)]
    for name, f in [("K_00", lambda c: float(c.K[0, 0])), ("K_01", lambda c: float(c.K[0, 1])),
                    ("axis_0", lambda c: float(c.axes[0, 0])), ("y_0", lambda c: float(c.y[0]))]:
        p = ks_2samp([f(c) for c in ex], [f(c) for c in gr]).pvalue
        assert p > KS_LEVEL, f"{kind}: {name} differs (KS p = {p:.2g})"
    # E K_ij = ⟨E z_i, E z_j⟩ + δ_ij d (the means along the first axes plus the noise)
    Ks = np.stack([c.K.numpy() for c in gr])
    As = np.stack([c.axes.numpy() for c in gr])
    _zcheck(Ks[:, 0, 1] - (As[:, 0] * As[:, 1]).sum(-1), 0.0, f"{kind} noise part of K_01")
    _zcheck(Ks[:, 0, 0] - (As[:, 0] ** 2).sum(-1), d - As.shape[-1], f"{kind} noise part of K_00")


def test_test_points_have_law_N0K_and_exact_norms():
    """Given K: Xx ~ N(0, K) (empirical covariance) and ‖x‖² has mean d and variance 2d."""
    n, d, N = 5, 1000, 200000
    K = gram_law.wishart(n, d, gram_law.rng(3, 4))
    U, norms = gram_law.sample_test_inner_products(K, N, d, gram_law.rng(3, 5), norms=True)
    C = U.T @ U / N
    # entrywise: Var of the product estimator is (K_ii K_jj + K_ij²)/N
    se = np.sqrt((np.outer(np.diag(K), np.diag(K)) + K ** 2) / N)
    assert np.abs((C - K) / se).max() <= Z_MAX
    _zcheck(norms, d, "E‖x‖²")
    _zcheck((norms - d) ** 2, 2 * d, "Var ‖x‖²")


def test_init_projections_match_the_explicit_init():
    """Rows N(0, σ²I_d) seen through fixed data: W₀Xᵀ has rows N(0, σ²K); the orthogonal part's Gram has mean
    σ²(d − n)I — the Gram law vs drawing W₀ explicitly (KS on the traces)."""
    n, m, d, R, std = 4, 3, 60, 1500, 0.3
    X = torch.randn(n, d, generator=torch.Generator().manual_seed(0), dtype=torch.float64)
    K = X @ X.T
    ex = [gaussian_init(X, K, m, std, s) for s in range(R)]
    gr = [gaussian_init(None, K, m, std, s, d=d) for s in range(R)]
    for name, f in [("tr B₀KB₀ᵀ", lambda bp: float(torch.trace(bp[0] @ K @ bp[0].T))),
                    ("tr W₀^⊥W₀^⊥ᵀ", lambda bp: float(torch.trace(bp[1]))), ("B₀[0,0]", lambda bp: float(bp[0][0, 0]))]:
        p = ks_2samp([f(b) for b in ex], [f(b) for b in gr]).pvalue
        assert p > KS_LEVEL, f"{name} differs (KS p = {p:.2g})"
    _zcheck(np.array([float(torch.trace(b[1])) for b in gr]), std ** 2 * (d - n) * m, "E tr perp")
    # the random init (numerics.data.inits.random_init): β₀ ~ N(0, (s²/tr)K) and ‖w₀^⊥‖² ~ (s²/tr)χ²_{d−n}
    exr = [random_init(X, K, 1, 0.5, float(d), s) for s in range(R)]
    grr = [random_init(None, K, 1, 0.5, float(d), s, d=d) for s in range(R)]
    for name, f in [("β₀", lambda r: float((r[0] @ K)[0, 0])), ("‖w⊥‖²", lambda r: float(r[1][0]))]:
        p = ks_2samp([f(r) for r in exr], [f(r) for r in grr]).pvalue
        assert p > KS_LEVEL, f"random init {name} differs (KS p = {p:.2g})"


def test_test_projections_are_exact_for_gram_law_mixtures():
    """Section 5's test points given Gram-law training data: ⟨x_i, x⟩ and the label agree with the mixture's
    law: E[Xx | y] = y‖μ‖A (the means) and the Bayes classifier's error is Φ(−‖μ‖) within sampling error."""
    data = gmm(6, 10 ** 7, 0, 0.1, sampler="gram")
    Xx, yt, axes = sample_test_points(data, 200000, 0)
    err = float((torch.sign(axes[:, 0]) != yt).double().mean())
    bayes = 0.5 * math.erfc(data.mu_norm / math.sqrt(2))
    assert abs(err - bayes) <= Z_MAX * math.sqrt(bayes * (1 - bayes) / 200000)
    mean = (Xx * yt[:, None]).mean(0) / data.mu_norm  # E[y·Xx] = ‖μ‖·A[:, 0]
    assert torch.allclose(mean, data.axes[:, 0], atol=Z_MAX * math.sqrt(float(data.K.diagonal().max()) / 200000) / data.mu_norm)


def test_init_projections_have_law_N0_sigma2K_on_anisotropic_data():
    """B₀ = W₀XᵀK⁻¹, so the rows of W₀Xᵀ = B₀K are N(0, σ²K): the empirical covariance of m = 1000 × 200 rows against
    σ²K for a strongly anisotropic K (a near-isotropic K cannot tell L⁻¹ from L⁻ᵀ)."""
    K = np.array([[9.0, 2.5, 0.4], [2.5, 1.5, 0.2], [0.4, 0.2, 0.3]])
    std, g = 0.7, gram_law.rng(5, 6)
    draws = [gram_law.gaussian_rows_projections(K, 200, std, 10, g, orthogonal=False) for _ in range(1000)]
    P = np.concatenate([B0 for B0, _ in draws]) @ K
    m = len(P)
    C = P.T @ P / m
    se = std ** 2 * np.sqrt((np.outer(np.diag(K), np.diag(K)) + K ** 2) / m)
    assert np.abs((C - std ** 2 * K) / se).max() <= Z_MAX
    assert not any(perp.any() for _, perp in draws)


@pytest.mark.parametrize("sampler", ["explicit", "gram"])
def test_xor_labels_are_sign_of_abs_x1_minus_abs_x2(sampler):
    """Noisy 2-XOR labels y = sign(|x₁| − |x₂|) (the axes are the first two coordinates); far from the noise
    (‖μ‖ = 30) they are +1 exactly on the clusters ±μ₁ and −1 on ±μ₂, whatever the cluster's sign."""
    data = xor(400, 50, 0, 30.0, sampler=sampler)
    A = data.axes
    assert torch.equal(data.y, torch.sign(A[:, 0].abs() - A[:, 1].abs()))
    on_axis1 = A[:, 0].abs() > 15  # |x₁| ≈ 30 on the ±μ₁ clusters, |x₂| ≲ 5 (noise)
    assert torch.equal(data.y, torch.where(on_axis1, 1.0, -1.0).to(data.y))
    for k in range(2):  # both signs of both clusters occur
        sel = A[:, k].abs() > 15
        assert (A[sel, k] > 0).any() and (A[sel, k] < 0).any()
