"""The Python API on a lai2026 claim: ibcheck.run_check's contract JSON and assert_verified's message naming the
violated row of a documented finding (the generic API tests: tests/test_api.py)."""
import json

import pytest

import ibcheck
from ibcheck.testing import assert_verified


def test_run_check_returns_the_contract_json():
    r = ibcheck.run_check("lai2026.linear", n=40, d=4000)
    assert r["claim"] == "lai2026.linear" and r["verdict"] == "verified" and r["params"]["d"] == 4000
    assert json.dumps(r, allow_nan=False)
    r2 = ibcheck.run_check("lai2026.linear", params={"n": 40, "d": 4000})  # for parameters named like a keyword
    assert r2["quantities"] == r["quantities"]
    with pytest.raises(ibcheck.InputError, match="unknown parameter 'nope'"):
        ibcheck.run_check("lai2026.linear", nope=1)
    with pytest.raises(ibcheck.InputError, match="unknown claim"):
        ibcheck.run_check("no.such.claim")


def test_assert_verified_names_the_violated_row():
    assert assert_verified("lai2026.linear", n=40, d=4000)["verdict"] == "verified"
    # a documented finding (checks/cases.py): the lower bound fails at η‖λ‖₁ = 0.5
    with pytest.raises(AssertionError) as e:
        assert_verified("lai2026.m1.gap", n=40, d=4000, eta_scale=0.5)
    msg = str(e.value)
    assert msg.startswith("lai2026.m1.gap") and "violated" in msg
    assert "conclusion 'lower bound" in msg and "measured" in msg and "fails" in msg
