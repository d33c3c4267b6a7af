"""Degenerate user data, named: duplicated examples, linearly dependent rows, a single class.

A check whose exact reference solves with the Gram matrix K = XXᵀ (a min-norm interpolant, a closed-form KKT point)
needs linearly independent examples; a user dataset with a duplicated or collinear row is then bad input, refused
before any work with the rows named (``CheckSpec.independent_rows``). The same diagnosis turns a numerical failure
on user data that no check anticipated into one clear line instead of an internal error (``checks.runner``).
"""
from __future__ import annotations

import numpy as np

_SHOWN = 4  # pairs / rows named in a message before "and k more"


def _listed(items: list[str]) -> str:
    more = len(items) - _SHOWN
    return ", ".join(items[:_SHOWN]) + (f" and {more} more" if more > 0 else "")


def duplicate_rows(X: np.ndarray) -> list[tuple[int, int]]:
    """``(i, j)`` with ``i < j`` and ``X[j] == X[i]`` exactly, ``i`` the first occurrence."""
    _, first, inverse = np.unique(X, axis=0, return_index=True, return_inverse=True)
    inverse = np.asarray(inverse).reshape(-1)
    return [(int(first[inverse[j]]), j) for j in range(X.shape[0]) if first[inverse[j]] != j]


def numerical_rank(X: np.ndarray) -> int:
    """Rank with numpy's ``matrix_rank`` tolerance σ₁·max(n, d)·ε: singular values below it are what rounding of a
    float64 matrix of that size can produce, so the rows are dependent to working precision."""
    s = np.linalg.svd(np.asarray(X, dtype=np.float64), compute_uv=False)
    return int((s > s[0] * max(X.shape) * np.finfo(np.float64).eps).sum()) if s.size and s[0] > 0 else 0


def duplicates_text(dup: list[tuple[int, int]]) -> str:
    """``duplicated examples: rows 0, 1, 2 are identical, rows 3 and 5 are identical``."""
    groups: dict[int, list[int]] = {}
    for i, j in dup:
        groups.setdefault(i, [i]).append(j)
    parts = [(f"rows {', '.join(map(str, g[:-1]))} and {g[-1]}" if len(g) > 2 else f"rows {g[0]} and {g[1]}")
             + " are identical" for g in groups.values()]
    return "duplicated examples: " + _listed(parts)


def dependent_rows(X: np.ndarray) -> str | None:
    """``None`` when the n rows of X are linearly independent; else a phrase naming the rows: the duplicated ones,
    or the rows with a non-zero weight in some combination Σ c_i x_i = 0 (the left null space of X, by SVD)."""
    X = np.asarray(X, dtype=np.float64)
    n = X.shape[0]
    dup = duplicate_rows(X)
    if dup:
        return duplicates_text(dup)
    r = numerical_rank(X)
    if r == n:
        return None
    U, _, _ = np.linalg.svd(X, full_matrices=True)
    null = U[:, r:]  # cᵀX = 0 for each column c: the rows with a non-zero weight are the dependent ones
    rows = [str(i) for i in np.flatnonzero(np.abs(null).max(axis=1) > 1e-8 * np.abs(null).max())]
    return (f"linearly dependent examples: rank {r} < n = {n}" + (f" (d = {X.shape[1]} < n)" if X.shape[1] < n else "")
            + f"; rows {_listed(rows)} are linearly dependent")


def diagnose(X: np.ndarray, y: np.ndarray) -> str | None:
    """What is degenerate about a dataset (dependent rows, a single label value), or ``None``."""
    why = dependent_rows(X) if X.shape[0] <= X.shape[1] else None
    if why is None and X.shape[0] > X.shape[1]:
        dup = duplicate_rows(np.asarray(X, dtype=np.float64))
        why = duplicates_text(dup) if dup else None
        if why is None and numerical_rank(X) < X.shape[1]:
            why = f"rank-deficient X: rank {numerical_rank(X)} < d = {X.shape[1]} (collinear features)"
    if why is None and np.unique(np.asarray(y)).size == 1:
        why = f"a single label value ({np.asarray(y).reshape(-1)[0]:g}) for all {len(y)} examples"
    return why
