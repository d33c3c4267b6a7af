"""A stated rate row (theory.asymptotic) rejects a trajectory that barely decays, which a bare limit row lets through
(the papers' wrong trajectories fed through checks' Hooks: papers/<paper>/tests/test_asymptotic_controls.py).
"""
import numpy as np

import pytest

pytestmark = pytest.mark.machine  # outcome independent of the BLAS kernel and thread count (tests/machine_record.py)


def test_a_stated_rate_rejects_a_trajectory_that_barely_decays():
    """q = t^−0.1 against a stated O(1/t): a `rate` row is violated (stable order 0.1 < 0.75, the source states the
    rate); the same series under a bare `limit` row converges (an exact power law to 0): a bare limit is never
    refuted by its order."""
    from ibcheck.theory.asymptotic import Series
    from ibcheck.theory.statement import Sym, lim
    t, q = Sym("t", "t", "clock"), Sym("q", "q", "a vanishing quantity")
    s = Series(np.geomspace(10, 1e6, 11), np.geomspace(10, 1e6, 11) ** -0.1)
    rate = lim("q → 0 at rate 1/t", q.s, 0, clock="t", rate=1 / t.s, kind="rate").evaluate({"q": s})
    bare = lim("q → 0", q.s, 0, clock="t", rate=1 / t.s).evaluate({"q": s})
    assert rate["holds"] is False and "no decay at the stated rate" in rate["judgement"], rate
    assert bare["holds"] is True, bare
