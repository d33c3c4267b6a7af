"""razincohen2020's wrong answers rejected by the rows that must reject them (a deleted or reversed row, or a hook the check
ignores, changes the set). The generic rejection of each claim's cheapest probe is the conformance suite's."""
from __future__ import annotations

import pytest

from ibcheck.checks.discrimination import TABLE
from ibcheck.testing.conformance import failed_rows
# Rows added so that these cells reject their wrong answer, each pinned to the probe it must reject (claim, family,
# the probe's index in the cell, rows that must fail). Seconds each (a flow per probe): --profile full.
ROW_PROBES = [
    ("razincohen2020.det_sign", "structure", 0, {"det W > 0 while resolved", "det W > 0 at every decade checkpoint to T"}),
    ("razincohen2020.norms_diverge", "rescaled", 0, {"L(t) → 0 (judged on the decade checkpoints)"}),
]


@pytest.mark.full
@pytest.mark.parametrize("cid,fam,k,rows", ROW_PROBES, ids=[f"{c}-{f}-{k}" for c, f, k, _ in ROW_PROBES])
def test_added_rows_reject_their_wrong_answers(cid, fam, k, rows, request):
    if request.config.getoption("--profile", default="quick") != "full":
        pytest.skip("a flow per probe: --profile full")
    assert rows <= failed_rows(cid, TABLE[cid][fam][k])
