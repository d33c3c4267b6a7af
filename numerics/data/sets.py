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

from . import gram_law
from ..runtime.device import DEFAULT_DTYPE, generator
from ..runtime.errors import InputError
from ..runtime.memory import require
from .spectra import SPECTRA_HELP, Spectrum, parse_spectrum  # noqa: F401  (SPECTRA_HELP re-exported)

LABELS_HELP = "uniform (|y| ~ U[y_low, y_high], exact sign counts) | gaussian | pm1"
SAMPLERS = ("auto", "gram", "explicit")
SAMPLER_HELP = ("gram: sample K = XXᵀ (and what else the check consumes) from its exact law without forming X "
                "(numerics.data.gram_law); explicit: draw X ∈ R^{n×d}; auto: gram unless the check needs X itself")


@dataclass
class Dataset:
    """Training data with its Gram matrix; ``X`` is None when K was sampled from its law (Gram law)."""

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
    """Covariance eigenvalues ``λ ∈ R^d`` for a spectrum spec (see ``SPECTRA_HELP``), as a dense vector."""
    return parse_spectrum(spec, d).dense()


def resolve_sampler(sampler: str, n: int, d: int, *, needs_X: bool = False) -> str:
    """``gram`` or ``explicit`` for a request; explicit X beyond the machine's memory is refused (exit 2)."""
    if sampler not in SAMPLERS:
        raise InputError(f"unknown sampler {sampler!r}: expected {', '.join(SAMPLERS)}")
    law = "explicit" if (sampler == "explicit" or (sampler == "auto" and needs_X)) else "gram"
    if law == "explicit":
        require(8.0 * n * d + 8.0 * n * n, f"an explicit X of {n}×{d} float64", "use sampler=gram (the exact Gram law)")
    require(8.0 * 4 * n * n, f"K of {n}×{n} float64", "reduce n")
    return law


def stream_generator(seed: int, stream: int) -> torch.Generator:
    """The CPU generator of stream ``stream`` of a data seed: seed ``1 000 003·seed + stream``. Features, labels and
    each fixture's extra draws take their own stream, so the labels of a seed do not change when d changes."""
    return generator(1_000_003 * int(seed) + stream)


_stream = stream_generator  # the former private name, kept for paper packages outside this tree until 0.3


def signed_labels(n: int, seed: int, labels: str = "uniform", y_low: float = 1.0, y_high: float = 2.0,
                  pos_frac: float = 0.5) -> torch.Tensor:
    """Labels with exactly ``round(pos_frac·n)`` positives (``uniform``, ``pm1``) or i.i.d. ``N(0,1)``."""
    g = stream_generator(seed, 1)
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
    X = torch.randn(n, d, generator=stream_generator(seed, 2), dtype=DEFAULT_DTYPE)
    if spec != "isotropic":
        X.mul_(lam.sqrt())
    return X, lam


def gaussian_gram(n: int, d: int, seed: int, spec: str = "isotropic") -> tuple[torch.Tensor, Spectrum, dict]:
    """``K`` of ``gaussian_features(n, d, seed, spec)``'s law, sampled without forming X (numerics.data.gram_law)."""
    sp_ = parse_spectrum(spec, d)
    K, info = gram_law.gaussian_gram(n, sp_, gram_law.rng(seed, gram_law.STREAM_GRAM))
    return gram_law.as_tensor(K), sp_, info


def gram(X: torch.Tensor, device: torch.device | None = None) -> torch.Tensor:
    """``K = X Xᵀ`` on ``device`` (the only O(n²d) work of a span-reduced check)."""
    Xd = X.to(device) if device is not None else X
    return Xd @ Xd.T


def make_gaussian(n: int, d: int, seed: int, *, spec: str = "isotropic", labels: str = "uniform",
                  y_low: float = 1.0, y_high: float = 2.0, pos_frac: float = 0.5,
                  device: torch.device | None = None, keep_X: bool = True, sampler: str = "explicit") -> Dataset:
    """The catalogue's default regression data: Gaussian features with spectrum ``spec``, signed labels.

    ``sampler="gram"`` draws K from its exact law (``X`` is then None); ``"explicit"`` draws X.
    """
    check_positive_int("n", n, minimum=2)
    check_positive_int("d", d, minimum=1)
    law = resolve_sampler(sampler, n, d, needs_X=False)
    y = signed_labels(n, seed, labels, y_low, y_high, pos_frac)
    info = {"d": d, "spectrum": spec, "labels": labels, "seed": seed}
    if law == "gram":
        K, sp_, how = gaussian_gram(n, d, seed, spec)
        K = K.to(device) if device is not None else K
        return Dataset(X=None, y=y.to(K.device), K=K, trace_sigma=sp_.l1, kind="gaussian", lam_l2=sp_.l2,
                       info={**info, "sampler": how})
    X, lam = gaussian_features(n, d, seed, spec)
    K = gram(X, device)
    return Dataset(X=X.to(device) if (keep_X and device is not None) else (X if keep_X else None),
                   y=y.to(K.device), K=K, trace_sigma=float(lam.sum()), kind="gaussian",
                   lam_l2=float(lam.norm()), info={**info, "sampler": {"law": "explicit", "method": "X drawn"}})


def check_positive_int(name: str, value, minimum: int = 1) -> int:
    if not isinstance(value, (int, np.integer)) or isinstance(value, bool) or value < minimum:
        raise InputError(f"parameter {name} must be an integer >= {minimum}, got {value!r}")
    return int(value)


def read_npz(path: str | Path, required: tuple[str, ...] = ("X", "y")) -> dict[str, np.ndarray]:
    """Every array of a user's ``.npz`` (no pickles); ``InputError`` naming the problem when the path is not a
    readable archive or lacks one of ``required``."""
    p = Path(path)
    if p.is_dir():
        raise InputError(f"--data {path}: is a directory, not an .npz file")
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
    for key in required:
        if key not in arrays:
            raise InputError(f"--data {path}: missing array {key!r} (found {sorted(arrays)})")
    return arrays


def check_examples(X: np.ndarray, y: np.ndarray, where: str, min_n: int = 1) -> None:
    """``InputError`` (prefixed by ``where``) unless ``y`` has one finite label per row of ``X``, there are at least
    ``min_n`` examples and ``X`` is finite: the shared part of every user-data reader's validation."""
    if y.ndim != 1 or y.shape[0] != X.shape[0]:
        raise InputError(f"{where}: y must have shape ({X.shape[0]},) to match X {X.shape}, got {y.shape}")
    if X.shape[0] < min_n:
        raise InputError(f"{where}: need at least {min_n} example{'s' if min_n > 1 else ''}, got {X.shape[0]}")
    if not np.all(np.isfinite(X)):
        raise InputError(f"{where}: X contains NaN or Inf ({int((~np.isfinite(X)).sum())} entries)")
    if not np.all(np.isfinite(y)):
        raise InputError(f"{where}: y contains NaN or Inf")


LABELS = ("signed", "real")  # a check's labels: classes by their sign (non-zero), or real targets (regression)


def as_signs(y: np.ndarray, where: str) -> tuple[np.ndarray, str]:
    """Labels of a binary claim as signs: booleans and {0, 1} are read as ±1 (False/0 → −1, True/1 → +1), returned
    with a one-line note saying so; any other zero label is refused (``InputError``): the sign of y_i is the class,
    and y_i = 0 belongs to neither. Non-zero labels of any magnitude pass unchanged (some claims weigh by |y_i|)."""
    y = np.asarray(y)
    if y.dtype.kind == "b":
        return np.where(y, 1.0, -1.0), f"{where}: boolean labels read as ±1 (False → −1, True → +1)"
    values = set(np.unique(y).tolist())
    if values == {0, 1}:
        return 2.0 * y.astype(np.float64) - 1.0, f"{where}: labels {{0, 1}} read as ±1 (0 → −1, 1 → +1)"
    zeros = int(np.sum(y == 0))
    if zeros:
        raise InputError(f"{where}: {zeros} zero label{'s' if zeros > 1 else ''} (y_{int(np.argmax(y == 0))} = 0): "
                         "this claim's labels are signs, ±1 or non-zero (a {0, 1} or boolean y is read as ±1)")
    return y, ""


def load_npz(path: str | Path, device: torch.device | None = None) -> Dataset:
    """A user dataset: ``.npz`` with ``X`` (n×d), ``y`` (n) and optionally ``trace_sigma``.

    Without ``trace_sigma``, ``‖λ‖₁`` is estimated by ``mean_i ‖x_i‖²`` (unbiased for ``E‖x‖² = tr Σ``).
    """
    p = Path(path)
    arrays = read_npz(p)
    X, y = arrays["X"], arrays["y"]
    if X.dtype.kind not in "fiu" or y.dtype.kind not in "fiub":
        raise InputError(f"--data {path}: X and y must be numeric (got {X.dtype}, {y.dtype})")
    if X.ndim != 2:
        raise InputError(f"--data {path}: X must be 2-D (n×d), got shape {X.shape}")
    y = y.astype(np.float64) if y.dtype.kind == "b" else y  # read as ±1 by a binary claim (as_signs)
    check_examples(X, y, f"--data {path}", min_n=2)
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
                   info={"d": int(X.shape[1]), "path": str(p), "sampler": {"law": "explicit", "method": "user data"},
                         **({"y_boolean": True} if arrays["y"].dtype.kind == "b" else {})})
