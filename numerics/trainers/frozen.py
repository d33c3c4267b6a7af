"""When float64 freezes a trainer: its update falls below the resolution of its iterate, so nothing moves again.

Constant-step GD is a map ``x_{t+1} = F(x_t)`` of its state alone. Once ``x_{t+1} == x_t`` bit for bit while the
loss is positive, every later iterate is that one: the run is *frozen by rounding*, not converged — the exact
dynamics still move (logistic GD at margin 117 moves ``w`` by ~3e-49 a step, below an ulp of ``w``, and needs ~3e48
steps to halve the loss). A quantity read after that step is a property of float64, never a limit the theorem
speaks of, so the judge must not call it settled (``theory.asymptotic_frozen``).

Two detections, for trainers of any parameterisation:

* **bit-identical iterates** (``first_repeat``): the first step ``t`` with ``x_{t+1} == x_t`` exactly, per batched
  run — exact for a state-only map (constant-step GD, in span form or in weights);
* **a predicted update below an ulp** (``below_resolution``): ``|Δ| < ½·spacing(x)`` in every coordinate, so
  ``x + Δ`` rounds back to ``x`` — the same event, tested before the step is taken (what a trainer whose step
  carries other state, as momentum does, can check on its own update).

``FREEZE_NOTE`` is the reason a check attaches to the quantities that a frozen run makes inconclusive.
"""
from __future__ import annotations

import numpy as np

NEVER = -1


def first_repeat(states: np.ndarray, t0: int = 0, loss_positive: np.ndarray | None = None) -> np.ndarray:
    """The first step ``t0 + k`` (per leading batch index ``S``) with ``states[k+1] == states[k]`` exactly, or
    ``NEVER``. ``states``: (m+1, S, ...) consecutive iterates; ``loss_positive`` (m+1, S) masks out steps whose loss
    is already 0 (a state at an exact minimiser repeats because it has converged, not because it froze)."""
    x = np.asarray(states)
    same = np.all((x[1:] == x[:-1]).reshape(x.shape[0] - 1, x.shape[1], -1), axis=-1)  # (m, S)
    if loss_positive is not None:
        same &= np.asarray(loss_positive)[:-1]
    hit = same.any(0)
    return np.where(hit, t0 + np.argmax(same, axis=0), NEVER).astype(np.int64)


def below_resolution(x, delta) -> bool:
    """Whether the update ``x + delta`` rounds back to ``x`` in every coordinate (nonzero ``delta``: a positive
    loss still pushes), i.e. ``|delta| < ½ ulp(x)`` — the update lies below the iterate's float64 resolution."""
    x, delta = np.asarray(x, dtype=np.float64), np.asarray(delta, dtype=np.float64)
    return bool(np.any(delta != 0) and np.array_equal(x + delta, x))


def merge(frozen: np.ndarray, new: np.ndarray) -> np.ndarray:
    """Keep the earliest freeze per batch index (``NEVER`` where none yet)."""
    return np.where(frozen == NEVER, new, frozen)


FREEZE_NOTE = "frozen by float64 rounding"
