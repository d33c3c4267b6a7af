"""woodworth2020.rich's stated rate row rejects an ℓ1 excess that barely decays (theory.asymptotic)."""
import numpy as np

import pytest

pytestmark = pytest.mark.machine  # outcome independent of the BLAS kernel and thread count (tests/machine_record.py)


def test_woodworth_rich_rate_row_rejects_an_excess_that_barely_decays():
    """The rich regime's ℓ1 excess is stated O(1/log(1/α)): an excess decaying like (1/log(1/α))^0.1 over the α sweep
    is a counterexample to the rate row, which a bare limit row would let through as still converging."""
    from ibcheck.theory.asymptotic import Series
    from ibcheck.theory.catalogue import CATALOGUE
    row = next(c for c in CATALOGUE["woodworth2020.rich"].conclusions if c.name == "ℓ1 excess → 0 as α → 0")
    tau = np.geomspace(1e2, 1e12, 11)  # the clock 1/α
    s = Series(tau, np.log(tau) ** -0.1)
    r = row.evaluate({row.rel.lhs.name: s})
    assert r["holds"] is False, r
