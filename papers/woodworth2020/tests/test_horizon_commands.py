"""Horizon commands on woodworth2020.kernel: an α horizon rounds to an accepted grid, and one past the grid's range
says so (every claim's synthetic horizons: tests/test_horizon_commands.py)."""
from __future__ import annotations

from ibcheck.checks import horizon as H
from ibcheck.checks.registry import REGISTRY


def test_grids_round_to_accepted_values():
    kernel = REGISTRY["woodworth2020.kernel"]
    run = {k: p.default for k, p in kernel.params.items()}
    assert kernel.horizon.settings(50.0, run, "alpha") == {"alpha_grid": "1,2,4,8,16,32,64"}
    assert kernel.horizon.settings(1e5, run, "alpha") is None  # α ≤ 1e4: no accepted grid reaches it


def _row(tau, holds=None):
    return {"name": "r", "holds": holds, "horizon_needed": tau, "clock": "t", "kind": "rate"}


def test_a_horizon_past_the_range_says_so():
    spec = REGISTRY["woodworth2020.kernel"]
    params = {k: p.default for k, p in spec.params.items()}
    conds = spec.claim.hypotheses + spec.claim.conclusions
    rows = [dict(_row(1e6) if c.asymptotic else {"holds": True}, name=c.name, clock="α") for c in conds]
    row = {"hypotheses": rows[:len(spec.claim.hypotheses)], "conclusions": rows[len(spec.claim.hypotheses):],
           "verdict": "inconclusive", "reason": "x"}
    H.annotate(spec, row, params)
    assert "no value of alpha_grid that the check accepts reaches α ≈ 1e+06" in row["reason"]
    assert [r["horizon_command"] for r in row["conclusions"] if "horizon_command" in r] == [None]


