"""Horizon commands on soudry2018.direction_rate: a step budget rounds up to an accepted power of ten, the inconclusive
verdict's reason and rows name the command (the user's settings kept), and its default is a documented inconclusive
one (every claim's synthetic horizons: tests/test_horizon_commands.py)."""
from __future__ import annotations

import pytest

from ibcheck.checks import horizon as H
from ibcheck.checks.cases import EXPECTED, case_id
from ibcheck.checks.registry import REGISTRY
from ibcheck.numerics.runtime.errors import InputError
from ibcheck.testing.cli import accepted_command


def test_powers_of_ten_round_up_to_an_accepted_budget():
    spec = REGISTRY["soudry2018.direction_rate"]
    s = spec.horizon.settings(3.16e6, {k: p.default for k, p in spec.params.items()}, "t")
    assert s == {"steps": 10_000_000}
    cmd = H.command("soudry2018.direction_rate", spec, {k: p.default for k, p in spec.params.items()}, s)
    assert cmd == "ibcheck check soudry2018.direction_rate --set steps=10000000"
    assert accepted_command(cmd)["steps"] == 10_000_000
    with pytest.raises(InputError, match="power of 10"):  # the number the judge names is not itself accepted
        accepted_command("ibcheck check soudry2018.direction_rate --set steps=3162278")


def _row(tau, holds=None):
    return {"name": "r", "holds": holds, "horizon_needed": tau, "clock": "t", "kind": "rate"}


def test_annotate_names_the_command_in_the_row_and_the_reason():
    spec = REGISTRY["soudry2018.direction_rate"]
    params = dict({k: p.default for k, p in spec.params.items()}, band_tol=2.5)
    conds = spec.claim.hypotheses + spec.claim.conclusions
    rows = [dict(_row(3.16e6) if c.asymptotic else {"holds": True}, name=c.name) for c in conds]
    row = {"hypotheses": rows[:len(spec.claim.hypotheses)], "conclusions": rows[len(spec.claim.hypotheses):],
           "verdict": "inconclusive", "reason": "not yet decided: needs t ≈ 3.16e+06"}
    H.annotate(spec, row, params, data="mine.npz", seeds=3)
    want = "ibcheck check soudry2018.direction_rate --set band_tol=2.5 --set steps=10000000 --data mine.npz --seeds 3"
    assert row["reason"].endswith(want), row["reason"]
    assert all(r["horizon_command"] == want for r in row["conclusions"] if "horizon_command" in r)
    assert sum("horizon_command" in r for r in row["conclusions"]) == sum(c.asymptotic for c in conds)
    decided = {"hypotheses": [], "conclusions": [], "verdict": "verified", "reason": ""}
    H.annotate(spec, decided, params)
    assert decided["reason"] == ""


def test_its_default_is_a_documented_inconclusive_one():
    """soudry2018.direction_rate's default is documented inconclusive (its horizon: the generic
    tests/test_horizon_commands.py)."""
    defaults = [cid for cid in REGISTRY if (e := EXPECTED.get(case_id(cid, {}))) and e.verdict == "inconclusive"]
    assert {"soudry2018.direction_rate"} <= set(defaults)
