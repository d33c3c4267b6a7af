"""The Gram-law engine: sample exactly what the checks consume — Gram matrices, inner products with test
points, projections of random initialisations — from its law, without forming X ∈ R^{n×d}.

Every check of the catalogue sees generated data only through ``K = XXᵀ`` (span coordinates), the first
few coordinates of X along the mixture/XOR means, and inner products of test points or initial weights
with the data. Their joint laws are exact and cost O(n²) (plus O(n³) for a triangular product) whatever
``d``, so ``d = 1e9`` costs what ``d = 1e3`` costs:

* isotropic Gaussian rows: ``K ~ W_n(d, I)``, by the Bartlett decomposition ``K = LLᵀ`` with L lower
  triangular, ``L_ii² ~ χ²_{d−i}`` (0-based i) and ``L_ij ~ N(0,1)`` below the diagonal;
* a spectrum with few distinct values ``λ = v_g`` (multiplicity ``c_g``): ``K = Σ_g v_g W_n(c_g, I)``
  (independent Wisharts; a group with ``c_g ≤ 4n`` is drawn explicitly, ``Z Zᵀ``) — exact;
* a continuous spectrum (``power:A``): the leading ``head`` coordinates explicitly, the tail in blocks
  whose eigenvalues differ by at most a factor ``1 + block_rtol``, each block replaced by the scaled
  Wishart ``a_b W_n(ν_b, I)`` with the block's ``Σλ`` and ``Σλ²`` (Satterthwaite): ``E K`` and the
  covariance of every entry — which depend on λ only through ``‖λ‖₁`` and ``‖λ‖₂²`` — are exact; the
  first moment that differs is ``Σλ³`` (third cumulants), whose relative error is reported;
* the Gaussian mixture ``x = yμ + ξ`` and the noisy 2-XOR (means on the first axes): the first 1–2
  coordinates explicitly, the rest ``W_n(d − r, I)`` — exact;
* test points ``x ~ N(0, I_d)``: ``Xx ~ N(0, K)`` given K, and ``‖x‖² = (Xx)ᵀK⁻¹(Xx) + χ²_{d−n}``;
* Gaussian initial weights with rows ``N(0, σ²I_d)``: ``W₀Xᵀ`` has rows ``N(0, σ²K)`` and the part
  orthogonal to the data has Gram ``σ²W_m(d − n, I)``, independent of it.

Random numbers come from numpy's PCG64 seeded by ``(seed, stream)``: a seed gives the same draw on every
machine. Labels come from the same streams as the explicit generators, so both laws share them.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

import numpy as np
import torch

from .spectra import Spectrum

# Streams of the Gram law (independent of each other and of the explicit generators' torch streams).
STREAM_GRAM, STREAM_AXES, STREAM_INIT, STREAM_TEST = 11, 12, 13, 14


def rng(seed: int, stream: int) -> np.random.Generator:
    return np.random.Generator(np.random.PCG64(np.random.SeedSequence([int(seed), int(stream)])))


def wishart(n: int, dof: float, g: np.random.Generator, explicit_max: int = 0) -> np.ndarray:
    """``W ~ W_n(dof, I)``: Bartlett for ``dof ≥ n`` (any real dof), else (or for ``dof ≤ explicit_max``,
    an integer) ``ZZᵀ`` with ``Z`` of ``n × dof`` standard normals."""
    if dof <= 0:
        return np.zeros((n, n))
    if dof < n or dof <= explicit_max:
        if abs(dof - round(dof)) > 1e-9:
            raise ValueError(f"an explicit Wishart needs an integer dof, got {dof}")
        Z = g.standard_normal((n, int(round(dof))))
        return Z @ Z.T
    L = np.zeros((n, n))
    L[np.diag_indices(n)] = np.sqrt(g.chisquare(dof - np.arange(n)))
    L[np.tril_indices(n, -1)] = g.standard_normal(n * (n - 1) // 2)
    return L @ L.T


def _tail_blocks(spec: Spectrum, head: int, block_rtol: float) -> list[tuple[int, int]]:
    """Index blocks ``[a, b)`` of the tail with ``λ_a/λ_{b−1} ≤ 1 + block_rtol`` (λ_k = (k+1)^{−A})."""
    blocks, a = [], head
    grow = (1 + block_rtol) ** (1 / spec.a) if spec.a > 0 else math.inf
    while a < spec.d:
        b = spec.d if not math.isfinite(grow) else max(a + 1, min(spec.d, int((a + 1) * grow)))
        blocks.append((a, b))
        a = b
    return blocks


@dataclass(frozen=True)
class _Plan:
    """How a continuous spectrum is sampled: explicit columns (their √λ) and matched Wishart blocks (a, ν)."""

    sqrt_lam: np.ndarray  # √λ of every coordinate drawn explicitly (head and short blocks)
    blocks: tuple[tuple[float, float], ...]  # (scale a, degrees of freedom ν) of each matched block
    info: dict


@lru_cache(maxsize=64)
def _plan(n: int, spec: Spectrum, head: int | None, block_rtol: float) -> _Plan:
    explicit_max = 4 * n
    head = min(spec.d, max(explicit_max, 256) if head is None else head)
    cols = [spec.values(0, head).numpy()]
    blocks = []
    s1 = s2 = s3 = 0.0
    for a, b in _tail_blocks(spec, head, block_rtol):
        b1, b2 = spec.power_sum(1, a, b), spec.power_sum(2, a, b)
        if b - a <= explicit_max:  # a short block: its columns are drawn (exact)
            cols.append(spec.values(a, b).numpy())
            s1, s2, s3 = s1 + b1, s2 + b2, s3 + spec.power_sum(3, a, b)
        else:  # a·W_n(ν) with the block's Σλ = aν and Σλ² = a²ν
            scale, dof = b2 / b1, b1 * b1 / b2
            blocks.append((scale, dof))
            s1, s2, s3 = s1 + scale * dof, s2 + scale ** 2 * dof, s3 + scale ** 3 * dof
    lam = np.concatenate(cols)
    t1, t2, t3 = (spec.power_sum(p) for p in (1, 2, 3))
    e1 = spec.power_sum(1, 0, head) + s1
    e2 = spec.power_sum(2, 0, head) + s2
    e3 = spec.power_sum(3, 0, head) + s3
    how = (f"{len(lam)} coordinates drawn explicitly" + (
        f", the other {spec.d - len(lam)} in {len(blocks)} Satterthwaite-matched Wishart blocks (eigenvalue ratio "
        f"≤ {1 + block_rtol:g} within a block: Σλ and Σλ² exact, Σλ³ approximate)" if blocks else " (exact)"))
    info = {"law": "gram", "method": how, "l1_rel_err": abs(e1 - t1) / t1,
            "l2_rel_err": abs(math.sqrt(e2) - math.sqrt(t2)) / math.sqrt(t2), "l3_rel_err": abs(e3 - t3) / t3}
    return _Plan(np.sqrt(lam), tuple(blocks), info)


def gaussian_gram(n: int, spec: Spectrum, g: np.random.Generator, *, head: int | None = None,
                  block_rtol: float = 1e-2) -> tuple[np.ndarray, dict]:
    """``K`` for rows ``x = Σ^{1/2}z`` with spectrum ``spec``, and a description of the method and its error."""
    groups = spec.groups()
    if groups is not None:
        K = sum(v * wishart(n, c, g, 4 * n) for v, c in groups)
        return K, {"law": "gram", "method": "sum of independent Wisharts (exact)",
                   "groups": [[v, c] for v, c in groups]}
    plan = _plan(n, spec, head, block_rtol)
    Z = g.standard_normal((n, len(plan.sqrt_lam))) * plan.sqrt_lam
    K = Z @ Z.T
    if plan.blocks:
        scales, dofs = (np.array(v) for v in zip(*plan.blocks))
        K += wishart_sum(n, scales, dofs, g)
    return K, dict(plan.info)


def wishart_sum(n: int, scales: np.ndarray, dofs: np.ndarray, g: np.random.Generator) -> np.ndarray:
    """``Σ_b a_b W_n(ν_b, I)`` (independent, every ``ν_b ≥ n``): all Bartlett factors at once, then one product
    ``MMᵀ`` with ``M = [√a_1 L_1, …, √a_B L_B]`` (n × Bn)."""
    B = len(scales)
    L = np.zeros((B, n, n))
    L[:, np.arange(n), np.arange(n)] = np.sqrt(g.chisquare(dofs[:, None] - np.arange(n)[None, :]))
    r, c = np.tril_indices(n, -1)
    L[:, r, c] = g.standard_normal((B, len(r)))
    M = (L * np.sqrt(scales)[:, None, None]).transpose(1, 0, 2).reshape(n, B * n)
    return M @ M.T


def mixture_gram(n: int, d: int, y: np.ndarray, mu_norm: float, g: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """``x = yμ + ξ`` with ``μ = ‖μ‖e₁``: ``(K, A)``, A the first coordinate of every x (n × 1)."""
    A = (y * mu_norm + g.standard_normal(n))[:, None]
    return wishart(n, d - 1, g, 4 * n) + A @ A.T, A


def xor_gram(n: int, d: int, k: np.ndarray, sgn: np.ndarray, mu_norm: float, g: np.random.Generator
             ) -> tuple[np.ndarray, np.ndarray]:
    """Noisy 2-XOR ``x = z + ξ``, ``z = ±‖μ‖e_k`` (k ∈ {1, 2}): ``(K, A)``, A the first two coordinates (n × 2)."""
    A = g.standard_normal((n, 2))
    A[np.arange(n), k] += sgn * mu_norm
    return wishart(n, d - 2, g, 4 * n) + A @ A.T, A


def cholesky_factor(K: np.ndarray) -> np.ndarray:
    return np.linalg.cholesky(0.5 * (K + K.T))


def gaussian_rows_projections(K: np.ndarray, m: int, std: float, d: int, g: np.random.Generator,
                              orthogonal: bool = True) -> tuple[np.ndarray, np.ndarray]:
    """Rows ``w_j ~ N(0, σ²I_d)`` seen through the data: ``(B₀, W₀^⊥W₀^⊥ᵀ)`` with ``W₀ = W₀^⊥ + B₀X``.

    ``W₀Xᵀ = σ Z Lᵀ`` (``K = LLᵀ``, Z standard normal m × n), so ``B₀ = W₀XᵀK⁻¹ = σ Z L⁻¹``; the orthogonal
    part is independent with Gram ``σ² W_m(d − n, I)`` (zero when ``orthogonal`` is False).
    """
    n = K.shape[0]
    L = cholesky_factor(K)
    Z = g.standard_normal((m, n))
    B0 = std * np.linalg.solve(L.T, Z.T).T  # σ Z L⁻¹ (row vectors)
    perp = std ** 2 * wishart(m, d - n, g, 4 * m) if orthogonal else np.zeros((m, m))
    return B0, perp


def sample_test_inner_products(K: np.ndarray, N: int, d: int, g: np.random.Generator, norms: bool = False
                        ) -> tuple[np.ndarray, np.ndarray | None]:
    """``N`` fresh ``x ~ N(0, I_d)`` seen through the data: ``Xx`` (N × n) and optionally ``‖x‖²``."""
    L = cholesky_factor(K)
    U = g.standard_normal((N, K.shape[0])) @ L.T
    if not norms:
        return U, None
    inside = np.einsum("ij,ij->i", U, np.linalg.solve(K, U.T).T)
    return U, inside + g.chisquare(d - K.shape[0], size=N)


def as_tensor(a: np.ndarray, device=None) -> torch.Tensor:
    return torch.as_tensor(np.ascontiguousarray(a), dtype=torch.float64, device=device)
