"""Value-level tests of the asymptotic judge's modules (theory/asymptotic*.py) added for the mutants that survived
the judge groups' fast selection (mutants/groups.py ``JUDGE_FAST``): each asserts a computed verdict, limit, order
or window on an exact synthetic sequence."""
import math

import pytest
import sympy as sp

from ibcheck.theory.asymptotic import geometric, judge

pytestmark = pytest.mark.machine  # outcome independent of the BLAS kernel and thread count (tests/machine_record.py)

t = sp.Symbol("t", real=True)
CK = geometric(1e2, 1e6, 9)  # 2 checkpoints per decade over 4 decades


def test_a_converging_free_row_is_verified_with_its_limit():
    j = judge(CK, [2 + 3 / x for x in CK], 1 / t, "t", None, limit_tol=1e-3)
    assert j.holds is True
    assert j.limit_estimate["value"] == pytest.approx(2.0, abs=1e-6)  # the fitted power law's limit
    assert math.isfinite(j.observed_order["value"])
