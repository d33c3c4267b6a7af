"""Value-level tests of the (ε, δ)-KKT verdict (theory/kkt_verdict.py) and of its columns (theory/kkt_columns.py) on
two- and three-dimensional inputs whose answers are known by hand: a mutant of either module changes a number or a
verdict here, in well under a second (the mutation tool's ``kkt`` group, mutants/groups.py).

The running example: q_k(θ) = z_kᵀθ with z₁ = e₁, z₂ = e₂, so g_k = z_k and θ̃ = (1, 1) is an exact KKT point
(λ = (1, 1), stationarity 0, complementarity 0 when q = (1, 1)).
"""
from __future__ import annotations

import math

import numpy as np
import pytest

from ibcheck.theory import kkt_verdict as kv
from ibcheck.theory.homogeneous_kkt import SampleGrad
from ibcheck.theory.kkt_columns import UNIT_ROUNDOFF, Columns
from ibcheck.theory.solver import OPTIMAL_INACCURATE, SolverError

E1, E2 = np.array([1.0, 0.0]), np.array([0.0, 1.0])
THETA = np.array([1.0, 1.0])


def smooth(*gs):
    return [SampleGrad("smooth", g=np.asarray(g, dtype=float)) for g in gs]


def streamed_space(theta):
    """A ``space`` that knows the columns only through their Gram matrix, ``Cᵀθ`` and the product ``Cw``."""
    def space(entries):
        C = np.stack(entries, axis=1)
        return Columns(gram=C.T @ C, ct=C.T @ theta, apply=lambda w: C @ w)
    return space


# ---- theory/kkt_columns.py -----------------------------------------------------------------------------------------

def test_explicit_columns_products_norms_and_reduction():
    C = np.array([[3.0, 0.0], [4.0, 1.0], [0.0, 0.0]])
    cols = Columns(C=C)
    assert cols.N == 2 and not cols.streamed
    assert np.allclose(cols.matvec(np.array([1.0, 2.0])), [3.0, 6.0, 0.0])  # exact small integers
    assert np.allclose(cols.norms(), [5.0, 1.0])  # exact small integers
    theta = np.array([1.0, 2.0, 2.0])
    assert np.allclose(cols.dots(theta), [11.0, 2.0])  # exact small integers
    red = cols.reduce(theta)
    assert red.theta_norm == pytest.approx(3.0)  # ‖(1, 2, 2)‖ = 3
    assert red.perp == pytest.approx(2.0)  # the third coordinate no column reaches
    v = np.array([0.3, -0.7])
    lhs = np.linalg.norm(theta - C @ v) ** 2
    assert lhs == pytest.approx(red.perp ** 2 + np.linalg.norm(red.b - red.S @ v) ** 2)  # the reduction identity
    s = np.array([5.0, 1.0])  # scaled columns C diag(1/s)
    red_s = cols.reduce(theta, s)
    assert np.linalg.norm(theta - C @ (v / s)) ** 2 == pytest.approx(red_s.perp ** 2 + np.linalg.norm(red_s.b - red_s.S @ v) ** 2)  # identity
    assert cols.gram_slack(v, 0.5, 3.0) == 0.0  # explicit columns: QR is backward stable
    M = np.array([[1.0, 1.0], [0.0, 2.0]])
    comb = cols.combine(M)
    assert comb.C is not None and np.allclose(comb.C, C @ M)  # exact small integers


def test_streamed_columns_agree_with_the_explicit_ones():
    C = np.array([[3.0, 0.0, 1.0], [4.0, 1.0, 0.0], [0.0, 0.0, 2.0], [1.0, 1.0, 1.0]])
    theta = np.array([1.0, 2.0, 2.0, -1.0])
    cols = Columns(gram=C.T @ C, ct=C.T @ theta, apply=lambda w: C @ w)
    assert cols.N == 3 and cols.streamed
    w = np.array([1.0, -2.0, 0.5])
    assert np.allclose(cols.matvec(w), C @ w)  # the exact product
    assert np.allclose(cols.norms(), np.linalg.norm(C, axis=0))  # sqrt of the Gram's diagonal, rounding only
    assert np.allclose(cols.dots(theta), C.T @ theta)  # the stored Cᵀθ
    ex = Columns(C=C)
    for s in (None, np.array([2.0, 0.5, 3.0])):
        red, rex = cols.reduce(theta, s), ex.reduce(theta, s)
        assert red.theta_norm == pytest.approx(rex.theta_norm)  # same θ
        assert red.perp == pytest.approx(rex.perp, rel=1e-9)  # eigen vs QR reduction: rounding only
        v = np.array([0.2, -0.4, 0.9])
        assert (red.perp ** 2 + np.linalg.norm(red.b - red.S @ v) ** 2 ==
                pytest.approx(rex.perp ** 2 + np.linalg.norm(rex.b - rex.S @ v) ** 2, rel=1e-9))  # same objective
    M = np.array([[1.0, 0.0], [-1.0, 2.0], [0.0, 1.0]])
    comb = cols.combine(M)
    assert comb.streamed and comb.N == 2
    assert np.allclose(comb.gram, M.T @ C.T @ C @ M)  # the Gram of C M
    assert np.allclose(comb.ct, M.T @ C.T @ theta)  # (C M)ᵀθ
    assert np.allclose(comb.matvec(np.array([1.0, 2.0])), C @ M @ np.array([1.0, 2.0]))  # exact product
    assert np.allclose(comb.weights, np.abs(M).T @ np.linalg.norm(C, axis=0))  # Σ|M_kj|‖c_k‖
    comb2 = comb.combine(np.array([[1.0], [1.0]]))  # a second combination reads the first one's weights
    assert np.allclose(comb2.weights, [comb.weights.sum()])  # |1|·w₁ + |1|·w₂


def test_the_streamed_reduction_drops_directions_below_the_grams_rounding():
    C = np.array([[1.0, 0.0], [0.0, 0.3]])  # Gram eigenvalues 1 and 0.09
    theta = np.array([1.0, 1.0])
    kept = Columns(gram=C.T @ C, ct=C.T @ theta, apply=lambda w: C @ w, rounding=0.05).reduce(theta)
    assert kept.S.shape == (2, 2) and kept.perp == pytest.approx(0.0, abs=1e-7)  # 0.09 > 0.05: both resolved
    cut = Columns(gram=C.T @ C, ct=C.T @ theta, apply=lambda w: C @ w, rounding=0.1).reduce(theta)
    assert cut.S.shape == (1, 2) and cut.perp == pytest.approx(1.0)  # 0.09 < 0.1: e₂ unresolved, ρ = 1
    rank1 = np.array([[1.0, 2.0], [1.0, 2.0]])  # rank 1: the zero eigenvalue is below N·u
    r1 = Columns(gram=rank1.T @ rank1, ct=rank1.T @ theta, apply=lambda w: rank1 @ w).reduce(theta)
    assert r1.S.shape == (1, 2) and r1.perp == pytest.approx(0.0, abs=1e-7)  # θ = (1, 1) lies in the span
    tiny = np.diag([1.0, 1e-17])  # eigenvalue 1e-34 of the Gram: below N·u = 2·2⁻⁵³ even with rounding 0
    assert Columns(gram=tiny @ tiny, ct=tiny @ theta, apply=lambda w: tiny @ w).reduce(theta).S.shape == (1, 2)
    zero = Columns(gram=np.zeros((2, 2)), ct=np.zeros(2), apply=lambda w: np.zeros(2)).reduce(theta)
    assert zero.S.shape == (0, 2) and zero.b.shape == (0,)  # nothing resolved
    assert zero.perp == pytest.approx(math.sqrt(2)) and zero.theta_norm == pytest.approx(math.sqrt(2))  # all of θ
    assert UNIT_ROUNDOFF == 2.0 ** -53


def test_the_grams_rounding_widens_a_refutation_by_the_stated_bound():
    C = np.array([[3.0, 0.0], [4.0, 2.0]])  # column norms 5 and 2
    cols = Columns(gram=C.T @ C, ct=C.T @ np.ones(2), apply=lambda w: C @ w, rounding=1e-3)
    w = np.array([0.5, -1.0])
    a = (0.5 * 5 + 1.0 * 2) / 2.0  # Σ|w_k|‖c_k‖/‖θ‖ with ‖θ‖ = 2
    d = 4 * 1e-3 * (a * a + 2 * a)
    assert cols.gram_slack(w, 0.6, 2.0) == pytest.approx(0.6 - math.sqrt(0.6 ** 2 - d), rel=1e-12)  # the formula
    assert cols.gram_slack(w, 0.01, 2.0) == pytest.approx(0.01)  # d > stationarity²: all of it may be rounding
    exact = Columns(gram=C.T @ C, ct=C.T @ np.ones(2), apply=lambda w: C @ w)
    assert exact.gram_slack(w, 0.6, 2.0) == 0.0  # no rounding declared: no slack
    comb = cols.combine(np.array([[2.0], [0.0]]))  # one column 2·c₁: weight 10, rounding kept
    assert comb.rounding == 1e-3
    a2 = 1.0 * 10 / 2.0
    assert comb.gram_slack(np.array([1.0]), 0.9, 2.0) == pytest.approx(
        0.9 - math.sqrt(max(0.0, 0.81 - 4e-3 * (a2 * a2 + 2 * a2))))  # read from the combination's weights


# ---- theory/kkt_verdict.py: decide ---------------------------------------------------------------------------------

def test_the_least_stationarity_multipliers_are_a_witness_at_the_bounds():
    v = kv.decide(THETA, np.ones(2), smooth(E1, E2), 0.1, 0.2, eps=0.1, delta=0.2)
    assert (v.verdict, v.stationarity, v.complementarity, v.joint) == ("verified", 0.1, 0.2, False)
    assert v.lam is None


def test_no_complementarity_is_no_witness_and_goes_to_the_joint_socp():
    v = kv.decide(THETA, np.ones(2), smooth(E1, E2), 0.0, None, eps=0.1, delta=0.2)
    assert v.verdict == "verified" and v.joint  # the joint SOCP finds λ = (1, 1)
    assert np.allclose(v.lam, [1.0, 1.0], atol=1e-5)  # interior-point accuracy
    assert v.stationarity <= 0.1 and v.complementarity <= 0.2


def test_vertex_subsets_cannot_refute():
    samples = [SampleGrad("vertices", vertices=np.array([E1])), *smooth(E2)]
    v = kv.decide(THETA, np.ones(2), samples, 0.9, 0.0, eps=0.1, delta=0.2)
    assert v.verdict == "inconclusive" and v.stationarity is None
    u = kv.decide(THETA, np.ones(2), [SampleGrad("uncertified")], 0.9, 0.0, eps=0.1, delta=0.2)
    assert u.verdict == "inconclusive"


@pytest.mark.parametrize("stationarity, slack, verdict", [
    (0.1 + 2e-7, 0.0, "violated"),  # beyond ε + SOLVER_ATOL (1e-7)
    (0.1 + 0.5e-7, 0.0, "inconclusive"),  # within the solver's tolerance of ε
    (0.1 + 2e-7, 1.5e-7, "inconclusive"),  # a streamed Gram's slack takes it back inside
    (0.5, 0.3, "violated"),
])
def test_least_stationarity_beyond_eps_refutes_only_beyond_the_solvers_tolerance(stationarity, slack, verdict):
    v = kv.decide(THETA, np.ones(2), smooth(E1, E2), stationarity, 0.0, eps=0.1, delta=0.2, slack=slack)
    assert v.verdict == verdict and not v.joint
    if verdict == "violated":
        assert (v.stationarity, v.complementarity) == (stationarity, 0.0)
    assert kv.SOLVER_ATOL == 1e-7


def test_the_joint_socp_finds_a_witness_the_least_stationarity_multipliers_miss():
    # q₂ = 1.1: λ = (1, 1) has complementarity 0.1/1 = 0.1 > δ = 0.05; the bound 0.1·λ₂ ≤ 0.05·(λ₁ + λ₂)/2 is
    # λ₂ ≤ λ₁/3, and the projection of (1, 1) on it, λ = (1.2, 0.4), leaves stationarity ‖(0.2, 0.6)‖/√2 = 1/√5
    q = np.array([1.0, 1.1])
    v = kv.decide(THETA, q, smooth(E1, E2), 0.0, 0.1, eps=0.5, delta=0.05)
    assert v.verdict == "verified" and v.joint
    assert v.complementarity <= 0.05 and v.stationarity <= 0.5
    assert v.lam[1] <= v.lam[0] / 3 + 1e-6  # the complementarity bound, re-verified


def test_the_joint_socp_refutes_when_no_multipliers_meet_both():
    # the same point at ε = 0.3: the best λ = (1.2, 0.4) leaves stationarity 1/√5 = 0.4472 > 0.3
    q = np.array([1.0, 1.1])
    v = kv.decide(THETA, q, smooth(E1, E2), 0.0, 0.1, eps=0.3, delta=0.05)
    assert v.verdict == "violated" and v.joint
    assert v.stationarity == pytest.approx(1 / math.sqrt(5), abs=1e-4)  # interior-point accuracy
    assert np.allclose(v.lam, [1.2, 0.4], atol=1e-4)  # interior-point accuracy
    assert v.complementarity == pytest.approx(0.05, abs=1e-4)  # the bound is active (δ loosened by 1e-4)


def test_the_joint_socp_in_a_streamed_space_gives_the_same_verdicts():
    q = np.array([1.0, 1.1])
    for eps, verdict in ((0.5, "verified"), (0.3, "violated")):
        v = kv.decide(THETA, q, smooth(E1, E2), 0.0, 0.1, eps=eps, delta=0.05, space=streamed_space(THETA))
        assert v.verdict == verdict and v.joint
    # a rounding declared so large that the Gram could hide the gap 0.4472 − 0.3: no refutation
    def rough(entries):
        c = streamed_space(THETA)(entries)
        c.rounding = 0.05
        return c
    r = kv.decide(THETA, q, smooth(E1, E2), 0.0, 0.1, eps=0.3, delta=0.05, space=rough)
    assert r.verdict == "inconclusive" and r.joint


def test_a_box_sample_reaches_a_derivative_inside_its_interval_only():
    # one sample: q(θ) = θ₁ + s·θ₂ with s ∈ [0, 1] at a kink (g₀ = e₁, V = e₂): θ̃ = (1, 0.5) is reached with s = 0.5
    box = [SampleGrad("box", g=E1, V=np.array([E2]), lo=np.array([0.0]), hi=np.array([1.0]))]
    ok = kv.decide(np.array([1.0, 0.5]), np.ones(1), box, 0.0, None, eps=1e-3, delta=0.1)
    assert ok.verdict == "verified" and ok.joint and ok.stationarity <= 1e-3
    assert ok.lam == pytest.approx([1.0], abs=1e-5)  # interior-point accuracy
    # θ̃ = (1, 2) needs s = 2 ∉ [0, 1]: the best is λ(1, 1) with λ = 1.5, stationarity ‖(−0.5, 0.5)‖/√5
    far = kv.decide(np.array([1.0, 2.0]), np.ones(1), box, 0.0, None, eps=0.1, delta=0.1)
    assert far.verdict == "violated" and far.joint
    assert far.stationarity == pytest.approx(math.sqrt(0.5 / 5), abs=1e-5)  # interior-point accuracy
    assert far.lam == pytest.approx([1.5], abs=1e-5)
    # with the interval [−1, 3] the same point is a KKT point (s = 2)
    wide = [SampleGrad("box", g=E1, V=np.array([E2]), lo=np.array([-1.0]), hi=np.array([3.0]))]
    assert kv.decide(np.array([1.0, 2.0]), np.ones(1), wide, 0.0, None, eps=1e-3, delta=0.1).verdict == "verified"
    # a box sample next to a smooth one: λ's of both are counted by owner
    mixed = box + smooth(np.array([0.0, 1.0]))
    m = kv.decide(np.array([1.0, 1.5]), np.ones(2), mixed, 0.0, None, eps=1e-3, delta=0.1)
    assert m.verdict == "verified" and m.lam.shape == (2,) and m.lam[0] == pytest.approx(1.0, abs=1e-4)


def test_a_failing_solver_is_inconclusive(monkeypatch):
    def fail(prob):
        raise SolverError("infeasible")
    monkeypatch.setattr(kv, "solve", fail)
    v = kv.decide(THETA, np.array([1.0, 1.1]), smooth(E1, E2), 0.0, 0.1, eps=0.3, delta=0.05)
    assert v.verdict == "inconclusive" and v.stationarity is None and v.joint is False
    assert "infeasible" in v.reason


def test_a_solver_without_a_point_is_inconclusive(monkeypatch):
    class Info:
        status = "infeasible"

    monkeypatch.setattr(kv, "solve", lambda prob: Info())
    v = kv.decide(THETA, np.array([1.0, 1.1]), smooth(E1, E2), 0.0, 0.1, eps=0.3, delta=0.05)
    assert v.verdict == "inconclusive" and "infeasible" in v.reason


def test_a_reduced_accuracy_optimum_refutes_only_beyond_its_own_tolerance(monkeypatch):
    real = kv.solve

    def inaccurate(prob):
        info = real(prob)
        info.status = OPTIMAL_INACCURATE
        return info
    q = np.array([1.0, 1.1])
    best = 1 / math.sqrt(5)  # the joint optimum (test above)
    assert kv.decide(THETA, q, smooth(E1, E2), 0.0, 0.1, eps=best - 5e-4, delta=0.05).verdict == "violated"
    monkeypatch.setattr(kv, "solve", inaccurate)
    assert kv.decide(THETA, q, smooth(E1, E2), 0.0, 0.1, eps=best - 5e-4, delta=0.05).verdict == "inconclusive"
    assert kv.decide(THETA, q, smooth(E1, E2), 0.0, 0.1, eps=best - 5e-3, delta=0.05).verdict == "violated"
    assert kv.INACCURATE_ATOL == 1e-3


# ---- theory/kkt_verdict.py: _evaluate ------------------------------------------------------------------------------

def test_evaluate_projects_onto_the_constraints_before_measuring():
    # columns: one free (sample 0: e₁), one box base (sample 1: e₂) with V = e₁, s ∈ [0.5, 2]
    cols = Columns(C=np.stack([E1, E2, E1], axis=1))
    theta = np.array([2.0, 1.0])
    q = np.array([1.0, 3.0])
    lo, hi, owner_V = np.array([0.5]), np.array([2.0]), np.array([0])
    # u = −1 → 0, λ_box = 1, μ = 5 → clipped to 2·1
    stat, comp, lam = kv._evaluate(theta, cols, q, np.array([-1.0, 1.0, 5.0]), 1, 1, [0], [1], owner_V, lo, hi, 2)
    assert np.allclose(lam, [0.0, 1.0])  # the clipped u and the box λ
    assert stat == pytest.approx(np.linalg.norm(theta - np.array([2.0, 1.0])) / np.linalg.norm(theta))  # = 0
    assert comp == pytest.approx(1.0 * 2.0 / 0.5)  # max λ_k(q_k − 1) / mean λ
    # μ = 0.1 → raised to 0.5·λ_box = 0.5; λ_box = −3 → 0 makes the interval [0, 0]
    stat2, comp2, lam2 = kv._evaluate(theta, cols, q, np.array([2.0, 1.0, 0.1]), 1, 1, [0], [1], owner_V, lo, hi, 2)
    assert np.allclose(lam2, [2.0, 1.0])
    assert stat2 == pytest.approx(np.linalg.norm(theta - np.array([2.5, 1.0])) / np.linalg.norm(theta))
    assert comp2 == pytest.approx(2.0 / 1.5)
    stat3, comp3, lam3 = kv._evaluate(theta, cols, q, np.array([0.0, -3.0, 1.0]), 1, 1, [0], [1], owner_V, lo, hi, 2)
    assert np.allclose(lam3, 0.0) and comp3 == math.inf and stat3 == pytest.approx(1.0)  # λ = 0: nothing reached
    # two free columns of one owner add up
    cols2 = Columns(C=np.stack([E1, E2], axis=1))
    s4, c4, lam4 = kv._evaluate(THETA, cols2, np.ones(1), np.array([1.0, 1.0]), 2, 0, [0, 0], [], np.array([], dtype=int),
                                np.array([]), np.array([]), 1)
    assert np.allclose(lam4, [2.0]) and s4 == pytest.approx(0.0) and c4 == pytest.approx(0.0)

