"""What a ``rate`` of a ``limit`` / ``rate`` row must be (``theory.statement.Condition``): a function r(τ) of its clock
τ that is finite, positive and decreasing where the judge reads it — checked when the statement is built, so that a
mistyped rate is refused with its reason instead of judging every run as "the rate nan does not decrease" — and
the clock symbol taken by its name, so that a clock made with ``positive=True`` is the clock."""
from __future__ import annotations

import sympy as sp

RATE_GRID = tuple(10 ** k for k in range(2, 9))  # clock values where a rate must be finite, positive, decreasing
RATE_SAMPLES = (0.5, 2.0, 5.0)  # values tried for a rate's other (measured) symbols, e.g. a degree L


def on_clock(expr, clock: str):
    """``expr`` with every symbol named ``clock`` replaced by the one clock symbol, ``Symbol(clock, real=True)``: a
    clock made with other assumptions (``positive=True``) is the same clock, not a measured symbol left NaN."""
    expr = sp.sympify(expr)
    canon = sp.Symbol(clock, real=True)
    return expr.xreplace({s: canon for s in expr.free_symbols if s.name == clock and s != canon})


def rate_problem(rate, clock: str) -> str:
    """Why ``rate`` is not a rate in ``clock`` ("" when it is): it must depend on the clock and, at the clock values
    ``RATE_GRID`` (the decades a judge's geometric checkpoints span), be finite, positive and strictly decreasing —
    for at least one value in ``RATE_SAMPLES`` of its other symbols (measured numbers, unknown until the run).
    Evaluated with sympy's arbitrary precision, so that a fast rate (e^{−τ}) does not underflow into a tie."""
    rate = on_clock(rate, clock)
    t = sp.Symbol(clock, real=True)
    if t not in rate.free_symbols:
        return f"does not depend on the clock {clock!r} (its symbols: {sorted(s.name for s in rate.free_symbols)})"
    others = sorted((s for s in rate.free_symbols if s != t), key=lambda s: s.name)
    first = ""
    for v in RATE_SAMPLES if others else (None,):
        r = rate.subs({s: v for s in others}) if others else rate
        try:
            vals = [sp.N(r.subs(t, tau), 30) for tau in RATE_GRID]
        except (TypeError, ValueError, ZeroDivisionError) as exc:
            return f"cannot be evaluated in {clock} ({type(exc).__name__})"
        at = f" (its other symbols = {v})" if others else ""
        bad = next((tau for tau, x in zip(RATE_GRID, vals) if not (x.is_real and x.is_finite and x > 0)), None)
        if bad is not None:
            first = first or f"is not a finite positive number at {clock} = {bad:g}{at}: {vals[RATE_GRID.index(bad)]}"
            continue
        up = next((i for i in range(1, len(vals)) if not vals[i] < vals[i - 1]), None)
        if up is not None:
            first = first or (f"does not decrease in {clock}{at}: {float(vals[up - 1]):.4g} at {RATE_GRID[up - 1]:g}, "
                              f"{float(vals[up]):.4g} at {RATE_GRID[up]:g}")
            continue
        return ""
    return first
