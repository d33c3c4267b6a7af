"""lai2026's statement (theory.statement objects): the gap claim against the seed's constants, and a failure under the
stand-in near-orthogonality level is a counterexample only with evidence that it persists."""
import math

from ibcheck.theory import verdict as V
from ibcheck.theory.catalogue import CATALOGUE


def test_gap_statement_matches_the_seed_constants():
    c = CATALOGUE["lai2026.m1.gap"]
    assert c.constants["c_low"] == 1.0 and c.constants["c_up"] == 16.0
    vals = dict(trace_sigma=100.0, n=10, orth_dev=0.1, label_spread=2.0, delta_max=0.5, eta_lmax=1.0, init_min_beta_over_eps=1.0,
                n_minus=4, y_min=1.0, y_max=2.0, c_low=1.0, c_up=16.0)
    lower, upper = math.sqrt(4 / 100), math.sqrt(16 * 4 * 4 / 100)
    assert c.evaluate(dict(vals, gap=lower * 1.01))["verdict"] == V.VERIFIED
    # the near-orthogonality level δ_max is a stand-in chosen here: a failure is a counterexample only with the
    # check's evidence that it persists deeper inside the hypothesis
    for gap in (lower * 0.99, upper * 1.01):
        r = c.evaluate(dict(vals, gap=gap))
        assert r["verdict"] == V.INCONCLUSIVE and "not a counterexample" in r["reason"], r["reason"]
        r = c.evaluate(dict(vals, gap=gap), persists="gap/lower = 0.9 at d = 10d")
        assert r["verdict"] == V.VIOLATED and r["reason"].endswith("tightened: gap/lower = 0.9 at d = 10d")
