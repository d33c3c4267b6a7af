"""Dimensional homogeneity, measured numerically: the scaling degree of a formula in one base unit
(``theory.statement.UNITS``), for the tests that check both sides of a relation scale alike.

Every symbol declares how it scales under the base transformations (``Sym.scaling``); scaling each symbol by
c^{dim} at random positive values, the log-ratio of the formula's value over log c is its degree (numbers have
degree 0) — the same at c = 2 and 3 for a homogeneous formula.
"""
from __future__ import annotations

import math


def degree(expr, dims, unit, values):
    """The degree of ``expr`` in ``unit`` at the point ``values`` (symbol name → value), or None when the formula
    is 0 or not finite there (0 is homogeneous of any degree); fails when the degrees at c = 2 and 3 differ."""
    import sympy as sp
    f = sp.lambdify(sorted(values), expr, "math")
    names = sorted(values)
    base = float(f(*[values[n] for n in names]))
    if base == 0 or not math.isfinite(base):
        return None  # 0 is homogeneous of any degree
    degs = []
    for c in (2.0, 3.0):
        scaled = [values[n] * c ** float(dims[n].get(unit, 0)) for n in names]
        degs.append(math.log(abs(float(f(*scaled)) / base)) / math.log(c))
    # the scaling degree of a formula from log-ratios at c = 2: exact up to rounding of O(1) logs
    assert abs(degs[0] - degs[1]) < 1e-9, f"{expr} is not homogeneous in {unit}"
    return degs[0]
