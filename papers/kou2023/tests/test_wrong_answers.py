"""kou2023's wrong answers rejected by the rows that must reject them (a deleted or reversed row, or a hook the check
ignores, changes the set). The generic rejection of each claim's cheapest probe is the conformance suite's."""
from __future__ import annotations

import pytest

from ibcheck.checks.discrimination import TABLE
from ibcheck.testing.conformance import failed_rows

PROBES = [
    ("kou2023.leaky_srank_to_1", "dynamics", {"GD descends: the loss falls between recorded checkpoints"}),
]


@pytest.mark.parametrize("cid,fam,rows", PROBES, ids=[f"{c}-{f}" for c, f, _ in PROBES])
def test_probes_are_violated_by_their_rows(cid, fam, rows):
    gammas = set()
    for probe in TABLE[cid][fam]:
        assert rows <= failed_rows(cid, probe), probe.what
# Rows added so that these cells reject their wrong answer, each pinned to the probe it must reject (claim, family,
# the probe's index in the cell, rows that must fail). Seconds each (a flow per probe): --profile full.
ROW_PROBES = [
    ("kou2023.loss_rate", "rescaled", 0, {"t·L_S in a band (max/min ≤ 2)"}),  # a hook added: L(½W) ~ t^{−½}
]


@pytest.mark.full
@pytest.mark.parametrize("cid,fam,k,rows", ROW_PROBES, ids=[f"{c}-{f}-{k}" for c, f, k, _ in ROW_PROBES])
def test_added_rows_reject_their_wrong_answers(cid, fam, k, rows, request):
    if request.config.getoption("--profile", default="quick") != "full":
        pytest.skip("a flow per probe: --profile full")
    assert rows <= failed_rows(cid, TABLE[cid][fam][k])
