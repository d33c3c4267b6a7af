"""Linear-classification fixtures: planted separable data, a 2-d set with a known SVM, a partly separable set.

Labels are absorbed into the inputs, ``z_n = y_n x_n``; every fixture returns ``X``, ``y = ±1`` and ``Z``.
All draws come from explicit CPU generators (``numerics.data.sets.stream_generator``), so a seed fixes the data everywhere.

* ``planted`` — Gaussian ``X``, labels ``sign⟨x, w*⟩`` of a planted Gaussian ``w*`` (the generic fixture:
  ``n = 12``, ``d = 3``; the rank-condition fixture: ``n = 8``, ``d = 20``).
* ``known_svm_2d`` — four margin points ``x₁ = (½, 3/2)``, ``x₂ = (3/2, ½)`` (``y = +1``), ``x₃,₄ = −x₁,₂``
  (``y = −1``) and 12 random points off the margin: the SVM is ``ŵ = (½, ½)`` whatever the draw.
* ``partly_separable`` — a maximal separable subset ``I`` planted in ``S^⊥`` plus a non-separable block in
  ``S = span{x_i : i ∉ I}`` whose ``z`` sum to zero (so no ``u`` is non-negative on all of them unless it
  vanishes on them), scaled to ``max‖x_i‖ = 1``.

A paper that reads one of them under its own name wraps it in its folder (``papers/<paper>/numerics/data.py``).
"""
from __future__ import annotations

import warnings
from dataclasses import dataclass, field

import numpy as np
import torch

from .sets import stream_generator
from ..runtime.device import DEFAULT_DTYPE
from ..runtime.errors import InputError


@dataclass
class LinearData:
    """``X`` (n×d), ``y`` (n) in ±1 and ``Z = diag(y) X``, as float64 numpy arrays."""

    X: np.ndarray
    y: np.ndarray
    kind: str
    info: dict = field(default_factory=dict)

    @property
    def Z(self) -> np.ndarray:
        return self.y[:, None] * self.X

    @property
    def n(self) -> int:
        return int(self.X.shape[0])

    @property
    def d(self) -> int:
        return int(self.X.shape[1])

    def describe(self) -> dict:
        return {"kind": self.kind, "n": self.n, "d": self.d, **self.info}


def _randn(seed: int, stream: int, *shape) -> np.ndarray:
    return torch.randn(*shape, generator=stream_generator(seed, stream), dtype=DEFAULT_DTYPE).numpy()


def planted(n: int, d: int, seed: int) -> LinearData:
    """``x_i ~ N(0, I_d)``, ``y_i = sign⟨x_i, w*⟩`` with ``w* ~ N(0, I_d)`` (separable by construction)."""
    X = _randn(seed, 2, n, d)
    w_star = _randn(seed, 4, d)
    s = X @ w_star
    y = np.where(s >= 0, 1.0, -1.0)
    return LinearData(X=X, y=y, kind="planted", info={"seed": seed})


KNOWN_SVM_SUPPORT = np.array([[0.5, 1.5], [1.5, 0.5], [-0.5, -1.5], [-1.5, -0.5]])


def known_svm_2d(seed: int, n_random: int = 12, spread: float = 3.0, clearance: float = 0.25) -> LinearData:
    """Two dimensions, known SVM: the four margin points and ``n_random`` points with ``y(x₁+x₂)/2 ≥ 1 + clearance``.

    The random points are ``N(0, spread² I₂)`` draws kept when off the margin band (rejection sampling), with
    ``y = sign(x₁ + x₂)``; so the SVM is ``ŵ = (½, ½)`` (margin √2) whatever the draw.
    """
    g = stream_generator(seed, 5)
    pts = []
    while len(pts) < n_random:
        x = torch.randn(2, generator=g, dtype=DEFAULT_DTYPE).numpy() * spread
        if abs(x.sum()) / 2 >= 1 + clearance:
            pts.append(x)
    X = np.vstack([KNOWN_SVM_SUPPORT, np.array(pts)])
    y = np.concatenate([[1.0, 1.0, -1.0, -1.0], np.sign(X[4:].sum(1))])
    return LinearData(X=X, y=y, kind="known_svm_2d", info={"seed": seed, "n_random": n_random})


def partly_separable(n_sep: int, n_non: int, d_sep: int, d_non: int, seed: int, *, mix: float = 0.5) -> LinearData:
    """Planted decomposition: coordinates ``[:d_sep]`` are ``S^⊥``, ``[d_sep:]`` are ``S``.

    Non-separable block (``n_non ≥ 2``): ``z_i ∈ S`` Gaussian for ``i < n_non − 1`` and ``z_last = −Σ c_i z_i``,
    ``c_i ~ U[½, 3/2]`` (a strictly positive combination vanishes, hence no ``u`` is ≥ 0 on all of them and > 0
    on one; Stiemke). Random ``c_i`` keep the risk optimum ``v̄`` off 0 (with ``c = 𝟙``, ``∇ = 0`` at
    ``v = 0``). Separable block:
    ``z_i = (u_i, mix·s_i)`` with ``u_i`` Gaussian in ``S^⊥`` made positive along a planted direction. Labels
    are random signs (``x_i = y_i z_i``). Everything is scaled so that ``max_i ‖x_i‖ = 1``.
    """
    if n_non == 1 or d_non < 0 or d_sep < 0 or (n_non and not d_non) or (n_sep and not d_sep):
        raise InputError("partly separable fixture: need n_non = 0 or ≥ 2, and a positive dimension for each block")
    d = d_sep + d_non
    Z = np.zeros((n_sep + n_non, d))
    if n_non:
        zn = _randn(seed, 6, n_non - 1, d_non)
        c = 0.5 + torch.rand(n_non - 1, generator=stream_generator(seed, 11), dtype=DEFAULT_DTYPE).numpy()
        Z[n_sep:n_sep + n_non - 1, d_sep:] = zn
        Z[-1, d_sep:] = -(c[:, None] * zn).sum(0)
    if n_sep:
        u = _randn(seed, 7, n_sep, d_sep)
        direction = _randn(seed, 8, d_sep)
        u = u * np.where(u @ direction >= 0, 1.0, -1.0)[:, None]
        Z[:n_sep, :d_sep] = u
        if d_non:
            Z[:n_sep, d_sep:] = mix * _randn(seed, 9, n_sep, d_non)
    Z /= np.linalg.norm(Z, axis=1).max()
    y = np.where(_randn(seed, 10, n_sep + n_non) >= 0, 1.0, -1.0)
    return LinearData(X=y[:, None] * Z, y=y, kind="partly_separable",
                      info={"seed": seed, "planted_separable": list(range(n_sep))})


def from_dataset(ds, claim_id: str) -> LinearData:
    """A user ``--data`` set (``numerics.data.sets.Dataset``) for a linear claim: labels must be exactly ±1."""
    y = ds.y.detach().cpu().numpy().astype(float)
    bad = ~np.isin(y, (-1.0, 1.0))
    if bad.any():
        raise InputError(f"--data: labels must be ±1 for {claim_id} (found {y[bad][0]!r})")
    X = ds.X.detach().cpu().numpy().astype(float)
    return LinearData(X=X, y=y, kind=ds.kind, info={"path": ds.info.get("path")})


# The names before 0.2 (each fixture named after the first paper that read it), deprecated; removed in 0.3.
_RENAMED = {"FIG1_SUPPORT": "KNOWN_SVM_SUPPORT", "fig1": "known_svm_2d", "ji_telgarsky": "partly_separable"}


def __getattr__(name: str):
    """A former name still answers, with a ``DeprecationWarning`` naming its replacement (the data are the same;
    ``kind`` is the new name)."""
    if name in _RENAMED:
        warnings.warn(f"ibcheck.numerics.data.linear_data.{name} is deprecated: use {_RENAMED[name]} (removed in 0.3)",
                      DeprecationWarning, stacklevel=2)
        return globals()[_RENAMED[name]]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
