"""Negative controls of razincohen2020: a broken trainer, a wrong reference or a wrong constant must give ``violated``
while every hypothesis still holds — proof that each check can fail."""
import pytest

from ibcheck.checks.base import Hooks
from ibcheck.checks.runner import run_check

pytestmark = pytest.mark.machine  # outcome independent of the BLAS kernel and thread count (tests/machine_record.py)


def assert_violated(r):
    """``violated`` — or ``observed``, its exploratory form (an exploratory claim asks, it does not assert)."""
    from ibcheck.theory.catalogue import CATALOGUE
    assert all(h["holds"] for h in r["hypotheses"]), [(h["name"], h["lhs"]) for h in r["hypotheses"]]
    want = "observed" if CATALOGUE[r["claim"]].exploratory else "violated"
    assert r["verdict"] == want, (r["verdict"], r["reason"])


@pytest.mark.parametrize("cid", ["razincohen2020.norms_diverge", "razincohen2020.det_sign",
                                 "razincohen2020.effective_rank"])
def test_razincohen_depth_one_dynamics(cid):
    """The trainer run as plain GF on W (depth 1) while the claim's depth is 2: det W crosses 0 and W converges."""
    assert_violated(run_check(cid, {}, hooks=Hooks(trainer={"depth": 1})))
