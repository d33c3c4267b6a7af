"""The small fixed cases the pinned tests feed the checks (n ≤ 8, hand-checkable, deliberately asymmetric; shared:
several papers' checks read the same data).

Each case is plain numbers: positives and negatives with different label ranges, Gram matrices with negative
off-diagonal entries, so that a quantity computed over the wrong subset, with a dropped absolute value or with
the other class's range gives a different number. Each is named by its shape (separable, diagonal-network,
non-separable, orthogonal, ReLU regression, classification), not by a paper that reads it.
"""
from __future__ import annotations

import warnings

import numpy as np
import torch

from ibcheck.numerics.data.sets import Dataset

# ReLU regression (RELU_REGRESSION_*): n = 6 regression examples in d = 8, near-orthogonal rows (K ≈ I with entries ±0.01–0.02, some negative);
# the most negative eigenvalue of K/‖λ‖₁ − I (≈ −0.26, row norm 0.85) outweighs the most positive (≈ +0.12), so
# ‖K/‖λ‖₁ − I‖₂ taken without the absolute value differs.
# Positives |y| ∈ [1.0, 2.0], negatives |y| ∈ [0.5, 1.2]: y_min/y_max differ between the classes and overall.
RELU_REGRESSION_X = np.array([
    [1.00, 0.00, 0.00, 0.00, 0.00, 0.00, 0.10, 0.05],
    [0.00, 0.95, 0.00, 0.00, 0.00, 0.00, -0.10, 0.10],
    [0.00, 0.00, 1.05, 0.00, 0.00, 0.00, 0.05, -0.10],
    [0.00, 0.00, 0.00, 0.85, 0.00, 0.00, 0.10, -0.05],
    [0.00, 0.00, 0.00, 0.00, 1.02, 0.00, -0.05, 0.10],
    [0.00, 0.00, 0.00, 0.00, 0.00, 1.00, 0.10, 0.00],
])
RELU_REGRESSION_Y = np.array([1.5, -0.5, 1.0, -1.2, 2.0, -0.8])
RELU_REGRESSION_TRACE = 1.0  # ‖λ‖₁ given, not estimated


def relu_regression_dataset(y: np.ndarray = RELU_REGRESSION_Y) -> Dataset:
    X = torch.tensor(RELU_REGRESSION_X, dtype=torch.float64)
    return Dataset(X=X, y=torch.tensor(y, dtype=torch.float64), K=X @ X.T, trace_sigma=RELU_REGRESSION_TRACE, kind="fixed")


# leaky two-layer classification (CLASSIFICATION_*): n = 6 examples in d = 8, labels ±1 (4 positives, 2 negatives), nearly orthogonal rows of different
# norms (R_max/R_min = 1.25) with negative and positive overlaps ⟨x_i, x_k⟩ — inside (H) for γ = 1/2 at small n.
CLASSIFICATION_X = np.array([
    [2.00, 0.00, 0.00, 0.00, 0.00, 0.00, 0.05, 0.02],
    [0.00, 1.80, 0.00, 0.00, 0.00, 0.00, -0.04, 0.03],
    [0.00, 0.00, 2.20, 0.00, 0.00, 0.00, 0.03, -0.05],
    [0.00, 0.00, 0.00, 1.90, 0.00, 0.00, 0.02, 0.04],
    [0.00, 0.00, 0.00, 0.00, 2.10, 0.00, -0.05, -0.02],
    [0.00, 0.00, 0.00, 0.00, 0.00, 2.25, 0.04, 0.01],
])
CLASSIFICATION_Y = np.array([1.0, 1.0, -1.0, 1.0, -1.0, 1.0])


def classification_dataset() -> Dataset:
    X = torch.tensor(CLASSIFICATION_X, dtype=torch.float64)
    return Dataset(X=X, y=torch.tensor(CLASSIFICATION_Y, dtype=torch.float64), K=X @ X.T,
                   trace_sigma=float((X * X).sum(1).mean()), kind="fixed")


# linear separable logistic regression (SEPARABLE_*, ±1 labels): n = 5 in d = 2. The support vectors are the two negatives
# (SVM duals 0.520 and 0.662, distinct); the positives sit far out (θ = min non-support margin = 2.17).
SEPARABLE_X = np.array([[2.0, 1.0], [1.0, 2.5], [3.0, 3.0], [-1.0, -0.4], [-0.2, -1.0]])
SEPARABLE_Y = np.array([1.0, 1.0, 1.0, -1.0, -1.0])
# the same with the last negative moved to (−0.6, −1.8): one support vector only, rank Z_S = 1 < rank Z = 2
SEPARABLE_X_RANK1 = np.array([[2.0, 1.0], [1.0, 2.5], [3.0, 3.0], [-1.0, -0.4], [-0.6, -1.8]])


def labelled(X: np.ndarray, y: np.ndarray, kind: str = "fixed") -> Dataset:
    Xt = torch.tensor(X, dtype=torch.float64)
    return Dataset(X=Xt, y=torch.tensor(y, dtype=torch.float64), K=Xt @ Xt.T,
                   trace_sigma=float((Xt * Xt).sum(1).mean()), kind=kind)


# diagonal-network regression (DIAGONAL_*, d > n): n = 3 in d = 5, labels of both signs and different sizes; X has a negative
# entry in every row, so argmin Q_α has coordinates of both signs (an absolute value dropped in ‖w‖₁ shows).
DIAGONAL_X = np.array([[1.0, 0.5, -0.3, 0.0, 0.8],
                   [-0.4, 1.2, 0.6, 0.9, 0.0],
                   [0.2, -0.7, 1.1, 0.3, -0.5]])
DIAGONAL_Y = np.array([1.5, -0.7, 0.3])


# non-separable logistic regression (NONSEPARABLE_*): z_i = y_i x_i in d = 4. Four non-separable points positively spanning S = span(e₁, e₂) (angles
# 27°, 97°, 194°, 281°) and three separable points with an S-component (mix) spread over S^⊥ = span(e₃, e₄) (so
# the direction ū in S^⊥ is a genuine max-margin direction, approached like 1/log t); labels alternate so
# X = y·Z differs from Z.
NONSEPARABLE_Z = np.array([[1.0, 0.5, 0.0, 0.0], [-1.2, -0.3, 0.0, 0.0], [0.2, -1.0, 0.0, 0.0], [-0.1, 0.8, 0.0, 0.0],
                 [0.3, -0.2, 1.0, 0.4], [-0.5, 0.4, 2.0, -0.3], [0.1, 0.2, 0.5, 1.5]])
NONSEPARABLE_Y = np.array([1.0, -1.0, 1.0, -1.0, 1.0, -1.0, 1.0])


# ReLU square loss, orthogonal inputs (ORTHOGONAL_*): n = 4 nearly orthogonal inputs in d = 5 of different norms (overlaps ±0.0015–0.004 through the fifth
# coordinate, some negative), labels of both signs and different sizes: D₊ = ‖1.5x₁ + 0.6x₂‖/4 ≠ D₋.
ORTHOGONAL_X = np.array([[1.0, 0.0, 0.0, 0.0, 0.05], [0.0, 1.5, 0.0, 0.0, -0.08],
                       [0.0, 0.0, 0.8, 0.0, 0.03], [0.0, 0.0, 0.0, 1.2, -0.02]])
ORTHOGONAL_Y = np.array([1.5, 0.6, -1.0, -0.4])


def former_names() -> dict[str, str]:
    """The names before 0.2 → the current ones (deprecated; removed in 0.3). Each case was named after the first
    paper that read it, so that paper's manifest declares them (``PAPER["former_fixtures"]``, discovered: no shared
    file names a paper)."""
    from ibcheck.theory.papers import discover
    return {old: new for p in discover() for old, new in p.manifest.get("former_fixtures", {}).items()}


def __getattr__(name: str):
    """A former name still answers, with a ``DeprecationWarning`` naming its replacement."""
    new = former_names().get(name) if not name.startswith("__") else None
    if new is not None:
        warnings.warn(f"ibcheck.testing.fixed_cases.{name} is deprecated: use {new} (removed in 0.3)",
                      DeprecationWarning, stacklevel=2)
        return globals()[new]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
