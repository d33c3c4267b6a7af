"""frei2023's conjectures in the quick report (the ``quick_report`` fixture: tests/session_results.py): the ReLU
boundary conjecture runs and is refuted, as documented, with a counterexample and the command replaying it (its
summary cell is ``conjecture_status`` of that result: tests/test_report.py)."""
import json

import pytest

from ibcheck.reports.status import conjecture_status

pytestmark = pytest.mark.xdist_group("report")  # beside tests/test_report.py: the report is built once per worker


def test_the_relu_boundary_conjecture_is_refuted_with_a_replay(quick_report):
    path, _, sup = quick_report
    assert conjecture_status(sup["_conjectures"]["conj.relu-boundary"], "refuted") == "refuted (expected)"
    data = json.loads((path.parent / "results.json").read_text())
    cx = next(r for r in data if r["kind"] == "conjecture" and r["conjecture"] == "conj.relu-boundary")
    assert cx["status"] == "refuted" and cx["counterexample"]["params"]
    assert cx["replay"].startswith("ibcheck conjecture conj.relu-boundary --replay ")
