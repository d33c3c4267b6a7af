"""Trainers of vardishamir2021 against independent implementations (direct forms, autograd, exact solutions)."""
import numpy as np
from scipy.linalg import expm

from ibcheck.papers.vardishamir2021.numerics.single_neuron import neuron_flow


def _fixture(g):
    return np.array([[3.0, -1, 0], [4, 2, 0], [0, g, g]]), np.array([16.0, 18, 0])


def test_single_neuron_against_the_exact_piecewise_linear_solution():
    """Phase 1 (every example active) is linear: w(t) = w* + e^{−At}(w₀ − w*); x₃ switches off when
    γ(w₂ + w₃) = 0 (root of the exact solution); after that w₃ is frozen (x₁, x₂ have no third coordinate)."""
    from scipy.optimize import brentq
    X, y = _fixture(1.0)
    w0 = np.full(3, 1e-6)
    A, b = X.T @ X, X.T @ y
    ws = np.linalg.solve(A, b)

    def w(t):
        return ws + expm(-A * t) @ (w0 - ws)
    t_off = brentq(lambda t: X[2] @ w(t), 1e-3, 5.0, xtol=1e-15)
    exact_w3 = w(t_off)[2]
    fl = neuron_flow(X, y, w0)
    assert fl.events and fl.events[0][1] == 2 and abs(fl.events[0][0] - t_off) < 1e-7
    # event location (rtol 1e-10) of an O(1) solution vs the closed form
    assert abs(fl.w[2] - exact_w3) < 1e-9
    # coordinates the flow never moves (exact invariants): rounding of O(1) values
    assert abs(fl.w[0] - 5) < 1e-12 and abs(fl.w[1] + 1) < 1e-12


def test_single_neuron_dead_init_stops():
    X, y = _fixture(1.0)
    fl = neuron_flow(X, y, np.array([-1e-6, -1e-6, -1e-6]) * np.array([1, -0.1, 1]))
    assert fl.loss > 1  # every example inactive: the neuron never moves


def test_the_flow_records_a_trajectory():
    """The flow's record is the one ``Trajectory``: its checkpoints (with ``record``) on the clock, the end in its
    stats; none without ``record``; the 0.1 name warns."""
    import pytest
    from ibcheck.numerics.trajectory import Trajectory
    from ibcheck.papers.vardishamir2021.numerics import single_neuron as mod
    X, y = _fixture(1.0)
    fl = neuron_flow(X, y, np.full(3, 1e-6), record=5)
    assert type(fl) is Trajectory and fl.clock[0] == 0.0 and fl.clock[-1] == fl.t
    assert len(fl.ws) == len(fl.losses) == len(fl.clock) and fl.ws[-1] == fl.w.tolist() and fl.losses[-1] == fl.loss
    assert neuron_flow(X, y, np.full(3, 1e-6)).clock == []
    with pytest.warns(DeprecationWarning, match="NeuronFlow"):
        assert mod.NeuronFlow is Trajectory
