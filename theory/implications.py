"""Implications between claims: where a statement is derived from others, the derivation is checked here.

Each implication reads the relations it links from the catalogue (never a restated copy), so a change of one statement
breaks the implication instead of drifting silently. The method is said per implication: ``symbolic`` (sympy, under
positive assumptions: a worst-case substitution, then a certificate — a rational function whose numerator and
denominator are polynomials with nonnegative coefficients in positive variables is ≥ 0 — or the exact roots of a
polynomial), ``numeric`` (a grid, constants stated), or both.

* ``frei2023.lem3.3 ⇒ (H)``: Gaussian concentration ‖x_i‖² ∈ d(1 ± a√(log n/d)), |⟨x_i,x_j⟩| ≤ b√(d log n) and the
  lemma's n ≤ cγ³√(d/log n) give (H) once ε = √(log n/d) ≤ ε*(a, b, c); it needs c < 1/(3b).
* ``lai2026.m1.gap ⇒ lai2026.m2.gap``: the m=2 problem decouples into two m=1 problems (w₊ on y, w₋ on −y), the squared
  gaps add, and the m=1 bounds per neuron imply the m=2 bounds with n and the labels over all examples.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Callable

import numpy as np
import sympy as sp


@dataclass(frozen=True)
class ImplicationResult:
    holds: bool
    method: str  # "symbolic", "numeric" or "symbolic + numeric"
    detail: str  # what was shown, with the constants
    numbers: dict = field(default_factory=dict)


@dataclass(frozen=True)
class Implication:
    """``premises ⟹ conclusion``, checked by ``fn(catalogue, **constants)``."""

    id: str
    premises: tuple
    conclusion: str
    method: str
    constants: dict
    fn: Callable

    def run(self, catalogue: dict | None = None, **overrides) -> ImplicationResult:
        if catalogue is None:
            from .catalogue import CATALOGUE as catalogue
        return self.fn(catalogue, **{**self.constants, **overrides})


def condition(catalogue: dict, claim_id: str, name: str):
    """The condition ``name`` of claim ``claim_id`` (a hypothesis or a conclusion)."""
    claim = catalogue[claim_id]
    for c in claim.hypotheses + claim.conclusions:
        if c.name == name:
            return c
    raise KeyError(f"{claim_id} has no condition {name!r}")


def _positive_names(*exprs) -> dict:
    """Positive sympy symbols for every free symbol of ``exprs``, by name."""
    return {s.name: sp.Symbol(s.name, positive=True) for e in exprs for s in e.free_symbols}


def _on(expr, pos: dict, subs: dict | None = None):
    """``expr`` over the positive symbols ``pos``, then ``subs`` (by name)."""
    e = expr.xreplace({s: pos[s.name] for s in expr.free_symbols})
    return e.xreplace({pos[k]: v for k, v in (subs or {}).items()})


def nonnegative_certificate(expr) -> tuple[bool, str]:
    """``expr ≥ 0`` for all positive values of its (positive) symbols, shown by a rational form whose numerator and
    denominator are polynomials with nonnegative coefficients. A sufficient certificate: False means not shown."""
    num, den = sp.fraction(sp.cancel(sp.together(expr)))
    gens = sorted(expr.free_symbols, key=lambda s: s.name)
    parts = []
    for part in (num, den):
        poly = sp.Poly(sp.expand(part), *gens)
        if any(c < 0 for c in poly.coeffs()):
            return False, f"{sp.sstr(part)} has a negative coefficient"
        parts.append(sp.sstr(sp.factor(part)))
    return True, f"({parts[0]})/({parts[1]})"


# ---- frei2023: Lemma 3.3's concentration ⟹ (H) ----------------------------------------------------
def lem33_implies_h(catalogue: dict, a=2, b=2, c=None, grid=True) -> ImplicationResult:
    """Worst case of (H) under ‖x_i‖² ∈ d(1 ± aε), |⟨x_i,x_j⟩| ≤ b√(d log n) (ε = √(log n/d)) at n = cγ³√(d/log n):
    sympy shows the slack R_min²/(3γ⁻³R²np) ≥ (1 − aε)²/(3bc(1 + aε)) — d, γ and log n cancel, so the lemma's law
    is exactly the scaling (H) needs — and solves (1 − aε)² ≥ 3bc(1 + aε) for ε. A grid re-evaluates (H) itself."""
    h = condition(catalogue, "frei2023.thm3.2.margins", "(H) near-orthogonality")
    if not isinstance(h.rel, sp.GreaterThan):
        return ImplicationResult(False, "symbolic", f"(H) is no longer a '≥' relation: {h.rel}")
    c = catalogue["frei2023.lem3.3"].constants["c_lemma"] if c is None else c
    a, b, c = (sp.nsimplify(v) for v in (a, b, c))
    pos = _positive_names(h.rel.lhs, h.rel.rhs)
    need = {"R_min", "R_ratio", "p", "n", "gamma"}
    if set(pos) != need:
        return ImplicationResult(False, "symbolic", f"(H) uses {sorted(pos)}, the derivation expects {sorted(need)}")
    slack = _on(h.rel.lhs, pos) / _on(h.rel.rhs, pos)
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
    lower = sp.simplify(_on(slack, pos, worst).xreplace({d: L / e ** 2}))
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


# ---- lai2026: the m=1 bounds per neuron ⟹ the m=2 bounds --------------------------------------------
def m1_gap_implies_m2_gap(catalogue: dict, samples: int = 2000) -> ImplicationResult:
    """gap² = gap₊² + gap₋² (the blocks w₊, w₋ are orthogonal); lai2026.m1.gap bounds gap₊ with (n₋, labels over the
    negatives) and gap₋ with (n₊, labels over the positives, the m=1 problem on −y). With n = n₊ + n₋, y_min ≤ either
    group's y_min and y_max ≥ either group's y_max, sympy certifies lower₁(n₋)² + lower₁(n₊)² ≥ lower₂(n)² and
    upper₂(n)² ≥ upper₁(n₋)² + upper₁(n₊)² (nonnegative-coefficient certificates); random positive points re-check."""
    lo1 = condition(catalogue, "lai2026.m1.gap", "lower bound")
    up1 = condition(catalogue, "lai2026.m1.gap", "upper bound")
    lo2 = condition(catalogue, "lai2026.m2.gap", "lower bound (n, all labels)")
    up2 = condition(catalogue, "lai2026.m2.gap", "upper bound (n, all labels)")
    for cnd, rel in ((lo1, sp.GreaterThan), (lo2, sp.GreaterThan), (up1, sp.LessThan), (up2, sp.LessThan)):
        if not isinstance(cnd.rel, rel) or cnd.rel.lhs != sp.Symbol("gap", real=True):
            return ImplicationResult(False, "symbolic", f"{cnd.name!r} is no longer 'gap {rel.rel_op} bound'")
    pos = _positive_names(lo1.rel.rhs, up1.rel.rhs, lo2.rel.rhs, up2.rel.rhs)
    n_p, n_m, y0, y1, s1, s2, v1, v2 = sp.symbols("n_pos n_neg y_lo y_hi s_1 s_2 v_1 v_2", positive=True)
    L1 = lambda k, y: _on(lo1.rel.rhs, pos, {"n_minus": k, "y_min": y})  # noqa: E731
    U1 = lambda k, y: _on(up1.rel.rhs, pos, {"n_minus": k, "y_max": y})  # noqa: E731
    low = L1(n_m, y0 + s1) ** 2 + L1(n_p, y0 + s2) ** 2 - _on(lo2.rel.rhs, pos, {"n": n_p + n_m, "y_min": y0}) ** 2
    up = (_on(up2.rel.rhs, pos, {"n": n_p + n_m, "y_max": y1}) ** 2
          - U1(n_m, y1 / (1 + v1)) ** 2 - U1(n_p, y1 / (1 + v2)) ** 2)
    ok_lo, cert_lo = nonnegative_certificate(low)
    ok_up, cert_up = nonnegative_certificate(up)
    # numeric re-check at random positive points (the certificate's own logic is what is re-checked)
    rng = np.random.default_rng(0)
    worst = math.inf
    for expr in (low, up):
        syms = sorted(expr.free_symbols, key=lambda s: s.name)
        f = sp.lambdify(syms, expr, "numpy")
        vals = [np.exp(rng.uniform(-3, 3, samples)) for _ in syms]
        worst = min(worst, float(np.min(f(*vals))))
    holds = ok_lo and ok_up and worst >= 0
    detail = (f"sympy: lower₁(n₋)² + lower₁(n₊)² − lower₂(n)² = {cert_lo if ok_lo else 'not certified: ' + cert_lo} "
              f"≥ 0 and upper₂(n)² − upper₁(n₋)² − upper₁(n₊)² = {cert_up if ok_up else 'not certified: ' + cert_up} "
              f"≥ 0 (y_min,± = y_lo + s, y_max,± = y_hi/(1 + v), all positive); {samples} random positive points per "
              f"side: min {worst:.3g}")
    return ImplicationResult(holds, "symbolic + numeric", detail, {"min_random": worst})


IMPLICATIONS = (
    Implication(
        "frei2023.lem3.3 ⟹ (H)",
        premises=("x_i ~ N(0, I_d): ‖x_i‖² ∈ d(1 ± a√(log n/d)) and |⟨x_i,x_j⟩| ≤ b√(d log n) (w.h.p.; a = b = 2 "
                  "at leading order: ‖x‖² − d ≈ N(0, 2d), ⟨x_i,x_j⟩ ≈ N(0, d), union bounds over n and n²/2)",
                  "frei2023.lem3.3: n ≤ cγ³√(d/log n), c = its c_lemma"),
        conclusion="frei2023 (H): R_min² ≥ 3γ⁻³R²np",
        method="symbolic (sympy worst case and exact roots) + numeric grid", constants={"a": 2, "b": 2},
        fn=lem33_implies_h),
    Implication(
        "lai2026.m1.gap ⟹ lai2026.m2.gap",
        premises=("lai2026.m2.decoupling: after step 1 w₊ trains on the positives and w₋ on the negatives, each as "
                  "m=1 GD (w₊ on y, w₋ on −y, up to the O(ε) init), and the min-norm interpolator decouples the same "
                  "way (two m=1 programs), so gap² = gap₊² + gap₋²",
                  "lai2026.m1.gap for each neuron: (n₋, labels over the negatives) and (n₊, over the positives)"),
        conclusion="lai2026.m2.gap: √(c_low n y_min²/‖λ‖₁) ≤ gap ≤ √(c_up n y_max²/‖λ‖₁), labels over all examples",
        method="symbolic (nonnegative-coefficient certificates) + numeric random points", constants={},
        fn=m1_gap_implies_m2_gap),
)
