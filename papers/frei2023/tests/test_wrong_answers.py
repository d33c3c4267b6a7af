"""frei2023's wrong answers rejected by the rows that must reject them (a deleted or reversed row, or a hook the check
ignores, changes the set). The generic rejection of each claim's cheapest probe is the conformance suite's."""
from __future__ import annotations

import pytest

from ibcheck.checks.discrimination import TABLE
from ibcheck.testing.conformance import failed_rows

PROBES = [
    ("frei2023.sec5.xor", "structure", {"rank(W) ≤ 2 (Theorem 3.2): σ₃/σ₁ → 0",  # limit rows, deciding
                                        "all margins equal (Theorem 3.2): spread → 0"}),
]


@pytest.mark.parametrize("cid,fam,rows", PROBES, ids=[f"{c}-{f}" for c, f, _ in PROBES])
def test_probes_are_violated_by_their_rows(cid, fam, rows):
    gammas = set()
    for probe in TABLE[cid][fam]:
        # sec5.xor: its finite-time tolerances are thresholds; its limit rows must reject the probes
        assert rows <= failed_rows(cid, probe, deciding=cid == "frei2023.sec5.xor"), probe.what
        gammas.add(probe.overrides.get("gamma", "default"))
    if cid == "frei2023.sec5.xor":  # γ = ½ (the default) and γ = 1 both fed a random W + a label-fitting part
        assert gammas == {"default", 1.0}
