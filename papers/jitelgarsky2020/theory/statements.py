"""The jitelgarsky2020 claims (docs/claims-ext.md §2, NeurIPS 2020) as sympy statements.

Setting [retrieved]: homogeneous networks, gradient flow, exponential-type loss; only perfect classification is
required (𝓛 < ℓ(0) = 1 for the exponential SUM loss at some t₀); ReLU nets are definable. Checked on the same
two-layer homogeneous flow as lyuli2020 (decades of ``log(1/𝓛)``: checkpoints ℓ/100, ℓ/10, ℓ with ℓ = 1000).

The theorem states no rate, so a check verifies directional convergence only where it shows by the horizon reached.
The direction claim's default is therefore chosen by a stated rule, not by a seed: a setting whose convergence is
reachable (``verified`` to log(1/𝓛) = 1e5) for ≥ 80% of seeds 0 … 15, nonlinear before linear, seed 0 as the draw
whatever it gives (measured by papers/jitelgarsky2020/benchmarks/directions.py): σ = z² (15/16; linear 16/16; relu² 6/16,
relu³ 4/16 — for relu² a pre-activation closing on the kink, where σ' = 2z vanishes, makes the remaining path decay
like 1/log log(1/𝓛) on some draws: a documented finding, checks/jitelgarsky2020/expected.py).
"""
from __future__ import annotations

import sympy as sp

from ibcheck.theory.statement import Claim, Sym, eq, le, lim

_l = sp.Symbol("ell", real=True)  # the clock ℓ = log(1/𝓛)

SOURCE = "jitelgarsky2020"
REFS = ("Ji & Telgarsky, Directional convergence and alignment in deep learning, NeurIPS 2020, arXiv 2006.06657",)

reached = Sym("reached_loss_below_one", r"\mathbb{1}[\exists t_0: \mathcal L(\theta(t_0))<\ell(0)]",
              "1 if the flow classified every point with 𝓛 < ℓ(0) = 1", "1")
lip = Sym("lipschitz_gradient", r"\mathbb{1}[\nabla\mathcal L\ \text{locally Lipschitz}]",
          "1 if σ' is locally Lipschitz (relu^p with p ≥ 2, square, linear)", "1")
path_ratio = Sym("path_increment_ratio", r"\frac{\ell(\text{last decade})}{\ell(\text{previous decade})}",
                 "path length of θ/‖θ‖ over the last decade of log(1/𝓛) over that of the decade before", "1")
marg_move = Sym("normalized_margin_move", r"\max_n|\Delta(q_n/\|\theta\|^L)|/\max_n q_n/\|\theta\|^L",
                "largest move of a normalised margin over the last decade, relative", "1")
move_tol = Sym("move_tol", r"\tau_q", "allowed move (docs/claims-ext.md: 1e-3)", "1")
cos_inc = Sym("alignment_increases", r"\#\{1-\cos\ \text{increased}\}", "decades over which 1 − cos∠(θ, −∇𝓛) grew", "1")
cos_T = Sym("alignment_gap", r"1-\cos\angle(\theta,-\nabla\mathcal L)", "misalignment at the end", "1")
cos_tol = Sym("alignment_tol", r"\tau_a", "allowed misalignment at the end (docs/claims-ext.md: 1e-3)", "1")

al_s = Sym("align_series", r"1-\cos\angle(\theta,-\nabla\mathcal L)(\ell)", "misalignment at geometric checkpoints "
           "of ℓ = log(1/𝓛)", "1")
path_s = Sym("path_series", r"P(\ell)", "path length of θ/‖θ‖ from t₀ at geometric checkpoints of ℓ = log(1/𝓛)", "1")
misclass = Sym("misclassified_states", r"\#\{t_k\ge t_0: \min_n q_n(\theta(t_k))\le 0\}",
                "recorded states after t₀ (the trajectory's own, as given) with a training error", "1")
_REACHED = eq("perfect classification: 𝓛(θ(t₀)) < ℓ(0) for some t₀", reached.s, 1, reason="boolean",
              reads=("n", "d", "seed", "m", "init_scale", "data.labels"))

DIRECTION = Claim(
    id="jitelgarsky2020.direction", title="θ/‖θ‖ converges (the normalised path has finite length)", source=SOURCE,
    summary="[retrieved] Under gradient flow from a perfectly classifying point, θ_t/‖θ_t‖ converges (finite path "
            "length [standard knowledge]); so do the predictions, the training errors (0 from t₀ on: the loss is "
            "non-increasing) and the normalised margins. Heuristic check: finite length needs "
            "geometric decay of the per-decade increments.",
    symbols=(reached, path_ratio, marg_move, move_tol, path_s, misclass), hypotheses=(_REACHED,),
    conclusions=(eq("training errors converge: zero at every recorded state after t₀", misclass.s, 0,
                    provenance="standard", reason="integer count: 𝓛 is non-increasing along GF, so e^{−q_n} ≤ 𝓛 < 1 "
                                                  "(SUM loss) and every q_n > 0 from t₀ on — the training error is 0"),
                 lim("the path length of θ/‖θ‖ from t₀ converges (finite length)", path_s.s, 0, free_limit=True,
                     clock="ell", rate=1 / _l, provenance="standard", atol=0.02, clock_label="log(1/𝓛)",
                     reason="finite path length ⇒ θ/‖θ‖ converges [standard]; verified when the extrapolated "
                            "length is known to ±0.01 (a resolution chosen here: wider is inconclusive, never violated; "
                            "±0.05 passed relu²'s seed-0 fit to log(1/𝓛) = 1e3, [0.575, 0.629], which the same flow "
                            "leaves by 1e7: 0.655). No rate is stated: 1/ℓ (ℓ = log(1/𝓛)) is the fit's model only; "
                            "against 1/log ℓ relu²'s slow drift would read as a false divergence "
                            "(three-point orders ≈ −0.12 over ℓ ∈ [1e5, 1e7])"),
                 le("path length: last decade ≤ ½ the previous decade's", path_ratio.s, 0.5, provenance="threshold",
                    kind="diagnostic", reason="docs/claims-ext.md §2: heuristic, finite length needs geometric decay"),
                 le("normalised margins move by < 1e-3 over the last decade", marg_move.s, move_tol.s,
                    provenance="threshold", kind="diagnostic",
                    reason="docs/claims-ext.md §2 (relative to the largest normalised margin): a finite-time number")),
    constants={"move_tol": 1e-3}, references=REFS)

ALIGNMENT = Claim(
    id="jitelgarsky2020.alignment", title="θ and −∇𝓛 align: cos∠(θ, −∇𝓛) → 1", source=SOURCE,
    summary="[retrieved] With locally Lipschitz gradients, −∇𝓛 converges in direction and cos∠(θ_t, −∇𝓛(θ_t)) → 1 "
            "(the non-smooth version is [uncertain]). The gradient is taken by autograd, independently of the "
            "trainer's analytic one; cross-checked with lyuli2020.kkt at the end.",
    symbols=(reached, lip, cos_inc, cos_T, cos_tol, al_s), hypotheses=(_REACHED, eq(
        "∇𝓛 locally Lipschitz", lip.s, 1, reason="property of the activation", reads=("act", "p"))),
    conclusions=(lim("1 − cos∠(θ, −∇𝓛) → 0", al_s.s, 0, clock="ell", rate=1 / sp.log(_l), provenance="paper",
                     floor=1e-14, clock_label="log(1/𝓛)",
                     reason="no rate stated: read against 1/log ℓ, the slowest scale (order ≥ 0.75); floor: rounding"),
                 eq("1 − cos non-increasing over the decades", cos_inc.s, 0, kind="diagnostic", provenance="threshold",
                    reason="integer count (a trend rule the paper does not state)"),
                 le("1 − cos ≤ 1e-3 at the end", cos_T.s, cos_tol.s, kind="diagnostic", provenance="threshold",
                    reason="docs/claims-ext.md §2: a finite-time number for a limit")),
    constants={"alignment_tol": 1e-3}, references=REFS)

CLAIMS = (DIRECTION, ALIGNMENT)
