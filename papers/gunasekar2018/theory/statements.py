"""gunasekar2018's claims as sympy statements: mirror descent's limit, steepest descent's margin, and the comparison.

Source: Gunasekar, Lee, Soudry, Srebro, "Characterizing Implicit Bias in Terms of Optimization Geometry", ICML 2018
(PMLR 80:1832–1841; arXiv 1802.08246). Retrieved: the abstract (PMLR, arXiv, ICML pages) — the implicit bias of
mirror descent, natural gradient descent and steepest descent on underdetermined linear regression and separable
linear classification, characterised "in terms of the potential or norm … independently of hyperparameter choices
such as step size and momentum". NOT retrieved: the body (theorem, section and equation numbers). The statements
below are therefore ``reconstructed``, each saying what was reconstructed; the theorem numbers quoted ("§2.1
Theorem 1", "§3 Theorem 5") are from memory of the paper and unconfirmed (docs/claims-geometry.md §1; the numbering
may differ between the PMLR version and arXiv v2+, which added mirror-descent results). Not confirmed either: whether
the theorem's exact wording on ψ — as recalled it asks a strongly convex ψ, which the entropy is not on ℝ^d_{>0}
(only on bounded boxes, and w.r.t. ℓ1 on the simplex): the row "ψ strongly convex on the box spanned by w₀ and w_B"
says what the check covers — and the exact steepest-descent step definition and step bound.

* ``md_bregman`` — [reconstructed; the paper's mirror-descent theorem as recalled, §2.1]: for a loss with a unique
  finite root (the squared loss), any realizable dataset, any strongly convex potential ψ and any step sizes, IF the
  mirror-descent iterates ``∇ψ(w_{t+1}) = ∇ψ(w_t) − η_t∇L(w_t)`` converge to a global minimiser (an interpolant),
  the limit is ``argmin_{Xw=y} D_ψ(w, w₀)``. Derivation (what the check relies on, standard and exact): the update
  keeps ``∇ψ(w_t) − ∇ψ(w₀) ∈ range(Xᵀ)`` at every step, so a limit with ``Xw_∞ = y`` satisfies the KKT conditions of
  the strictly convex Bregman projection, whose solution is unique. The premise (convergence) is not a hypothesis on
  the inputs: it is a conclusion row read at step sizes inside a level chosen here (``threshold``, η·β_ψ ≤ 1 with
  β_ψ the relative-smoothness constant on the box spanned by w₀ and w_B), and a failure under that level counts only
  if it persists at 4× and 16× smaller steps over 4× and 16× as many (``checks.persistence``).
* ``steepest`` — [reconstructed; the steepest-descent theorem as recalled, §3 (Theorem 5)]: for separable data, any
  norm ‖·‖, the exponential loss, any w₀ and bounded steps ``η_t ≤ min(η₊, 1/(B²L(w_t)))`` with
  ``B = max_n ‖x_n‖_*`` and any finite η₊, ``min_n y_n⟨w_t, x_n⟩/‖w_t‖ → max_{‖w‖≤1} min_n y_n⟨w, x_n⟩``; ℓ1 gives
  greedy coordinate descent, ℓ∞ sign descent, ℓ2 GD. No rate is stated (as recalled): the gap is read as a bare
  limit against 1/log t, GD's margin rate at a constant step (a wrong answer shows as an extrapolated or settled
  limit elsewhere). The step condition is met by construction (``c ≤ 1``); the
  default c = ½ (so c·e^c < 2 and L decreases at every step: a standard Taylor bound, a deciding row) and
  η₊ = 10³⁰⁰/B², finite, which does not bind before log L ≈ −690, so the run is the normalised schedule
  ``η_t = c/(B²L(w_t))`` the condition admits.
* ``comparison`` — exploratory: on one dataset (d > n, so the ℓp max-margin directions differ), the norm whose
  normalised margin each optimizer approaches best: GD, coordinate descent, sign descent (this paper), p-GD for
  p = 1.5, 3 (Sun et al. 2022, arXiv 2205.12808, abstract) and Adam (Zhang, Zou, Cao 2024: ℓ∞).
"""
from __future__ import annotations

import sympy as sp

from ibcheck.theory.statement import Claim, Sym, eq, ge, le, lim

SOURCE = "gunasekar2018"
REFS = ("Gunasekar, Lee, Soudry, Srebro, Characterizing Implicit Bias in Terms of Optimization Geometry, "
        "ICML 2018 (PMLR 80:1832–1841), arXiv 1802.08246",)
_t = sp.Symbol("t", real=True)
_SLOW = 1 / sp.log(_t)  # the slowest scale the catalogue reads a bare limit against (soudry2018 does the same)

# --- md_bregman ----------------------------------------------------------------------------------------------
rank_x = Sym("rank_X", r"\mathrm{rank}\,X", "rank of the design (n: every y is reachable, d > n)", "1")
n_ex = Sym("n_examples", "n", "number of equations", "1")
dom = Sym("domain_ok", r"\mathbb{1}[\{Xw=y\}\cap\mathrm{dom}\,\psi\neq\emptyset]",
          "1 if an interpolant lies in dom ψ (entropy: a positive one, certified by the reference)", "1")
step = Sym("eta_beta_psi", r"\eta\,\beta_\psi", "step times the relative-smoothness constant "
           "λ_max(X diag((∇ψ)⁻¹′) Xᵀ) on the box spanned by w₀ and w_B", "1")
b_s = Sym("bregman_series", r"\|w_t-w_B\|/\|w_B\|", "distance to the Bregman projection at the checkpoints", "1")
r_s = Sym("interp_series", r"\|Xw_t-y\|/\|y\|", "interpolation residual at the checkpoints", "1")
span = Sym("dual_outside_span", r"\max_t\frac{\|P_{\ker X}(\nabla\psi(w_t)-\nabla\psi(w_0))\|}"
                                r"{\|\nabla\psi(w_t)-\nabla\psi(w_0)\|}",
           "largest component of the mirror displacement outside range(Xᵀ), recomputed from the recorded iterates", "1")
drop = Sym("log_loss_drop", r"\log L(w_T)-\log L(w_0)", "change of log ½‖Xw − y‖² over the run, recomputed from "
           "the recorded iterates (+∞ if they are not finite)", "1")
div_ex = Sym("divergence_excess", r"D_\psi(w_T,w_0)/D_\psi(w_B,w_0)-1",
             "excess divergence of the last iterate over the projection's (≥ 0 only once w_T interpolates)", "1")

mu = Sym("mu_psi", r"\mu_\psi", "min over the box spanned by w₀ and w_B of λ_min ∇²ψ (ψ'' per coordinate): ψ is "
         "μ_ψ-strongly convex there iff μ_ψ > 0", "1")
_MD_DATA = ("n", "d", "seed", "data.labels", "data.rank")
_MD_HYP = (eq("X has full row rank n (realizable for every y, d > n)", rank_x.s, n_ex.s, reason="integer ranks (SVD)",
              provenance="reconstructed", reads=_MD_DATA),
           eq("an interpolant lies in dom ψ (entropy: w > 0)", dom.s, 1, reason="boolean (certified reference)",
              provenance="reconstructed", reads=_MD_DATA + ("potential", "p", "init_scale")),
           ge("ψ strongly convex on the box spanned by w₀ and w_B (μ_ψ > 0), not on all of dom ψ", mu.s, 1e-300,
              provenance="reconstructed", reads=("potential", "p", "init_scale") + _MD_DATA,
              reason="exact: μ_ψ = 0 exactly when ψ'' vanishes on the box (p > 2 with a coordinate changing sign), "
                     "else min ψ'' > 0",
              note="the theorem (as recalled; body not retrieved) asks a strongly convex ψ. None of the entropy and the "
                   "p ≠ 2 potentials is strongly convex on its whole domain: the entropy's curvature 1/w → 0 as w → ∞ "
                   "(it is 1-strongly convex w.r.t. ℓ1 on the simplex, by Pinsker, and 1/R-strongly convex w.r.t. ℓ2 "
                   "on {0 < w ≤ R}); (p−1)|w|^{p−2} vanishes at 0 for p > 2 and as |w| → ∞ for p < 2. The check "
                   "covers the potentials strongly convex on the box between the start w₀ and the limit w_B (inputs "
                   "and the exact reference), where its step level is computed; the implication it verifies (the "
                   "mirror update keeps ∇ψ(w_t) − ∇ψ(w₀) ∈ range Xᵀ, so an interpolating limit is the Bregman "
                   "projection) needs only strict convexity"),
           le("step: η·β_ψ ≤ 1 (a level chosen here for 'step sizes at which MD converges')", step.s, 1,
              reads=("eta_scale",),
              provenance="threshold", reason="relative smoothness (L ≤ β_ψ D_ψ on the box of w₀, w_B), the "
                                             "standard descent condition; the theorem needs only convergence"))

MD_BREGMAN = Claim(
    id="gunasekar2018.md_bregman", source=SOURCE, references=REFS,
    title="mirror descent on least squares converges to the Bregman projection argmin_{Xw=y} D_ψ(w, w₀)",
    summary="[reconstructed: the paper's mirror-descent theorem (§2.1, as recalled; body not retrieved)] ψ ∈ "
            "{½‖·‖², (1/p)‖·‖_p^p, Σ w log w − w}; the iterates keep ∇ψ(w_t) − ∇ψ(w₀) ∈ range(Xᵀ), so an "
            "interpolating limit is the Bregman projection of w₀, whatever the (convergent) step sizes. Reference: "
            "cvxpy (power / exponential cones) and Newton on the n-dimensional KKT system, re-verified.",
    symbols=(rank_x, n_ex, dom, mu, step, b_s, r_s, drop, span, div_ex), hypotheses=_MD_HYP,
    conclusions=(
        lim("w_t → w_B = argmin_{Xw=y} D_ψ(w, w₀)", b_s.s, 0, clock="t", rate=1 / _t, provenance="reconstructed",
            floor=1e-9, clock_label="t",
            reason="no rate stated; MD on least squares converges linearly, so the row asks at least 1/t (a run "
                   "still drifting towards another point shows orders far below); floor 1e-9: the reference is "
                   "exact to ~1e-15, MD's fixed point to rounding times cond(X diag(h) Xᵀ) ≲ 10⁴"),
        lim("Xw_t → y (the premise: MD converges to an interpolant)", r_s.s, 0, clock="t", rate=1 / _t,
            provenance="reconstructed", floor=1e-9, clock_label="t",
            reason="the theorem's premise, read on the run at a step inside the chosen level; floor: rounding"),
        le("L(w_T) < L(w₀): the run approaches the interpolants", drop.s, 0, provenance="reconstructed",
           reason="implied by the premise row at T; exact comparison (catches divergence, where the limit rows "
                  "see no finite checkpoints)"),
        le("∇ψ(w_t) − ∇ψ(w₀) ∈ range(Xᵀ) at every recorded step (the mirror update)", span.s, 1e-9,
           provenance="standard", reason="exact in exact arithmetic (θ_t = θ₀ − Xᵀν_t); 1e-9: rounding of the maps "
                                         "∇ψ, (∇ψ)⁻¹ relative to the displacement"),
        le("D_ψ(w_T, w₀) ≈ D_ψ(w_B, w₀)", sp.Abs(div_ex.s), 1e-6, kind="diagnostic", provenance="threshold",
           reason="shown, not deciding: the projection has the least divergence among interpolants")))

# --- steepest ------------------------------------------------------------------------------------------------
sep = Sym("separable", r"\mathbb{1}[\gamma_{\|\cdot\|}>0]", "1 if the max-margin program is feasible with γ > 0 "
          "(certified: duality gap)", "1")
scale = Sym("step_scale", "c", "η_t = min(η₊, c/(B²L(w_t))): the theorem asks c ≤ 1", "1")
ep = Sym("log10_eta_plus_B2", r"\log_{10}(B^2\eta_+)", "the cap η₊ in units of 1/B² (finite)", "1")
g_s = Sym("margin_gap_series", r"1-\gamma_t/\gamma", "relative gap of the normalised margin "
          "min_n z_nᵀw_t/‖w_t‖ to the max margin γ in the optimizer's norm, at the checkpoints", "1")
over = Sym("margin_excess", r"\max_t \gamma_t/\gamma-1", "largest excess of the normalised margin over the "
           "certified max margin (≤ 0: weak duality)", "1")
capped = Sym("capped_fraction", r"\#\{t:\eta_t=\eta_+\}/T", "fraction of steps at which the cap η₊ bound", "1")
desc = Sym("loss_increase_iterates", r"\max_k\bigl(\log L(w_{t_{k+1}})-\log L(w_{t_k})\bigr)",
           "largest change of log L between consecutive recorded iterates, recomputed from them (−1 when "
           "c·e^c ≥ 2: no descent guarantee, the row is vacuous)", "1")

STEEPEST = Claim(
    id="gunasekar2018.steepest", source=SOURCE, references=REFS,
    title="steepest descent w.r.t. a norm (ℓ1: coordinate descent, ℓ∞: sign descent) maximises that norm's margin",
    summary="[reconstructed: the steepest-descent theorem as recalled (§3, Theorem 5; body not retrieved)] "
            "exponential loss, separable data, η_t ≤ min(η₊, 1/(B²L(w_t))), B = max‖x_n‖_*: the normalised margin "
            "min_n z_nᵀw_t/‖w_t‖ → γ = max_{‖w‖≤1} min_n z_nᵀw (theory.norm_margin: LP for ℓ1/ℓ∞, certified). "
            "The margin, not the direction: for ℓ1/ℓ∞ the maximiser may be a face.",
    symbols=(sep, scale, ep, g_s, over, capped, desc),
    hypotheses=(eq("separable: γ_‖·‖ > 0 (certified)", sep.s, 1, reason="boolean (certified LP/SOCP)",
                   provenance="reconstructed", reads=("norm", "n", "d", "seed", "data.labels")),
                le("step: η_t ≤ min(η₊, 1/(B²L(w_t))) (c ≤ 1)", scale.s, 1, reason="exact comparison",
                   provenance="reconstructed"),
                le("η₊ finite", ep.s, 308, reason="float64's largest power of ten", provenance="reconstructed")),
    conclusions=(
        lim("normalised margin → the max margin in the optimizer's norm", g_s.s, 0, clock="t", rate=_SLOW,
            provenance="reconstructed", floor=1e-12, clock_label="t",
            reason="no rate stated: read against 1/log t, the slowest scale of GD's margin (Soudry et al.); the "
                   "normalised schedule is far faster (orders ≫ 1); floor: rounding of a certified γ"),
        le("γ_t ≤ γ at every recorded step (weak duality)", over.s, 0, atol=1e-9, provenance="standard",
           reason="the certificate brackets γ to its duality gap (≤ 1e-7 relative, typically 1e-12): 1e-9"),
        le("L(w_t) decreases strictly along the recorded iterates (c·e^c < 2)", desc.s, sp.Float(-1e-9),
           provenance="standard",
           reason="Taylor with ∇²L ⪯ B²L e^{B‖v‖} along v = η_tΔ_t, ‖v‖ ≤ c/B: L(w_{t+1}) ≤ L(w_t) − "
                  "η_t‖∇L‖_*²(1 − c e^c/2); −1e-9: recorded states differ by ≥ 1 step, a frozen trainer by 0"),
        le("the cap η₊ bound at most at a fraction of the steps", capped.s, 1, kind="diagnostic",
           provenance="threshold", reason="shown: 0 for the default η₊")))

# --- comparison (exploratory) -----------------------------------------------------------------------------------
OPTIMIZERS = (("gd", "GD (steepest ℓ2)", "2"), ("cd", "coordinate descent (steepest ℓ1)", "1"),
              ("sign", "sign descent (steepest ℓ∞)", "inf"), ("pgd15", "p-GD, p = 1.5", "1.5"),
              ("pgd3", "p-GD, p = 3", "3"), ("adam", "Adam (ε = 0)", "inf"))
NORM_LABELS = ("1", "1.5", "2", "3", "inf")
_SHOW = {"inf": "∞"}
_rank = {o: Sym(f"rank_{o}", rf"r_{{\mathrm{{{o}}}}}", f"{what}: rank of its expected norm (ℓ{_SHOW.get(q, q)}) "
                f"among ℓ1, ℓ1.5, ℓ2, ℓ3, ℓ∞ by the ratio γ_q(w_T)/γ_q (1 = the norm whose margin it approaches best)",
                "1") for o, what, q in OPTIMIZERS}
COMPARISON = Claim(
    id="gunasekar2018.comparison", source=SOURCE, references=REFS + (
        "Sun, Ahn, Thrampoulidis, Azizan, Mirror Descent Maximizes Generalized Margin and Can Be Implemented "
        "Efficiently, NeurIPS 2022, arXiv 2205.12808", "Zhang, Zou, Cao, The Implicit Bias of Adam on Separable "
        "Data, NeurIPS 2024"),
    title="exploratory: which norm's margin each optimizer maximises (GD, CD, sign descent, p-GD, Adam) on one dataset",
    summary="One planted dataset with d > n. Each optimizer runs with its paper's schedule; the table holds "
            "γ_q(w_T)/γ_q for q ∈ {1, 1.5, 2, 3, ∞} (γ_q certified by theory.norm_margin). Expected answers: GD → ℓ2 "
            "(Soudry et al. 2018), CD → ℓ1 and sign descent → ℓ∞ (this paper), p-GD → ℓp (Sun et al. 2022), Adam → "
            "ℓ∞ (Zhang et al. 2024). A finite-time ranking, not a limit: an answer other than the expected one is "
            "reported (observed), never a counterexample.",
    symbols=tuple(_rank.values()),
    hypotheses=(),
    conclusions=tuple(eq(f"{what} approaches the ℓ{_SHOW.get(q, q)} margin best", _rank[o].s, 1, reason="integer rank",
                         provenance="reconstructed") for o, what, q in OPTIMIZERS),
    exploratory=True)

# --- AdaGrad: the max margin in the norm of its limiting preconditioner -------------------------------------------
ada_eta = Sym("eta", r"\eta", "AdaGrad's step", "1")
ada_s = Sym("g_margin_series", r"\gamma_{G_\infty}(w_t)", "min_n z_nᵀw_t/‖w_t‖_{G∞} at the checkpoints, "
            "‖w‖_G = (Σ_k √G_k w_k²)^{1/2}, G∞ ≈ G_T", "x")
ada_g = Sym("gamma_G", r"\gamma_{G_\infty}", "max margin in the norm ‖·‖_{G∞} (certified SVM on Z diag(G∞)^{−1/4})", "x")
ada_max = Sym("g_margin_max", r"\max_k\gamma_{G_\infty}(w_{t_k})", "largest ‖·‖_{G∞}-margin over the recorded iterates", "x")
ada_l2 = Sym("gamma_G_of_l2", r"\gamma_{G_\infty}(\hat w)", "‖·‖_{G∞}-margin of the ℓ2 SVM direction (GD's answer)", "x")
ada_set = Sym("G_settle", r"\max_k|G_{T,k}-G_{T/10,k}|/G_{T,k}", "relative change of the preconditioner over the "
              "last decade", "1")
ada_llT = Sym("log_loss_final", r"\log L(w_T)", "log of the mean loss at the last step", "1")
ada_ll0 = Sym("log_loss_initial", r"\log L(w_0)", "log of the mean loss at the start", "1")
ada_g0 = Sym("grad0_min_rel", r"\min_k|\nabla L(w_0)_k|/\|\nabla L(w_0)\|_\infty", "smallest coordinate of the "
             "first gradient, relative (0: G∞ has a zero coordinate and ‖·‖_{G∞} is no norm)", "1")
_ADA_G0 = ge("every coordinate of ∇L(w₀) nonzero (G∞ > 0: ‖·‖_{G∞} is a norm)", ada_g0.s, 1e-12, provenance="reconstructed",
             reads=("data.labels", "data.rank", "init_scale"),
             reason="relative: an exactly unused coordinate gives 0, rounding of a sum of n terms ≲ n·1e-16")
ada_sep = Sym("separable", r"\mathbb{1}[\exists w: Zw>0]", "1 if the SVM is feasible (certified)", "1")

ADAGRAD = Claim(
    id="gunasekar2018.adagrad", source=SOURCE, references=REFS,
    title="AdaGrad on separable data maximises the margin in the norm of its limiting preconditioner G∞",
    summary="[reconstructed: the adaptive-methods paragraph of the steepest-descent section, as recalled; body not "
            "retrieved] Diagonal AdaGrad (G_t = Σ_{s≤t} g_s², w_{t+1} = w_t − ηg_t/√G_t) on separable data, "
            "exponential loss: Σ g_t² converges, so the late iterates are GD preconditioned by the fixed "
            "diag(G∞)^{−1/2}, and the normalised margin in ‖w‖_{G∞} = (Σ_k √G∞,k w_k²)^{1/2} tends to the max margin "
            "in that norm (an SVM on the rescaled data Z diag(G∞)^{−1/4}, certified). G∞ depends on the path — the "
            "start and the step — and so does the limit (gunasekar2018.adagrad_path). G∞ is read as G_T; the "
            "preconditioner's last-decade change is shown.",
    symbols=(ada_sep, ada_eta, ada_g0, ada_s, ada_g, ada_max, ada_l2, ada_set, ada_llT, ada_ll0),
    hypotheses=(eq("separable (the SVM is feasible, certified)", ada_sep.s, 1, reason="boolean (certified)",
                   provenance="standard", reads=("data.labels", "data.rank")), _ADA_G0,
                ge("any step η > 0", ada_eta.s, 0, reason="exact: an input (the parameter itself must be > 0)",
                   provenance="reconstructed", reads=("eta",))),
    conclusions=(
        lim("γ_{G∞}(w_t) → γ_{G∞} (the max margin in the limiting preconditioner's norm)", ada_s.s, ada_g.s,
            clock="t", rate=_SLOW, provenance="reconstructed", floor=1e-12, clock_label="t",
            reason="no rate stated: read against 1/log t, the margin rate of GD with a fixed preconditioner "
                   "(Soudry et al.); floor: rounding of a certified margin"),
        le("γ_{G∞}(w_t) ≤ γ_{G∞} at every recorded iterate (weak duality in the fixed norm ‖·‖_{G_T})", ada_max.s,
           ada_g.s, rtol=1e-9, provenance="standard",
           reason="the definition of the maximum; 1e-9 relative: the polished SVM's feasibility tolerance"),
        le("L(w_T) < L(w₀) (the run minimises the loss)", ada_llT.s, ada_ll0.s - sp.Float(1e-9),
           provenance="standard", reason="strict by 1e-9 in log L: a frozen trainer's change is exactly 0"),
        le("diagnostic: the preconditioner has settled (last-decade change of G_t)", ada_set.s, 1e-2,
           kind="diagnostic", provenance="threshold", reason="shown: G_T stands in for G∞"),
        le("diagnostic: GD's answer ŵ is not optimal in ‖·‖_{G∞} (γ_{G∞}(ŵ) < γ_{G∞})", ada_l2.s, ada_g.s,
           kind="diagnostic", provenance="standard", reason="exact comparison of two certified references")))

# --- exploratory findings: AdaGrad's limit depends on the start; steepest descent on regression on the step ---------
p_cos = Sym("ref_angle", r"1-\cos(w^A_{G},w^B_{G})", "1 − cosine between the two starts' reference directions", "1")
p_g = Sym("G_gap", r"\max_k|\sqrt{G^A_k}-\sqrt{G^B_k}|/\sqrt{G^A_k}", "relative gap between the two limiting "
          "preconditioners", "1")
p_own = Sym("own_closer", r"\mathbb{1}[\angle(w^X_T,w^X_G)<\angle(w^X_T,w^Y_G)]", "1 if each run's last iterate is "
            "nearer its own reference than the other start's", "1")
ADAGRAD_PATH = Claim(
    id="gunasekar2018.adagrad_path", source=SOURCE, references=REFS, exploratory=True,
    title="exploratory: AdaGrad from two starts on the same data reaches two different limits",
    summary="[reconstructed: 'depends on the initialisation and step size' as recalled] The same data, AdaGrad from "
            "w₀ = 0 (A) and from w₀ = s·v, v a fixed N(0, I) draw (B): are their limiting preconditioners and "
            "max-margin references different, and is each run nearer its own reference than the other's?",
    symbols=(ada_sep, ada_g0, p_cos, p_g, p_own),
    hypotheses=(eq("separable (the SVM is feasible, certified)", ada_sep.s, 1, reason="boolean (certified)",
                   provenance="standard", reads=("data.labels", "data.rank")),
                ge("every coordinate of ∇L(0) nonzero (both G∞ > 0)", ada_g0.s, 1e-12, provenance="reconstructed",
                   reads=("data.labels", "data.rank"), reason="relative: an exactly unused coordinate gives 0")),
    conclusions=(ge("the two limiting preconditioners differ (relative gap ≥ 1e-2)", p_g.s, 1e-2,
                    provenance="threshold", reason="a level chosen here: the question asked"),
                 ge("the two references differ (1 − cos ≥ 1e-3)", p_cos.s, 1e-3, provenance="reconstructed",
                    reason="1e-3: far above the certified references' resolution (~1e-9)"),
                 eq("each run is nearer its own reference than the other start's", p_own.s, 1,
                    provenance="reconstructed", reason="boolean")))

sd_move = Sym("limit_shift", r"\|w^{\eta_1}_\infty-w^{\eta_2}_\infty\|/\|w^{\eta_1}_\infty\|",
              "relative distance between the limits at two steps", "1")
sd_ex1 = Sym("norm_excess_1", r"\|w^{\eta_1}_\infty\|/\min_{Xw=y}\|w\|-1", "excess norm of the limit at η₁ over "
             "the min-norm interpolant (LP, certified)", "1")
sd_ex2 = Sym("norm_excess_2", r"\|w^{\eta_2}_\infty\|/\min_{Xw=y}\|w\|-1", "the same at η₂", "1")
sd_res = Sym("residual_max", r"\max_j\|Xw^{\eta_j}_T-y\|/\|y\|", "interpolation residual of both runs", "1")
SD_REGRESSION = Claim(
    id="gunasekar2018.sd_regression", source=SOURCE, references=REFS, exploratory=True,
    title="exploratory: steepest descent on least squares is not characterised by its norm (its limit moves with η)",
    summary="[reconstructed: the paper's contrast between mirror descent (step-independent) and steepest descent on "
            "regression, as recalled] Steepest descent w.r.t. ℓ∞ (sign descent, unnormalised) or ℓ1 (greedy "
            "coordinate descent) on ½‖Xw − y‖² from 0 at two steps η₁ < η₂: do both runs interpolate, do their "
            "limits differ, and is either the min-norm interpolant of the same norm?",
    symbols=(sd_move, sd_ex1, sd_ex2, sd_res),
    hypotheses=(),
    conclusions=(le("both runs interpolate (residual ≤ 1e-8)", sd_res.s, 1e-8, provenance="threshold",
                    reason="a level chosen here: rounding-level residual after the run"),
                 ge("the limit moves with the step (relative shift ≥ 1e-4)", sd_move.s, 1e-4, provenance="reconstructed",
                    reason="1e-4: eight orders above the limits' resolution (interpolation residual ≤ 1e-12)"),
                 ge("the limit at η₁ is not the min-norm interpolant (excess ≥ 1e-3)", sd_ex1.s, 1e-3,
                    provenance="threshold", reason="a level chosen here: the LP is exact to ~1e-9"),
                 ge("the limit at η₂ is not the min-norm interpolant (excess ≥ 1e-3)", sd_ex2.s, 1e-3,
                    provenance="threshold", reason="a level chosen here")))

CLAIMS = (MD_BREGMAN, STEEPEST, COMPARISON, ADAGRAD, ADAGRAD_PATH, SD_REGRESSION)
