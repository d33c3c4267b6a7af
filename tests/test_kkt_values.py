"""Value-level tests of the (ε, δ)-KKT verdict (theory/kkt_verdict.py) and of its columns (theory/kkt_columns.py) on
two- and three-dimensional inputs whose answers are known by hand: a mutant of either module changes a number or a
verdict here, in well under a second (the mutation tool's ``kkt`` group, mutants/groups.py).

The running example: q_k(θ) = z_kᵀθ with z₁ = e₁, z₂ = e₂, so g_k = z_k and θ̃ = (1, 1) is an exact KKT point
(λ = (1, 1), stationarity 0, complementarity 0 when q = (1, 1)).
"""
from __future__ import annotations

import math
import re

import numpy as np
import pytest

from ibcheck.theory import kkt_verdict as kv
from ibcheck.theory.kkt_columns import UNIT_ROUNDOFF, Columns, SampleGrad
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



# ---- added for the mutants that survived the first run (mutants/triage.py) -------------------------------------------

E3 = np.array([0.0, 0.0, 1.0])


def box(g, v, lo, hi):
    return SampleGrad("box", g=np.asarray(g, dtype=float), V=np.array([v], dtype=float), lo=np.array([lo]),
                      hi=np.array([hi]))


def test_the_records_defaults_are_none():
    c = Columns(C=np.eye(2))
    assert (c.gram, c.ct, c.apply, c.weights, c.rounding) == (None, None, None, None, 0.0)
    v = kv.KKTVerdict("inconclusive", "r")
    assert (v.stationarity, v.complementarity, v.lam, v.joint) == (None, None, None, False)


def test_small_columns_norms_and_rounding_are_relative_to_their_own_scale():
    C = np.diag([0.1, 0.03])  # Gram eigenvalues 0.01 and 0.0009: ratio 0.09
    theta = np.array([1.0, 1.0])
    cols = Columns(gram=C.T @ C, ct=C.T @ theta, apply=lambda w: C @ w, rounding=0.05)
    assert np.allclose(cols.norms(), [0.1, 0.03])  # below 1: read as they are
    assert cols.reduce(theta).S.shape == (2, 2)  # 0.09 > 0.05 of the largest eigenvalue: both kept
    cols.rounding = 0.1
    assert cols.reduce(theta).S.shape == (1, 2)


def test_the_slack_formula_at_any_declared_rounding_and_none_for_explicit_columns():
    C = np.array([[3.0, 0.0], [4.0, 2.0]])
    w = np.array([0.5, -1.0])
    one = Columns(gram=C.T @ C, ct=C.T @ np.ones(2), apply=lambda w: C @ w, rounding=1.0)
    a = (0.5 * 5 + 1.0 * 2) / 20.0
    d = 4 * 1.0 * (a * a + 2 * a)
    assert one.gram_slack(w, 2.0, 20.0) == pytest.approx(2.0 - math.sqrt(4.0 - d), rel=1e-12)  # the formula
    assert Columns(C=C, rounding=1e-3).gram_slack(w, 0.6, 2.0) == 0.0  # explicit columns: QR, no Gram rounding


def test_the_slack_default_is_none():
    assert kv.decide(THETA, np.ones(2), smooth(E1, E2), 0.1 + 2e-7, 0.0, eps=0.1, delta=0.2).verdict == "violated"


def test_the_edges_of_the_least_stationarity_rules():
    eps = 0.1
    at = eps + kv.SOLVER_ATOL  # exactly at the solver's tolerance: not beyond it
    assert kv.decide(THETA, np.ones(2), smooth(E1, E2), at, 0.0, eps=eps, delta=0.2).verdict == "inconclusive"
    # exactly ε with complementarity above δ: the joint SOCP decides (here λ = (1, 1) reaches stationarity 0)
    v = kv.decide(THETA, np.ones(2), smooth(E1, E2), eps, 0.5, eps=eps, delta=0.2)
    assert v.verdict == "verified" and v.joint


def test_a_zero_column_and_unscaled_columns_give_the_multipliers_in_the_datas_scale():
    v = kv.decide(THETA, np.ones(3), smooth(E1, E2, 0 * E1), 0.0, None, eps=1e-3, delta=0.1)
    assert v.verdict == "verified" and v.lam[:2] == pytest.approx([1.0, 1.0], abs=1e-5)  # interior-point accuracy
    s = kv.decide(THETA, np.ones(2), smooth(2 * E1, 3 * E2), 0.0, None, eps=1e-3, delta=0.1)
    assert s.verdict == "verified" and s.lam == pytest.approx([0.5, 1 / 3], abs=1e-5)  # θ̃ = ½·2e₁ + ⅓·3e₂


def test_unscaled_columns_under_an_active_complementarity_bound():
    # g₁ = 2e₁, g₂ = e₂, q = (1, 1.1), δ = 0.05: λ₂ ≤ λ₁/3 with a = 2λ₁ the coefficient of e₁, so λ₂ ≤ a/6; the
    # projection of (1, 1) on it leaves ‖·‖ = (5/6)/√(37/36) = 5/√37, stationarity 5/√74 = 0.5812
    v = kv._joint(THETA, np.array([1.0, 1.1]), smooth(2 * E1, E2), 0.3, 0.05)
    assert v.verdict == "violated" and v.stationarity == pytest.approx(5 / math.sqrt(74), abs=1e-4)
    assert kv._joint(THETA, np.array([1.0, 1.1]), smooth(2 * E1, E2), 0.6, 0.05).verdict == "verified"


@pytest.mark.parametrize("order", ["box_constrained", "box_free"])
def test_box_and_smooth_multipliers_count_once_each_in_the_complementarity_bound(order):
    # the example of the joint tests (q = (1, 1.1), best stationarity 1/√5 at ε = 0.5 verified, 0.4 violated)
    # with one of the two samples a box whose interval is the single point 0 (its V column changes nothing)
    if order == "box_constrained":
        samples = [*smooth(E1), box(E2, E2, 0.0, 0.0)]
    else:
        samples = [box(E1, E1, 0.0, 0.0), *smooth(E2)]
    q = np.array([1.0, 1.1])
    assert kv._joint(THETA, q, samples, 0.5, 0.05).verdict == "verified"
    v = kv._joint(THETA, q, samples, 0.4, 0.05)
    assert v.verdict == "violated" and v.stationarity == pytest.approx(1 / math.sqrt(5), abs=1e-4)


def test_two_box_samples_next_to_a_smooth_one():
    # e₁ smooth, e₂ and e₃ boxes (points), q = (1, 1, 1.1), δ = 0.05: 0.1·λ₃ ≤ (0.05/3)(λ₁ + λ₂ + λ₃) is
    # λ₃ ≤ 0.2(λ₁ + λ₂); the projection of (1, 1, 1) leaves 0.6/√1.08, stationarity 0.6/√3.24 = 1/3
    theta = np.ones(3)
    samples = [SampleGrad("smooth", g=np.array([1.0, 0, 0])), box([0, 1.0, 0], [0, 1.0, 0], 0.0, 0.0),
               box(E3, E3, 0.0, 0.0)]
    q = np.array([1.0, 1.0, 1.1])
    v = kv._joint(theta, q, samples, 0.3, 0.05)
    assert v.verdict == "violated" and v.stationarity == pytest.approx(1 / 3, abs=1e-4)
    assert kv._joint(theta, q, samples, 0.34, 0.05).verdict == "verified"


def test_box_multipliers_are_non_negative():
    # θ̃ = (−1, 1): the box sample e₁ would need λ = −1; λ ≥ 0 leaves (−1, 0) unreached, stationarity 1/√2
    samples = [box(E1, E1, 0.0, 0.0), *smooth(E2)]
    v = kv._joint(np.array([-1.0, 1.0]), np.ones(2), samples, 0.1, 0.1)
    assert v.verdict == "violated" and v.stationarity == pytest.approx(1 / math.sqrt(2), abs=1e-5)


@pytest.mark.parametrize("theta", [(1.0, 0.0, 0.75), (1.0, 2.0, 0.75)])
def test_only_the_kink_columns_are_held_in_their_interval(theta):
    # box g = e₁, V = e₃, s ∈ [0.5, 1]; smooth e₂: θ̃ = λ_b(e₁ + s e₃) + u e₂ with λ_b = 1, s = 0.75, u = θ₂
    samples = [SampleGrad("smooth", g=np.array([0, 1.0, 0])), box([1.0, 0, 0], E3, 0.5, 1.0)]
    v = kv._joint(np.array(theta), np.ones(2), samples, 1e-3, 0.1)
    assert v.verdict == "verified" and v.lam == pytest.approx([theta[1], 1.0], abs=1e-5)  # interior-point accuracy


def test_the_part_of_theta_no_column_reaches_counts_in_its_own_scale():
    theta = 0.1 * np.ones(3)  # ‖θ̃‖ < 1: the unreachable e₃ part is 1/√3 of it
    v = kv._joint(theta, np.ones(2), [SampleGrad("smooth", g=np.array([1.0, 0, 0])),
                                      SampleGrad("smooth", g=np.array([0, 1.0, 0]))], 0.3, 0.1)
    assert v.verdict == "violated" and v.stationarity == pytest.approx(1 / math.sqrt(3), abs=1e-6)


def test_a_refutation_loosens_delta_and_a_witness_tightens_it():
    # ε = 1/√5 exactly, the optimum at δ: at δ(1 + 10⁻⁴) the optimum is 3.6e-5 below it (no refutation), at
    # δ(1 − 10⁻⁴) as far above (no witness): inconclusive; reading δ tightened for the refutation would refute
    v = kv._joint(THETA, np.array([1.0, 1.1]), smooth(E1, E2), 1 / math.sqrt(5), 0.05)
    assert v.verdict == "inconclusive" and v.joint
    assert 1 / math.sqrt(5) - 1e-4 < v.stationarity < 1 / math.sqrt(5)  # δ loosened: a little below the optimum


def test_the_reasons_quote_the_numbers_of_each_branch(monkeypatch):
    ok = kv.decide(THETA, np.ones(2), smooth(E1, E2), 0.05, 0.125, eps=0.1, delta=0.2)
    assert ok.reason == ("an (ε, δ)-KKT point: the multipliers of least stationarity are a witness (stationarity 0.05 ≤ "
                         "ε = 0.1, complementarity 0.125 ≤ δ = 0.2)")
    vx = kv.decide(THETA, np.ones(1), [SampleGrad("vertices", vertices=np.array([E1]))], 0.5, 0.0, eps=0.1, delta=0.2)
    assert vx.reason == ("some constraints' Clarke subdifferentials are known only through a subset of their pieces, so "
                         "the residuals are upper bounds and cannot refute (stationarity 0.5, ε = 0.1)")
    no = kv.decide(THETA, np.ones(2), smooth(E1, E2), 0.5, 0.0, eps=0.1, delta=0.2)
    assert no.reason == "not an (ε, δ)-KKT point: no multipliers reach stationarity ≤ ε = 0.1 (least stationarity 0.5)"
    tol = kv.decide(THETA, np.ones(2), smooth(E1, E2), 0.1 + 5e-8, 0.0, eps=0.1, delta=0.2)
    assert tol.reason == "least stationarity 0.1 is within the solver tolerance 1e-07 of ε = 0.1"
    q = np.array([1.0, 1.1])
    j = kv._joint(THETA, q, smooth(E1, E2), 0.5, 0.05)
    assert re.fullmatch(r"an \(ε, δ\)-KKT point: multipliers found with stationarity \S+ ≤ ε = 0.5 and complementarity "
                        r"\S+ ≤ δ = 0.05 \(joint SOCP, re-verified\)", j.reason), j.reason
    r = kv._joint(THETA, q, smooth(E1, E2), 0.3, 0.05)
    assert r.reason == ("not an (ε, δ)-KKT point: multipliers with complementarity ≤ δ = 0.05 reach stationarity 0.447 "
                        "at best > ε = 0.3 (joint SOCP, status optimal)")
    i = kv._joint(THETA, q, smooth(E1, E2), 1 / math.sqrt(5), 0.05)
    assert re.fullmatch(r"the joint \(ε, δ\) SOCP reaches stationarity 0.447 \(ε = 0.447214\) but its point fails the "
                        r"exact re-verification \(complementarity \S+, δ = 0.05; status optimal\)", i.reason), i.reason

    class Info:
        status = "infeasible"
    monkeypatch.setattr(kv, "solve", lambda prob: Info())
    f = kv._joint(THETA, q, smooth(E1, E2), 0.3, 0.05)
    assert f.reason == "the joint (ε, δ) SOCP failed (no point (status infeasible))"
