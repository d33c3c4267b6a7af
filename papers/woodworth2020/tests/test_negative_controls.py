"""Negative controls of woodworth2020: a broken trainer, a wrong reference or a wrong constant must give ``violated``
while every hypothesis still holds — proof that each check can fail."""
import numpy as np
import pytest

from ibcheck.checks.base import Hooks
from ibcheck.checks.runner import run_check
from ibcheck.testing.controls import assert_observed_failure, assert_violated_or_observed as assert_violated

pytestmark = pytest.mark.machine  # outcome independent of the BLAS kernel and thread count (tests/machine_record.py)


def wrong_link(scale=1.01):
    """w = 1.01·2α² sinh(z): a wrong sinh factor in the span-form flow."""
    return lambda z, a: (scale * 2 * a * a * np.sinh(z), scale * 2 * a * a * np.cosh(z))


def test_woodworth_limit_wrong_link_wrong_sign_wrong_alpha():
    assert_violated(run_check("woodworth2020.limit", {}, hooks=Hooks(trainer={"link": wrong_link()})))
    r = run_check("woodworth2020.limit", {}, hooks=Hooks(trainer={"rate": 4.0}))  # ṡ = +4(Xw − y): ascent, blows up
    assert_violated(r)
    from ibcheck.papers.woodworth2020.numerics.sparse_regression import planted_sparse
    from ibcheck.papers.woodworth2020.theory.dual import dual_newton
    X, y, _ = planted_sparse(10, 40, 3, 0)
    wrong_alpha = dual_newton(X, y, 2e-3).w  # the reference at 2α instead of α
    assert_violated(run_check("woodworth2020.limit", {}, hooks=Hooks(reference=lambda kind, w: wrong_alpha)))


def test_woodworth_rich_with_the_l2_interpolant_as_reference():
    from ibcheck.papers.woodworth2020.theory.interpolants import min_l2
    from ibcheck.papers.woodworth2020.numerics.sparse_regression import planted_sparse
    X, y, _ = planted_sparse(10, 40, 3, 0)
    l2 = min_l2(X, y).w
    assert_violated(run_check("woodworth2020.rich", {}, hooks=Hooks(reference=lambda k, w: l2 if k == "l1" else w)))


def test_woodworth_kernel_with_the_l1_interpolant_as_reference():
    from ibcheck.papers.woodworth2020.theory.interpolants import min_l1
    from ibcheck.papers.woodworth2020.numerics.sparse_regression import planted_sparse
    X, y, _ = planted_sparse(10, 40, 3, 0)
    l1 = min_l1(X, y).w
    assert_violated(run_check("woodworth2020.kernel", {}, hooks=Hooks(reference=lambda k, w: l1 if k == "l2" else w)))
    assert_violated(run_check("woodworth2020.kernel", {"kernel_order": 2.0}))  # a wrong decay order


def test_woodworth_transition_wrong_link():
    # exploratory: a broken flow changes its answer (observed, exit 0), never a counterexample
    assert_observed_failure(run_check("woodworth2020.transition", {}, hooks=Hooks(trainer={"link": wrong_link()})))
