"""The (ε, δ)-approximate KKT verdict of the max-margin problem (Lyu & Li 2020, Definition of an (ε, δ)-KKT point).

At the rescaled point ``θ̃`` (``min_k q_k(θ̃) = 1``) the question is whether **one** multiplier vector ``λ ≥ 0`` with
``g_k ∈ ∂°q_k(θ̃)`` has both

    ‖θ̃ − Σ_k λ_k g_k‖ / ‖θ̃‖ ≤ ε     and     max_k λ_k (q_k(θ̃) − 1) / mean_k λ_k ≤ δ

(the normalisations of ``theory.kkt_residual``). Both conditions are convex in ``(λ, μ)`` (``μ_k = λ_k s_k``
for a box description), so the question is decided exactly: the multipliers of least stationarity are tried first;
else the SOCP ``min ‖θ̃ − Cw‖`` under the complementarity bound (linear in λ) is solved, its minimiser re-verified
(``verified``: a witness), or its optimum, beyond the solver's tolerance, exceeds ε (``violated``: no λ has both).
Only an exact Clarke description (smooth or box samples) can refute; vertex subsets give upper bounds only.
"""
from __future__ import annotations

import math
import warnings
from dataclasses import dataclass

import numpy as np

from .kkt_columns import SampleGrad, explicit, sample_columns
from .solver import OPTIMAL, SolverError, solve

SOLVER_ATOL = 1e-7  # an interior-point optimum is accurate to ~1e-8 of the unit-scaled target: refute only beyond this
INACCURATE_ATOL = 1e-3  # Clarabel's reduced accuracy (optimal_inaccurate) is 5e-5 gap, 1e-4 feasibility: refute beyond 1e-3
DELTA_SLACK = 1e-4  # δ tightened (witness) or loosened (refutation) by this factor: far above the solver's feasibility tolerance


@dataclass
class KKTVerdict:
    verdict: str  # verified | violated | inconclusive
    reason: str
    stationarity: float | None = None  # of the witness (or of the best λ found)
    complementarity: float | None = None
    lam: np.ndarray | None = None
    joint: bool = False  # decided by the joint SOCP (not by the least-stationarity multipliers)


def _evaluate(theta, cols, q, w, nf, nb, owner_free, box_owner, owner_V, lo, hi, K):
    """Project ``w`` onto its constraints and return (stationarity, complementarity, λ)."""
    u, lam_b, mu = np.clip(w[:nf], 0, None), np.clip(w[nf:nf + nb], 0, None), w[nf + nb:]
    if len(mu):
        mu = np.clip(mu, lo * lam_b[owner_V], hi * lam_b[owner_V])
    r = theta - cols.matvec(np.concatenate([u, lam_b, mu]))
    lam = np.zeros(K)
    np.add.at(lam, np.array(owner_free, dtype=int), u)
    lam[np.array(box_owner, dtype=int)] += lam_b
    lm = float(lam.mean())
    comp = float((lam * (q - 1)).max() / lm) if lm > 0 else math.inf
    return float(np.linalg.norm(r) / np.linalg.norm(theta)), comp, lam


def decide(theta: np.ndarray, q: np.ndarray, samples: list[SampleGrad], stationarity: float,
           complementarity: float | None, eps: float, delta: float, space=explicit, slack: float = 0.0) -> KKTVerdict:
    """The verdict for residuals of the least-stationarity multipliers (certified upper bounds) at ``θ̃``.

    ``space``: column entries → ``Columns`` (``kkt_columns.explicit``, or a streamed Gram); ``slack``: how far
    the least stationarity may lie below ``stationarity`` (a streamed Gram's rounding): a refutation needs more."""
    if complementarity is not None and stationarity <= eps and complementarity <= delta:
        return KKTVerdict("verified", f"an (ε, δ)-KKT point: the multipliers of least stationarity are a witness "
                                      f"(stationarity {stationarity:.3g} ≤ ε = {eps:g}, complementarity "
                                      f"{complementarity:.3g} ≤ δ = {delta:g})", stationarity, complementarity)
    if any(s.kind not in ("smooth", "box") for s in samples):
        return KKTVerdict("inconclusive", "some constraints' Clarke subdifferentials are known only through a subset "
                                          "of their pieces, so the residuals are upper bounds and cannot refute "
                                          f"(stationarity {stationarity:.3g}, ε = {eps:g})")
    if stationarity - slack > eps + SOLVER_ATOL:
        return KKTVerdict("violated", f"not an (ε, δ)-KKT point: no multipliers reach stationarity ≤ ε = {eps:g} "
                                      f"(least stationarity {stationarity:.3g})", stationarity, complementarity)
    if stationarity > eps:
        return KKTVerdict("inconclusive", f"least stationarity {stationarity:.3g} is within the solver tolerance "
                                          f"{SOLVER_ATOL:g} of ε = {eps:g}")
    return _joint(np.asarray(theta, dtype=np.float64), np.asarray(q, dtype=np.float64), samples, eps, delta, space)


def _joint(theta, q, samples, eps, delta, space=explicit) -> KKTVerdict:
    """``min ‖θ̃ − Cw‖/‖θ̃‖`` over multipliers meeting the complementarity bound: a witness, or a refutation.

    A witness is sought with δ tightened by ``DELTA_SLACK`` (the solver meets constraints only to its tolerance,
    and the witness is re-verified exactly); a refutation needs the optimum above ε with δ loosened by as much."""
    K = len(samples)
    free, owner_free, base, box_owner, V, lo, hi, owner_V = sample_columns(samples)
    nf, nb = len(free), len(base)
    cols = space(free + base + V)
    cn = cols.norms()
    cn = np.where(cn > 0, cn, 1.0)
    red = cols.reduce(theta, cn)
    tn = red.theta_norm
    R, b = red.S, red.b / tn
    perp = red.perp / tn  # the part of θ̃ no multipliers can reach
    M = np.zeros((K, nf + nb))  # λ = M · (u | λ_box)
    M[np.array(owner_free, dtype=int), np.arange(nf)] = 1.0
    M[np.array(box_owner, dtype=int), nf + np.arange(nb)] = 1.0

    def socp(d):
        import cvxpy as cp  # here, not at the top: a verdict decided without the joint SOCP never loads cvxpy
        w = cp.Variable(cols.N)
        ws = cp.multiply(1.0 / cn, w)
        lam = M @ ws[:nf + nb]
        cons = [ws[:nf + nb] >= 0, cp.multiply(q - 1, lam) <= d * cp.sum(lam) / K]
        if len(owner_V):
            lam_k = ws[nf:nf + nb][owner_V]
            cons += [ws[nf + nb:] >= cp.multiply(lo, lam_k), ws[nf + nb:] <= cp.multiply(hi, lam_k)]
        prob = cp.Problem(cp.Minimize(cp.norm(R @ w - b, 2)), cons)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", UserWarning)  # "Solution may be inaccurate": the status says so
            info = solve(prob)
        if w.value is None:
            raise SolverError(f"no point (status {info.status})")
        return np.asarray(w.value) / cn * tn, math.hypot(float(prob.value), perp), info.status

    try:
        wv, best, status = socp(delta * (1 - DELTA_SLACK))
        stat, comp, lamv = _evaluate(theta, cols, q, wv, nf, nb, owner_free, box_owner, owner_V, lo, hi, K)
        if stat <= eps and comp <= delta:
            return KKTVerdict("verified", f"an (ε, δ)-KKT point: multipliers found with stationarity {stat:.3g} ≤ ε = "
                                          f"{eps:g} and complementarity {comp:.3g} ≤ δ = {delta:g} (joint SOCP, "
                                          f"re-verified)", stat, comp, lamv, joint=True)
        wv, best, status = socp(delta * (1 + DELTA_SLACK))
        stat, comp, lamv = _evaluate(theta, cols, q, wv, nf, nb, owner_free, box_owner, owner_V, lo, hi, K)
    except SolverError as exc:
        return KKTVerdict("inconclusive", f"the joint (ε, δ) SOCP failed ({exc})")
    if best - cols.gram_slack(wv, best, tn) > eps + (SOLVER_ATOL if status == OPTIMAL else INACCURATE_ATOL):
        return KKTVerdict("violated", f"not an (ε, δ)-KKT point: multipliers with complementarity ≤ δ = {delta:g} "
                                      f"reach stationarity {best:.3g} at best > ε = {eps:g} (joint SOCP, status "
                                      f"{status})", stat, comp, lamv, joint=True)
    return KKTVerdict("inconclusive", f"the joint (ε, δ) SOCP reaches stationarity {best:.3g} (ε = {eps:g}) but its "
                                      f"point fails the exact re-verification (complementarity {comp:.3g}, δ = "
                                      f"{delta:g}; status {status})", stat, comp, lamv, joint=True)
