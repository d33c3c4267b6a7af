"""frei2023's implication between claims: Lemma 3.3's Gaussian concentration ⟹ (H) (``theory.implications``).

``frei2023.lem3.3 ⇒ (H)``: Gaussian concentration ‖x_i‖² ∈ d(1 ± a√(log n/d)), |⟨x_i,x_j⟩| ≤ b√(d log n) and the
lemma's n ≤ cγ³√(d/log n) give (H) once ε = √(log n/d) ≤ ε*(a, b, c); it needs c < 1/(3b).
"""
from __future__ import annotations

import math

import numpy as np
import sympy as sp

from ibcheck.theory.implications import (Implication, ImplicationResult, condition, nonnegative_certificate,
                                         on_positive, positive_names)

def lem33_implies_h(catalogue: dict, a=2, b=2, c=None, grid=True) -> ImplicationResult:
    """Worst case of (H) under ‖x_i‖² ∈ d(1 ± aε), |⟨x_i,x_j⟩| ≤ b√(d log n) (ε = √(log n/d)) at n = cγ³√(d/log n):
    sympy shows the slack R_min²/(3γ⁻³R²np) ≥ (1 − aε)²/(3bc(1 + aε)) — d, γ and log n cancel, so the lemma's law
    is exactly the scaling (H) needs — and solves (1 − aε)² ≥ 3bc(1 + aε) for ε. A grid re-evaluates (H) itself."""
    h = condition(catalogue, "frei2023.thm3.2.margins", "(H) near-orthogonality")
    if not isinstance(h.rel, sp.GreaterThan):
        return ImplicationResult(False, "symbolic", f"(H) is no longer a '≥' relation: {h.rel}")
    c = catalogue["frei2023.lem3.3"].constants["c_lemma"] if c is None else c
    a, b, c = (sp.nsimplify(v) for v in (a, b, c))
    pos = positive_names(h.rel.lhs, h.rel.rhs)
    need = {"R_min", "R_ratio", "p", "n", "gamma"}
    if set(pos) != need:
        return ImplicationResult(False, "symbolic", f"(H) uses {sorted(pos)}, the derivation expects {sorted(need)}")
    slack = on_positive(h.rel.lhs, pos) / on_positive(h.rel.rhs, pos)
    # (H) is monotone: better with larger R_min, worse with larger R, p and n ⇒ the extremes of the premises are worst.
    signs = {k: sp.simplify(pos[k] * sp.diff(sp.log(slack), pos[k])) for k in ("R_min", "R_ratio", "p", "n")}
    want = {"R_min": 1, "R_ratio": -1, "p": -1, "n": -1}
    wrong = [k for k, s in signs.items() if not (s * want[k]).is_positive]
    if wrong:
        return ImplicationResult(False, "symbolic", f"(H) is not monotone in {wrong} as the worst case assumes")
    d, L, e, A, B, Cc = sp.symbols("d L epsilon a b c", positive=True)
    g = pos["gamma"]
    worst = {"R_min": sp.sqrt(d * (1 - A * e)), "R_ratio": sp.sqrt((1 + A * e) / (1 - A * e)),
             "p": B * sp.sqrt(d * L), "n": Cc * g ** 3 * sp.sqrt(d / L)}
    lower = sp.simplify(on_positive(slack, pos, worst).xreplace({d: L / e ** 2}))
    if not lower.free_symbols <= {A, B, Cc, e}:
        return ImplicationResult(False, "symbolic", f"the worst-case slack {lower} still depends on "
                                 f"{sorted(s.name for s in lower.free_symbols - {A, B, Cc, e})}: the lemma's "
                                 f"n ≤ cγ³√(d/log n) is not the scaling (H) needs")
    closed = (1 - A * e) ** 2 / (3 * B * Cc * (1 + A * e))
    if sp.simplify(lower - closed) != 0:
        return ImplicationResult(False, "symbolic", f"unexpected worst-case slack {lower}")
    at0 = sp.limit(lower.subs({A: a, B: b, Cc: c}), e, 0)  # = 1/(3bc): the d → ∞ slack
    poly = sp.expand((1 - a * e) ** 2 - 3 * b * c * (1 + a * e))  # slack ≥ 1 ⇔ poly ≥ 0 (for aε < 1)
    roots = sorted(r for r in sp.real_roots(sp.Poly(poly, e)) if r > 0)
    eps_star = roots[0] if roots else None
    holds = bool(at0 > 1) and eps_star is not None and eps_star < 1 / a
    numbers = {"a": float(a), "b": float(b), "c": float(c), "c_max": float(1 / (3 * b)), "slack_d_to_inf": float(at0)}
    if holds:
        eps_star = sp.nsimplify(sp.radsimp(eps_star))
        numbers.update(eps_star=float(eps_star), d_over_log_n_min=float(1 / eps_star ** 2))
        detail = (f"sympy: slack(H) ≥ (1 − aε)²/(3bc(1 + aε)) (d, γ, log n cancel); with a = {a}, b = {b}, c = {c}: "
                  f"(H) holds whenever ε = √(log n/d) ≤ ε* = {sp.sstr(eps_star)} ≈ {float(eps_star):.4f}, i.e. "
                  f"d ≥ {float(1 / eps_star ** 2):.1f}·log n; it needs c < 1/(3b) = {sp.sstr(1 / (3 * b))}")
    else:
        detail = (f"with a = {a}, b = {b}, c = {c} the worst-case slack is {sp.sstr(at0)} < 1 even as d → ∞: the "
                  f"lemma needs c < 1/(3b) = {sp.sstr(1 / (3 * b))}")
    method = "symbolic"
    if grid and holds:
        ok, info = _lem33_grid(h, float(a), float(b), float(c), float(eps_star))
        numbers.update(info)
        holds = holds and ok
        method = "symbolic + numeric"
        detail += (f"; grid n ∈ {{5..10⁴}}, d ∈ {{10²..10¹²}}, γ ∈ {{0.1..1}}: (H) evaluated at the worst case at "
                   f"{info['grid_points_inside']} points with ε ≤ ε* (min slack {info['grid_min_slack_inside']:.3f}), "
                   f"and fails at {info['grid_fail_beyond']}/{info['grid_points_beyond']} points just beyond ε* at "
                   f"n = cγ³√(d/log n) (the threshold is tight)")
    return ImplicationResult(holds, method, detail, numbers)


def _lem33_grid(h, a, b, c, eps_star) -> tuple[bool, dict]:
    """Evaluate (H)'s own relation at the premises' worst case on a grid (floats)."""
    names = sorted(s.name for s in h.rel.free_symbols)
    f = sp.lambdify([sp.Symbol(k, real=True) for k in names], h.rel.lhs / h.rel.rhs, "math")

    def slack(n, d, gamma):
        eps = math.sqrt(math.log(n) / d)
        vals = {"R_min": math.sqrt(d * (1 - a * eps)), "R_ratio": math.sqrt((1 + a * eps) / (1 - a * eps)),
                "p": b * math.sqrt(d * math.log(n)), "n": n, "gamma": gamma}
        return f(*[vals[k] for k in names])
    inside, fails_beyond, beyond, min_inside = 0, 0, 0, math.inf
    for n in (5, 10, 20, 40, 80, 160, 1000, 10000):
        for d in np.logspace(2, 12, 41):
            for gamma in (0.1, 0.3, 0.5, 1.0):
                eps = math.sqrt(math.log(n) / d)
                if n <= c * gamma ** 3 * math.sqrt(d / math.log(n)) and eps <= eps_star:
                    inside += 1
                    min_inside = min(min_inside, slack(n, d, gamma))
        for gamma in (0.1, 0.5, 1.0):  # just beyond ε*: d = log n/(1.05 ε*)², n at the lemma's maximum
            d = math.log(n) / (1.05 * eps_star) ** 2
            n_max = c * gamma ** 3 * math.sqrt(d / math.log(n))
            eps = math.sqrt(math.log(n) / d)
            vals = {"R_min": math.sqrt(d * (1 - a * eps)), "R_ratio": math.sqrt((1 + a * eps) / (1 - a * eps)),
                    "p": b * math.sqrt(d * math.log(n)), "n": n_max, "gamma": gamma}
            beyond += 1
            fails_beyond += f(*[vals[k] for k in names]) < 1
    ok = inside > 0 and min_inside >= 1
    return ok, {"grid_points_inside": inside, "grid_min_slack_inside": min_inside, "grid_points_beyond": beyond,
                "grid_fail_beyond": fails_beyond}


IMPLICATIONS = (
    Implication(
        "frei2023.lem3.3 ⟹ (H)",
        premises=("x_i ~ N(0, I_d): ‖x_i‖² ∈ d(1 ± a√(log n/d)) and |⟨x_i,x_j⟩| ≤ b√(d log n) (w.h.p.; a = b = 2 "
                  "at leading order: ‖x‖² − d ≈ N(0, 2d), ⟨x_i,x_j⟩ ≈ N(0, d), union bounds over n and n²/2)",
                  "frei2023.lem3.3: n ≤ cγ³√(d/log n), c = its c_lemma"),
        conclusion="frei2023 (H): R_min² ≥ 3γ⁻³R²np",
        method="symbolic (sympy worst case and exact roots) + numeric grid", constants={"a": 2, "b": 2},
        fn=lem33_implies_h),
)
