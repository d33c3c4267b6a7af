"""Binary-classification data of the leaky two-layer checks: ±1 Gaussian data, the Gaussian mixture and noisy 2-XOR.

Mean directions are coordinate axes (a rotation changes nothing), so ``⟨μ_k, x⟩ = ‖μ_k‖·x_k``. With
``sampler="gram"`` the training data are sampled from their Gram law (``numerics.data.gram_law``): K and the
first coordinates only, exactly, at O(n²) work for any d. Test points are never formed in ``R^d``: a span-initialised network sees a test point only through ``Xx`` (and the
labels/optimal classifier through ``x_k``), and ``(Xξ, ξ_1, ξ_2)`` is an exact joint Gaussian sample.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import torch

from . import gram_law
from .sets import stream_generator, check_positive_int, gram, resolve_sampler
from ..runtime.device import DEFAULT_DTYPE, generator
from ..runtime.errors import InputError


@dataclass
class ClassData:
    X: torch.Tensor | None  # (n, d) or None when K was sampled from its law (Gram law)
    y: torch.Tensor  # ±1
    K: torch.Tensor
    kind: str
    d: int
    mu_norm: float = 0.0
    axes: torch.Tensor | None = None  # (n, r): the first r coordinates of X (for test sampling)
    sampler: dict | None = None  # how the data were drawn (law, method)

    def describe(self) -> dict:
        out = {"kind": self.kind, "n": int(self.y.shape[0]), "d": self.d, "sampler": self.sampler}
        if self.kind in ("gmm", "xor"):
            out["mu_norm"] = self.mu_norm
        return out


def pm1_labels(n: int, seed: int, pos_frac: float = 0.5) -> torch.Tensor:
    g = stream_generator(seed, 1)
    n_pos = int(round(pos_frac * n))
    s = torch.cat([torch.ones(n_pos), -torch.ones(n - n_pos)]).to(DEFAULT_DTYPE)
    return s[torch.randperm(n, generator=g)]


_EXPLICIT = {"law": "explicit", "method": "X drawn"}


def _law(n: int, d: int, sampler: str) -> str:
    check_positive_int("n", n, 2)
    check_positive_int("d", d, 1)
    return resolve_sampler(sampler, n, d)


def gaussian_pm1(n: int, d: int, seed: int, *, device=None, sampler: str = "explicit") -> ClassData:
    """``x ~ N(0, I_d)`` with balanced ±1 labels (labels independent of x: any labelling is allowed)."""
    y = pm1_labels(n, seed)
    if _law(n, d, sampler) == "gram":
        K = gram_law.wishart(n, d, gram_law.rng(seed, gram_law.STREAM_GRAM), 4 * n)
        return ClassData(X=None, y=y, K=gram_law.as_tensor(K, device), kind="gaussian", d=d,
                         sampler={"law": "gram", "method": "K ~ W_n(d, I) (Bartlett; exact)"})
    X = torch.randn(n, d, generator=stream_generator(seed, 2), dtype=DEFAULT_DTYPE)
    return ClassData(X=X, y=y, K=gram(X, device), kind="gaussian", d=d, sampler=_EXPLICIT)


def gmm(n: int, d: int, seed: int, beta: float, *, device=None, sampler: str = "explicit") -> ClassData:
    """``x = yμ + ξ``, ``‖μ‖ = d^β``, ``ξ ~ N(0, I_d)``, balanced labels; μ along the first axis."""
    y = pm1_labels(n, seed)
    r = float(d) ** beta
    if _law(n, d, sampler) == "gram":
        K, A = gram_law.mixture_gram(n, d, y.numpy(), r, gram_law.rng(seed, gram_law.STREAM_GRAM))
        return ClassData(X=None, y=y, K=gram_law.as_tensor(K, device), kind="gmm", d=d, mu_norm=r,
                         axes=gram_law.as_tensor(A), sampler={"law": "gram", "method": "first coordinate drawn, "
                                                              "K = AAᵀ + W_n(d−1, I) (exact)"})
    X = torch.randn(n, d, generator=stream_generator(seed, 2), dtype=DEFAULT_DTYPE)
    X[:, 0] += y * r
    return ClassData(X=X, y=y, K=gram(X, device), kind="gmm", d=d, mu_norm=r, axes=X[:, :1].clone(),
                     sampler=_EXPLICIT)


def xor(n: int, d: int, seed: int, mu_norm: float, *, device=None, sampler: str = "explicit") -> ClassData:
    """Noisy 2-XOR: ``x = z + ξ``, ``z ~ Unif{±μ₁, ±μ₂}`` (first two axes), ``y = sign(|x₁| − |x₂|)``."""
    if d < 2:
        raise InputError("xor needs d >= 2")
    g = stream_generator(seed, 3)
    k = torch.randint(0, 2, (n,), generator=g)
    sgn = torch.randint(0, 2, (n,), generator=g).to(DEFAULT_DTYPE) * 2 - 1
    if _law(n, d, sampler) == "gram":
        K, A = gram_law.xor_gram(n, d, k.numpy(), sgn.numpy(), mu_norm, gram_law.rng(seed, gram_law.STREAM_GRAM))
        A = gram_law.as_tensor(A)
        return ClassData(X=None, y=torch.sign(A[:, 0].abs() - A[:, 1].abs()), K=gram_law.as_tensor(K, device),
                         kind="xor", d=d, mu_norm=mu_norm, axes=A,
                         sampler={"law": "gram", "method": "first two coordinates drawn, K = AAᵀ + W_n(d−2, I) (exact)"})
    X = torch.randn(n, d, generator=stream_generator(seed, 2), dtype=DEFAULT_DTYPE)
    X[torch.arange(n), k] += sgn * mu_norm
    y = torch.sign(X[:, 0].abs() - X[:, 1].abs())
    return ClassData(X=X, y=y, K=gram(X, device), kind="xor", d=d, mu_norm=mu_norm, axes=X[:, :2].clone(),
                     sampler=_EXPLICIT)


def sample_test_points(data: ClassData, N: int, seed: int) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    """``N`` fresh test points of ``data``'s model, exactly, through ``(Xx, y, x_{1..r})``.

    ``(Xξ, ξ_1..ξ_r) ~ N(0, G)`` with ``G = [[K, A], [Aᵀ, I]]`` and ``A`` the first r columns of X.
    """
    K, A = data.K.cpu(), data.axes.cpu()
    n, r = A.shape
    G = torch.zeros(n + r, n + r, dtype=DEFAULT_DTYPE)
    G[:n, :n], G[:n, n:], G[n:, :n], G[n:, n:] = K, A, A.T, torch.eye(r, dtype=DEFAULT_DTYPE)
    ev, U = torch.linalg.eigh(G)
    L = U * ev.clamp_min(0).sqrt()
    gen = generator(9_000_011 + seed)
    xi = torch.randn(N, n + r, generator=gen, dtype=DEFAULT_DTYPE) @ L.T
    Xxi, coords = xi[:, :n], xi[:, n:]
    if data.kind == "gmm":
        yt = (torch.randint(0, 2, (N,), generator=gen) * 2 - 1).to(DEFAULT_DTYPE)
        z = torch.zeros(N, r, dtype=DEFAULT_DTYPE)
        z[:, 0] = yt * data.mu_norm
    else:
        k = torch.randint(0, 2, (N,), generator=gen)
        sgn = (torch.randint(0, 2, (N,), generator=gen) * 2 - 1).to(DEFAULT_DTYPE)
        z = torch.zeros(N, r, dtype=DEFAULT_DTYPE)
        z[torch.arange(N), k] = sgn * data.mu_norm
    # ⟨x_i, z⟩ = Σ_k z_k X_ik since z lives on the first r axes
    Xx = Xxi + z @ A.T
    x_axes = coords + z
    if data.kind == "xor":
        yt = torch.sign(x_axes[:, 0].abs() - x_axes[:, 1].abs())
    return Xx, yt, x_axes


def bayes_error_gmm(mu_norm: float) -> float:
    """Error of ``sign⟨μ,x⟩`` on ``x = yμ + ξ``: ``Φ(−‖μ‖)``."""
    return 0.5 * math.erfc(mu_norm / math.sqrt(2))
