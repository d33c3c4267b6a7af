"""woodworth2020's wrong answers rejected by the rows that must reject them (a deleted or reversed row, or a hook the check
ignores, changes the set). The generic rejection of each claim's cheapest probe is the conformance suite's."""
from __future__ import annotations

import pytest

from ibcheck.checks.discrimination import TABLE
from ibcheck.testing.conformance import failed_rows

PROBES = [
    ("woodworth2020.rich", "reference", {"ℓ1 excess → 0 as α → 0", "limit = argmin Q_α at every α of the sweep",
                                         "ℓ1 excess shrinks as α falls"}),  # the last: a diagnostic, shown failing
    ("woodworth2020.limit", "rescaled", {"limit = argmin Q_α"}),
    ("woodworth2020.kernel", "random", {"distance to w_ℓ2 → 0 at rate α⁻⁴"}),
    ("woodworth2020.kernel", "dynamics", {"limit = argmin Q_α at every α of the sweep"}),
    ("woodworth2020.transition", "dynamics", {"equidistant at the bisected α*"}),
]


@pytest.mark.parametrize("cid,fam,rows", PROBES, ids=[f"{c}-{f}" for c, f, _ in PROBES])
def test_probes_are_violated_by_their_rows(cid, fam, rows):
    gammas = set()
    for probe in TABLE[cid][fam]:
        assert rows <= failed_rows(cid, probe), probe.what
