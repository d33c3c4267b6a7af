"""One test per claim × setting: the check must be ``verified`` unless ``EXPECTED`` documents otherwise."""
from __future__ import annotations

from ibcheck.checks.cases import EXPECTED
from ibcheck.checks.cases import assert_expected
from ibcheck.checks.runner import run_check


def test_claim(case, request):
    claim_id, setting, cid = case
    result = run_check(claim_id, setting, keep_series=True)
    from ibcheck.reports.status import annotate  # role, expectation and status, as in `ibcheck report`
    annotate(result, claim_id, setting)
    request.config._ibcheck_results.append(result)
    assert_expected(cid, result)


def test_expected_table_is_consistent():
    """Every documented outcome names a real case of some profile and pins every row of its claim by name."""
    from ibcheck.checks.cases import cases
    from ibcheck.checks.registry import REGISTRY
    known = {c[2] for c in cases("full")}
    stale = sorted(k for k in EXPECTED if k not in known)
    assert not stale, f"EXPECTED keys that match no case: {stale}"
    for key, e in EXPECTED.items():
        claim = REGISTRY[key.split("[", 1)[0]].claim
        assert e.verdict in ("violated", "outside-hypotheses", "inconclusive", "observed"), key
        assert e.verdict != "observed" or claim.exploratory, f"{key}: only an exploratory claim answers 'observed'"
        assert e.named, f"{key}: name the rows (fails=…, undecided=…), not their positions"
        assert not e.unknown_rows(claim), f"{key}: no such row in {claim.id}: {e.unknown_rows(claim)}"
        assert not set(e.fails) & set(e.undecided), key
        assert e.reason and any(ch.isdigit() for ch in e.reason), f"{key}: the reason must quote what was measured"
