"""Rigorous enclosures of the Gram matrix ``K = XXᵀ`` of float64 data, in three modes (each says which
and why in the certificate's ``data``):

* ``exact``: ``K`` computed exactly in integers (every float64 is ``m·2^e``; with a common exponent the
  products and sums are exact in FLINT's ``fmpz``), then rounded once into balls at the working precision.
  No assumption at all; ``O(n·d)`` Python-level conversions, so only for ``n·d ≤ EXACT_MAX_ENTRIES``.
* ``apriori``: the float64 product ``fl(XXᵀ)`` (numpy/BLAS) with Higham's a-priori bound
  ``|fl(K_ij) − K_ij| ≤ γ_d Σ_k|x_ik||x_jk| + τ``, ``γ_d = du/(1−du)``, ``u = 2⁻⁵³``, ``τ = d·2⁻¹⁰⁷³``
  (gradual underflow), and ``Σ_k|x_ik||x_jk| ≤ ‖x_i‖‖x_j‖`` with ``‖x_i‖² ≤ (fl(K_ii)+τ)/(1−γ_d)``: one BLAS
  Gram plus ``O(n²)``, so ``d = 10⁶`` stays cheap. Assumes every entry of ``fl(XXᵀ)`` is a sum of the ``d``
  products evaluated in some order in IEEE binary64 round-to-nearest (FMA allowed; no Strassen-type or
  reduced-precision emulation), which conventional BLAS kernels satisfy. The radii are evaluated in
  float64 with one ulp of upward rounding after every operation.
* ``given-K``: only ``K`` is available (X not kept, or sampled from its law without forming X): the
  certificate is *about this K*, its float64 entries taken as exact (an asymmetry ``K_ij ≠ K_ji`` is
  enclosed in the ball).
"""
from __future__ import annotations

import numpy as np
from flint import arb, arb_mat, fmpq, fmpz_mat

from .arb import up, working_precision
from .certificate import NOT_PROVABLE, PROVED, Condition

EXACT_MAX_ENTRIES = 1_000_000  # n·d up to which the exact integer Gram is affordable (≈ 5 s of Python conversions)
_TAU_EXP = -1073  # d·2^-1073 ≥ d·(1+γ_d)·2^-1075: the underflow term of d products (half the smallest subnormal each)


class _FloatBalls:
    """A float64 midpoint ``_mid`` with radius ``_rad``: the enclosure at any precision, no exact rank."""

    def mid(self) -> np.ndarray:
        return self._mid

    def at(self, prec: int) -> arb_mat:
        return _balls(self._mid, self._rad)

    def exact_rank(self, idx=None) -> int | None:
        return None


class GivenGram(_FloatBalls):
    """``K`` as given (float64 entries exact); the ball of each pair covers ``K_ij`` and ``K_ji``."""

    mode = "given-K"

    def __init__(self, K: np.ndarray, why: str = ""):
        K = np.asarray(K, dtype=np.float64)
        if K.ndim != 2 or K.shape[0] != K.shape[1]:
            raise ValueError(f"K must be square, got shape {K.shape}")
        self.n = K.shape[0]
        self.finite = bool(np.all(np.isfinite(K)))
        Ku = np.triu(K) + np.triu(K, 1).T
        r = np.abs(K - K.T)
        self._mid = Ku
        self._rad = np.where(r > 0, np.nextafter(r, np.inf), 0.0) if self.finite else r
        self.why = why or "only the Gram matrix is available: the certificate is about this float64 K, taken as exact"

    def describe(self) -> dict:
        return {"gram": self.mode, "why": self.why, "n": self.n,
                "asymmetry": float(self._rad.max()) if self.finite else None,
                "rounding_model": "none: K's float64 entries are the data (nothing about any X is claimed)"}


class AprioriGram(_FloatBalls):
    """``fl(XXᵀ)`` (numpy/BLAS) with a rigorous a-priori rounding-error radius (module docstring)."""

    mode = "apriori"

    def __init__(self, X: np.ndarray, why: str = ""):
        X = np.asarray(X, dtype=np.float64)
        self.n, self.d = X.shape
        Kf = X @ X.T
        Kf = np.triu(Kf) + np.triu(Kf, 1).T  # both fl(K_ij) and fl(K_ji) obey the bound: keep one
        self.finite = bool(np.all(np.isfinite(Kf)))
        d = self.d
        tau = float(d) * 2.0 ** _TAU_EXP  # exact: 2d·2^-1074 with 2d < 2^52
        gamma = _upper(fmpq(d, 2 ** 53 - d))  # γ_d = du/(1 − du) = d/(2^53 − d)
        inv1mg = _upper(fmpq(2 ** 53 - d, 2 ** 53 - 2 * d))  # 1/(1 − γ_d)
        with np.errstate(over="ignore", invalid="ignore"):
            kbar = up_(up_(np.diag(Kf) + tau) * inv1mg)  # ≥ ‖x_i‖²
            s = up_(np.sqrt(kbar))  # ≥ ‖x_i‖
            rad = up_(up_(gamma * up_(np.outer(s, s))) + tau)
        self.finite = self.finite and bool(np.all(np.isfinite(rad)))
        self._mid, self._rad, self.gamma = Kf, rad, gamma
        with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
            sq = np.sqrt(np.abs(np.diag(Kf)))
            rel = rad / sq[:, None] / sq[None, :]  # reported only (not used in any proof)
        self.max_rel = float(np.nanmax(rel)) if self.finite else float("inf")
        self.why = why or (f"n·d = {self.n * self.d:.3g}: one float64 BLAS Gram plus an O(n²) a-priori bound instead of "
                           f"an exact product of n²d terms")

    def describe(self) -> dict:
        return {"gram": self.mode, "why": self.why, "n": self.n, "d": self.d,
                "gamma_d": self.gamma, "max_relative_radius": self.max_rel,
                "rounding_model": ("fl(XXᵀ) by numpy's BLAS: each entry a sum of d float64 products in some order, "
                                   "IEEE-754 binary64 round-to-nearest (FMA allowed, no Strassen-type or "
                                   "reduced-precision emulation); |fl(K_ij) − K_ij| ≤ γ_d‖x_i‖‖x_j‖ + d·2^-1073, "
                                   "γ_d = du/(1−du), u = 2^-53, ‖x_i‖² ≤ (fl(K_ii) + d·2^-1073)/(1 − γ_d); radii "
                                   "evaluated with one ulp of upward rounding per float operation")}


class ExactGram:
    """``K = XXᵀ`` exactly: integer mantissas with a common exponent, multiplied in ``fmpz``."""

    mode = "exact"

    def __init__(self, X: np.ndarray, why: str = ""):
        X = np.asarray(X, dtype=np.float64)
        if not np.all(np.isfinite(X)):
            raise ValueError("X has non-finite entries")
        self.n, self.d = X.shape
        m, e = np.frexp(X)
        mant = (m * 2.0 ** 53).astype(np.int64)  # exact: |m| ∈ [½, 1)
        ex = e.astype(np.int64) - 53
        nz = mant != 0
        self.emin = int(ex[nz].min()) if nz.any() else 0
        sh = np.where(nz, ex - self.emin, 0)
        rows = [[int(a) << int(s) for a, s in zip(ra, rs)] for ra, rs in zip(mant.tolist(), sh.tolist())]
        M = fmpz_mat(rows)
        self.G = M * M.transpose()  # K = G · 2^(2 emin), exactly
        self._mid = X @ X.T  # a float approximation, only used to precondition proofs
        self.finite = True
        self.why = why or (f"n·d = {self.n * self.d:.3g} ≤ {EXACT_MAX_ENTRIES:.0e}: K = XXᵀ computed exactly in integers "
                           f"(no rounding model needed)")

    def mid(self) -> np.ndarray:
        return self._mid

    def at(self, prec: int) -> arb_mat:
        return arb_mat(self.G) * (arb(2) ** (2 * self.emin))  # one rounding per entry; the power of 2 is exact

    def exact_rank(self, idx=None) -> int:
        """The exact rank of ``K`` (or of ``K[idx, idx]``)."""
        if idx is None:
            return int(self.G.rank())
        idx = list(idx)
        if not idx:
            return 0
        return int(fmpz_mat([[self.G[i, j] for j in idx] for i in idx]).rank())

    def describe(self) -> dict:
        return {"gram": self.mode, "why": self.why, "n": self.n, "d": self.d,
                "rounding_model": "none: K = XXᵀ exact in integer arithmetic, rounded once to the working precision"}


def up_(a):
    """Elementwise one ulp up (after a round-to-nearest operation on non-negative values: an upper bound)."""
    return np.nextafter(a, np.inf)


def _upper(q: fmpq) -> float:
    """A float64 upper bound of the rational ``q``."""
    with working_precision(128):
        return up(float(arb(q).upper()))


def _balls(mid: np.ndarray, rad: np.ndarray) -> arb_mat:
    n = mid.shape[0]
    ml, rl = mid.tolist(), rad.tolist()
    return arb_mat(n, n, [arb(ml[i][j], rl[i][j]) if rl[i][j] else arb(ml[i][j]) for i in range(n) for j in range(n)])


def gram_enclosure(src, prec: int, conds: list) -> arb_mat | None:
    """Append the ``gram_enclosure`` condition to ``conds``; K's balls at ``prec``, or ``None`` when the enclosure
    overflowed (nothing downstream can then be proved)."""
    if not src.finite:
        conds.append(Condition("gram_enclosure", NOT_PROVABLE, "the Gram enclosure is not finite (overflow)"))
        return None
    conds.append(Condition("gram_enclosure", PROVED, f"K enclosed in balls ({src.mode}; see data)"))
    return src.at(prec)


def schedule(X: np.ndarray | None, K: np.ndarray | None, gram: str = "auto", precisions=(64, 128, 256),
             given_why: str = "") -> list:
    """The attempts ``[(source, precision), ...]`` for the data at hand (sources are built lazily, once).

    ``auto``: the a-priori Gram first (cheap); if a condition is undecided and ``n·d ≤ EXACT_MAX_ENTRIES``,
    the exact Gram at the higher precisions. Without ``X``: ``given-K`` at every precision.
    """
    if gram not in ("auto", "apriori", "exact"):
        raise ValueError(f"gram must be auto, apriori or exact, got {gram!r}")
    if X is None:
        if K is None:
            raise ValueError("need X or K")
        src = _Lazy(lambda: GivenGram(K, given_why), "given-K")
        return [(src, p) for p in precisions]
    X = np.asarray(X)
    n, d = X.shape
    ap = _Lazy(lambda: AprioriGram(X), "apriori")
    ex = _Lazy(lambda: ExactGram(X), "exact")
    if gram == "apriori":
        return [(ap, p) for p in precisions]
    if gram == "exact":
        return [(ex, p) for p in precisions]
    if n * d <= EXACT_MAX_ENTRIES:
        return [(ap, precisions[0])] + [(ex, p) for p in precisions[1:]]
    return [(ap, p) for p in precisions]


class _Lazy:
    """Builds its Gram source on first use and reuses it for later attempts."""

    def __init__(self, build, mode):
        self._build, self._src, self.mode = build, None, mode

    def __getattr__(self, name):
        if name.startswith("_"):
            raise AttributeError(name)
        if self._src is None:
            self._src = self._build()
        return getattr(self._src, name)
