"""Negative controls of vardishamir2021: a broken trainer, a wrong reference or a wrong constant must give ``violated``
while every hypothesis still holds — proof that each check can fail."""
import numpy as np
import pytest

from ibcheck.checks.base import Hooks
from ibcheck.checks.runner import run_check
from ibcheck.testing.controls import assert_observed_failure, assert_violated_or_observed as assert_violated

pytestmark = pytest.mark.machine  # outcome independent of the BLAS kernel and thread count (tests/machine_record.py)


def test_vardishamir_construction_ignoring_one_target():
    deriv = lambda z: np.array([1.0, 0.0, 1.0]) * (z > 0)  # noqa: E731  (example 2's gradient dropped)
    assert_violated(run_check("vardishamir2021.single_neuron_construction", {}, hooks=Hooks(trainer={"deriv": deriv})))


def test_vardishamir_not_min_norm_with_a_limit_as_reference():
    lim = np.array([5.0, -1.0, -0.011590420])  # the GF limit at γ = ½ used as "argmin_Z ‖w‖"
    r = run_check("vardishamir2021.not_min_norm", {},
                  hooks=Hooks(reference=lambda k, v: lim if k == "w_min" else v))
    assert_violated(r)


def test_vardishamir_approximate_wrong_min_norm():
    r = run_check("vardishamir2021.approximate", {"runs": 3},
                  hooks=Hooks(reference=lambda k, v: 1.1 * v if k == "w_min" else v))
    assert_observed_failure(r)  # exploratory: observed, exit 0


def test_vardishamir_zero_loss_set_of_a_perturbed_fixture():
    def perturb(kind, obj):
        if kind != "fixture":
            return obj
        X, y = obj
        X = X.copy()
        X[1, 2] = 1  # x₂ = (4, 2, 1): the zero-loss set is no longer {(5, −1, w₃): w₃ ≤ 1}
        return X, y
    r = run_check("vardishamir2021.zero_loss_set", {}, hooks=Hooks(reference=perturb))
    assert_violated(r)
    assert r["quantities"]["set_is_spec"] == 0.0


def test_vardishamir_balancedness_wrong_second_layer():
    assert_violated(run_check("vardishamir2021.balancedness_conserved", {}, hooks=Hooks(trainer={"a_rate": 2.0})))
