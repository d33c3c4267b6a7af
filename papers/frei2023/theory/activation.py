"""Symbolic proof (sympy, no sampling) that the smoothed leaky ReLU is γ-leaky and ¼-smooth.

``φ(z) = γz + (1−γ)·log(½(1+e^{cz}))/c`` (c = 1 is the paper's activation). With ``v = e^{−z} > 0`` the
sigmoid is ``σ(z) = 1/(1+v)``, so every inequality becomes a rational function of a *positive* symbol
``v`` and of ``t = 1 − γ ≥ 0``; after ``factor`` sympy decides its sign from the assumptions alone.
An undecided inequality is looked at its stationary points in ``v`` (exact, at γ = ½) for a witness
of failure; with neither proof nor witness the result is ``None`` (→ inconclusive), never "true".
The leaky ReLU ``max(γz, z)`` is shown positively 1-homogeneous by the two sign cases of z.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import sympy as sp

z = sp.Symbol("z", real=True)
gam = sp.Symbol("gamma", positive=True)
v = sp.Symbol("v", positive=True)  # v = e^{−z}
t = sp.Symbol("t", nonnegative=True)  # t = 1 − γ ≥ 0 since γ ≤ 1
cpos = sp.Symbol("c", positive=True)
w = sp.Symbol("w", nonnegative=True)


def smoothed_leaky(c: int = 1) -> sp.Expr:
    return gam * z + (1 - gam) * sp.log((1 + sp.exp(c * z)) / 2) / c


@dataclass
class Step:
    claim: str
    expression: str  # LaTeX of the reduced expression whose sign is decided
    result: bool | None  # True proved, False refuted (witness), None undecided
    how: str


@dataclass
class Proof:
    activation: str
    steps: list[Step] = field(default_factory=list)

    def result(self, claim: str) -> bool | None:
        return next(s.result for s in self.steps if s.claim == claim)


def _nonneg(claim: str, expr: sp.Expr) -> Step:
    """Decide ``expr ≥ 0`` for all v > 0, t ≥ 0 (expr in v, t)."""
    red = sp.factor(sp.simplify(expr))
    if red.is_nonnegative:
        return Step(claim, sp.latex(red), True, "factored into manifestly non-negative factors (v > 0, t = 1−γ ≥ 0)")
    at_half = red.subs(t, sp.Rational(1, 2))
    crit = [c for c in sp.solve(sp.diff(at_half, v), v) if c.is_positive] + [sp.Integer(1)]
    for c in crit:
        val = sp.nsimplify(sp.simplify(at_half.subs(v, c)))
        if val.is_negative:
            return Step(claim, sp.latex(red), False,
                        f"witness: at γ = 1/2, e^(−z) = {c} (z = {sp.simplify(-sp.log(c))}) the value is {val} < 0")
    return Step(claim, sp.latex(red), None, "sympy could not decide the sign and no witness was found")


def prove_smoothed(c: int = 1) -> Proof:
    """φ(0) = 0, γ ≤ φ' ≤ 1, 0 ≤ φ'' ≤ (1−γ)/4 for ``smoothed_leaky(c)``; plus the leaky ReLU's homogeneity."""
    phi = smoothed_leaky(c)
    proof = Proof(activation=f"γz + (1−γ) log(½(1+e^{{{c}z}}))/{c}")
    phi0 = sp.simplify(phi.subs(z, 0))
    proof.steps.append(Step("φ(0) = 0", sp.latex(phi0), phi0 == 0, "direct substitution"))
    d1 = sp.simplify(sp.diff(phi, z).subs(z, -sp.log(v)).subs(gam, 1 - t))
    d2 = sp.simplify(sp.diff(phi, z, 2).subs(z, -sp.log(v)).subs(gam, 1 - t))
    proof.steps += [_nonneg("φ'(z) ≥ γ", d1 - (1 - t)), _nonneg("φ'(z) ≤ 1", 1 - d1), _nonneg("φ''(z) ≥ 0", d2),
                    _nonneg("φ''(z) ≤ (1−γ)/4", t / 4 - d2)]
    proof.steps.append(prove_leaky_homogeneous())
    return proof


def prove_leaky_homogeneous() -> Step:
    """``max(γcz, cz) = c·max(γz, z)`` for c > 0, by the cases z = w ≥ 0 and z = −w ≤ 0 (γ ≤ 1)."""
    leaky = lambda x: sp.Max((1 - t) * x, x)  # noqa: E731  (γ = 1 − t)
    cases = [sp.simplify(leaky(cpos * s * w) - cpos * leaky(s * w)) for s in (1, -1)]
    ok = all(cse == 0 for cse in cases)
    return Step("max(γcz, cz) = c·max(γz, z), c > 0", ",\\;".join(sp.latex(cse) for cse in cases),
                True if ok else None, "both sign cases of z reduce to 0" if ok else "sympy left a case unsimplified")


def prove_leaky_smooth() -> Proof:
    """The non-smooth leaky ReLU: its second derivative is a Dirac delta at 0, so it is not H-smooth."""
    phi = sp.Max(gam * z, z)
    d2 = sp.diff(phi, z, 2)
    proof = Proof(activation="max(γz, z)")
    proof.steps.append(Step("φ(0) = 0", sp.latex(sp.simplify(phi.subs(z, 0))), phi.subs(z, 0) == 0, "direct substitution"))
    has_delta = d2.has(sp.DiracDelta)
    proof.steps.append(Step("φ twice differentiable with |φ''| ≤ H", sp.latex(d2), False if has_delta else None,
                            "φ'' contains a Dirac delta at z = 0: no finite H" if has_delta else "undecided"))
    return proof
