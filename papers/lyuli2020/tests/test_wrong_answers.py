"""lyuli2020's wrong answers rejected by the rows that must reject them (a deleted or reversed row, or a hook the check
ignores, changes the set). The generic rejection of each claim's cheapest probe is the conformance suite's."""
from __future__ import annotations

import pytest

from ibcheck.checks.discrimination import TABLE
from ibcheck.testing.conformance import failed_rows

_EU_T = "eq. (6) in real time on the given states: ½Δ‖θ‖² = ∫LΣe^{−q}q dt between checkpoints"
# Rows added so that these cells reject their wrong answer, each pinned to the probe it must reject (claim, family,
# the probe's index in the cell, rows that must fail). Seconds each (a flow per probe): --profile full.
ROW_PROBES = [
    ("lyuli2020.euler_identity", "dynamics", 1, {_EU_T}),  # the mean loss: the same path n× slower in t
    ("lyuli2020.euler_identity", "random", 0, {_EU_T}),
    ("lyuli2020.smoothed_margin_monotone", "rescaled", 2, {"the trajectory is Theorem 4.1's GF: " + _EU_T}),
    ("lyuli2020.rates", "random", 0, {"log(𝓛T)/log T → 0: 𝓛 = T^{−1+o(1)}"}),
]


@pytest.mark.full
@pytest.mark.parametrize("cid,fam,k,rows", ROW_PROBES, ids=[f"{c}-{f}-{k}" for c, f, k, _ in ROW_PROBES])
def test_added_rows_reject_their_wrong_answers(cid, fam, k, rows, request):
    if request.config.getoption("--profile", default="quick") != "full":
        pytest.skip("a flow per probe: --profile full")
    assert rows <= failed_rows(cid, TABLE[cid][fam][k])
