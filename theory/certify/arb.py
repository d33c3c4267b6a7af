"""Ball-arithmetic helpers on python-flint's ``arb`` (FLINT's midpoint–radius balls).

Every ``arb`` operation returns a ball that contains the exact result for every point of its input balls
(the inclusion principle), so a sign read off an endpoint is a proof about the exact quantity. Float64
inputs are converted exactly (53-bit mantissas fit every working precision used here). Endpoints go back
to float64 rounded outward, so a reported ``[lo, hi]`` still contains the exact value.
"""
from __future__ import annotations

import math
from contextlib import contextmanager

import flint
import numpy as np
from flint import arb, arb_mat

from .outcomes import NOT_PROVABLE, PROVED, REFUTED

PRECISIONS = (64, 128, 256)  # the working-precision ladder (bits): retry higher before giving up
MIN_PREC = 53  # float64 → arb is exact at ≥ 53 bits


@contextmanager
def working_precision(bits: int):
    """Set FLINT's global working precision for the block and restore it afterwards."""
    if bits < MIN_PREC:
        raise ValueError(f"working precision {bits} < {MIN_PREC} bits would round float64 data")
    old = flint.ctx.prec
    flint.ctx.prec = int(bits)
    try:
        yield
    finally:
        flint.ctx.prec = old


def exact(x) -> arb:
    """The float64 ``x`` as an exact (zero-radius) ball."""
    v = float(x)
    if not math.isfinite(v):
        raise ValueError(f"non-finite value {v!r} cannot be certified")
    return arb(v)


def column(values) -> arb_mat:
    """An ``n × 1`` ball matrix from balls or float64 numbers (floats are exact)."""
    vals = [v if isinstance(v, arb) else exact(v) for v in values]
    return arb_mat(len(vals), 1, vals)


def matrix(A: np.ndarray) -> arb_mat:
    """A float64 matrix as an exact ball matrix."""
    A = np.asarray(A, dtype=np.float64)
    if not np.all(np.isfinite(A)):
        raise ValueError("non-finite matrix entry cannot be certified")
    return arb_mat(A.tolist())


def entries(M: arb_mat) -> list[arb]:
    """Row-major entries of a ball matrix (a column gives its vector)."""
    return list(M.entries())


def is_finite(x: arb) -> bool:
    return bool(x.is_finite())


def down(v: float) -> float:
    return float(np.nextafter(v, -np.inf))


def up(v: float) -> float:
    return float(np.nextafter(v, np.inf))


def endpoints(x: arb) -> list[float | None]:
    """``[lo, hi]`` as float64 rounded outward (``None`` for a non-finite endpoint)."""
    if not x.is_finite():
        return [None, None]
    lo, hi = float(x.lower()), float(x.upper())
    return [down(lo) if math.isfinite(lo) else None, up(hi) if math.isfinite(hi) else None]


def from_endpoints(lo: arb, hi: arb) -> arb:
    """The smallest ball containing ``[lo, hi]`` (as FLINT can represent it)."""
    return lo.union(hi)


def ball_min(xs) -> arb:
    """Enclosure of ``min_i x_i`` for exact values in the balls ``x_i``."""
    out = None
    for x in xs:
        out = x if out is None else out.min(x)
    return out


def ball_max(xs) -> arb:
    """Enclosure of ``max_i x_i``."""
    out = None
    for x in xs:
        out = x if out is None else out.max(x)
    return out


def nonneg_sqrt(x: arb) -> arb:
    """``√x`` for an exact value known to be ≥ 0 (e.g. a squared norm): the ball's negative part is cut."""
    return x.nonnegative_part().sqrt()


def solve(A: arb_mat, B: arb_mat) -> arb_mat | None:
    """Enclosure of ``A⁻¹B`` valid for every matrix in the ball ``A``; ``None`` if FLINT could not prove ``A``
    nonsingular at this precision (arb_mat_solve: LU or preconditioned LU with pivots proved nonzero)."""
    if A.nrows() == 0:
        return arb_mat(0, B.ncols())
    try:
        X = A.solve(B)
    except ZeroDivisionError:
        return None
    if not all(x.is_finite() for x in X.entries()):
        return None
    return X


def positive_definite(K: arb_mat, mid: np.ndarray) -> tuple[str, str, list | None]:
    """Prove that every symmetric matrix in the ball ``K`` is positive definite.

    Congruence + Gershgorin: ``L`` is the float Cholesky factor of the midpoint and ``T = L⁻¹`` (float
    numbers, exact as balls; lower triangular with a nonzero diagonal, hence nonsingular), so ``K ≻ 0 ⟺
    C = TKTᵀ ≻ 0``; ``C`` is enclosed in balls and its Gershgorin discs ``C_ii − Σ_{j≠i}|C_ij| > 0`` prove
    ``λ_min(C) > 0`` (``C`` is symmetric for the symmetric exact ``K``). Returns ``(outcome, detail, bound)``
    with ``bound`` the enclosure of the smallest Gershgorin lower end. A diagonal ``C_ii < 0`` refutes
    (``vᵀKv < 0`` for the row ``v`` of ``T``).
    """
    n = K.nrows()
    if n == 0:
        return PROVED, "empty matrix", None
    try:
        L = np.linalg.cholesky(np.asarray(mid, dtype=np.float64))
        T = np.linalg.inv(L)
    except np.linalg.LinAlgError:
        return NOT_PROVABLE, ("the float Cholesky of the midpoint fails: K is numerically singular or "
                              "indefinite, so positive definiteness cannot be proved"), None
    T = np.tril(T)
    if not (np.all(np.isfinite(T)) and np.all(np.diag(T) != 0)):
        return NOT_PROVABLE, "the float inverse Cholesky factor is not finite (K numerically singular)", None
    Ta = matrix(T)
    C = Ta * K * Ta.transpose()
    discs = []
    for i in range(n):
        off = sum((abs(C[i, j]) for j in range(n) if j != i), arb(0))
        discs.append(C[i, i] - off)
    worst = min(range(n), key=lambda i: float(discs[i].lower()))
    bound = endpoints(discs[worst])
    if all(d.lower() > 0 for d in discs):
        return PROVED, (f"Gershgorin discs of C = L⁻¹K L⁻ᵀ (L the float Cholesky factor of the midpoint) lie in "
                        f"(0, ∞): λ_min(C) ≥ {bound[0]:.3g} > 0, hence K ≻ 0"), bound
    neg = [i for i in range(n) if C[i, i].upper() < 0]
    if neg:
        return REFUTED, f"vᵀKv < 0 for v = row {neg[0]} of L⁻¹: K is not positive semidefinite", \
            endpoints(C[neg[0], neg[0]])
    return NOT_PROVABLE, (f"Gershgorin disc {worst} of C = L⁻¹K L⁻ᵀ reaches 0 (lower end {bound[0]:.3g}): K is "
                          f"ill-conditioned or singular within the enclosure"), bound
