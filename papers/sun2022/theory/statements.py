"""sun2022's claim as a sympy statement: p-norm mirror descent (p-GD) converges in direction to the ℓp max margin.

Source: Sun, Ahn, Thrampoulidis, Azizan, "Mirror Descent Maximizes Generalized Margin and Can Be Implemented
Efficiently", NeurIPS 2022 (arXiv 2205.12808v2). Retrieved: the abstract (arXiv, ar5iv) — "we consider the family
of mirror descent algorithms with potential function chosen as the p-th power of the ℓp-norm … We call this
algorithm p-GD … it converges in direction to a generalized maximum-margin solution with respect to the ℓp-norm
for linearly separable classification". NOT retrieved: the body — the theorem number, the loss class, the exact
step-size assumption and any rate. So:

* the direction row is ``paper`` (the abstract's own sentence; the theorem number is unconfirmed), and so is the
  separability hypothesis ("for linearly separable classification");
* ``p > 1`` is ``standard``, not ``paper``: the abstract states no range of p; p > 1 is what makes ψ strictly convex
  and its gradient map invertible (p-GD well defined). Whether the theorem also covers p ≤ 1 (or needs more) is not
  confirmed;
* the margin row is ``reconstructed``: it follows from the direction row (the normalised ℓp margin is continuous
  in the direction and equals γ_p at the ℓp max-margin direction, unique for 1 < p < ∞);
* the loss is the exponential loss summed over the examples (recalled as the paper's setting; the logistic loss is a
  parameter), the initialisation 0, the step constant;
* the step-size hypothesis is a level chosen here (``threshold``) standing in for the paper's "sufficiently small"
  step (recalled: ψ − ηL convex on the relevant sublevel set, unconfirmed): ``κ = η·L(w₀)·B_q² ≤ 20`` with
  ``B_q = max_i ‖z_i‖_q``, q = p/(p−1) — the default κ = 8; p-GD from 0 diverged at κ ≈ 60–270 (p = 3, 6) on the
  default data and froze (e^{−u} underflow after an overshoot) at κ ≈ 700 (p = 1.5). A failure under it counts only
  if it persists at 4× and 16× smaller steps (``checks.persistence``);
* no rate is stated in what was retrieved: both rows are bare limits read against the slow scale (1/log t)^{1/2}
  with slack 0.25 (a stable positive order cannot contradict them; a wrong answer shows as an extrapolated or
  settled limit elsewhere). The observed orders against 1/log t are ≈ 0.4–1 (p = 1.5 … 6, docs in EXPECTED).
"""
from __future__ import annotations

import sympy as sp

from ibcheck.theory.asymptotic_alternatives import reference
from ibcheck.theory.statement import Claim, Sym, eq, ge, le, lim

SOURCE = "sun2022"
REFS = ("Sun, Ahn, Thrampoulidis, Azizan, Mirror Descent Maximizes Generalized Margin and Can Be Implemented "
        "Efficiently, NeurIPS 2022, arXiv 2205.12808",)
_t = sp.Symbol("t", real=True)
_SLOW = 1 / sp.log(_t)

sep = Sym("separable", r"\mathbb{1}[\gamma_p>0]", "1 if the ℓp max-margin program is feasible with γ_p > 0 "
          "(certified: duality gap)", "1")
p_ = Sym("p", "p", "the potential's exponent, ψ(w) = (1/p)‖w‖_p^p", "1")
kappa = Sym("kappa", r"\eta L(w_0) B_q^2", "step times the initial loss times max_i ‖z_i‖_q² (q = p/(p−1))", "1")
d_s = Sym("direction_series", r"\|w_t/\|w_t\|_p-w_p^\star\|_p", "ℓp distance of the normalised iterate to the "
          "ℓp max-margin direction at the checkpoints", "1")
g_s = Sym("margin_gap_series", r"1-\gamma_p(w_t)/\gamma_p", "relative gap of the normalised ℓp margin at the "
          "checkpoints", "1")
g_start = Sym("margin_gap_from_start", r"1-\gamma_p(w_t)/\gamma_p", "relative gap of the normalised ℓp margin at "
              "4 checkpoints a decade from t = 100 to T (a fixed start: a longer run adds decades)", "1")
over = Sym("margin_excess", r"\max_t\gamma_p(w_t)/\gamma_p-1", "largest excess of the normalised ℓp margin over "
           "the certified γ_p (≤ 0: weak duality)", "1")
span = Sym("dual_outside_span", r"\max_t\frac{\|P_{\ker Z}\nabla\psi(w_t)\|}{\|\nabla\psi(w_t)\|}",
           "largest component of the mirror iterate ∇ψ(w_t) outside range(Zᵀ) (0: the update keeps it there)", "1")
l2_dir = Sym("l2_direction_distance", r"\|w_T/\|w_T\|_p-w_2^\star/\|w_2^\star\|_p\|_p",
             "ℓp distance of the last iterate's direction to the ℓ2 max-margin direction (shown)", "1")
l2_gap = Sym("l2_margin_gap", r"1-\gamma_p(w_2^\star)/\gamma_p", "the ℓ2 max-margin direction's own relative ℓp-margin "
             "gap (the margin row's value were p-GD to pick the ℓ2 answer)", "1")
l2_dist = Sym("l2_reference_distance", r"\|w_2^\star/\|w_2^\star\|_p-w_p^\star\|_p",
              "ℓp distance of the ℓ2 max-margin direction to the ℓp one (the direction row's value for the ℓ2 answer)", "1")
_L2 = "the other geometry's answer: GD's limit, the bias p-GD is claimed to replace"

DIRECTION = Claim(
    id="sun2022.direction", source=SOURCE, references=REFS,
    title="p-GD converges in direction to the ℓp max-margin classifier (p = 1.5, 3, 6)",
    summary="[paper: abstract] p-GD, the mirror descent with ψ = (1/p)‖·‖_p^p, on linearly separable data "
            "converges in direction to argmax_{‖w‖_p ≤ 1} min_i y_i⟨w, x_i⟩ (theory.norm_margin: power cones, "
            "polished by Newton, duality gap re-verified). [reconstructed] the normalised ℓp margin → γ_p. "
            "Exponential loss (sum), w₀ = 0, constant step; theorem number, step assumption and rate not retrieved.",
    symbols=(sep, p_, kappa, d_s, g_s, over, span, l2_dir, l2_gap, l2_dist),
    hypotheses=(eq("separable: γ_p > 0 (certified)", sep.s, 1, reason="boolean (certified power-cone program)",
                   provenance="paper", reads=("n", "d", "seed", "data.labels")),
                ge("p > 1 (ψ strictly convex, p-GD defined)", p_.s, 1, atol=0.0, reason="exact comparison",
                   provenance="standard",
                   note="well-definedness (∇ψ = sign(w)|w|^{p−1} invertible), not read in the paper: the abstract "
                        "does not state a range of p"),
                le("step: η·L(w₀)·B_q² ≤ 20 (a level chosen here for 'η sufficiently small')", kappa.s, 20,
                   reads=("loss",),
                   provenance="threshold", reason="stable on the default data up to κ ≈ 30, diverged at ≈ 60")),
    conclusions=(
        lim("w_t/‖w_t‖_p → w_p⋆ (the ℓp max-margin direction)", d_s.s, 0, clock="t", rate=_SLOW, order=0.5,
            provenance="paper", floor=1e-9, clock_label="t",
            reason="no rate retrieved: read against (1/log t)^{1/2}, slack 0.25; floor: the polished reference is "
                   "exact to ~1e-12", alternatives=(reference("the ℓ2 max-margin direction", l2_dist.s, reason=_L2),)),
        lim("γ_p(w_t) → γ_p (the ℓp max margin)", g_s.s, 0, clock="t", rate=_SLOW, order=0.5,
            provenance="reconstructed", floor=1e-12, clock_label="t",
            reason="a consequence of the direction row; read as it is",
            alternatives=(reference("the ℓ2 max-margin direction's ℓp margin", l2_gap.s, reason=_L2),)),
        le("γ_p(w_t) ≤ γ_p at every recorded step (weak duality)", over.s, 0, atol=1e-9, provenance="standard",
           reason="the certificate brackets γ_p to its duality gap (≤ 1e-7 relative, 1e-12 polished): 1e-9"),
        le("∇ψ(w_t) ∈ range(Zᵀ) at every recorded step (the mirror update from w₀ = 0)", span.s, 1e-9,
           provenance="standard", reason="exact in exact arithmetic (θ_t = ηZᵀb_t); 1e-9: rounding of |w|^{p−1}")))

_READS = {"separable: γ_p > 0 (certified)": ("data",), "p > 1 (ψ strictly convex, p-GD defined)": ("p",),
          "step: η·L(w₀)·B_q² ≤ 20 (a level chosen here for 'η sufficiently small')": ("kappa",)}


def _bound(rows):
    """The direction claim's hypotheses, each with the parameters it reads (kept where already declared)."""
    from dataclasses import replace
    return tuple(h if h.reads else replace(h, reads=_READS.get(h.name, ())) for h in rows)


fgap = Sym("final_gap", r"1-\gamma_p(w_T)/\gamma_p", "relative gap of the last iterate's ℓp margin", "1")
MARGIN_RATE = Claim(
    id="sun2022.margin_rate", source=SOURCE, references=REFS, exploratory=True,
    title="exploratory: does p-GD's ℓp-margin gap fall at the rate O(1/log t)?",
    summary="[reconstructed: the rate was not read — the body of arXiv 2205.12808 was out of reach] The direction "
            "theorem (sun2022.direction) states no rate in the abstract; the rate asked here is the one GD's margin "
            "has (Soudry et al. 2018: O(1/log t)), recalled as what the paper's analysis gives for the normalised "
            "ℓp margin of p-GD with a constant step. Asked of sun2022.direction's p-GD and data over 8·10⁶ steps (its "
            "own default horizon: half the order and an extra log factor separate only by then): is the observed order "
            "of 1 − γ_p(w_t)/γ_p against 1/log t at least 1 − 0.25? A finite-time answer, never a counterexample.",
    symbols=(sep, p_, kappa, g_start, over, fgap),
    hypotheses=_bound(DIRECTION.hypotheses),
    conclusions=(
        lim("1 − γ_p(w_t)/γ_p → 0 at rate O(1/log t)", g_start.s, 0, clock="t", rate=_SLOW, kind="rate",
            provenance="reconstructed", floor=1e-12, clock_label="t",
            reason="the recalled rate: observed order against 1/log t ≥ 1 − 0.25"),
        le("γ_p(w_t) ≤ γ_p at every recorded step (weak duality)", over.s, 0, atol=1e-9, provenance="standard",
           reason="the certificate brackets γ_p to its duality gap (≤ 1e-7 relative, 1e-12 polished): 1e-9"),
        le("the last iterate separates the data: 1 − γ_p(w_T)/γ_p < 1", fgap.s, 1 - sp.Float(1e-9),
           provenance="standard", reason="implied by the gap → 0 of any converging run; 1e-9: a margin at rounding "
                                         "level of 0 does not separate")))

CLAIMS = (DIRECTION, MARGIN_RATE)
