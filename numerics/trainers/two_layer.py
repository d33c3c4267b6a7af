"""The leaky two-layer network (fixed second layer ±1/√m) in span coordinates, and its losses computed in log space.

``f(x;W) = Σ_j a_j φ(⟨w_j,x⟩)`` with fixed ``a_j = ±1/√m`` (``m₁`` positive, ``m₂`` negative neurons) and
``φ(z) = max(γz, z)``. Span coordinates: ``W = W₀^⊥ + B X`` (``W₀^⊥`` the part of the init orthogonal to
the data, never moved by gradient methods), so the preactivations are ``Z = B K`` (m × n) and
``‖W‖_F² = ‖W₀^⊥‖_F² + tr(B K Bᵀ)``. Cost per step O(m n²), independent of d.

Losses: ``ℓ`` is ``exp`` (``e^{−q}``) or ``logistic`` (``log(1+e^{−q})``) of the margins ``q_i = y_i f(x_i)``;
``L̂ = (1/n)Σℓ(q_i)`` underflows long before training ends (``1e-300`` and below), so everything is
computed from ``log ℓ(q)`` and ``log|ℓ'(q)|``.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import torch

from ..trajectory import NETS, former_names

LOSSES = ("exp", "logistic")


def second_layer(m1: int, m2: int, dtype=torch.float64, device=None) -> torch.Tensor:
    """``a = (+1/√m)·𝟙_{m₁} ⊕ (−1/√m)·𝟙_{m₂}``."""
    m = m1 + m2
    return torch.cat([torch.ones(m1), -torch.ones(m2)]).to(dtype=dtype, device=device) / math.sqrt(m)


def leaky(z: torch.Tensor, gamma: float) -> torch.Tensor:
    return torch.maximum(gamma * z, z)


def leaky_grad(z: torch.Tensor, gamma: float) -> torch.Tensor:
    """``φ'(z)`` = 1 for z > 0, γ for z ≤ 0 (the subgradient γ at the kink, a point of ``[γ, 1]``)."""
    return torch.where(z > 0, torch.ones_like(z), torch.full_like(z, gamma))


def log_loss(q: torch.Tensor, loss: str) -> torch.Tensor:
    """``log ℓ(q)``, stable for all q (``log log(1+e^{−q})`` for the logistic loss)."""
    if loss == "exp":
        return -q
    u = torch.exp(-q.clamp_min(0))
    # q > 0: log1p(u) = u·(log1p(u)/u); the ratio → 1 as u → 0 (no underflow of log1p itself).
    ratio = torch.where(u < 1e-8, 1 - u / 2, torch.log1p(u) / torch.where(u > 0, u, torch.ones_like(u)))
    pos = -q + torch.log(ratio)
    neg = torch.log(torch.nn.functional.softplus(-q))
    return torch.where(q > 0, pos, neg)


def log_neg_dloss(q: torch.Tensor, loss: str) -> torch.Tensor:
    """``log|ℓ'(q)|``: ``−q`` (exp) or ``log σ(−q) = −softplus(q)`` (logistic)."""
    return -q if loss == "exp" else -torch.nn.functional.softplus(q)


@dataclass
class LeakyNet:
    """The leaky two-layer family's one net: data in span form plus the fixed parts of the network.

    Its own family: only the first layer is trained (``a`` fixed at ±1/√m) on a classification loss (exp or
    logistic); ``relu_square.ReluSquareNet`` trains both layers on the square loss and
    ``homogeneous_net.HomogeneousNet`` trains both layers of a homogeneous net on the exponential loss.
    """

    K: torch.Tensor  # (n, n)
    y: torch.Tensor  # (n,) ±1
    a: torch.Tensor  # (m,)
    gamma: float
    loss: str
    perp_gram: torch.Tensor  # (m, m) = W₀^⊥ W₀^⊥ᵀ

    def preacts(self, B: torch.Tensor) -> torch.Tensor:
        return B @ self.K

    def margins(self, B: torch.Tensor) -> torch.Tensor:
        """``q_i = y_i f(x_i; W)``."""
        return self.y * (self.a[:, None] * leaky(self.preacts(B), self.gamma)).sum(0)

    def log_loss(self, B: torch.Tensor) -> torch.Tensor:
        """``log L̂(W)``."""
        q = self.margins(B)
        return torch.logsumexp(log_loss(q, self.loss), 0) - math.log(q.shape[0])

    def weight_gram(self, B: torch.Tensor) -> torch.Tensor:
        """``W Wᵀ`` (m × m): singular values and norms of ``W`` without forming it in ``R^d``."""
        return B @ self.K @ B.T + self.perp_gram

    def fro_norm(self, B: torch.Tensor) -> float:
        return float(torch.trace(self.weight_gram(B)).clamp_min(0).sqrt())

    def neg_grad_over_loss(self, B: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        """``(−∇L̂/L̂`` in coefficient space, ``log L̂)``: the field of the time-reparametrised flow."""
        Z = self.preacts(B)
        q = self.y * (self.a[:, None] * leaky(Z, self.gamma)).sum(0)
        ll = log_loss(q, self.loss)
        lse = torch.logsumexp(ll, 0)
        w = torch.exp(log_neg_dloss(q, self.loss) - lse)  # |ℓ'(q_i)| / Σ_k ℓ(q_k)
        field = self.a[:, None] * leaky_grad(Z, self.gamma) * (w * self.y)[None, :]
        return field, lse - math.log(q.shape[0])

    def neg_grad(self, B: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        """``(−∇L̂`` in coefficient space, ``log L̂)``."""
        field, logL = self.neg_grad_over_loss(B)
        return field * torch.exp(logL), logL


def split_init(X: torch.Tensor, K: torch.Tensor, W0: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    """``W₀ = W₀^⊥ + B₀X``: returns ``(B₀, W₀^⊥W₀^⊥ᵀ)`` with ``B₀ = W₀Xᵀ K⁻¹``."""
    G = W0 @ X.T
    B0 = torch.linalg.solve(K, G.T).T
    perp = W0 @ W0.T - B0 @ K @ B0.T
    return B0, 0.5 * (perp + perp.T)


def gaussian_init(X: torch.Tensor | None, K: torch.Tensor, m: int, std: float, seed: int, mode: str = "full",
                  d: int | None = None):
    """``W₀`` with i.i.d. ``N(0, std²)`` entries, split as ``W₀^⊥ + B₀X``: returns ``(B₀, W₀^⊥W₀^⊥ᵀ)``.

    With ``X`` given, W₀ is drawn in chunks of d (``d = 1e6`` never holds the m×d matrix at once); with
    ``X=None`` (Gram-law data of dimension ``d``) its exact law given K is sampled instead
    (``numerics.data.gram_law.gaussian_rows_projections``). ``mode="span"`` keeps only the span part ``B₀X``.
    """
    from ..runtime.device import generator
    if X is None:
        from ..data import gram_law
        if d is None:
            raise ValueError("gaussian_init without X needs the dimension d")
        B0, perp = gram_law.gaussian_rows_projections(K.cpu().numpy(), m, std, d,
                                                      gram_law.rng(seed, gram_law.STREAM_INIT), mode == "full")
        return gram_law.as_tensor(B0, K.device), gram_law.as_tensor(perp, K.device)
    n, d = X.shape
    g = generator(5_000_011 + seed)
    G = torch.zeros(m, n, dtype=X.dtype, device=X.device)
    WW = torch.zeros(m, m, dtype=X.dtype, device=X.device)
    for c0 in range(0, d, 65536):
        c1 = min(d, c0 + 65536)
        W = (torch.randn(m, c1 - c0, generator=g, dtype=X.dtype) * std).to(X.device)
        G += W @ X[:, c0:c1].T
        WW += W @ W.T
    B0 = torch.linalg.solve(K, G.T).T
    perp = WW - B0 @ K @ B0.T
    if mode == "span":
        perp = torch.zeros_like(perp)
    return B0, 0.5 * (perp + perp.T)


__getattr__ = former_names(__name__, {"Net": LeakyNet}, {"Net": NETS})  # 0.1's name, until 0.3.0
