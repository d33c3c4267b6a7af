"""Covariance spectra ``λ ∈ R^d`` of the anisotropic data ``x = Σ^{1/2} z``, without materialising λ.

A ``Spectrum`` knows its power sums ``Σλ^p`` exactly (closed forms; Hurwitz-zeta differences for the
power law), its distinct values when there are few (isotropic, spike), and its entries on any index range
(for the columns a sampler draws explicitly). ``d = 1e9`` never allocates a length-d vector.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

import torch

from ..runtime.errors import InputError

SPECTRA_HELP = "isotropic | power:A (λ_k = k^-A) | spike:K:R (first K eigenvalues R times the rest)"


@dataclass(frozen=True)
class Spectrum:
    """``kind`` ∈ {isotropic, power, spike}; ``d`` entries; ``a`` = exponent A or spike ratio R; ``k`` = spike size."""

    kind: str
    d: int
    a: float = 0.0
    k: int = 0

    @property
    def spec(self) -> str:
        return {"isotropic": "isotropic", "power": f"power:{self.a:g}", "spike": f"spike:{self.k}:{self.a:g}"}[self.kind]

    def groups(self) -> list[tuple[float, int]] | None:
        """``[(value, multiplicity), ...]`` when the spectrum has few distinct values, else ``None``."""
        if self.kind == "isotropic":
            return [(1.0, self.d)]
        if self.kind == "spike":
            return [(v, c) for v, c in ((self.a, self.k), (1.0, self.d - self.k)) if c > 0]
        return None

    def values(self, start: int, stop: int) -> torch.Tensor:
        """``λ_k`` for 0-based indices ``start ≤ k < stop`` (float64)."""
        idx = torch.arange(start, stop, dtype=torch.float64)
        if self.kind == "isotropic":
            return torch.ones_like(idx)
        if self.kind == "power":
            return (idx + 1) ** (-self.a)
        return torch.where(idx < self.k, torch.full_like(idx, self.a), torch.ones_like(idx))

    def power_sum(self, p: float, start: int = 0, stop: int | None = None) -> float:
        """``Σ_{start ≤ k < stop} λ_k^p`` exactly (to float64 rounding)."""
        stop = self.d if stop is None else stop
        if stop <= start:
            return 0.0
        if self.kind == "isotropic":
            return float(stop - start)
        if self.kind == "spike":
            hi = max(0, min(stop, self.k) - start)
            return hi * self.a ** p + (stop - start - hi)
        return _power_law_sum(self.a * p, start + 1, stop)

    @property
    def l1(self) -> float:
        return self.power_sum(1)

    @property
    def l2(self) -> float:
        return math.sqrt(self.power_sum(2))

    def dense(self) -> torch.Tensor:
        """All of λ (only for explicit sampling, where X of n×d is formed anyway)."""
        return self.values(0, self.d)


_DIRECT = 2_000  # terms summed directly before Euler–Maclaurin takes over (k ≥ 2e3: remainder ≲ 1e-18 relative)


@lru_cache(maxsize=8192)
def _power_law_sum(s: float, a: int, b: int) -> float:
    """``Σ_{k=a}^{b} k^{-s}`` (1 ≤ a ≤ b): the first ``_DIRECT`` terms directly, the rest by Euler–Maclaurin,
    ``∫_a^b k^{-s}dk + (f(a)+f(b))/2 + (f′(b)−f′(a))/12 − (f‴(b)−f‴(a))/720``, remainder O(a^{-s-5})
    (tested against mpmath's Hurwitz ζ differences)."""
    if b < a:
        return 0.0
    cut = min(b, a + _DIRECT - 1)
    k = torch.arange(a, cut + 1, dtype=torch.float64)
    total = float((k ** (-s)).sum())
    if cut == b:
        return total
    a = cut + 1
    r = math.log1p((b - a) / a)  # log(b/a), accurate for close a, b
    integral = a ** (1 - s) * math.expm1((1 - s) * r) / (1 - s) if abs(1 - s) > 1e-12 else r
    f = lambda x: x ** (-s)  # noqa: E731
    d1 = lambda x: -s * x ** (-s - 1)  # noqa: E731
    d3 = lambda x: -s * (s + 1) * (s + 2) * x ** (-s - 3)  # noqa: E731
    return total + integral + (f(a) + f(b)) / 2 + (d1(b) - d1(a)) / 12 - (d3(b) - d3(a)) / 720


def parse_spectrum(spec: str, d: int) -> Spectrum:
    """A ``Spectrum`` from its spec string (see ``SPECTRA_HELP``); a malformed spec is an ``InputError``."""
    parts = str(spec).split(":")
    try:
        if parts[0] == "isotropic" and len(parts) == 1:
            return Spectrum("isotropic", d)
        if parts[0] == "power" and len(parts) == 2:
            a = float(parts[1])
            if not (0.0 <= a < 1.0):
                raise InputError(f"spectrum power:A needs 0 <= A < 1 so that ‖λ‖₁ grows with d, got A={a}")
            return Spectrum("power", d, a=a)
        if parts[0] == "spike" and len(parts) == 3:
            k, r = int(parts[1]), float(parts[2])
            if not (0 <= k <= d and r > 0 and math.isfinite(r)):
                raise InputError(f"spectrum spike:K:R needs 0 <= K <= d and R > 0, got {spec!r}")
            return Spectrum("spike", d, a=r, k=k)
    except ValueError as exc:
        if isinstance(exc, InputError):
            raise
        raise InputError(f"malformed spectrum {spec!r}: expected {SPECTRA_HELP}") from None
    raise InputError(f"unknown spectrum {spec!r}: expected {SPECTRA_HELP}")
