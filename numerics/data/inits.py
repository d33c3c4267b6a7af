"""Initialisations of the span-coordinate ReLU regression trainers, in span coordinates ``w_k = w_k^⊥ + Xᵀα_k``."""
from __future__ import annotations

import numpy as np
import torch

from ..runtime.device import generator


def positive_init(S: int, m: int, n: int, trace_sigma: float, eps: float, *, dtype=torch.float64,
                  device=None) -> torch.Tensor:
    """``w₀ = ε Xᵀ𝟙/‖λ‖₁`` for every neuron (docs/claims.md): ``β₀ = ε K𝟙/‖λ‖₁ ≈ ε𝟙``, all examples active."""
    return torch.full((S, m, n), eps / trace_sigma, dtype=dtype, device=device)


def disjoint_init(S: int, groups: torch.Tensor, m: int, trace_sigma: float, eps: float, *,
                  dtype=torch.float64, device=None) -> torch.Tensor:
    """Neuron ``k`` starts active exactly on ``{i : groups_i = k}``: ``α_k = (ε/‖λ‖₁)(2·𝟙{groups=k} − 1)``."""
    onehot = (groups.view(1, 1, -1).to(device) == torch.arange(m, device=device).view(1, m, 1)).to(dtype)
    return ((2 * onehot - 1) * (eps / trace_sigma)).expand(S, m, -1).clone()


def random_init(X: torch.Tensor | None, K: torch.Tensor, m: int, init_scale: float, trace_sigma: float,
                seed: int, d: int | None = None) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor | None]:
    """Gaussian ``w₀ ~ N(0, (s²/‖λ‖₁) I_d)`` so that ``β₀ = Xw₀`` has entries of standard deviation ≈ ``s``.

    Returns ``(α₀, ‖w₀^⊥‖², W₀)`` with ``α₀ = K⁻¹ X w₀`` (the span component) and ``W₀`` (m, d). With
    ``X=None`` (Gram-law data of dimension d) the exact law given K is sampled: ``β₀ ~ N(0, (s²/‖λ‖₁)K)``
    per neuron and ``‖w₀^⊥‖² ~ (s²/‖λ‖₁)χ²_{d−n}`` independently; ``W₀`` is then None.
    """
    std = init_scale / trace_sigma ** 0.5
    if X is None:
        from . import gram_law
        n = K.shape[0]
        g = gram_law.rng(seed, gram_law.STREAM_INIT)
        Kn = K.cpu().numpy()
        b0 = std * g.standard_normal((m, n)) @ gram_law.cholesky_factor(Kn).T
        alpha0 = gram_law.as_tensor(np.linalg.solve(Kn, b0.T).T, K.device)
        perp_sq = std ** 2 * (g.chisquare(d - n, size=m) if d > n else np.zeros(m))
        return alpha0, gram_law.as_tensor(perp_sq, K.device), None
    g = generator(7_000_001 + int(seed))
    W0 = torch.randn(m, X.shape[1], generator=g, dtype=X.dtype).to(X.device) * std
    b0 = W0 @ X.T  # (m, n)
    alpha0 = torch.linalg.solve(K, b0.T).T
    perp_sq = (W0 * W0).sum(1) - (alpha0 * b0).sum(1)
    return alpha0, perp_sq.clamp_min(0.0), W0
