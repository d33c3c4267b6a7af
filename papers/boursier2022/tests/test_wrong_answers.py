"""boursier2022's wrong answers rejected by the rows that must reject them (a deleted or reversed row, or a hook the check
ignores, changes the set). The generic rejection of each claim's cheapest probe is the conformance suite's."""
from __future__ import annotations

import pytest

from ibcheck.checks.discrimination import TABLE
from ibcheck.testing.conformance import failed_rows
# Rows added so that these cells reject their wrong answer, each pinned to the probe it must reject (claim, family,
# the probe's index in the cell, rows that must fail). Seconds each (a flow per probe): --profile full.
ROW_PROBES = [
    ("boursier2022.min_variation_norm", "rescaled", 1, {"the limit interpolates: L ≤ 1e-20 at every λ"}),
    ("boursier2022.min_variation_norm", "structure", 0, {"the gap shrinks at every step as λ falls"}),
    ("boursier2022.saddle_to_saddle", "structure", 0, {"the loss leaves both saddles, fast class first, within the run"}),
    ("boursier2022.saddle_to_saddle", "reference", 0, {"plateau level"}),
    ("boursier2022.balancedness", "rescaled", 0, {"GF's energy identity: L(0) − L(T) = ∫‖∇L‖² dt on the grid"}),
    ("boursier2022.balancedness_gd", "random", 0, {"exact per-step identity"}),
]


@pytest.mark.full
@pytest.mark.parametrize("cid,fam,k,rows", ROW_PROBES, ids=[f"{c}-{f}-{k}" for c, f, k, _ in ROW_PROBES])
def test_added_rows_reject_their_wrong_answers(cid, fam, k, rows, request):
    if request.config.getoption("--profile", default="quick") != "full":
        pytest.skip("a flow per probe: --profile full")
    assert rows <= failed_rows(cid, TABLE[cid][fam][k])
