"""Negative controls of razincohen2020: a broken trainer, a wrong reference or a wrong constant must give ``violated``
while every hypothesis still holds — proof that each check can fail."""
import pytest

from ibcheck.checks.base import Hooks
from ibcheck.checks.runner import run_check
from ibcheck.testing.controls import assert_violated_or_observed as assert_violated

pytestmark = pytest.mark.machine  # outcome independent of the BLAS kernel and thread count (tests/machine_record.py)


@pytest.mark.parametrize("cid", ["razincohen2020.norms_diverge", "razincohen2020.det_sign",
                                 "razincohen2020.effective_rank"])
def test_razincohen_depth_one_dynamics(cid):
    """The trainer run as plain GF on W (depth 1) while the claim's depth is 2: det W crosses 0 and W converges."""
    assert_violated(run_check(cid, {}, hooks=Hooks(trainer={"depth": 1})))
