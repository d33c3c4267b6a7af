"""One KKT residual (``theory.kkt_residual``): every fit returns ``KKTResidual``, the quantities read from the
multipliers are ``measure``'s, and the former paths answer with a ``DeprecationWarning`` until 0.3.0."""
from __future__ import annotations

import importlib
import math

import numpy as np
import pytest
import torch

from ibcheck.theory import kkt_residual as KR
from ibcheck.theory.kkt_columns import SampleGrad
from ibcheck.theory.label_aligned import closed_form_kkt, second_layer


def _two_layer():
    rng = np.random.default_rng(3)
    X = rng.normal(size=(6, 40))
    y = np.array([1.0, -1.0, 1.0, -1.0, 1.0, -1.0])
    return X @ X.T, y


def test_every_fit_returns_the_one_result_type():
    K, y = _two_layer()
    a = second_layer(2, 2)
    cf = closed_form_kkt(K, y, 2, 2, 0.5)
    two = KR.two_layer_residuals(K, y, a, 0.5, cf.B * 3.0)
    clarke = KR.kkt_residuals(np.array([1.0, 1.0]), np.ones(2), 1,
                              [SampleGrad("smooth", g=np.array([1.0, 0.0])), SampleGrad("smooth", g=np.array([0.0, 1.0]))],
                              [("w", (2,))])
    from ibcheck.numerics.trainers.homogeneous_net import make_net, teacher_data
    X, yy = teacher_data(4, 6, 0)
    net, th = make_net(X, yy, 3, "linear", seed=0)
    jac = KR.jacobian_residuals(net, th)
    assert all(type(r) is KR.KKTResidual for r in (two, clarke, jac))
    # an exact KKT point (the label-aligned one, scaled by 3): residuals are rounding of O(1) products
    assert two.stationarity < 1e-10 and two.complementarity < 1e-10 and two.status == "nnls" and two.kinks == 0
    assert [w["param"] for w in two.worst_units] == ["W"] * 3 and two.scale == pytest.approx(1 / 3, rel=1e-12)
    # θ = e₁ + e₂ with unit gradients e₁, e₂ at margins 1: λ = (1, 1), every residual 0 exactly
    assert clarke.stationarity == 0.0 and clarke.complementarity == 0.0 and clarke.euler_gap == 0.0
    assert clarke.support == [0, 1] and clarke.certified


def test_measure_reads_the_multipliers_once_for_every_fit():
    lam, q = np.array([2.0, 0.0, 1.0]), np.array([1.0, 3.0, 1.5])
    m = KR.measure(10.0, 0.25, lam, q, 2)
    # terms λ(q − 1) = (0, 0, 0.5); mean λ = 1; Σλ = 3; LΣλq = 2·3.5 = 7
    assert m["complementarity"] == 0.5 and m["complementarity_max"] == 0.5 and m["complementarity_sum"] == 0.5 / 3
    assert m["euler_gap"] == 0.3 and m["support"] == [0, 2] and m["support_max_margin"] == 1.5
    assert [w["index"] for w in m["worst_samples"]] == [2, 0, 1]
    assert KR.measure(10.0, 0.25, lam, q, 2, euler_mass=3.0)["euler_gap"] == 0.7
    zero = KR.measure(1.0, 1.0, np.zeros(2), np.ones(2), 1)
    assert zero["complementarity"] is None and not zero["certified"] and zero["support"] == []


def test_a_point_that_does_not_classify_has_no_residual():
    K, y = _two_layer()
    r = KR.two_layer_residuals(K, y, second_layer(1, 1), 0.5, np.zeros((2, 6)))
    assert r.stationarity == math.inf and r.status == "not classifying" and math.isnan(r.scale)


@pytest.mark.parametrize("module, name, new", [
    ("theory.margin_kkt", "KKTReport", "KKTResidual"), ("theory.margin_kkt", "margin_jacobian", "margin_jacobian"),
    ("theory.homogeneous_kkt", "kkt_residuals", "kkt_residuals"), ("theory.homogeneous_kkt", "KKTResiduals", "KKTResidual"),
    ("theory.homogeneous_kkt", "SUPPORT_TAU", "SUPPORT_TAU"), ("theory.homogeneous_kkt", "SampleGrad", "SampleGrad")])
def test_the_former_names_answer_warned(module, name, new):
    mod = importlib.import_module(f"ibcheck.{module}")
    with pytest.warns(DeprecationWarning, match=rf"{name} is ibcheck\.theory\.kkt_\w+\.{new} now.*removed in 0\.3\.0"):
        obj = getattr(mod, name)
    home = "kkt_columns" if name == "SampleGrad" else "kkt_residual"
    assert obj is getattr(importlib.import_module(f"ibcheck.theory.{home}"), new)
    with pytest.raises(AttributeError):
        getattr(mod, "NoSuchName")


def test_the_former_margin_checker_keeps_its_unnormalised_complementarity():
    from ibcheck.numerics.trainers.homogeneous_net import make_net, teacher_data
    from ibcheck.theory import margin_kkt
    X, yy = teacher_data(4, 6, 0)
    net, th = make_net(X, yy, 3, "linear", seed=0)
    th = torch.as_tensor(th)
    with pytest.warns(DeprecationWarning, match="kkt_check is ibcheck.theory.kkt_residual.jacobian_residuals"):
        old = margin_kkt.kkt_check(net, th)
    new = KR.jacobian_residuals(net, th)
    assert old.complementarity == new.complementarity_max and old.stationarity == new.stationarity
