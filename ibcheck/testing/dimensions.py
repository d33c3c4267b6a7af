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


def assert_catalogued_and_registered(sources, ids, exploratory):
    """The papers ``sources`` catalogue exactly ``ids``, each registered with a quick case at its defaults, and
    exactly those in ``exploratory`` are exploratory."""
    from ibcheck.checks.registry import REGISTRY
    from ibcheck.theory.catalogue import CATALOGUE
    mine = sorted(c for c in CATALOGUE if c.split(".")[0] in sources)
    assert mine == sorted(ids)
    for cid in ids:
        spec = REGISTRY[cid]
        assert spec.quick and spec.quick[0] == {}, cid
        assert CATALOGUE[cid].exploratory == (cid in exploratory), cid


def assert_symbols_declare_dims(ids):
    """Every symbol of every claim in ``ids`` declares how it scales (``Sym.dims``)."""
    from ibcheck.theory.catalogue import CATALOGUE
    for cid in ids:
        for s in CATALOGUE[cid].symbols:
            assert s.dims is not None, (cid, s.name)


def assert_dimensionally_homogeneous(cid):
    """Both sides of every relation of ``cid`` have the same degree in each base unit, at random positive values."""
    import random

    from ibcheck.theory.catalogue import CATALOGUE
    from ibcheck.theory.statement import UNITS
    claim = CATALOGUE[cid]
    dims = {s.name: s.scaling for s in claim.symbols}
    rng = random.Random(0)
    values = {s.name: rng.uniform(0.3, 3.0) for s in claim.symbols}
    for cond in claim.hypotheses + claim.conclusions:
        sub = {n: v for n, v in values.items() if n in cond.symbols}
        for unit in UNITS:
            lhs = degree(cond.rel.lhs, dims, unit, sub) if cond.rel.lhs.free_symbols else None
            rhs = degree(cond.rel.rhs, dims, unit, sub) if cond.rel.rhs.free_symbols else 0.0
            if lhs is not None and rhs is not None and not (cond.rel.rhs == 0):
                # as in degree: degrees are small integers or halves; rounding ~1e-15
                assert abs(lhs - rhs) < 1e-9, f"{cid}: {cond.name}: {unit}-degree {lhs} vs {rhs}"
