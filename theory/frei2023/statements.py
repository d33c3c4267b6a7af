"""The frei2023 Section 3 and 5 claims as sympy statements (IDs of CLAIMS.md).

Network ``f(x;W) = Σ_j a_j φ(⟨w_j,x⟩)``, ``a_j = ±1/√m`` (m₁ positive, m₂ negative), ``φ(z) = max(γz, z)``.
Problem (1): ``min ½‖W‖_F² s.t. y_i f(x_i;W) ≥ 1``. Hypothesis (H): ``R_min² ≥ 3γ⁻³R²np`` with
``R = R_max/R_min`` and ``p = max_{i≠j}|⟨x_i,x_j⟩|``. ``κ = min(m₁,m₂)/max(m₁,m₂)``.
"""
from __future__ import annotations

import sympy as sp

from ..statement import Claim, Sym, eq, ge, le

SOURCE = "frei2023"

n = Sym("n", "n", "number of examples")
gamma = Sym("gamma", r"\gamma", "leaky-ReLU slope")
Rmin = Sym("R_min", r"R_{\min}", "smallest ‖x_i‖")
Rr = Sym("R_ratio", "R", "R_max/R_min")
p = Sym("p", "p", "max_{i≠j} |⟨x_i,x_j⟩|")
H_slack = Sym("H_slack", r"\frac{R_{\min}^2}{3\gamma^{-3}R^2np}", "slack of (H): ≥ 1 iff (H) holds")
reached = Sym("reached_log2_over_n", r"\mathbb{1}[\exists t: \hat L(W(t)) < \log 2/n]",
              "1 if gradient flow reached L̂ < log(2)/n")
stat = Sym("kkt_stationarity", r"r_{\mathrm{stat}}", "relative stationarity residual of the rescaled limit")
comp = Sym("kkt_complementarity", r"r_{\mathrm{comp}}", "complementarity residual max_i λ_i(y_i f_i − 1)/mean λ")
euler = Sym("kkt_euler_gap", r"r_{\mathrm{Euler}}", "|‖W̃‖² − Σλ_i|/‖W̃‖²")
stat_mid = Sym("kkt_stationarity_early", r"r_{\mathrm{stat}}^{\mathrm{early}}",
               "stationarity residual at the first checkpoint with log L̂ ≤ −20")
kkt_tol = Sym("kkt_tol", r"\tau_{\mathrm{KKT}}", "tolerance on the KKT residuals at the end of the flow")
spread = Sym("margin_spread", r"\frac{\max_i q_i-\min_i q_i}{\min_i q_i}", "relative spread of the margins")
spread_tol = Sym("spread_tol", r"\tau_q", "finite-time tolerance on the margin spread: 10/|log L̂|")
lam_min = Sym("multiplier_min_over_max", r"\frac{\min_i\lambda_i}{\max_i\lambda_i}", "NNLS multipliers of the limit")
nspread = Sym("neuron_spread", r"\max_j\frac{\|w_j-\bar w_{\pm}\|}{\|W\|_F}", "distance of neurons to their sign's mean")
ntol = Sym("neuron_tol", r"\tau_w", "tolerance on the neuron spread (init residue O(init/‖W‖))")
s31 = Sym("sigma3_over_sigma1", r"\sigma_3/\sigma_1", "third over first singular value of W")
rank_tol = Sym("rank_tol", r"\tau_\sigma", "tolerance on σ₃/σ₁ (init residue O(init/‖W‖))")
nm = Sym("normalized_margin", r"\frac{\min_i y_if(x_i;W)}{\|W\|_F}", "normalised margin of the trained network")
wstar = Sym("w_star_norm", r"\|W^\star\|_F", "norm of the optimum of Problem (1) (label-aligned QP)")
cosv = Sym("cosine_to_w_star", r"\cos(W, W^\star)", "cosine of W/‖W‖ with W*/‖W*‖")
cf_dev = Sym("qp_vs_closed_form", r"\frac{\|W^\star_{QP}-W^\star_{cf}\|}{\|W^\star_{cf}\|}",
             "label-aligned QP vs the closed-form KKT point")
glob = Sym("aligned_is_global", r"\mathbb{1}[\|W^\star_{\mathrm{aligned}}\|\le\min_S\|W^\star_S\|]",
           "1 if the label-aligned optimum is the global one over all patterns (tiny n, m; else 1)")
gl_tol = Sym("global_rtol", r"\tau_{\star}", "relative tolerance of the margin/cosine comparison (1e-4)")
agree = Sym("boundary_agreement", r"\Pr[\mathrm{sign} f=\mathrm{sign}\langle z,x\rangle]",
            "fraction of test points where the network and ⟨z,x⟩ agree")
ratio = Sym("margin_ratio", r"\frac{\mathrm{margin}(z)}{\mathrm{margin}(\mathrm{SVM})}", "z's margin over the SVM's")
kappa = Sym("kappa", r"\kappa", "min(m₁,m₂)/max(m₁,m₂)")
c_factor = Sym("c_factor", r"c_f", "multiplier of the seed's factor (1; negative controls change it)")

H = ge("(H) near-orthogonality", Rmin.s ** 2, 3 * gamma.s ** -3 * Rr.s ** 2 * n.s * p.s, provenance="seed",
       reason="exact comparison of measured data quantities")
_H_SYMS = (n, gamma, Rmin, Rr, p)
_KKT_TOL = dict(reason="directional convergence is O(1/log t); at L̂ ≈ e^(−2000) residuals ~1e-4 are expected")


def _claim(id_, title, summary, syms, concl, *, hyp=(H,), constants=None):
    return Claim(id=id_, title=title, source=SOURCE, summary=summary, symbols=_H_SYMS + syms,
                 hypotheses=hyp, conclusions=concl, constants=constants or {})


THM34 = _claim(
    "frei2023.thm3.4", "gradient flow reaches L̂ < log(2)/n in finite time under (H)",
    "Seed: 'we show that such t₀ exists, regardless of the initialization of gradient flow (the theorem holds "
    "both for the logistic and the exponential losses)'.",
    (reached,), (eq("L̂ < log(2)/n reached", reached.s, 1, reason="boolean"),))

THM31 = _claim(
    "frei2023.thm3.1", "gradient flow converges in direction to a KKT point of Problem (1)",
    "Seed (cited [LL20, JT20]): once L̂ < log(2)/n, gradient flow converges in direction to a KKT point "
    "of Problem (1). Checked: KKT residuals of the rescaled limit (NNLS multipliers over the Clarke "
    "subdifferential) are small and shrink along the flow.",
    (stat, comp, euler, stat_mid, kkt_tol),
    (le("stationarity", stat.s, kkt_tol.s, **_KKT_TOL),
     le("complementary slackness", comp.s, kkt_tol.s, **_KKT_TOL),
     le("Euler identity ‖W̃‖² = Σλ_i", euler.s, kkt_tol.s, **_KKT_TOL),
     le("stationarity residual shrinks along the flow", stat.s, stat_mid.s,
        reason="exact comparison of two measured residuals")),
    constants={"kkt_tol": 1e-3})

MARGINS = _claim(
    "frei2023.thm3.2.margins", "under (H) every KKT point has all margins equal to 1",
    "Seed: 'the margin constraints are satisfied with equalities' (Theorem 3.2, item 1).",
    (spread, spread_tol, lam_min),
    (le("all margins equal (finite-time spread)", spread.s, spread_tol.s,
        reason="margins equalise like O(1/log t): spread·|log L̂| stays O(log(λ_max/λ_min)) ≤ 10"),
     ge("all multipliers strictly positive", lam_min.s, 0, atol=0.0, reason="strict positivity"),))

NEURONS = _claim(
    "frei2023.thm3.2.neurons", "all positive neurons are equal and all negative neurons are equal",
    "Reconstructed from the KKT structure: w_j = (a_j)Σ_i λ_i y_i φ'_{ij} x_i with the same pattern for all "
    "neurons of one sign.",
    (nspread, ntol),
    (le("neurons of one sign coincide", nspread.s, ntol.s, provenance="reconstructed",
        reason="the init leaves a residue O(init_scale/‖W‖) ≪ 1e-3"),),
    constants={"neuron_tol": 1e-3})

RANK = _claim(
    "frei2023.thm3.2.rank", "rank(W) ≤ 2 at the limit",
    "Seed: 'the weight matrix is of rank at most 2'.", (s31, rank_tol),
    (le("σ₃/σ₁ → 0", s31.s, rank_tol.s, reason="the init leaves a residue O(init_scale/‖W‖) ≪ 1e-3"),),
    constants={"rank_tol": 1e-3})

GLOBAL = _claim(
    "frei2023.thm3.2.global", "the limit is a global optimum of Problem (1)",
    "Seed: 'gradient flow produces a matrix W which is a global optimum of the above problem'. Reference: "
    "cvxpy QP on the label-aligned pattern (in the span), equal to the closed-form KKT point; for tiny n·m "
    "the minimum over all 2^{mn} activation patterns.",
    (nm, wstar, cosv, cf_dev, glob, gl_tol),
    (le("normalised margin = 1/‖W*‖_F", sp.Abs(nm.s * wstar.s - 1), gl_tol.s,
        reason="directional convergence at L̂ ≈ e^(−2000): measured 3e-5 relative"),
     ge("direction = W*/‖W*‖", cosv.s, 1 - gl_tol.s, reason="as above"),
     le("QP = closed-form KKT point", cf_dev.s, 1e-6, reason="interior-point accuracy 1e-10, relative norm"),
     eq("label-aligned optimum is global over all patterns", glob.s, 1, reason="boolean (tiny n·m only)")),
    constants={"global_rtol": 1e-4})

BOUNDARY = _claim(
    "frei2023.thm3.2.boundary", "linear decision boundary: sign f(x;W) = sign⟨z,x⟩",
    "Seed: 'there exists z ∈ R^d such that for all x we have sign(f(x;W)) = sign(zᵀx)', z = Σ_j a_j w_j. "
    "Tested on ≥ 10⁴ Gaussian and ≥ 10⁴ near-boundary points (exactly, through Wx).",
    (agree,), (eq("agreement on every test point", agree.s, 1, reason="exact sign test on every point"),))

FACTOR = _claim(
    "frei2023.thm3.2.margin-factor", "z is max-margin within the factor (κ+γ)/2",
    "Seed: 'the predictor maximizes the margin approximately within a factor of 2/(κ+γ)'; κ reconstructed "
    "as min(m₁,m₂)/max(m₁,m₂).",
    (ratio, kappa, c_factor),
    (ge("margin(z) ≥ ((κ+γ)/2)·margin(SVM)", ratio.s, c_factor.s * (kappa.s + gamma.s) / 2, provenance="reconstructed",
        rtol=1e-4, reason="z is read off the flow at L̂ ≈ e^(−2000), whose direction is converged to ~3e-5 "
                          "relative (as the normalised margin); the SVM margin is accurate to 1e-8"),),
    constants={"c_factor": 1.0})

# ---- Lemma 3.3 -----------------------------------------------------------------------------------
prob_min = Sym("H_probability_min_inside", r"\min\hat P[(H)]", "smallest estimated P[(H)] over grid points "
               "with n ≤ c γ³ √(d/log n)")
c_lem = Sym("c_lemma", "c", "constant of Lemma 3.3 (reconstructed default 1/12)")
p_req = Sym("p_required", r"1-\delta", "required probability (0.9)")
LEM33 = Claim(
    id="frei2023.lem3.3", title="(H) holds w.h.p. for Gaussian data once n ≤ cγ³√(d/log n)", source=SOURCE,
    summary="Seed: 'if the inputs x_i are drawn from ... N(0, I_d), then it suffices to require "
            "n ≤ O(γ³√(d/log n))'. Estimated over seeds on an (n, d, γ) grid; the empirical c is reported.",
    symbols=(prob_min, c_lem, p_req), hypotheses=(),
    conclusions=(ge("P[(H)] ≥ 1−δ wherever n ≤ cγ³√(d/log n)", prob_min.s, p_req.s, provenance="reconstructed",
                    reason="estimated probability over seeds"),),
    constants={"c_lemma": 1 / 12, "p_required": 0.9})

# ---- Section 5 -----------------------------------------------------------------------------------
err_net = Sym("test_error", r"\mathrm{err}(f)", "test error of the trained network")
err_opt = Sym("test_error_optimal", r"\mathrm{err}(\mathrm{sign}\langle\mu,x\rangle)", "test error of the optimal linear classifier")
err_tol = Sym("error_tol", r"\tau_{\mathrm{err}}", "3 binomial standard deviations + 1/N_test")
GMM = _claim(
    "frei2023.sec5.gmm", "Gaussian mixture: test error matches the optimal linear classifier sign⟨μ,x⟩",
    "Seed (Section 5): on x = yμ + ξ in regime (H) the trained network's test error matches that of "
    "sign⟨μ,x⟩ (Bayes error Φ(−‖μ‖)).",
    (err_net, err_opt, err_tol),
    (le("test error ≤ optimal + sampling tolerance", err_net.s, err_opt.s + err_tol.s,
        reason="both errors estimated on the same N_test points"),))
XOR = _claim(
    "frei2023.sec5.xor", "noisy 2-XOR: 50% test error, like every linear classifier",
    "Seed (Section 5): on noisy 2-XOR every linear classifier has 50% test error, and so does the "
    "gradient-flow network because its decision boundary is linear.",
    (err_net, err_tol),
    (le("test error = ½", sp.Abs(err_net.s - sp.Rational(1, 2)), err_tol.s,
        reason="binomial sampling error on N_test points"),))

CLAIMS = (LEM33, THM34, THM31, MARGINS, NEURONS, RANK, GLOBAL, BOUNDARY, FACTOR, GMM, XOR)
