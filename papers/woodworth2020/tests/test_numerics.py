"""Trainers of woodworth2020 against independent implementations (direct forms, autograd, exact solutions)."""
import numpy as np
import pytest
from scipy.integrate import solve_ivp

from ibcheck.papers.woodworth2020.numerics.diag_linear import direct_flow, sinh_link, span_flow
from ibcheck.papers.woodworth2020.numerics.sparse_regression import planted_sparse
from ibcheck.papers.woodworth2020.theory.dual import dual_newton


def test_sinh_link_accurate_and_overflow_free():
    z = np.array([-30.0, -1e-9, 0.0, 1e-9, 0.5, 30.0])
    for a in (1e-6, 1.0, 100.0):
        w, dw = sinh_link(z, a)
        assert np.allclose(w, 2 * a * a * np.sinh(z), rtol=1e-14, atol=0)
        assert np.allclose(dw, 2 * a * a * np.cosh(z), rtol=1e-14, atol=0)
    w, _ = sinh_link(np.array([700.0]), 1e-8)  # α²e^z would overflow e^700·… only through e^z alone
    assert np.isfinite(w).all()


def test_span_form_equals_direct_flow_in_r2d():
    X, y, _ = planted_sparse(8, 30, 3, 1)
    te = [0.5, 2.0, 5.0, 12.0]
    sp_ = span_flow(X, y, 0.1, t_eval=te, rtol=1e-12)
    W, info = direct_flow(X, y, 0.1, te, rtol=1e-12)
    assert info["success"]
    for w_span, w_dir in zip(sp_.w_eval, W):
        assert np.linalg.norm(w_span - w_dir) <= 1e-8 * np.linalg.norm(w_dir)


def test_direct_flow_conserves_u_times_v():
    X, y, _ = planted_sparse(6, 20, 2, 2)
    d = X.shape[1]

    def f(t, z):
        u, v = z[:d], z[d:]
        g = X.T @ (X @ (u * u - v * v) - y)
        return np.concatenate([-2 * u * g, 2 * v * g])
    # the integrator's own tolerances for a reference solution (not a comparison)
    sol = solve_ivp(f, (0, 5.0), np.full(2 * d, 0.3), method="DOP853", rtol=1e-12, atol=1e-15)
    u, v = sol.y[:d, -1], sol.y[d:, -1]
    assert np.allclose(u * v, 0.09, rtol=1e-9)


@pytest.mark.parametrize("alpha", [1e-3, 1.0, 10.0])
def test_span_flow_limit_is_the_dual_optimum(alpha):
    X, y, _ = planted_sparse(10, 40, 3, 0)
    fl = span_flow(X, y, alpha)
    assert fl.converged and not fl.diverged
    ref = dual_newton(X, y, alpha)
    assert np.linalg.norm(fl.w - ref.w) <= 1e-10 * np.linalg.norm(ref.w)


def test_span_flow_records_a_trajectory():
    """The flow's record is the one ``Trajectory``: the ``t_eval`` times reached on its clock, w there its state,
    the end in its stats; the 0.1 name warns."""
    from ibcheck.numerics.trajectory import Trajectory
    from ibcheck.papers.woodworth2020.numerics import diag_linear as mod
    X, y, _ = planted_sparse(8, 30, 3, 1)
    fl = span_flow(X, y, 0.1, t_eval=[0.5, 2.0])
    assert type(fl) is Trajectory and fl.t_eval == [0.5, 2.0] and len(fl.w_eval) == 2 and fl.converged
    with pytest.warns(DeprecationWarning, match="DiagFlow"):
        assert mod.DiagFlow is Trajectory
