"""Trainers of razincohen2020 against independent implementations (direct forms, autograd, exact solutions)."""
import math

import numpy as np
import pytest
from scipy.integrate import solve_ivp

from ibcheck.papers.razincohen2020.numerics.matrix_factorization import (effective_rank, factor_field, flow, from_svd, product,
                                                   signed_svd)

MASK = np.array([[0.0, 1.0], [1.0, 1.0]])


B = np.array([[0.0, 1.0], [1.0, 0.0]])


def test_signed_svd_round_trip_and_effective_rank():
    rng = np.random.default_rng(0)
    for _ in range(20):
        W = rng.normal(size=(2, 2))
        th_u, th_v, l1, l2, s = signed_svd(W)
        # a 2×2 SVD and its reassembly: rounding of O(1) values (~1e-16)
        assert np.allclose(from_svd([th_u, th_v, l1, l2], s), W, atol=1e-14)
        sv = np.linalg.svd(W, compute_uv=False)
        p = sv / sv.sum()
        # the effective rank by two formulas from the same singular values: a few roundings
        assert abs(effective_rank(l1, l2) - math.exp(-(p * np.log(p)).sum())) < 1e-12
    assert effective_rank(0.0, -1e6) == 1.0


@pytest.mark.parametrize("N,alpha", [(2, 1e-3), (3, 1e-3), (3, 0.1)])
def test_balanced_end_to_end_flow_equals_the_factor_flow(N, alpha):
    """At the decade checkpoints where a direct solve of the factors still resolves W (t ≤ 100), the two-phase flow
    (raw factors, then the balanced end-to-end flow in signed-SVD log coordinates) agrees with it."""
    y0 = np.concatenate([alpha * np.eye(2).ravel()] * N)
    fl = flow(N, alpha, MASK, B, t_end=100.0)
    assert fl.balancedness_at_switch < 1e-8 and fl.reached_end and fl.t  # LSODA at rtol 1e-10 in the raw phase
    for t, W in zip(fl.t, fl.W):
        # the integrator's own tolerances for a reference solution (not a comparison)
        sol = solve_ivp(factor_field(N, MASK, B), (0, t), y0, method="DOP853", rtol=1e-12, atol=1e-20)
        W_raw = product(sol.y[:, -1].reshape(N, 2, 2))
        assert np.abs(np.array(W) - W_raw).max() <= 1e-7 * np.abs(W_raw).max(), t


def test_razin_cohen_growth_exponent_depth_2():
    """|W₁₁(t)| ∝ t^{1/3} for N = 2 over t = 1e5..1e8 (measured here, not a claim of the paper)."""
    fl = flow(2, 1e-3, MASK, B, t_end=1e8)
    t, w = np.array(fl.t), np.abs([W[0][0] for W in fl.W])
    sel = t >= 1e5
    k = np.polyfit(np.log(t[sel]), np.log(w[sel]), 1)[0]
    assert abs(k - 1 / 3) < 0.01 and fl.reached_end and all(s > 0 for s in fl.det_sign)


def test_the_flow_records_a_trajectory():
    """``FactorFlow`` is this paper's ``Trajectory`` subclass: decade checkpoints on its clock ``t``, the raw
    phase's own checkpoints and how each phase ended in its stats, ``erank`` read from the states."""
    from ibcheck.numerics.trajectory import Trajectory
    fl = flow(2, 1e-3, MASK, B, t_end=100.0)
    assert isinstance(fl, Trajectory) and fl.t is fl.clock and fl.engine == "LSODA"
    assert all(len(v) == len(fl.t) for v in fl.series().values())
    assert len(fl.raw_t) == len(fl.raw_det_rel) == len(fl.raw_W) == len(fl.raw_loss) >= 1
    assert fl.erank() == [effective_rank(*ls) for ls in fl.states["log_sv"]] and fl.stats["reached_end"]
