"""jitelgarsky2020.direction's path-length row: "converges" is verified only once the extrapolated length is known
to ±0.01 (atol 0.02); a fit still ±0.024 wide (relu²'s seed-0 fit at log(1/𝓛) = 1e3 was ±0.027) stays undecided."""
from dataclasses import replace

from ibcheck.theory.asymptotic import Series, geometric
from ibcheck.theory.catalogue import CATALOGUE


def _row():
    c = CATALOGUE["jitelgarsky2020.direction"]
    return next(r for r in c.conclusions if r.name.startswith("the path length"))


def test_path_resolution_decides_only_a_narrow_limit():
    row, ck = _row(), geometric(1e2, 1e4, 7)
    name = row.rel.lhs.name
    wide = row.evaluate({name: Series(ck, [0.6 - 0.3 * x ** -0.3 for x in ck])})
    assert wide["holds"] is None  # the limit ∈ [0.576, 0.624]: ±0.024 > ±0.01
    lo, hi = wide["limit_estimate"]["interval"]
    assert 0.04 < hi - lo < 0.05 and lo < 0.6 < hi
    assert replace(row, atol=0.1).evaluate({name: Series(ck, [0.6 - 0.3 * x ** -0.3 for x in ck])})["holds"] is True
    narrow = row.evaluate({name: Series(ck, [0.6 - 0.3 * x ** -1.0 for x in ck])})
    assert narrow["holds"] is True  # known to far better than ±0.01
