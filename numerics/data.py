"""Data models of the catalogue: isotropic / anisotropic Gaussian features, signed labels, user ``.npz``.

Features ``x = Σ^{1/2} z`` with diagonal ``Σ = diag(λ)`` (a rotation changes no claim), so ``‖λ‖₁ = tr Σ``.
Everything is drawn from explicit CPU generators, so a seed gives the same data on every device.
"""
from __future__ import annotations

import math
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import torch

from .device import DEFAULT_DTYPE, generator
from .errors import InputError

SPECTRA_HELP = "isotropic | power:A (λ_k = k^-A) | spike:K:R (first K eigenvalues R times the rest)"
LABELS_HELP = "uniform (|y| ~ U[y_low, y_high], exact sign counts) | gaussian | pm1"


@dataclass
class Dataset:
    """Training data with its Gram matrix; ``lam`` is the covariance spectrum when known."""

    X: torch.Tensor | None  # (n, d); None when only K is kept
    y: torch.Tensor  # (n,)
    K: torch.Tensor  # (n, n) = X Xᵀ
    trace_sigma: float  # ‖λ‖₁
    trace_sigma_estimated: bool = False
    kind: str = "gaussian"
    lam_l2: float | None = None  # ‖λ‖₂ when the spectrum is known
    info: dict = field(default_factory=dict)

    @property
    def n(self) -> int:
        return int(self.y.shape[0])

    @property
    def d(self) -> int:
        return int(self.X.shape[1]) if self.X is not None else int(self.info.get("d", -1))

    def describe(self) -> dict:
        out = {"kind": self.kind, "n": self.n, "d": self.d, "trace_sigma": self.trace_sigma,
               "trace_sigma_estimated": self.trace_sigma_estimated}
        out.update(self.info)
        return out


def spectrum(d: int, spec: str = "isotropic") -> torch.Tensor:
    """Covariance eigenvalues ``λ ∈ R^d`` for a spectrum spec (see ``SPECTRA_HELP``)."""
    parts = str(spec).split(":")
    try:
        if parts[0] == "isotropic" and len(parts) == 1:
            return torch.ones(d, dtype=DEFAULT_DTYPE)
        if parts[0] == "power" and len(parts) == 2:
            a = float(parts[1])
            if not (0.0 <= a < 1.0):
                raise InputError(f"spectrum power:A needs 0 <= A < 1 so that ‖λ‖₁ grows with d, got A={a}")
            return torch.arange(1, d + 1, dtype=DEFAULT_DTYPE) ** (-a)
        if parts[0] == "spike" and len(parts) == 3:
            k, r = int(parts[1]), float(parts[2])
            if not (0 <= k <= d and r > 0):
                raise InputError(f"spectrum spike:K:R needs 0 <= K <= d and R > 0, got {spec!r}")
            lam = torch.ones(d, dtype=DEFAULT_DTYPE)
            lam[:k] = r
            return lam
    except ValueError as exc:
        if isinstance(exc, InputError):
            raise
        raise InputError(f"malformed spectrum {spec!r}: expected {SPECTRA_HELP}") from None
    raise InputError(f"unknown spectrum {spec!r}: expected {SPECTRA_HELP}")


def _stream(seed: int, stream: int) -> torch.Generator:
    # Independent streams for features and labels: labels of a seed do not change when d changes.
    return generator(1_000_003 * int(seed) + stream)


def signed_labels(n: int, seed: int, labels: str = "uniform", y_low: float = 1.0, y_high: float = 2.0,
                  pos_frac: float = 0.5) -> torch.Tensor:
    """Labels with exactly ``round(pos_frac·n)`` positives (``uniform``, ``pm1``) or i.i.d. ``N(0,1)``."""
    g = _stream(seed, 1)
    if labels == "gaussian":
        return torch.randn(n, generator=g, dtype=DEFAULT_DTYPE)
    if labels not in ("uniform", "pm1"):
        raise InputError(f"unknown labels {labels!r}: expected {LABELS_HELP}")
    if not (0.0 < y_low <= y_high):
        raise InputError(f"labels need 0 < y_low <= y_high, got y_low={y_low}, y_high={y_high}")
    if not (0.0 <= pos_frac <= 1.0):
        raise InputError(f"pos_frac must lie in [0, 1], got {pos_frac}")
    n_pos = int(round(pos_frac * n))
    sign = torch.cat([torch.ones(n_pos), -torch.ones(n - n_pos)]).to(DEFAULT_DTYPE)
    sign = sign[torch.randperm(n, generator=g)]
    if labels == "pm1":
        return sign
    mag = y_low + (y_high - y_low) * torch.rand(n, generator=g, dtype=DEFAULT_DTYPE)
    return sign * mag


def gaussian_features(n: int, d: int, seed: int, spec: str = "isotropic") -> tuple[torch.Tensor, torch.Tensor]:
    """``X = Z diag(√λ)`` with ``Z`` i.i.d. ``N(0,1)`` (CPU, float64); returns ``(X, λ)``."""
    lam = spectrum(d, spec)
    X = torch.randn(n, d, generator=_stream(seed, 2), dtype=DEFAULT_DTYPE)
    if spec != "isotropic":
        X.mul_(lam.sqrt())
    return X, lam


def gram(X: torch.Tensor, device: torch.device | None = None) -> torch.Tensor:
    """``K = X Xᵀ`` on ``device`` (the only O(n²d) work of a span-reduced check)."""
    Xd = X.to(device) if device is not None else X
    return Xd @ Xd.T


def make_gaussian(n: int, d: int, seed: int, *, spec: str = "isotropic", labels: str = "uniform",
                  y_low: float = 1.0, y_high: float = 2.0, pos_frac: float = 0.5,
                  device: torch.device | None = None, keep_X: bool = True) -> Dataset:
    """The catalogue's default regression data: Gaussian features with spectrum ``spec``, signed labels."""
    check_positive_int("n", n, minimum=2)
    check_positive_int("d", d, minimum=1)
    X, lam = gaussian_features(n, d, seed, spec)
    y = signed_labels(n, seed, labels, y_low, y_high, pos_frac)
    K = gram(X, device)
    return Dataset(X=X.to(device) if (keep_X and device is not None) else (X if keep_X else None),
                   y=y.to(K.device), K=K, trace_sigma=float(lam.sum()), kind="gaussian",
                   lam_l2=float(lam.norm()), info={"d": d, "spectrum": spec, "labels": labels, "seed": seed})


def check_positive_int(name: str, value, minimum: int = 1) -> int:
    if not isinstance(value, (int, np.integer)) or isinstance(value, bool) or value < minimum:
        raise InputError(f"parameter {name} must be an integer >= {minimum}, got {value!r}")
    return int(value)


def load_npz(path: str | Path, device: torch.device | None = None) -> Dataset:
    """A user dataset: ``.npz`` with ``X`` (n×d), ``y`` (n) and optionally ``trace_sigma``.

    Without ``trace_sigma``, ``‖λ‖₁`` is estimated by ``mean_i ‖x_i‖²`` (unbiased for ``E‖x‖² = tr Σ``).
    """
    p = Path(path)
    if not p.is_file():
        raise InputError(f"--data {path}: no such file")
    try:
        z = np.load(p, allow_pickle=False)
        if not isinstance(z, np.lib.npyio.NpzFile):
            raise InputError(f"--data {path}: not an .npz archive (a single .npy array was found)")
        with z:
            arrays = {k: z[k] for k in z.files}
    except InputError:
        raise
    except (OSError, ValueError, zipfile.BadZipFile, EOFError) as exc:
        raise InputError(f"--data {path}: not a readable .npz file ({type(exc).__name__})") from None
    for key in ("X", "y"):
        if key not in arrays:
            raise InputError(f"--data {path}: missing array {key!r} (found {sorted(arrays)})")
    X, y = arrays["X"], arrays["y"]
    if X.dtype.kind not in "fiu" or y.dtype.kind not in "fiu":
        raise InputError(f"--data {path}: X and y must be numeric (got {X.dtype}, {y.dtype})")
    if X.ndim != 2:
        raise InputError(f"--data {path}: X must be 2-D (n×d), got shape {X.shape}")
    if y.ndim != 1 or y.shape[0] != X.shape[0]:
        raise InputError(f"--data {path}: y must have shape ({X.shape[0]},) to match X {X.shape}, got {y.shape}")
    if X.shape[0] < 2:
        raise InputError(f"--data {path}: need at least 2 examples, got {X.shape[0]}")
    if not np.all(np.isfinite(X)):
        raise InputError(f"--data {path}: X contains NaN or Inf ({int((~np.isfinite(X)).sum())} entries)")
    if not np.all(np.isfinite(y)):
        raise InputError(f"--data {path}: y contains NaN or Inf")
    Xt = torch.as_tensor(X, dtype=DEFAULT_DTYPE)
    if np.any(np.all(X == 0, axis=1)):
        raise InputError(f"--data {path}: X has an all-zero row")
    estimated = "trace_sigma" not in arrays
    if estimated:
        tr = float((Xt * Xt).sum(1).mean())
    else:
        ts = arrays["trace_sigma"]
        if ts.size != 1 or ts.dtype.kind not in "fiu" or not math.isfinite(float(ts)) or float(ts) <= 0:
            raise InputError(f"--data {path}: trace_sigma must be one positive finite number, got {ts!r}")
        tr = float(ts)
    K = gram(Xt, device)
    return Dataset(X=Xt.to(K.device), y=torch.as_tensor(y, dtype=DEFAULT_DTYPE, device=K.device), K=K,
                   trace_sigma=tr, trace_sigma_estimated=estimated, kind=f"user:{p.name}",
                   info={"d": int(X.shape[1]), "path": str(p)})
