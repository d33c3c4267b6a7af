"""Negative controls of boursier2022: a broken trainer, a wrong reference or a wrong constant must give ``violated``
while every hypothesis still holds — proof that each check can fail."""
import numpy as np
import pytest

from ibcheck.checks.base import Hooks
from ibcheck.checks.runner import run_check
from ibcheck.testing.controls import assert_observed_failure, assert_violated_or_observed as assert_violated

pytestmark = pytest.mark.machine  # outcome independent of the BLAS kernel and thread count (tests/machine_record.py)


def test_boursier_convergence_dead_first_layer():
    r = run_check("boursier2022.convergence", {"t_max": 300.0}, hooks=Hooks(trainer={"deriv": np.zeros_like}))
    assert_violated(r)


def test_boursier_min_variation_wrong_closed_form():
    r = run_check("boursier2022.min_variation_norm", {}, hooks=Hooks(reference=lambda k, v: 1.1 * v))
    assert_violated(r)
    assert r["quantities"]["variation_ratio_min"] < 1


def test_boursier_saddle_wrong_second_layer_speed():
    r = run_check("boursier2022.saddle_to_saddle", {}, hooks=Hooks(trainer={"a_rate": 3.0}))
    assert_violated(r)
    assert r["quantities"]["t_fast"] < 0.75 * r["quantities"]["tau_fast"]


def test_boursier_early_alignment_wrong_derivative():
    r = run_check("boursier2022.early_alignment", {}, hooks=Hooks(trainer={"deriv": np.ones_like}))
    assert_observed_failure(r)  # exploratory: its answer is a measurement (observed, exit 0)


def test_boursier_balancedness_gf_and_gd_wrong_second_layer():
    assert_violated(run_check("boursier2022.balancedness", {}, hooks=Hooks(trainer={"a_rate": 2.0})))
    assert_violated(run_check("boursier2022.balancedness_gd", {"steps": 200}, hooks=Hooks(trainer={"a_step": 2.0})))
    assert_violated(run_check("boursier2022.balancedness_gd", {"steps": 200}, hooks=Hooks(trainer={"deriv": np.ones_like})))
