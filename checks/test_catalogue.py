"""One test per claim × setting: the check must be ``verified`` unless ``EXPECTED`` documents otherwise."""
from __future__ import annotations

from ibcheck.checks.cases import EXPECTED
from ibcheck.checks.runner import run_check


def assert_expected(cid: str, result: dict) -> None:
    expected, why, hold = EXPECTED.get(cid, ("verified", "", None))
    detail = f"{cid}: {result['verdict']} — {result['reason']}"
    assert result["verdict"] == expected, detail + (f" (expected {expected}: {why})" if why else "")
    if hold is not None:
        failing = [c["name"] for c in result["conclusions"] if not c["holds"]]
        assert (not failing) == hold, f"{cid}: conclusions failing {failing} ({why})"


def test_claim(case, request):
    claim_id, setting, cid = case
    result = run_check(claim_id, setting, keep_series=True)
    result["_role"] = "pytest"
    request.config._ibcheck_results.append(result)
    assert_expected(cid, result)
