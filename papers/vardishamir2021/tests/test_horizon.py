"""vardishamir2021's zero-loss rows: a flow that spent its horizon while its loss still fell is `inconclusive` (not yet
converged, never a counterexample); a frozen, stalled or converged flow is judged by the rows."""
from __future__ import annotations

import math

from ibcheck.papers.vardishamir2021.checks.neuron import T_MAX, budget_note


def _run(loss_end: float, loss_decade_before: float, t: float = T_MAX) -> dict:
    ts = [10.0 ** k for k in range(-3, 7)]
    losses = [max(loss_decade_before * 10.0 ** (5 - k), loss_decade_before) for k in range(-3, 7)]
    losses[-1] = loss_end
    return {"loss": loss_end, "t": t, "trajectory": {"t": ts, "loss": losses}}


def test_a_horizon_spent_while_the_loss_falls_is_named():
    note = budget_note({1.0: _run(1e-12, 1e-8)}, [1.0])
    assert note and note.code.value == "not-converged"  # a typed reason: the horizon, not the trainer
    assert "γ = 1" in note.message and "still falling" in note.message and "1e+06" in note.message


def test_a_frozen_or_stalled_flow_is_measured_not_excused():
    assert budget_note({1.0: _run(290.0, 290.0)}, [1.0]) is None  # frozen: the loss never moved
    assert budget_note({1.0: _run(2.0, 1.999)}, [1.0]) is None  # stalled: < 1% over the last decade
    assert budget_note({1.0: _run(math.inf, 1.0)}, [1.0]) is None  # blown up: not converging


def test_a_converged_or_early_stopped_flow_has_no_note():
    assert budget_note({1.0: _run(1e-27, 1e-8)}, [1.0]) is None  # reached zero loss
    assert budget_note({1.0: _run(1e-12, 1e-8, t=1e3)}, [1.0]) is None  # stopped before the horizon (an event)
    assert budget_note({0.5: _run(1e-27, 1e-8), 1.0: _run(1e-12, 1e-8)}, [0.5]) is None  # only the γ it is asked
