"""The single-neuron construction (docs/claims-ext.md §6, from a third-party reimplementation) and its exact analysis.

``f(x) = ReLU(⟨w,x⟩)``, ``L = ½Σ(f(x_i) − y_i)²`` on ``x₁ = (3,−1,0)``, ``y₁ = 16``; ``x₂ = (4,2,0)``,
``y₂ = 18``; ``x₃ = (0,γ,γ)``, ``y₃ = 0``. A point has zero loss iff ``⟨w,x_i⟩ = y_i`` for ``y_i > 0`` and
``⟨w,x_i⟩ ≤ 0`` for ``y_i = 0``: a linear system plus half-spaces, solved here exactly in sympy (rational
arithmetic, γ a positive symbol). [derived] For every γ > 0 the zero-loss set is ``{(5, −1, w₃): w₃ ≤ 1}``;
its minimum-norm point is ``(5, −1, 0)``.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import sympy as sp

GAMMA = sp.Symbol("gamma", positive=True)
W = sp.symbols("w1 w2 w3", real=True)


def exact(v):
    """An exact sympy number: floats by their exact binary value, everything else sympified (no rounding)."""
    return sp.Rational(v) if isinstance(v, float) else sp.sympify(v)


def fixture(gamma=GAMMA):
    """``(X, y)`` as sympy matrices (exact) for a number or the positive symbol γ."""
    g = sp.nsimplify(gamma) if not isinstance(gamma, sp.Basic) else gamma
    X = sp.Matrix([[3, -1, 0], [4, 2, 0], [0, g, g]])
    y = sp.Matrix([16, 18, 0])
    return X, y


def fixture_float(gamma: float) -> tuple[np.ndarray, np.ndarray]:
    X, y = fixture(sp.nsimplify(gamma))
    return np.array(X.tolist(), dtype=float), np.array(y.tolist(), dtype=float).ravel()


@dataclass
class ZeroLossSet:
    """``{w : A w = b} ∩ {w : C w ≤ 0}`` in closed form: the free parameters and the half-space conditions."""

    point: tuple  # a particular solution of the equalities, in terms of the free symbols
    free: tuple  # free coordinates of the equality solution set
    conditions: tuple  # sympy relations on the free symbols (the half-spaces, simplified)

    def contains(self, w) -> bool:
        """Exact membership of a rational point."""
        sub = dict(zip(W, [exact(v) for v in w]))
        if any(sp.simplify(p.subs(sub) - sub[s]) != 0 for p, s in zip(self.point, W)):
            return False
        return all(bool(c.subs(sub)) for c in self.conditions)


def zero_loss_set(X: sp.Matrix, y: sp.Matrix) -> ZeroLossSet:
    """The zero-loss set of a single ReLU neuron (exact): active equalities for y_i > 0, half-spaces for y_i = 0.

    A label y_i < 0 cannot be fitted by a ReLU: the set is empty (raised as ValueError).
    """
    if any(v < 0 for v in y):
        raise ValueError("a ReLU neuron cannot output a negative label: the zero-loss set is empty")
    w = sp.Matrix(W)
    eqs = [sp.Eq((X[i, :] * w)[0], y[i]) for i in range(X.shape[0]) if y[i] > 0]
    sol = sp.linsolve(eqs, list(W)) if eqs else sp.FiniteSet(tuple(W))
    if sol == sp.EmptySet:
        return ZeroLossSet(point=(), free=(), conditions=(sp.false,))
    (point,) = tuple(sol)
    free = tuple(sorted(set().union(*[sp.sympify(p).free_symbols for p in point]) & set(W), key=str))
    conds = []
    for i in range(X.shape[0]):
        if y[i] == 0:
            expr = sp.expand(sum(X[i, j] * point[j] for j in range(3)))
            if expr.free_symbols & set(free):
                var = sorted(expr.free_symbols & set(free), key=str)
                if len(var) == 1:
                    rel = sp.solve_univariate_inequality(expr <= 0, var[0], relational=True)
                    conds.append(sp.simplify(rel))
                else:
                    conds.append(sp.Le(expr, 0))
            else:
                conds.append(sp.Le(sp.simplify(expr), 0))
    conds = tuple(c for c in conds if c is not sp.true)
    return ZeroLossSet(point=tuple(sp.simplify(p) for p in point), free=free, conditions=conds)


def as_interval(Z: ZeroLossSet):
    """The set of admissible w₃ (a sympy set over the reals) when Z has the form ``{(a, b, w₃): conditions}``."""
    w3 = W[2]
    if Z.free != (w3,) or any(sp.sympify(p).free_symbols for p in Z.point[:2]):
        return None
    out = sp.S.Reals
    for c in Z.conditions:
        out = out.intersect(sp.solveset(c, w3, sp.S.Reals))
    return out


def spec_set_for_all_gamma(X=None, y=None) -> bool:
    """[derived] With γ a positive symbol, the zero-loss set is exactly ``{(5, −1, w₃): w₃ ≤ 1}``."""
    if X is None:
        X, y = fixture(GAMMA)
    Z = zero_loss_set(X, y)
    return bool(Z.point[:2] == (5, -1) and as_interval(Z) == sp.Interval(-sp.oo, 1))


def exact_loss(X: sp.Matrix, y: sp.Matrix, w) -> sp.Rational:
    """``½Σ(ReLU(⟨w,x_i⟩) − y_i)²`` in exact rational arithmetic."""
    wv = sp.Matrix([exact(v) for v in w])
    z = X * wv
    return sum((sp.Max(z[i], 0) - y[i]) ** 2 for i in range(X.shape[0])) / 2


def min_norm_point(Z: ZeroLossSet) -> tuple:
    """argmin ‖w‖ over the zero-loss set ``{(5, −1, w₃): w₃ ≤ c}``: ``w₃ = min(0, c)`` (exact)."""
    w3 = W[2]
    if Z.free != (w3,) or len(Z.conditions) > 1:
        raise ValueError("min_norm_point expects a set of the form {(a, b, w3): w3 ≤ c}")
    if not Z.conditions:
        c = sp.oo
    else:
        rel = Z.conditions[0]
        c = rel.rhs if rel.lhs == w3 else rel.lhs
    return (Z.point[0], Z.point[1], sp.Min(0, c))
