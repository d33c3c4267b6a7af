"""kou2023's conjecture in the quick report (the ``quick_report`` fixture: tests/session_results.py): the ReLU
stable-rank conjecture survives its quick budget as documented, or is left inconclusive; never refuted there, and
a replay command comes only with a counterexample."""
import json
import re

import pytest

from ibcheck.reports.status import conjecture_status

pytestmark = pytest.mark.xdist_group("report")  # beside tests/test_report.py: the report is built once per worker


def test_the_relu_srank_conjecture_survives_or_is_undecided(quick_report):
    path, _, sup = quick_report
    cell = conjecture_status(sup["_conjectures"]["conj.kou-relu-srank"], "survived")
    assert re.fullmatch(r"survived, \d+ decided trials \(expected\)|inconclusive \(\d+ decided, \d+ undecided\).*", cell)
    data = json.loads((path.parent / "results.json").read_text())
    r = next(r for r in data if r["kind"] == "conjecture" and r["conjecture"] == "conj.kou-relu-srank")
    assert r["replay"] is None or r["counterexample"]
