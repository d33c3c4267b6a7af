"""Certificates for frei2023: the closed-form KKT point of Problem (1) on the label-aligned pattern
(``theory.frei2023.problem1.closed_form_kkt``) and hypothesis (H) (``theory.frei2023.hypothesis``).

KKT point. Second layer ``a_j = ±1/√m`` (so ``a_j² = 1/m`` exactly), slopes ``S_ji ∈ {1, γ}`` of the
label-aligned pattern (a positive neuron has slope 1 on ``y_i = +1``, γ on ``y_i = −1``; a negative neuron
the reverse). ``M_ki = y_i y_k K_ik Σ_j a_j² S_ji S_jk`` and ``Mλ = 𝟙`` is solved in balls (a success proves
``M`` nonsingular). With the exact ``λ``: ``B_ji = a_j S_ji λ_i y_i`` (``W = BX``), ``Z = BK`` the
pre-activations. If every ``Z_jk`` is proved strictly on its pattern's side (γ < 1), the network is
differentiable at ``W`` with ``φ'(Z_jk) = S_jk``, so

* ``y_k f(x_k;W) = Σ_i M_ki λ_i = 1`` exactly (every margin constraint tight, complementarity exact);
* ``W = Σ_i λ_i y_i ∇_W f(x_i;W)`` exactly (stationarity by construction);
* ``λ > 0`` (proved from lower endpoints) is dual feasibility:

``W`` is a KKT point of Problem (1) (a non-convex program: KKT is not global optimality), and — the sign
constraints of the label-aligned pattern being inactive — the global minimiser of Problem (1) restricted
to that pattern (a convex QP, strictly convex in W). Whether that pattern holds the global optimum over all
patterns (thm3.2.global) is NOT certified here.

(H): ``R_min² ≥ 3γ⁻³R²np`` with ``R = R_max/R_min``, ``R_min² = min_i K_ii``, ``R_max² = max_i K_ii``,
``p = max_{i≠j}|K_ij|``, decided as ``γ³R_min⁴ ≥ 3nR_max²p`` on the ball enclosure of K.
"""
from __future__ import annotations

import numpy as np
from flint import arb, arb_mat, fmpq

from ibcheck.theory.certify.arb import ball_max, ball_min, column, endpoints, entries, exact, nonneg_sqrt, solve
from ibcheck.theory.certify.certificate import NOT_PROVABLE, PROVED, REFUTED, Attempt, Certificate, Condition, derived, failed, run_ladder
from ibcheck.theory.certify.gram import gram_enclosure, schedule
from ibcheck.theory.certify.kkt import exact_by_construction, sign_condition

SUBJECT = "frei2023 Problem (1): closed-form label-aligned KKT point and hypothesis (H)"
NOTES = [
    "certified (part kkt_point): the label-aligned W* = BX with Mλ = 𝟙 is a KKT point of Problem (1) and the "
    "unique minimiser of Problem (1) within the label-aligned pattern, for the data as given (see data.gram); "
    "a_j = ±1/√m and γ taken exactly",
    "certified (part hypothesis_H): R_min² ≥ 3γ⁻³R²np with R_min, R_max, p enclosed from the same Gram enclosure",
    "not certified: global optimality over all activation patterns (thm3.2.global itself), and anything about "
    "the trained network (a float64 gradient-flow run)",
]
KKT_PART = ["gram_enclosure", "M_nonsingular", "lambda_positive", "margins_tight", "pattern_signs", "stationarity",
            "kkt_point"]


def _pattern_weights(y, m1: int, m2: int, gamma: arb):
    """``C_ik = Σ_j a_j² S_ji S_jk`` for the label-aligned pattern, and the slope vectors ``s⁺``, ``s⁻``."""
    m = m1 + m2
    one = arb(1)
    sp = [one if yi > 0 else gamma for yi in y]  # positive neurons
    sm = [one if yi < 0 else gamma for yi in y]  # negative neurons
    w1, w2 = arb(fmpq(m1, m)), arb(fmpq(m2, m))
    return sp, sm, w1, w2


def certify_thm32(y, m1: int, m2: int, gamma: float, *, X=None, K=None, gram: str = "auto",
                  precisions=(64, 128, 256), given_why: str = "") -> Certificate:
    """Certify the closed-form label-aligned KKT point and (H) on data ``X`` (preferred) or Gram ``K``."""
    y = np.asarray(y, dtype=np.float64)
    n = y.shape[0]
    if not np.all((y == 1) | (y == -1)):
        return failed(SUBJECT, "labels_pm1", "labels must be ±1", notes=NOTES)
    if not (0 < gamma <= 1) or m1 < 1 or m2 < 1:
        raise ValueError("need 0 < γ ≤ 1 and m1, m2 ≥ 1")
    sched = schedule(None if X is None else np.asarray(X, dtype=np.float64), K, gram, precisions, given_why)

    def attempt(src, prec) -> Attempt:
        conds: list[Condition] = []
        enc: dict = {}
        G = gram_enclosure(src, prec, conds)
        if G is None:
            return Attempt(conds, enc)
        g = exact(gamma)
        sp, sm, w1, w2 = _pattern_weights(y, m1, m2, g)
        yy = [exact(v) for v in y]
        M = arb_mat(n, n, [yy[i] * yy[k] * G[k, i] * (w1 * sp[i] * sp[k] + w2 * sm[i] * sm[k])
                           for k in range(n) for i in range(n)])
        lam_m = solve(M, column([1.0] * n))
        if lam_m is None:
            conds.append(Condition("M_nonsingular", NOT_PROVABLE,
                                   "could not prove M nonsingular at this precision (ball LU pivots contain 0)"))
            for name in ("lambda_positive", "margins_tight", "pattern_signs", "stationarity"):
                conds.append(Condition(name, NOT_PROVABLE, "no enclosure of λ (Mλ = 𝟙 was not solved)"))
        else:
            lam = entries(lam_m)
            conds.append(Condition("M_nonsingular", PROVED,
                                   f"M ({n}×{n}) proved nonsingular by the ball solve of Mλ = 𝟙 (every matrix in "
                                   f"the enclosure); λ enclosed with radius ≤ {max(float(x.rad()) for x in lam):.2g}"))
            conds.append(sign_condition("lambda_positive", list(enumerate(lam)), ">=0", "λ_i (dual feasibility)",
                                        strict=True))
            res = entries(M * lam_m)
            conds.append(exact_by_construction("margins_tight", [(k, res[k] - 1) for k in range(n)],
                                               "y_k f(x_k;W*) = (Mλ)_k = 1 exactly for every k, given the pattern"))
            # Pre-activations up to the positive factor 1/√m: positive neurons v⁺ = K(s⁺∘λ∘y), negative
            # neurons Z⁻ = −K(s⁻∘λ∘y)/√m; the pattern wants y_k v⁺_k > 0 and y_k v⁻_k > 0 (slope 1 exactly
            # on the neuron's own label).
            up_ = entries(G * column([sp[i] * lam[i] * yy[i] for i in range(n)]))
            um_ = entries(G * column([sm[i] * lam[i] * yy[i] for i in range(n)]))
            if gamma < 1:
                items = [(k, yy[k] * up_[k]) for k in range(n)] + [(n + k, yy[k] * um_[k]) for k in range(n)]
                c = sign_condition("pattern_signs", items, ">=0",
                                   "pre-activations on the pattern's side: y_k⟨w_j,x_k⟩·sign(a_j) for the positive "
                                   "(index k) and negative (index n+k) neurons (all neurons of a sign are equal)",
                                   strict=True)
            else:
                c = Condition("pattern_signs", PROVED, "γ = 1: the activation is linear, no sign pattern to hold")
            conds.append(c)
            conds.append(Condition("stationarity", PROVED if c.holds else c.outcome,
                                   "W* = Σ_i λ_i y_i ∇_W f(x_i;W*) exactly: B_ji = a_j S_ji λ_i y_i and φ'(Z_ji) = S_ji "
                                   "off the kink (pattern_signs)" if c.holds else "needs pattern_signs"))
            # ‖W*‖² = (m1/m)·uᵀKu + (m2/m)·vᵀKv with u = s⁺∘λ∘y, v = s⁻∘λ∘y
            nrm2 = w1 * sum((sp[i] * lam[i] * yy[i] * up_[i] for i in range(n)), arb(0)) + \
                w2 * sum((sm[i] * lam[i] * yy[i] * um_[i] for i in range(n)), arb(0))
            nrm = nonneg_sqrt(nrm2)
            enc["w_star_norm"] = endpoints(nrm)
            enc["optimal_normalized_margin"] = endpoints(1 / nrm) if nrm.lower() > 0 else [None, None]
            enc["lambda_min"] = endpoints(ball_min(lam))
            enc["sum_lambda"] = endpoints(sum(lam, arb(0)))
        conds.append(derived("kkt_point", list(conds),
                             "KKT point of Problem (1) (margins tight, λ > 0, stationarity, differentiable at W*); "
                             "the minimiser of Problem (1) within the label-aligned pattern (convex QP, the pattern's "
                             "sign constraints inactive) — not a proof of global optimality over all patterns"))
        # (H)
        diag = [G[i, i] for i in range(n)]
        rmin2, rmax2 = ball_min(diag), ball_max(diag)
        p = ball_max(abs(G[i, j]) for i in range(n) for j in range(n) if i != j)
        lhs, rhs = g ** 3 * rmin2 ** 2, 3 * n * rmax2 * p
        diff = lhs - rhs
        hb = endpoints(diff)
        slack = lhs / rhs if rhs.lower() > 0 else None
        enc.update(R_min=endpoints(nonneg_sqrt(rmin2)), R_max=endpoints(nonneg_sqrt(rmax2)), R_ratio=endpoints(nonneg_sqrt(rmax2 / rmin2)),
                   p=endpoints(p), H_slack=endpoints(slack) if slack is not None else [None, None])
        sl = endpoints(slack) if slack is not None else None
        txt = f"γ³R_min⁴ − 3nR_max²p ∈ {hb}" + (f"; H_slack = R_min²/(3γ⁻³R²np) ∈ {sl}" if sl else "")
        if diff.lower() >= 0:
            conds.append(Condition("hypothesis_H", PROVED, "(H) holds: " + txt, sl or hb))
        elif diff.upper() < 0:
            conds.append(Condition("hypothesis_H", REFUTED, "(H) fails: " + txt, sl or hb))
        else:
            conds.append(Condition("hypothesis_H", NOT_PROVABLE, "(H) undecided (enclosure contains the boundary): " + txt,
                                   sl or hb))
        return Attempt(conds, enc)

    cert = run_ladder(SUBJECT, sched, attempt, notes=list(NOTES),
                      parts={"kkt_point": KKT_PART, "hypothesis_H": ["gram_enclosure", "hypothesis_H"]})
    cert.data.update(network={"m1": m1, "m2": m2, "gamma": float(gamma), "a": "±1/√m exactly"},
                     labels="±1")
    return cert


__all__ = ["certify_thm32", "SUBJECT"]
