"""Certificate of lai2026's m=1 min-norm reference (``theory.lai2026.minnorm.min_norm_m1``).

Program: ``min ½‖w‖² s.t. ⟨w,x_i⟩ = y_i (y_i > 0), ⟨w,x_i⟩ ≤ 0 (y_i ≤ 0)``. In span coordinates
``w = Xᵀα``, ``β = Kα``. The Lagrangian's stationarity gives ``w = Σ_P ν_i x_i − Σ_N μ_i x_i``: the
coefficients are the multipliers (``ν_P = α_P`` free, ``μ_N = −α_N ≥ 0``). With the float solve's active
set ``E = P ∪ S`` (S the tight negatives), ``K_EE α_E = b_E`` (``b = y`` on P, 0 on S) is solved in balls
and ``α = 0`` exactly off ``E``. Then, with ``α*`` the exact solution:

* stationarity holds by construction (``w* = Xᵀα*`` with the multipliers read off ``α*``);
* ``β_P = y_P`` and ``β_S = 0`` hold exactly (rows of the exact system), and ``μ_i = 0`` off ``E``:
  complementarity is exact;
* primal feasibility of the free negatives (``β_i ≤ 0``, i ∈ N∖S) and dual feasibility on S
  (``α_i ≤ 0``) are proved from ball endpoints;
* the program is a convex QP, so KKT ⇒ global minimum; ``½‖w‖²`` is strictly convex, so ``w*`` is
  unique; ``K ≻ 0`` (proved) makes ``α*`` unique too.

``‖w*‖² = α*ᵀKα* = Σ_P y_i α*_i`` (the system's rows), and for a float64 limit ``α^∞`` of GD the gap
``‖Xᵀ(α^∞ − α*)‖`` is enclosed: a statement about that float64 output, not about GD's exact iterates.
"""
from __future__ import annotations

import numpy as np

from ibcheck.theory.certify.arb import ball_max, column, endpoints, exact, nonneg_sqrt, positive_definite
from ibcheck.theory.certify.certificate import NOT_PROVABLE, PROVED, Attempt, Certificate, Condition, derived, failed, run_ladder
from ibcheck.theory.certify.gram import gram_enclosure, schedule
from ibcheck.theory.certify.kkt import exact_by_construction, sign_condition, solve_active_set

SUBJECT = "lai2026 m=1 min-norm interpolant (active-set KKT in balls)"
NOTES = [
    "certified: w* = Xᵀα* is the unique global minimiser of ½‖w‖² s.t. ⟨w,x_i⟩ = y_i (y_i > 0), ⟨w,x_i⟩ ≤ 0 "
    "(y_i ≤ 0) for the data as given (float64 X and y taken exactly; see data.gram), and the enclosures contain "
    "its exact values",
    "not certified: the GD limit itself (a float64 run); the gap enclosure is about that float64 output α^∞, "
    "‖Xᵀ(α^∞ − α*)‖, not about exact-arithmetic GD; nor is any statement of the paper proved here",
]


def certify_min_norm_m1(y, *, tight, X=None, K=None, alpha_limit=None, gram: str = "auto",
                        precisions=(64, 128, 256), given_why: str = "") -> Certificate:
    """Certify the min-norm point of the active set ``E = {y > 0} ∪ tight`` (``tight``: boolean mask of the
    float solve's tight negatives) for data ``X`` (preferred) or Gram ``K``; ``alpha_limit`` (float64 span
    coefficients of the GD limit) adds the gap enclosure."""
    y = np.asarray(y, dtype=np.float64)
    n = y.shape[0]
    if not np.all(np.isfinite(y)):
        return failed(SUBJECT, "data_finite", "y has non-finite entries", notes=NOTES)
    tight = np.asarray(tight, dtype=bool)
    if tight.shape != (n,):
        raise ValueError(f"tight must be a boolean mask of length {n}")
    P, N = y > 0, y <= 0
    if np.any(tight & P):
        raise ValueError("tight must select negatives only (positives are always in the active set)")
    S = tight & N
    E = np.flatnonzero(P | S)
    free = np.flatnonzero(N & ~S)
    al = None if alpha_limit is None else np.asarray(alpha_limit, dtype=np.float64)
    if al is not None and (al.shape != (n,) or not np.all(np.isfinite(al))):
        return failed(SUBJECT, "limit_finite", f"the GD limit's coefficients are not {n} finite numbers", notes=NOTES)
    sched = schedule(None if X is None else np.asarray(X, dtype=np.float64), K, gram, precisions, given_why)

    def attempt(src, prec) -> Attempt:
        conds: list[Condition] = []
        enc: dict = {}
        G = gram_enclosure(src, prec, conds)
        if G is None:
            return Attempt(conds, enc)
        pd, detail, bound = positive_definite(G, src.mid())
        if pd != PROVED and src.exact_rank() is not None:
            r = src.exact_rank()
            if r < n:
                pd, detail = "refuted", f"K is singular: exact rank {r} < n = {n} (integer arithmetic)"
        conds.append(Condition("K_positive_definite", pd, detail, bound))
        b = [exact(y[i]) if P[i] else exact(0.0) for i in E]
        sol = solve_active_set(G, E, b, label=f"K_EE (E = {int(P.sum())} positives + {int(S.sum())} tight negatives)",
                               source=src)
        conds.append(sol.condition)
        if sol.coef is None:
            for name in ("positives_interpolated", "tight_negatives_on_boundary", "free_negatives_feasible",
                         "tight_multipliers_nonnegative", "complementarity", "stationarity"):
                conds.append(Condition(name, NOT_PROVABLE, "no enclosure of α* (the KKT system was not solved)"))
        else:
            a, beta = sol.coef, sol.values
            conds.append(exact_by_construction(
                "positives_interpolated", [(i, beta[i] - exact(y[i])) for i in np.flatnonzero(P)],
                "β_P = y_P exactly: the rows P of the exact system K_EE α_E = b_E"))
            conds.append(exact_by_construction(
                "tight_negatives_on_boundary", [(i, beta[i]) for i in np.flatnonzero(S)],
                "β_S = 0 exactly: the rows S of the exact system"))
            conds.append(sign_condition("free_negatives_feasible", [(i, beta[i]) for i in free], "<=0",
                                        "β_i = ⟨w*,x_i⟩ on the free negatives"))
            conds.append(sign_condition("tight_multipliers_nonnegative", [(i, a[i]) for i in np.flatnonzero(S)], "<=0",
                                        "α_i on the tight negatives (multiplier μ_i = −α_i ≥ 0)"))
            conds.append(Condition("complementarity", PROVED,
                                   "μ_i β_i = 0 on every negative: α_i = 0 exactly off E (set so), β_i = 0 exactly "
                                   "on S (rows of the exact system)"))
            conds.append(Condition("stationarity", PROVED,
                                   "w* = Xᵀα* = Σ_P ν_i x_i − Σ_N μ_i x_i with ν_P = α*_P, μ_N = −α*_N: exact by "
                                   "construction (the coefficients are the multipliers)"))
            norm2 = sum((exact(y[i]) * a[i] for i in np.flatnonzero(P)), exact(0.0))
            enc["w_star_norm"] = endpoints(nonneg_sqrt(norm2))
            if free.size:
                enc["max_beta_free_negatives"] = endpoints(ball_max(beta[i] for i in free))
            if S.any():
                enc["max_alpha_tight_negatives"] = endpoints(ball_max(a[i] for i in np.flatnonzero(S)))
            if al is not None:
                dlt = column([exact(al[i]) - a[i] for i in range(n)])
                g2 = (dlt.transpose() * G * dlt)[0, 0]
                enc["gap"] = endpoints(nonneg_sqrt(g2))
        conds.append(derived("global_optimality", list(conds),
                             "KKT conditions of a convex QP hold ⇒ w* is a global minimiser; ½‖w‖² is strictly "
                             "convex ⇒ w* is unique; K ≻ 0 ⇒ its span coefficients α* are unique"))
        return Attempt(conds, enc)

    cert = run_ladder(SUBJECT, sched, attempt, notes=list(NOTES))
    cert.data.update(active_set={"positives": int(P.sum()), "tight_negatives": [int(i) for i in np.flatnonzero(S)],
                                 "free_negatives": int(free.size)},
                     labels="y float64 taken exactly; y_i ≤ 0 are inequality constraints")
    return cert


def float_active_set(K, y, scale: float | None = None):
    """The float reference's tight negatives (``min_norm_m1``), for callers without a solution at hand."""
    from .minnorm import min_norm_m1
    K = np.asarray(K, dtype=np.float64)
    ref = min_norm_m1(K, y, float(np.mean(np.diag(K))) if scale is None else scale)
    return ref.tight & (np.asarray(y) <= 0), ref


__all__ = ["certify_min_norm_m1", "float_active_set", "SUBJECT"]
