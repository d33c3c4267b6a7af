"""wu2023: constant-step GD on separable logistic regression, at any step size, including the oscillating regime.

Setting (Wu, Braverman & Lee, NeurIPS 2023, arXiv 2305.11788): ``z_i = y_i x_i``, mean logistic loss
``L(w) = (1/n) Σ log(1 + e^{−z_iᵀw})``, GD ``w_{t+1} = w_t − η∇L(w_t)`` with any constant ``η > 0`` — also above the
descent-lemma bound ``η < 2/(βσ²_max/n)``, where the loss oscillates early (the edge of stability). ``ŵ`` the SVM,
``û = ŵ/‖ŵ‖``, ``P̄ = I − ûûᵀ``, ``S`` the support vectors, ``α`` their duals.

What was read and what is reconstructed (docs/claims-optimizers.md §2; nothing of the body could be read, so no row
cites a theorem or equation number). Retrieved: the abstract (arXiv 2305.11788 / NeurIPS 2023 page): "we prove
that the logistic loss can be minimized by GD with any constant stepsize over a long time scale ... with any constant
stepsize, the GD iterates tend to infinity when projected to a max-margin direction (the hard-margin SVM direction) and
converge to a fixed vector that minimizes a strongly convex potential when projected to the orthogonal complement of
the max-margin direction ... in the EoS regime, GD iterates may diverge catastrophically under the exponential loss".
NOT retrieved (the full text was out of reach): the theorem numbers, the potential's exact form, the assumptions'
wording and the rates. Every conclusion row is therefore ``reconstructed`` (derived here, not read). Derived here: the assumptions as Soudry et al.'s (the support vectors span the data,
strictly positive support duals — needed for a unique orthogonal limit); the potential
``G(v) = Σ_{i∈S} exp(−⟨P̄z_i, v⟩)`` on ``span{P̄z_i : i ∈ S}``, derived from the fixed point of GD's linearisation
(``wu2023/theory/potential.py``; independent of η, cross-checked against Soudry's residual ``w̃`` projected); the
growth ``⟨w_t, û⟩ = ‖ŵ‖ log t + O(1)`` (so ``⟨w_t, û⟩/log t → ‖ŵ‖``) and the loss rate ``η t L(w_t) → ‖ŵ‖²``, both
Soudry's asymptotics, which the late phase of any constant step re-enters (the curvature ~ L ~ 1/(ηt) makes every
late step small). Not confirmed: that the paper's "strongly convex potential" is this G (G is strongly convex only on
bounded sets), and the construction behind "may diverge catastrophically under the exponential loss" (the
exploratory ``exp_large_step`` asks the question on the default data only).
"""
from __future__ import annotations

import sympy as sp

from ibcheck.theory.asymptotic_alternatives import coefficient
from ibcheck.theory.statement import Claim, Sym, eq, ge, le, lim

_t = sp.Symbol("t", real=True)

SOURCE = "wu2023"
REFS = ("Wu, Braverman, Lee, Implicit Bias of Gradient Descent for Logistic Regression at the Edge of Stability, "
        "NeurIPS 2023 (arXiv 2305.11788)",
        "Soudry, Hoffer, Nacson, Gunasekar, Srebro, The Implicit Bias of Gradient Descent on Separable Data, JMLR 2018")

sep = Sym("separable", r"\mathbb{1}[\exists w: Zw>0]", "1 if the hard-margin SVM is feasible (certified)", "1")
eta = Sym("eta", r"\eta", "the constant step on the mean loss", "n x^-2")
rank_zs = Sym("rank_ZS", r"\mathrm{rank}\,Z_S", "rank of the support vectors", "1")
rank_z = Sym("rank_Z", r"\mathrm{rank}\,Z", "rank of the data", "1")
a_min = Sym("alpha_S_min_rel", r"\min_{i\in S}\alpha_i/\max_i\alpha_i", "smallest support dual, relative", "1")
stab = Sym("eta_beta_sigma2", r"\eta\beta\sigma_{\max}^2/n", "step × smoothness of the mean loss (> 2: no descent lemma)",
           "1")
inc = Sym("max_log_loss_increase", r"\max_t(\log L(w_{t+1})-\log L(w_t))", "largest one-step rise of log L", "1")
loss_s = Sym("loss_series", r"L(w_t)", "mean logistic loss at geometric checkpoints", "1")
etl_s = Sym("etl_series", r"\eta t L(w_t)/\|\hat w\|^2", "normalised loss rate at geometric checkpoints", "1")
ratio_s = Sym("projection_ratio_series", r"\langle w_t,\hat u\rangle/(\|\hat w\|\log t)",
              "projection on û over ‖ŵ‖ log t", "1")
nw = Sym("w_hat_norm", r"\|\hat w\|", "norm of the SVM (= 1/γ₂)", "x^-1")
orth_s = Sym("orthogonal_series", r"\|\bar P w_t-\bar v-P_{\ker Z}w_0\|", "distance of the orthogonal part to its limit",
             "x^-1")
grad_g = Sym("potential_grad_rel", r"\|\nabla G(\bar v)\|/(G(\bar v)\max_i\|\bar z_i\|)",
             "stationarity of the reference, relative", "1")
cf = Sym("closed_form_dev", r"\|\bar v-\bar P\tilde w\|/\max(\|\bar v\|,1)", "Newton vs the closed form", "1")
ll_T = Sym("log_loss_final", r"\log L(w_T)", "log of the loss at the last step (∞: overflowed)", "1")
ll_0 = Sym("log_loss_initial", r"\log L(w_0)", "log of the loss at the start", "1")
ll_max = Sym("log_loss_max", r"\max_t\log L(w_t)", "largest log-loss over the run (∞: overflowed)", "1")

logistic = Sym("loss_is_logistic", r"\mathbb{1}[\ell=\log(1+e^{-u})]", "1 if GD runs on the logistic loss, 0 on the "
               "exponential loss (--set loss)", "1")
_DATA = ("n", "d", "seed")  # the planted fixture's parameters: every data row reads the data they draw
_SEP = eq("separable: the hard-margin SVM is feasible", sep.s, 1, reason="boolean (certified SVM)", provenance="standard",
          reads=_DATA + ("data.labels",))
_ETA = ge("any constant step η > 0", eta.s, 0, reason="exact: an input (the parameter itself must be > 0)",
          provenance="reconstructed")
_LOGISTIC = eq("the logistic loss (the abstract states the result for it; the exponential loss at a large step is its "
               "counterexample)", logistic.s, 1, reason="exact: an input", provenance="paper", reads=("loss",))
_RANK = eq("the support vectors span the data: rank Z_S = rank Z", rank_zs.s, rank_z.s, provenance="reconstructed",
           reason="integer ranks (SVD, default float64 cutoff)", note="Soudry et al.'s condition for a unique residual",
           reads=_DATA + ("data.rank",))
_ALPHA = ge("α_S > 0 (strictly positive support duals)", a_min.s, 1e-12, provenance="reconstructed",
            reason="relative to max α: a polished solve gives 0 only for a degenerate support vector",
            reads=_DATA + ("data.rank", "data.labels"))
_HYP = (_SEP, _ETA, _LOGISTIC, _RANK, _ALPHA)
_EXP_LOSS = eq("the exponential loss (the abstract's divergence is asked of it)", logistic.s, 0,
               reason="exact: an input", provenance="reconstructed", reads=("loss",))
_DOWN = le("the loss is minimised: L(w_T) < L(w₀)", ll_T.s, ll_0.s - sp.Float(1e-9), provenance="reconstructed",
           reason="L(w_t) → 0 (the abstract's conclusion) with L(w₀) = log 2 > 0; strict by 1e-9 in log L: a frozen "
                  "trainer's change is exactly 0")
_OSC = ge("diagnostic: the loss rises somewhere (the oscillating regime)", inc.s, 0, kind="diagnostic",
          provenance="standard", reason="exact comparison: > 0 only above the descent-lemma step")
_STAB = ge("diagnostic: ηβσ²_max/n (> 2: beyond the descent lemma)", stab.s, 0, kind="diagnostic",
           provenance="standard", reason="reported, decides nothing")


def _claim(id_, title, summary, syms, concl, hyp=_HYP, exploratory=False):
    return Claim(id=id_, title=title, source=SOURCE, summary=summary, symbols=(sep, eta, logistic) + tuple(syms),
                 hypotheses=hyp, conclusions=concl, exploratory=exploratory, references=REFS)


LOSS = _claim(
    "wu2023.loss", "any constant step: the logistic loss is minimised, η t L(w_t) → ‖ŵ‖²",
    "[abstract retrieved; rate reconstructed] With any constant η > 0 — the loss may oscillate early — GD drives the "
    "logistic loss to 0 over a long time scale. Read here as L(w_t) = O(1/t) and its sharp form η t L(w_t) → ‖ŵ‖² "
    "(Soudry's, re-entered in the late phase of any step).",
    (rank_zs, rank_z, a_min, stab, inc, loss_s, etl_s, ll_T, ll_0),
    (lim("L(w_t) → 0 at rate O(1/t)", loss_s.s, 0, clock="t", rate=1 / _t, kind="rate", provenance="reconstructed",
         floor=1e-300, clock_label="t", reason="the late-phase rate: observed order against 1/t ≥ 1 − 0.25"),
     lim("η t L(w_t)/‖ŵ‖² → 1", etl_s.s, 1, clock="t", rate=1 / sp.log(_t), provenance="reconstructed", floor=1e-12,
         atol=1e-2, clock_label="t", reason="Soudry's sharp form in the late phase; read against 1/log t; "
                                           "extrapolated limit within 1e-2"),
     _DOWN, _OSC, _STAB))

MARGIN = _claim(
    "wu2023.margin_growth", "any constant step: the projection on the max-margin direction grows like log t",
    "[abstract retrieved; rate reconstructed] ⟨w_t, û⟩ → ∞ along the SVM direction, as ‖ŵ‖ log t + O(1): the ratio "
    "⟨w_t, û⟩/log t → ‖ŵ‖ = 1/γ₂ with error O(1/log t), whatever the step.",
    (rank_zs, rank_z, a_min, stab, inc, ratio_s, nw, ll_T, ll_0),
    (lim("⟨w_t, û⟩/(‖ŵ‖ log t) → 1 (error O(1/log t))", ratio_s.s, 1, clock="t", rate=1 / sp.log(_t), kind="rate",
         provenance="reconstructed", floor=1e-12, clock_label="t",
         reason="the O(1) offset over log t: observed order against 1/log t ≥ 1 − 0.25",
         alternatives=tuple(coefficient(c, reason="⟨w_t, û⟩ ≈ c‖ŵ‖ log t: the ratio reads 0.73 at t = 10⁶ (the O(1) "
                                                  "offset over log t), so a misread coefficient is the nearest wrong "
                                                  "answer") for c in (0.8, 0.9))),
     _DOWN, _OSC, _STAB))

ORTHOGONAL = _claim(
    "wu2023.orthogonal", "any constant step: the orthogonal part converges to the potential's minimiser",
    "[abstract retrieved; potential reconstructed] P̄w_t → v̄ + P_{ker Z}w₀, v̄ = argmin G, "
    "G(v) = Σ_{i∈S} exp(−⟨P̄z_i, v⟩) on span{P̄z_i : i ∈ S} (strictly convex there; independent of η). The reference "
    "is solved by Newton and re-verified (‖∇G‖, λ_min(∇²G) > 0, agreement with Soudry's w̃ projected).",
    (rank_zs, rank_z, a_min, stab, inc, orth_s, grad_g, cf, ll_T, ll_0),
    (lim("‖P̄w_t − v̄ − P_{ker Z}w₀‖ → 0", orth_s.s, 0, clock="t", rate=1 / sp.log(_t), provenance="reconstructed",
         floor=1e-12, clock_label="t", reason="no rate stated: read against 1/log t, the slowest scale; floor: float64"),
     le("diagnostic: the reference is stationary, ‖∇G(v̄)‖/(G(v̄) max‖z̄_i‖)", grad_g.s, 1e-10, kind="diagnostic",
        provenance="standard", reason="Newton to rounding (the certificate itself is checked in the measurement)"),
     le("diagnostic: Newton agrees with the closed form P̄w̃", cf.s, 1e-8, kind="diagnostic", provenance="standard",
        reason="two exact computations: rounding of log α_S"),
     _DOWN, _OSC, _STAB))

EXP = _claim(
    "wu2023.exp_large_step", "exploratory: GD on the exponential loss at a large step diverges",
    "[abstract retrieved: 'in the EoS regime, GD iterates may diverge catastrophically under the exponential loss'] "
    "The paper's statement is an existence ('may'): its construction was not retrieved. Asked here on the default "
    "data, at the step where the logistic loss oscillates but converges: does the exponential loss blow up "
    "(log L overflows float64 or ends above its start)?",
    (stab, ll_T, ll_0, ll_max),
    (ge("the loss blows up: max_t log L(w_t) ≥ log L(w_0) + 100", ll_max.s, ll_0.s + 100, provenance="reconstructed",
        reason="exact comparison; 100 nats: a rise no oscillation of a converging run comes near (e^{100})"),),
    hyp=(_SEP, _ETA, _EXP_LOSS), exploratory=True)

# --- the exponential loss's divergence: the construction as a claim of its own -----------------------------------
eta_c = Sym("eta", r"\eta", "the constant step on the construction (its data are fixed numbers: dimensionless)", "1")
gam = Sym("gamma", r"\gamma", "the construction's margin: z_± = (γ, ±1)", "1")
dlt = Sym("delta", r"\delta", "the start's orthogonal offset: w₀ = (0, δ)", "1")
eos = Sym("eta_lambda0", r"\eta\lambda_{\max}(\nabla^2L(w_0))", "step times the sharpness at the start (> 2: EoS)", "1")
ll_log_T = Sym("logistic_log_loss_final", r"\log L_{\log}(w^{\log}_T)", "logistic GD at the same step on the same data: "
               "log of its loss at the last step", "1")
ll_log_0 = Sym("logistic_log_loss_initial", r"\log L_{\log}(w_0)", "the logistic loss at the start", "1")

EXP_CONSTRUCTION = Claim(
    id="wu2023.exp_divergence", source=SOURCE, references=REFS, exploratory=False,
    title="the exponential loss at a large step diverges on the two-point construction (the logistic loss does not)",
    summary="[paper: the abstract's 'in the EoS regime, GD iterates may diverge catastrophically under the "
            "exponential loss'; the construction reconstructed] Data z_± = (γ, ±1) (separable, max-margin direction "
            "e₁, γ₂ = γ), w₀ = (0, δ), mean exponential loss, constant step η beyond the start's stability threshold "
            "(ηλ_max(∇²L(w₀)) > 2): the orthogonal coordinate s obeys s ← s − ηe^{−γw₁} sinh s, which overshoots and "
            "feeds on itself (|s| grows like exp of itself while e^{−γw₁} shrinks only like exp(−γ²·cosh s)), so log L "
            "explodes within a few steps. On the same data and step, GD on the logistic loss (|ℓ'| ≤ 1) converges.",
    symbols=(sep, eta_c, gam, dlt, eos, ll_T, ll_0, ll_max, ll_log_T, ll_log_0),
    hypotheses=(_SEP, _ETA,
                ge("EoS: ηλ_max(∇²L(w₀)) > 2 (the start is beyond the stability threshold)", eos.s, 2,
                   reason="exact comparison (2: the quadratic model's threshold)", provenance="paper",
                   reads=("eta", "gamma", "delta")),
                le("γ ≤ 0.1 (the construction's small margin; a level chosen here)", gam.s, 0.1, provenance="threshold",
                   reads=("gamma",), reason="every start and step inside these levels diverged on a grid (γ ∈ {0.05, 0.1}, "
                                            "δ ∈ [0.1, 2], η ∈ [2.5, 1000]); at γ = 0.5 small δ converge"),
                ge("|δ| ≥ 0.1 (the start is off the max-margin axis; a level chosen here)", sp.Abs(dlt.s), 0.1,
                   provenance="threshold", reads=("delta",), reason="δ = 0 is a fixed line of the orthogonal map"),
                le("|δ| ≤ 2 (a level chosen here)", sp.Abs(dlt.s), 2, provenance="threshold", reads=("delta",),
                   reason="the grid's range"),
                ge("η ≥ 2.5 (a level chosen here)", eta_c.s, 2.5, provenance="threshold", reads=("eta",),
                   reason="the grid's lowest step")),
    conclusions=(
        ge("the loss blows up: max_t log L(w_t) ≥ log L(w₀) + 100", ll_max.s, ll_0.s + 100, provenance="paper",
           reason="'diverge catastrophically' (the abstract); 100 nats: a rise no oscillation of a converging run "
                  "comes near (e^{100}); overflow counts as +∞"),
        le("diagnostic: logistic GD at the same step on the same data decreases its loss", ll_log_T.s, ll_log_0.s,
           kind="diagnostic", provenance="reconstructed",
           reason="the abstract's contrast ('the superiority of the logistic loss'), shown")))

CLAIMS = (LOSS, MARGIN, ORTHOGONAL, EXP, EXP_CONSTRUCTION)
