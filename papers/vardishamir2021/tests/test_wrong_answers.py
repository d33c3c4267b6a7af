"""vardishamir2021's wrong answers rejected by the rows that must reject them (a deleted or reversed row, or a hook the check
ignores, changes the set). The generic rejection of each claim's cheapest probe is the conformance suite's."""
from __future__ import annotations

import pytest

from ibcheck.checks.discrimination import TABLE
from ibcheck.testing.conformance import failed_rows

PROBES = [
    ("vardishamir2021.single_neuron_construction", "reference", {"w₃(∞) depends on γ"}),
    ("vardishamir2021.single_neuron_construction", "dynamics", {"GF reaches zero loss"}),
    ("vardishamir2021.not_min_norm", "reference", {"GF limit ≠ argmin_Z ‖w‖"}),
]


@pytest.mark.parametrize("cid,fam,rows", PROBES, ids=[f"{c}-{f}" for c, f, _ in PROBES])
def test_probes_are_violated_by_their_rows(cid, fam, rows):
    gammas = set()
    for probe in TABLE[cid][fam]:
        assert rows <= failed_rows(cid, probe), probe.what


def test_balancedness_rejects_ascent_frozen_and_a_wrong_speed_by_their_rows():
    want = ["the loss never grows along the flow", "the loss falls: L(T) < L(0)", "a_j² − ‖w_j‖² conserved"]
    for probe, row in zip(TABLE["vardishamir2021.balancedness_conserved"]["dynamics"], want):
        assert row in failed_rows("vardishamir2021.balancedness_conserved", probe), probe.what
# Rows added so that these cells reject their wrong answer, each pinned to the probe it must reject (claim, family,
# the probe's index in the cell, rows that must fail). Seconds each (a flow per probe): --profile full.
ROW_PROBES = [
    ("vardishamir2021.balancedness_conserved", "rescaled", 0,
     {"GF's energy identity: L(0) − L(T) = ∫‖∇L‖² dt on the grid"}),  # ½·(a, W)(t): conserved law, falling loss
]


@pytest.mark.full
@pytest.mark.parametrize("cid,fam,k,rows", ROW_PROBES, ids=[f"{c}-{f}-{k}" for c, f, k, _ in ROW_PROBES])
def test_added_rows_reject_their_wrong_answers(cid, fam, k, rows, request):
    if request.config.getoption("--profile", default="quick") != "full":
        pytest.skip("a flow per probe: --profile full")
    assert rows <= failed_rows(cid, TABLE[cid][fam][k])
