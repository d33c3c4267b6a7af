"""A series whose trainer froze in float64: read as ``inconclusive``, never settled, violated or verified by it.

A trainer whose update fell below the resolution of its iterate (``numerics.trainers.frozen``: bit-identical iterates while
the loss is positive) repeats one state forever. The judge would read the repeated values as a stall — "settled at
4.59e-52, excludes 0" — a limit of float64, not of the dynamics the theorem states. A series carrying the clock at
which its trainer froze (``FrozenSeries.frozen_at``, from ``mark``) makes its row ``inconclusive`` — "frozen by
float64 rounding at t = …" — whenever a checkpoint at or after that clock enters the decision, unless the row had
already *reached* its limit to its floor (an exact answer is not a stall).

Which rows a longer clock resolves: the homogeneous-flow rows served by the horizon engine (``numerics.horizon``:
gradient flow integrated in ``τ = log log(1/𝓛)`` by an implicit method) never form a step below an ulp, so they
do not freeze — their checks continue there. Constant-step GD on a linear predictor (the max-margin
papers' classifiers, an optimizer paper's GD control) has no such continuation yet: once frozen, its late asymptotics (``w ≈ ŵ log t``) are
beyond float64 steps, and the row stays ``inconclusive``. No horizon is quoted: this run cannot move again.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from .asymptotic import Series

FROZEN = "frozen by float64 rounding"


@dataclass(frozen=True)
class FrozenSeries(Series):
    """A ``Series`` whose trainer froze at clock ``frozen_at`` (NaN: never)."""

    frozen_at: float = math.nan


def mark(series: Series, frozen_at: float | None) -> Series:
    """``series`` carrying the clock at which its trainer froze (unchanged when it never did)."""
    if frozen_at is None or not math.isfinite(frozen_at) or frozen_at < 0:
        return series
    return FrozenSeries(series.clock, series.values, float(frozen_at))


def mark_all(values: dict, frozen_at: float | None) -> dict:
    """Every ``Series`` of a check's ``values`` (all on the trainer's clock) marked with ``frozen_at`` (in place);
    ``frozen_at`` None or negative (``numerics.trainers.frozen.NEVER``): unchanged."""
    for k, v in list(values.items()):
        if isinstance(v, Series):
            values[k] = mark(v, frozen_at)
    return values


def frozen_at(series) -> float:
    return float(getattr(series, "frozen_at", math.nan))


def apply(j, series, label: str) -> bool:
    """Make judgement ``j`` ``inconclusive`` when ``series`` froze at or before its last checkpoint (and the row
    did not reach its limit before); True when it did."""
    tf = frozen_at(series)
    if not math.isfinite(tf) or not j.checkpoints or tf > j.checkpoints[-1] or j.rule == "reached":
        return False
    frozen_k = [k for k, c in enumerate(j.checkpoints) if c > tf]
    was = {True: "verified", False: "violated", None: "undecided"}[j.holds] + (f" ({j.rule})" if j.rule else "")
    j.holds, j.horizon_needed, j.rule = None, None, "frozen"
    j.reason = (f"{FROZEN} at {label} = {tf:.6g}: the update fell below the iterate's float64 resolution, so the "
                f"{len(frozen_k)} checkpoint(s) after it repeat one iterate (the judge alone would say {was}) — a property of float64, not of the dynamics: not decidable from this run")
    return True


__all__ = ["FROZEN", "FrozenSeries", "apply", "frozen_at", "mark", "mark_all"]
