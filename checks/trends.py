"""Small numerical summaries the trend-type conclusions share: monotone counts, fitted slopes, R², a memo.

A trend conclusion ("decreasing over decades", "slope −4 ± 0.2", "R² ≥ 0.9") is evaluated on the numbers
these return; each is a pure function of its inputs.
"""
from __future__ import annotations

import copy
import math

import numpy as np


def count_increases(values, rtol: float = 0.0) -> int:
    """How many consecutive pairs increase by more than ``rtol`` relative (0 for a non-increasing sequence)."""
    v = [float(x) for x in values]
    return int(sum(b > a + rtol * abs(a) for a, b in zip(v, v[1:])))


def count_rises(values) -> int:
    """How many consecutive pairs do not decrease (``b ≥ a``: a tie counts, as a sequence that should fall strictly)."""
    v = [float(x) for x in values]
    return int(sum(b >= a for a, b in zip(v, v[1:])))


def count_decreases(values, rtol: float = 0.0) -> int:
    """How many consecutive pairs decrease by more than ``rtol`` relative (0 for a non-decreasing sequence)."""
    return count_increases([-float(x) for x in values], rtol)


def energy_identity(t, L, g2) -> float:
    """``|L(t₀) − L(t_K) − ∫‖∇L‖² dt| / L(t₀)`` over a recorded grid (trapezoid rule): gradient flow's energy
    identity ``dL/dt = −‖∇L‖²`` read on the states handed in (NaN without two grid points or with L(t₀) = 0)."""
    if len(t) < 2 or not L[0] > 0:
        return math.nan
    return abs(L[0] - L[-1] - float(np.trapezoid(g2, t))) / L[0]


def loglog_slope(x, y) -> float:
    """Least-squares slope of ``log y`` against ``log x`` (NaN if any value is not positive)."""
    x, y = np.asarray(x, dtype=float), np.asarray(y, dtype=float)
    if len(x) < 2 or np.any(x <= 0) or np.any(y <= 0) or not np.all(np.isfinite(y)):
        return math.nan
    return float(np.polyfit(np.log(x), np.log(y), 1)[0])


def linear_fit(x, y) -> tuple[float, float, float]:
    """``(slope, intercept, R²)`` of the least-squares line ``y ≈ slope·x + intercept``."""
    x, y = np.asarray(x, dtype=float), np.asarray(y, dtype=float)
    if len(x) < 3 or not np.all(np.isfinite(y)):
        return math.nan, math.nan, math.nan
    k, c = np.polyfit(x, y, 1)
    ss_res = float(np.sum((y - (k * x + c)) ** 2))
    ss_tot = float(np.sum((y - y.mean()) ** 2))
    return float(k), float(c), (1.0 - ss_res / ss_tot) if ss_tot > 0 else math.nan


class Memo:
    """A bounded memo of measurements keyed by (parameters, seeds): claims that share one run (one
    paper's flow read by several of its claims) compute it once per process. Only pure runs are memoised —
    generated data and no hooks — so the memo is exact."""

    def __init__(self, size: int = 16):
        self.size, self.store = size, {}

    def get(self, key, compute):
        if key in self.store:
            return copy.deepcopy(self.store[key])
        out = compute()
        if len(self.store) >= self.size:
            self.store.pop(next(iter(self.store)))
        self.store[key] = copy.deepcopy(out)
        return out


def pure(ctx) -> bool:
    """Generated data and no hooks: a run that may be memoised."""
    return ctx.data is None and all(v is None for v in vars(ctx.hooks).values())


def measure_memoised(ctx, memo: Memo, keys, measure_one) -> list:
    """Each seed's ``measure_one(ctx, seed)`` with its JSON ``data`` block (``Measurement.data``, from the measured
    ``quantities["data"]``), memoised in ``memo`` by the parameters named in ``keys`` and the seeds when the run is
    pure: the claims that share one run (a flow, a GD run) compute it once per process."""
    def compute():
        out = [measure_one(ctx, s) for s in ctx.seeds]
        for m in out:
            m.data = dict(m.quantities.get("data") or {})
        return out
    if not pure(ctx):
        return compute()
    key = (tuple(sorted((k, v) for k, v in ctx.params.items() if k in keys)), tuple(ctx.seeds))
    return memo.get(key, compute)
