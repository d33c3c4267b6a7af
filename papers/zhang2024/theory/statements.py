"""zhang2024: Adam on separable linear classification maximises the ℓ∞ margin; GD (the control) the ℓ2 margin.

Setting (Zhang, Zou & Cao, NeurIPS 2024, arXiv 2406.10650): ``z_i = y_i x_i``, mean loss
``L(w) = (1/n) Σ ℓ(z_iᵀw)`` (logistic or exponential), Adam without the stability constant (ε = 0), moments from 0:
``m_t = β₁m_{t−1} + (1−β₁)∇L(w_t)``, ``v_t = β₂v_{t−1} + (1−β₂)∇L(w_t)²``, ``w_{t+1} = w_t − η_t m_t/√v_t``,
``η_t = η₀(t+2)^{−a}``. Margins: ``γ_p(w) = min_i z_iᵀw/‖w‖_p``; ``γ_∞ = max_{‖w‖_∞ ≤ 1} min_i z_iᵀw`` (an LP,
``ibcheck.theory.norm_margin``, certified by its dual bracket), ``γ_2 = 1/‖ŵ‖`` (the SVM, ``ibcheck.theory.svm``).

What was read and what is reconstructed (docs/claims-optimizers.md §1; nothing of the body could be read). Read: the
abstract, in two versions. arXiv 2406.10650v1: "when the training data are linearly separable, Adam converges towards
a linear classifier that achieves the maximum ℓ∞-margin. Notably, for a general class of diminishing learning rates,
this convergence occurs within polynomial time"; the NeurIPS 2024 camera-ready: "the iterates of Adam converge towards
a linear classifier that achieves the maximum ℓ∞-margin in direction". Secondary (third-party summaries, evidence of
what to check, not provenance): the update rules (3.2)–(3.4) without ε and without bias correction, the logistic or
exponential loss, experiments with ``η_t = Θ(t^{−a})``, ``a ∈ {0.3, 0.5, 0.7, 1}``.

* ``adam_linf_margin`` decides on the abstract's own conclusion: the normalised ℓ∞ margin ``γ∞(w_t) → γ∞``
  (provenance ``paper``: "converge … in direction" to a maximum-ℓ∞-margin classifier, and γ∞(·) is continuous in the
  direction), a **bare limit** — no rate was read, so it is judged against the slow scale 1/log t and a wrong
  answer shows as a settled or extrapolated limit elsewhere, never by its order.
* ``adam_rate`` (exploratory, never exits 1) asks whether the gap follows ``γ∞ − γ∞(w_t) = O(t^{−min(a/2, 1−a)})``
  (``O(1/log t)`` at ``a = 1``): **recalled, not read** (``reconstructed``). Its best exponent 1/3 (at a = 2/3)
  matches what a later paper's abstract (OpenReview 93rk0PEp92) attributes to "prior work" on Adam, which does not
  confirm the formula. Kept apart so that a misremembered rate cannot make the claim ``violated``.
* Hypotheses not read, reconstructed: ``β₁ ≤ β₂ < 1`` (the paper's exact β condition is unknown: β₁ < √β₂ is
  another candidate), "every coordinate of ∇L(w₀) nonzero" (without ε, ``v_0`` must have no zero coordinate), the
  schedule ``η₀(t+2)^{−a}`` with ``a ∈ (0, 1]`` (the paper's class is "Θ(t^{−a})"; whether a = 1 is covered by the
  theorem or only by the experiments is unconfirmed), ε = 0, ``m_{−1} = v_{−1} = 0``. The mean loss: with ε = 0 the
  update ``m_t/√v_t`` is invariant under ``L → cL``, so mean vs sum does not matter.
* GD → ℓ2 max margin is Soudry et al. 2018 (Theorem 3; the margin gap is ``O(1/log t)``), a standard fact. ε > 0:
  once ``√v_t ≪ ε`` Adam is heavy-ball GD with step ``η_t/ε``, and Wang et al. (2022, arXiv 2110.03891, abstract
  read) prove deterministic Adam with ε converges to the ℓ2 max margin: the ε control is an exploratory question.
"""
from __future__ import annotations

import sympy as sp

from ibcheck.theory.asymptotic_alternatives import reference
from ibcheck.theory.statement import Claim, Sym, eq, ge, le, lim

_t = sp.Symbol("t", real=True)

SOURCE = "zhang2024"
REFS = ("Zhang, Zou, Cao, The Implicit Bias of Adam on Separable Data, NeurIPS 2024 (arXiv 2406.10650)",
        "Soudry, Hoffer, Nacson, Gunasekar, Srebro, The Implicit Bias of Gradient Descent on Separable Data, JMLR 2018",
        "Wang, Meng, Zhang, Sun, Chen, Ma, Liu, Does Momentum Change the Implicit Regularization on Separable Data?, "
        "NeurIPS 2022 (arXiv 2110.03891)")

sep = Sym("separable", r"\mathbb{1}[\exists w: Zw>0]", "1 if the data are linearly separable (certified LP/SVM)", "1")
b1 = Sym("beta1", r"\beta_1", "Adam's first-moment decay", "1")
b2 = Sym("beta2", r"\beta_2", "Adam's second-moment decay", "1")
a_s = Sym("a", "a", "exponent of the schedule actually run, η_t = η₀(t+2)^{−a} (0 for --set schedule=constant: η_t = η₀)",
          "1")
eps = Sym("eps", r"\epsilon", "Adam's stability constant", "1")
g0 = Sym("grad0_min_rel", r"\min_k|\nabla L(w_0)_k|/\|\nabla L(w_0)\|_\infty",
         "smallest coordinate of the first gradient, relative (0: a coordinate no step can move)", "1")
eta_b = Sym("eta_beta_sigma2", r"\eta\,\beta\,\sigma_{\max}^2(Z)/n", "GD's step times the smoothness of the mean loss",
            "1")
g_inf = Sym("gamma_inf", r"\gamma_\infty", "max ℓ∞ margin max_{‖w‖∞≤1} min_i z_iᵀw (certified LP)", "x")
g_2 = Sym("gamma_2", r"\gamma_2", "max ℓ2 margin 1/‖ŵ‖ (certified SVM)", "x")
g_inf_l2 = Sym("gamma_inf_of_l2", r"\gamma_\infty(\hat w)", "ℓ∞-normalised margin of the ℓ2 SVM direction", "x")
g_2_inf = Sym("gamma_2_of_linf", r"\gamma_2(w_\infty)", "ℓ2-normalised margin of the ℓ∞ max-margin direction", "x")
m_inf_s = Sym("linf_margin_series", r"\gamma_\infty(w_t)", "min_i z_iᵀw_t/‖w_t‖∞ at geometric checkpoints", "x")
m_2_s = Sym("l2_margin_series", r"\gamma_2(w_t)", "min_i z_iᵀw_t/‖w_t‖₂ at geometric checkpoints", "x")
m_inf_max = Sym("linf_margin_max", r"\max_k\gamma_\infty(w_{t_k})", "largest ℓ∞ margin over the recorded iterates", "x")
m_2_max = Sym("l2_margin_max", r"\max_k\gamma_2(w_{t_k})", "largest ℓ2 margin over the recorded iterates", "x")
m_inf_T = Sym("linf_margin_final", r"\gamma_\infty(w_T)", "ℓ∞ margin at the last step", "x")
m_2_T = Sym("l2_margin_final", r"\gamma_2(w_T)", "ℓ2 margin at the last step", "x")
ll_T = Sym("log_loss_final", r"\log L(w_T)", "log of the mean loss at the last step", "1")
ll_0 = Sym("log_loss_initial", r"\log L(w_0)", "log of the mean loss at the start", "1")

_DATA = ("n", "d", "seed")  # the planted fixture's parameters: the data rows read the data they draw
_SEP = eq("separable (the max-margin programs are feasible, certified)", sep.s, 1, reason="boolean (certified)",
          provenance="standard", reads=_DATA + ("data.labels",))
_B12 = le("β₁ ≤ β₂", b1.s, b2.s, reason="exact comparison of two inputs", provenance="reconstructed",
          note="the exact β condition of the paper was not retrieved; β₁ ≤ β₂ (< 1) bounds m/√v by (1−β₁)/√(1−β₂)/(1−β₁/√β₂)")
_B2 = le("β₂ < 1", b2.s, 1 - 1e-15, reason="exact comparison (β₂ = 1 freezes v)", provenance="reconstructed")
_A0 = ge("a > 0 (η_t → 0)", a_s.s, 1e-12, reason="exact comparison (strict: a = 0 is a constant step)",
         provenance="reconstructed", reads=("a", "schedule"),
         note="a is the exponent of the schedule run: --set schedule=constant runs η_t = η₀ (a = 0), outside the "
              "theorem's diminishing steps whatever --set a says")
_A1 = le("a ≤ 1 (Σ η_t = ∞)", a_s.s, 1, reason="exact comparison", provenance="reconstructed", reads=("a", "schedule"))
_EPS0 = eq("ε = 0 (the paper's Adam)", eps.s, 0, reason="exact: an input", provenance="reconstructed")
_G0 = ge("every coordinate of ∇L(w₀) nonzero", g0.s, 1e-12, provenance="reconstructed",
         reason="relative: an exactly unused coordinate gives 0, rounding of a sum of n terms ≲ n·1e-16",
         reads=_DATA + ("data.rank", "loss"))
_LOSS_DOWN = le("L(w_T) < L(w₀) (the run minimises the loss)", ll_T.s, ll_0.s - sp.Float(1e-9), provenance="reconstructed",
                reason="implied by convergence to a positive margin (L → 0); strict by 1e-9 in log L: a frozen trainer's "
                       "change is exactly 0, a run's is orders of magnitude larger")


def _claim(id_, title, summary, syms, hyp, concl, exploratory=False, constants=None):
    return Claim(id=id_, title=title, source=SOURCE, summary=summary, symbols=(sep,) + tuple(syms), hypotheses=hyp,
                 conclusions=concl, exploratory=exploratory, references=REFS, constants=constants or {})


_BELOW_MAX = le("γ∞(w_t) ≤ γ∞ at every recorded iterate (γ∞ is the maximum)", m_inf_max.s, g_inf.s, rtol=1e-12,
                provenance="standard", reason="definition of the maximum; 1e-12 relative: rounding of a normalised margin")
# the other geometry's answer, read on the same series: the ℓ∞ margin of the ℓ2 max-margin direction (GD's limit,
# and Adam's once ε dominates), and for the GD control the ℓ2 margin of the ℓ∞ max-margin direction
_L2_ANSWER = reference("the ℓ2 max-margin direction (γ∞(ŵ))", g_inf_l2.s,
                       reason="GD's limit direction, and Adam's once ε dominates: a run that cannot tell γ∞ from "
                              "γ∞(ŵ) has not shown the ℓ∞ bias")
_LINF_ANSWER = reference("the ℓ∞ max-margin direction (γ2(w∞))", g_2_inf.s,
                         reason="Adam's limit direction: a run that cannot tell γ2 from γ2(w∞) has not shown the ℓ2 "
                                "bias")
_RATE = sp.Piecewise((1 / sp.log(_t), sp.Ge(a_s.s, 1)), (_t ** (-sp.Min(a_s.s / 2, 1 - a_s.s)), True))

ADAM = _claim(
    "zhang2024.adam_linf_margin", "Adam (ε = 0) maximises the ℓ∞ margin: γ∞(w_t) → γ∞",
    "[paper: the abstract (NeurIPS 2024); hypotheses reconstructed] On separable data, Adam without ε, with β₁ ≤ β₂ < 1 "
    "and η_t = η₀(t+2)^{−a}, a ∈ (0, 1], converges in direction to a maximum-ℓ∞-margin classifier: the normalised "
    "margin min_i z_iᵀw_t/‖w_t‖∞ → γ∞ (a bare limit: the rate is zhang2024.adam_rate's question). Stated on the margin, "
    "not the direction: the ℓ∞ max-margin face can be a segment (the LP's optimum need not be unique). Not the ℓ2 "
    "answer: γ∞(ŵ) < γ∞ on the default data.",
    (b1, b2, a_s, eps, g0, g_inf, g_2, g_inf_l2, m_inf_s, m_inf_max, m_2_T, ll_T, ll_0),
    (_SEP, _B12, _B2, _A0, _A1, _EPS0, _G0),
    (lim("γ∞(w_t) → γ∞ (the maximum ℓ∞ margin)", m_inf_s.s, g_inf.s, clock="t", rate=1 / sp.log(_t),
         provenance="paper", floor=1e-12, clock_label="t",
         reason="the abstract's conclusion (in direction ⇒ the normalised margin, by continuity); no rate read: a bare "
                "limit read against 1/log t; floor: rounding of a normalised margin", alternatives=(_L2_ANSWER,)),
     _BELOW_MAX,
     _LOSS_DOWN,
     le("diagnostic: Adam's ℓ2 margin at T stays below γ2", m_2_T.s, g_2.s, kind="diagnostic", provenance="standard",
        reason="definition of γ2 (shows how far Adam's direction is from the ℓ2 answer)"),
     le("diagnostic: the ℓ2 SVM direction is not ℓ∞-optimal here (γ∞(ŵ) < γ∞)", g_inf_l2.s, g_inf.s, kind="diagnostic",
        provenance="standard", reason="exact comparison of two certified references: when equal, the data cannot tell "
                                      "the two biases apart")))

ADAM_RATE = _claim(
    "zhang2024.adam_rate", "exploratory: does Adam's ℓ∞-margin gap follow the recalled rate O(t^{−min(a/2, 1−a)})?",
    "[reconstructed: recalled, not read] The abstract says the convergence is polynomial-time for a class of "
    "diminishing steps; the rate γ∞ − γ∞(w_t) = O(t^{−min(a/2, 1−a)}) (O(1/log t) at a = 1) is the colleagues' memory "
    "of the paper's corollary, not confirmed. Asked on the same run as zhang2024.adam_linf_margin: is the observed "
    "order against that rate at least its exponent − 0.25? A finite-time answer, never a counterexample.",
    (b1, b2, a_s, eps, g0, g_inf, m_inf_s, m_inf_max, ll_T, ll_0),
    (_SEP, _B12, _B2, _A0, _A1, _EPS0, _G0),
    (lim("γ∞(w_t) → γ∞ at rate O(t^{−min(a/2, 1−a)})", m_inf_s.s, g_inf.s, clock="t", rate=_RATE, kind="rate",
         provenance="reconstructed", floor=1e-12, clock_label="t",
         reason="the recalled corollary's rate for η_t = η₀(t+2)^{−a}: observed order against it ≥ 1 − 0.25"),
     _BELOW_MAX, _LOSS_DOWN),
    exploratory=True)

_BELOW_MAX_2 = le("γ2(w_t) ≤ γ2 at every recorded iterate (γ2 is the maximum)", m_2_max.s, g_2.s, rtol=1e-12,
                  provenance="standard", reason="definition of the maximum; 1e-12 relative: rounding of a normalised "
                                                "margin")
GD = _claim(
    "zhang2024.gd_l2_margin", "control: GD on the same data maximises the ℓ2 margin, not the ℓ∞ margin",
    "[standard: Soudry et al. 2018, Theorem 3] GD with a constant step inside the descent regime on the mean logistic "
    "loss: the normalised ℓ2 margin → γ2 = 1/‖ŵ‖ with gap O(1/log t), so w_t/‖w_t‖ → ŵ/‖ŵ‖ and its ℓ∞ margin tends to "
    "γ∞(ŵ), below γ∞ on these data: the optimizer, not the data, picks the norm.",
    (eta_b, g_inf, g_2, g_inf_l2, g_2_inf, m_2_s, m_2_max, m_inf_T, ll_T, ll_0),
    (_SEP, le("step inside the descent regime: ηβσ²_max/n < 2", eta_b.s, 2, reason="exact comparison",
              provenance="standard", reads=("eta_scale", "loss") + _DATA + ("data.rank",))),
    (lim("γ2(w_t) → γ2 with gap O(1/log t)", m_2_s.s, g_2.s, clock="t", rate=1 / sp.log(_t), kind="rate",
         provenance="standard", floor=1e-14, clock_label="t",
         reason="Soudry et al. 2018's margin rate: observed order against 1/log t ≥ 1 − 0.25",
         alternatives=(_LINF_ANSWER,)),
     _BELOW_MAX_2,
     _LOSS_DOWN,
     le("diagnostic: GD's ℓ∞ margin at T stays below γ∞", m_inf_T.s, g_inf.s, kind="diagnostic", provenance="standard",
        reason="definition of γ∞"),
     le("diagnostic: the ℓ∞ direction is not ℓ2-optimal here (γ2(w∞) < γ2)", g_2_inf.s, g_2.s, kind="diagnostic",
        provenance="standard", reason="exact comparison of two certified references")))

_half = Sym("linf_midpoint", r"\tfrac12(\gamma_\infty+\gamma_\infty(\hat w))",
            "halfway between the ℓ∞ margins of the two max-margin directions", "x")
ADAM_EPS = _claim(
    "zhang2024.adam_eps", "exploratory: Adam with a large ε behaves like GD (ℓ2 margin), not like Adam (ℓ∞)",
    "Once √v_t ≪ ε, Adam is heavy-ball GD with step η_t/ε; Wang et al. (2022) prove deterministic Adam with ε "
    "converges to the ℓ2 max margin [abstract retrieved]; Zhang et al. study ε = 0. Question asked here, at ε = 1 and a "
    "constant step (the GD it becomes is inside the descent regime): does its ℓ2 margin approach γ2 like GD's, and its "
    "ℓ∞ margin stay nearer γ∞(ŵ) than γ∞? (A finding: even ε = 1e-8, torch's default, turns Adam GD-like by t ≈ 1e5 "
    "on the default data, when |∇L| falls below ε.)",
    (b1, b2, eps, g_inf, g_2, g_inf_l2, _half, m_2_s, m_2_max, m_inf_T, ll_T, ll_0),
    (_SEP, _B12, _B2, ge("ε > 0 (the setting explored)", eps.s, 1e-300, reason="exact: an input",
                        provenance="reconstructed")),
    (lim("γ2(w_t) → γ2 with gap O(1/log t) (as GD)", m_2_s.s, g_2.s, clock="t", rate=1 / sp.log(_t), kind="rate",
         provenance="reconstructed", floor=1e-14, clock_label="t",
         reason="GD's margin rate, for the GD Adam becomes once ε dominates: observed order against 1/log t ≥ 0.75"),
     le("γ∞(w_T) nearer γ∞(ŵ) than γ∞ (not the ℓ∞ answer)", m_inf_T.s, _half.s, provenance="reconstructed",
        reason="exact comparison of the measured margin with the midpoint of two certified references"),
     _BELOW_MAX_2, _LOSS_DOWN),
    exploratory=True)

CLAIMS = (ADAM, ADAM_RATE, GD, ADAM_EPS)
