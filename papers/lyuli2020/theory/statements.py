"""The lyuli2020 claims (docs/claims-ext.md §3; main text retrieved in full) as sympy statements.

Setting: ``𝓛(θ) = Σ_{n≤N} e^{−q_n(θ)}`` (SUM), ``q_n = y_nΦ(θ; x_n)``, Φ positively homogeneous of degree L.
``ρ = ‖θ‖``, normalised margin ``γ̄ = min_n q_n/ρ^L``, smoothed margin ``γ̃ = log(1/𝓛)/ρ^L``. GF is solved in
the reparametrised time ``ds = 𝓛 dt`` (real time ``log t`` carried along); "decades" are decades of
``log(1/𝓛) ≈ log t``: the claims' rates are logarithmic, and over decades of t itself ``(log t)^{…}`` would not
move. Asymptotic trends are read over the last two decades, checkpoints ``log(1/𝓛) = ℓ/100, ℓ/10, ℓ`` with ℓ the
target (1000 by default), past the saddle phase of a small initialisation. Ratios and relative errors are
dimensionless (``"1"``).
"""
from __future__ import annotations


import sympy as sp

from ibcheck.theory.statement import Claim, Sym, eq, ge, le, lim

_l = sp.Symbol("ell", real=True)  # the clock ℓ = log(1/𝓛)

SOURCE = "lyuli2020"
REFS = ("Lyu & Li, Gradient Descent Maximizes the Margin of Homogeneous Neural Networks, ICLR 2020, "
        "arXiv 1906.05890",)

reached = Sym("reached_loss_below_one", r"\mathbb{1}[\exists t_0: \mathcal L(\theta(t_0))<1]",
              "1 if the loss fell below 1 (A4)", "1")
smooth = Sym("smooth_activation", r"\mathbb{1}[\sigma\in C^2(\mathbb R\setminus\{0\})]",
             "1 if the activation is C² away from 0 (S1: relu^p with p > 2, square, linear)", "1")
dgt = Sym("smoothed_margin_min_step_rel", r"\min_k\Delta\tilde\gamma_k/\tilde\gamma_k",
          "smallest relative change of γ̃ between accepted steps after t₀", "1")
loc = Sym("local_error", r"10\,\mathrm{rtol}", "ten times the integrator's per-step relative error control", "1")
reach_target = Sym("reached_target", r"\mathbb{1}[\log\mathcal L\le\log\mathcal L_{\mathrm{target}}]",
                   "1 if the flow drove the loss to its target", "1")
rho_min = Sym("norm_min_step_rel", r"\min_k\Delta\rho_k^2/\rho_k^2", "smallest relative change of ‖θ‖² between steps "
              "after t₀", "1")
gap_inc = Sym("margin_gap_increases", r"\#\{\text{decades}: (\bar\gamma-\tilde\gamma)/\bar\gamma\ \text{increased}\}",
              "decades of log(1/𝓛) over which the relative gap between γ̄ and γ̃ grew", "1")
sw_up = Sym("sandwich_upper", r"\max_k(\tilde\gamma_k-\bar\gamma_k)/\bar\gamma_k", "upper side of the sandwich", "1")
sw_lo = Sym("sandwich_lower", r"\max_k(\bar\gamma_k-\rho_k^{-L}\log N-\tilde\gamma_k)/\bar\gamma_k",
            "lower side of the sandwich", "1")
eu_pt = Sym("euler_pointwise", r"\max_k\frac{|\langle\theta,-\nabla\mathcal L\rangle-L\sum e^{-q_n}q_n|}{L\sum e^{-q_n}q_n}",
            "eq. (6) at every accepted step (relative)", "1")
eu_int = Sym("euler_integrated", r"\frac{|\frac12\Delta\|\theta\|^2-\int L\sum e^{-q_n}q_n\,dt|}{\frac12\Delta\|\theta\|^2}",
             "eq. (6) integrated from t₀ to the end (relative)", "1")
eu_int_tol = Sym("euler_integrated_tol", r"\tau_\int", "allowed relative error of the integrated form", "1")
loss_band = Sym("loss_rate_band", r"\frac{\max_k\mathcal L t(\log t)^{2-2/L}}{\min_k\mathcal L t(\log t)^{2-2/L}}",
                "spread of the normalised loss over the decades", "1")
norm_band = Sym("norm_rate_band", r"\frac{\max_k\rho/(\log t)^{1/L}}{\min_k\rho/(\log t)^{1/L}}",
                "spread of the normalised norm over the decades", "1")
band_tol = Sym("band_tol", "b", "allowed spread (docs/claims-ext.md: 3)", "1")
eps_inc = Sym("kkt_eps_increases", r"\#\{\varepsilon/\|\tilde\theta\|\ \text{increased}\}", "over the decades", "1")
del_inc = Sym("kkt_delta_increases", r"\#\{\delta\ \text{increased}\}", "over the decades", "1")
eps_T = Sym("kkt_stationarity", r"\varepsilon/\|\tilde\theta\|", "relative stationarity at the end", "1")
del_T = Sym("kkt_complementarity", r"\delta", "complementarity at the end (q̃_min = 1, so dimensionless)", "1")
eps_s = Sym("kkt_eps_series", r"\varepsilon/\|\tilde\theta\|(\ell)", "relative stationarity at geometric "
            "checkpoints of ℓ = log(1/𝓛) (3 per decade)", "1")
del_s = Sym("kkt_delta_series", r"\delta(\ell)", "complementarity at the same checkpoints", "1")
kkt_undef = Sym("kkt_undefined", r"\#\{k: q_{\min}(\theta_k)\le0\}", "checkpoints after t₀ where θ̃ is undefined "
                "(ε = ∞)", "1")
gap_s = Sym("margin_gap_series", r"(\bar\gamma-\tilde\gamma)/\bar\gamma\,(\ell)", "relative margin gap at geometric "
            "checkpoints of ℓ = log(1/𝓛)", "1")
lt_s = Sym("loss_t_series", r"\mathcal L\,T", "𝓛·T at the checkpoints, clock log T", "1")
in_s = Sym("inv_norm_series", r"1/\|\theta\|", "1/‖θ‖ at the checkpoints, clock log T", "w^-1")
deg = Sym("degree", "L", "degree of homogeneity of the network", "1")
eu_t = Sym("euler_real_time", r"\max_{[a,b]}\frac{|\frac12(\rho_b^2-\rho_a^2)-\int_a^bL\sum e^{-q_n}q_n\,dt|}{\max(\cdot,\cdot)}",
           "eq. (6) in real time on the given states, between the decade checkpoints (trapezoid in log t)", "1")
eu_t_tol = Sym("euler_real_time_tol", r"\tau_t", "allowed relative error of the real-time form (quadrature)", "1")
lp_s = Sym("loss_power_series", r"\log(\mathcal L T)/\log T", "the power of T in 𝓛·T at the checkpoints, clock log T "
           "(𝓛 the SUM loss at the given states)", "1")
_s = sp.Symbol("log_T", real=True)
kkt_tol = Sym("kkt_tol", r"\tau", "KKT tolerance at the end (docs/claims-ext.md: 1e-2)", "1")
eu_gap = Sym("kkt_euler_gap", r"|\|\tilde\theta\|^2-L\sum\lambda_nq_n|/\|\tilde\theta\|^2", "Euler cross-check", "1")
max_ll = Sym("max_log_loss", r"\max_i\log\mathcal L(\theta_i)", "largest log-loss over the sampled θ", "1")
a_min = Sym("dlogrho_min", r"\min_i\frac{d}{dt}\log\rho", "smallest d log ρ/dt over the samples, divided by 𝓛", "1")
l51 = Sym("lemma51_min_rel", r"\min_i\frac{\mathrm{LHS}_i-\mathrm{RHS}_i}{\|g_i\|^2/(\mathcal L_i\log(1/\mathcal L_i))}",
          "smallest slack of the pointwise Lemma 5.1 over the samples, relative to its leading term", "1")
eu_gd = Sym("euler_gd_max_rel", r"\max_t\frac{|\Delta\|\theta\|^2-2\eta L\sum e^{-q}q-\eta^2\|\nabla\mathcal L\|^2|}"
            r"{2\eta L\sum e^{-q}q+\eta^2\|\nabla\mathcal L\|^2}", "largest per-step relative error of the GD identity", "1")
gd_dec = Sym("gd_smoothed_margin_decreases", r"\#\{t\ge t_0: \tilde\gamma_{t+1}<\tilde\gamma_t\}",
             "GD steps after t₀ at which γ̃ decreased", "1")
lb_ratio = Sym("loss_based_margin_ratio", r"\bar\gamma_{\mathrm{loss\text{-}based}}(N)/\bar\gamma_{\mathrm{const}}(N)",
               "normalised margins after the same number of gradient evaluations", "1")

def _euler_t(name: str):
    return le(name, eu_t.s, eu_t_tol.s, provenance="paper",
              reason="trapezoid rule over the recorded steps in u = log t (measured ≤ 5e-4 at the defaults and the "
                     "full profile; a rescaled, random, frozen or n×-slower trajectory is off by ≥ 0.5)")


_EU_T_NAME = "eq. (6) in real time on the given states: ½Δ‖θ‖² = ∫LΣe^{−q}q dt between checkpoints"

_A4 = eq("(A4) 𝓛(θ(t₀)) < 1 for some t₀", reached.s, 1, reason="boolean", note="exp loss, SUM over the N examples",
         reads=("n", "d", "seed", "m", "init_scale", "warm_log_loss", "data.labels"))
_S1 = eq("(S1) σ is C² away from 0", smooth.s, 1, reason="property of the activation (relu^p: p > 2)",
         reads=("act", "p"))


def _claim(id_, title, summary, syms, concl, hyp=(_A4,), constants=None, exploratory=False):
    base = tuple(s_ for s_ in (reached, smooth) if any(s_.s in h.rel.free_symbols for h in hyp))
    return Claim(id=id_, title=title, source=SOURCE, summary=summary, symbols=base + tuple(syms), hypotheses=hyp,
                 conclusions=concl, constants=constants or {}, exploratory=exploratory, references=REFS)


MONOTONE = _claim(
    "lyuli2020.smoothed_margin_monotone", "GF: the smoothed margin γ̃ never decreases after 𝓛 < 1 (Thm 4.1)",
    "Theorem 4.1 [retrieved]: under (A1)–(A4), dγ̃/dt ≥ 0 for a.e. t > t₀; 𝓛 → 0 and ‖θ‖ → ∞; |γ̃ − γ̄| → 0 (the "
    "copy's typo |γ̃ − γ̃| read as |γ̃ − γ̄|). Along a Dormand–Prince solve at rtol 1e-10, every step's change of γ̃ "
    "must exceed −10× the local error. The trajectory must be the theorem's GF: eq. (6) in real time on the states "
    "handed in (c·θ(t), c > 1, keeps γ̃ monotone but breaks it).",
    (dgt, loc, reach_target, rho_min, gap_inc, gap_s, eu_t, eu_t_tol),
    (ge("Δγ̃ ≥ −10·(local error) at every step after t₀", dgt.s, -loc.s, reason="docs/claims-ext.md §3: integrator noise only"),
     eq("𝓛 → 0: the flow reaches its target loss", reach_target.s, 1, reason="boolean"),
     ge("‖θ‖ grows: Δ‖θ‖² ≥ −10·(local error) at every step after t₀", rho_min.s, -loc.s,
        reason="d‖θ‖²/dt = 2LΣe^{−q}q > 0 once 𝓛 < 1 (all q_n > 0); integrator noise only"),
     lim("|γ̃ − γ̄|/γ̄ → 0", gap_s.s, 0, clock="ell", rate=1 / sp.log(_l), provenance="paper", floor=1e-14,
         clock_label="log(1/𝓛)", reason="Theorem 4.1: no rate stated, read against 1/log ℓ (order ≥ 0.75); "
                                         "(γ̄ − γ̃)/γ̄ ≤ log N/(ρ^L γ̄) → 0"),
     eq("(γ̄ − γ̃)/γ̄ → 0: decreasing over the last two decades", gap_inc.s, 0, kind="diagnostic",
        provenance="threshold", reason="integer count (a trend rule the paper does not state)"),
     _euler_t("the trajectory is Theorem 4.1's GF: " + _EU_T_NAME)),
    constants={"euler_real_time_tol": 1e-2})

SANDWICH = _claim(
    "lyuli2020.sandwich", "γ̄ − ‖θ‖^{−L} log N ≤ γ̃ ≤ γ̄ along the flow (to 1e-12)",
    "Exact [retrieved, Thm 4.1]: e^{−q_min} ≤ 𝓛 ≤ N e^{−q_min}, so γ̄ − ρ^{−L} log N ≤ γ̃ ≤ γ̄ at every θ; "
    "checked at every accepted step of the flow after t₀, relative to γ̄.",
    (sw_up, sw_lo),
    (le("γ̃ ≤ γ̄", sw_up.s, 1e-12, reason="docs/claims-ext.md §3: float64 logsumexp rounding"),
     le("γ̄ − ρ^{−L} log N ≤ γ̃", sw_lo.s, 1e-12, reason="docs/claims-ext.md §3: float64 logsumexp rounding")))

LEMMA51 = _claim(
    "lyuli2020.lemma5_1", "Lemma 5.1, pointwise: ‖g‖²/(𝓛 log(1/𝓛)) − La ≥ Lb/a wherever 𝓛 < 1",
    "Lemma 5.1 [retrieved]: d log ρ/dt > 0 and d log γ̃/dt ≥ L (d log ρ/dt)^{−1}‖dθ̂/dt‖². Pointwise form [derived]: "
    "with g = −∇𝓛, a = ⟨θ,g⟩/ρ², b = ‖g − ⟨θ̂,g⟩θ̂‖²/ρ², at every θ with 𝓛 < 1: ‖g‖²/(𝓛 log(1/𝓛)) − La ≥ Lb/a "
    "(from eq. 7, ⟨θ,g⟩ ≥ L𝓛 log(1/𝓛)). Static test on 1,000 θ with 𝓛 < 1 (points of the flow, perturbed and "
    "rescaled).",
    (max_ll, a_min, l51),
    (ge("d log ρ/dt > 0 at every sample", a_min.s, 0, reason="strict positivity (computed as a/𝓛 in log space)"),
     ge("LHS ≥ RHS at every sample (relative 1e-12)", l51.s, -1e-12, provenance="reconstructed",
        reason="docs/claims-ext.md §3: float64 rounding, relative to the leading term (LHS is a difference of two terms)")),
    hyp=(le("𝓛(θ) < 1 at every sample", max_ll.s, 0, reason="exact comparison (log domain)",
            reads=("n", "d", "seed", "m", "init_scale", "data.labels")),))

EULER = _claim(
    "lyuli2020.euler_identity", "GF: ½ d‖θ‖²/dt = L Σ e^{−q_n} q_n (eq. 6)",
    "Eq. (6) [retrieved for GF]: ½ d‖θ‖²/dt = ⟨θ, −∇𝓛⟩ = LΣe^{−q_n}q_n (Euler's theorem for the homogeneous "
    "margins). Checked pointwise at every accepted step (the field the integrator follows), and integrated from t₀ "
    "to the end through an augmented state ∫LΣe^{−q}q dt; and in real time on the states handed in: ½Δ‖θ‖² = "
    "∫LΣe^{−q}q dt between the decade checkpoints (trapezoid in log t), which a rescaled, random, frozen or n×-slower "
    "(mean-loss) trajectory breaks while the trainer's own integral still matches.",
    (eu_pt, eu_int, eu_int_tol, eu_t, eu_t_tol),
    (le("pointwise at every step: relative error ≤ 1e-10", eu_pt.s, 1e-10, reason="docs/claims-ext.md §3: float64 rounding"),
     le("integrated from t₀: relative error ≤ τ", eu_int.s, eu_int_tol.s,
        reason="global error of the Dormand–Prince solve at rtol 1e-10 (measured ≤ 1e-11)"),
     _euler_t(_EU_T_NAME)),
    constants={"euler_integrated_tol": 1e-8, "euler_real_time_tol": 1e-2})

RATES = _claim(
    "lyuli2020.rates", "𝓛 = Θ(1/(T(log T)^{2−2/L})) and ‖θ‖ = Θ((log T)^{1/L}) (Thm 4.3)",
    "Theorem 4.3 [retrieved]: T = t for GF. No constants are given: both normalised ratios must stay in a band "
    "(max/min ≤ 3) over decades of log T ≈ log(1/𝓛) (the rates are logarithmic, so decades of T itself would leave "
    "(log T) almost fixed); read over the last two decades (ℓ/100 … ℓ) by default, three in the full profile (10 … 10⁴). "
    "In logs the Θ gives log(𝓛T)/log T → 0 (𝓛 = T^{−1+o(1)}), judged on the loss of the states handed in.",
    (loss_band, norm_band, band_tol, lt_s, in_s, deg, lp_s),
    (lim("log(𝓛T)/log T → 0: 𝓛 = T^{−1+o(1)}", lp_s.s, 0, clock="log_T", rate=sp.log(_s) / _s, provenance="paper",
         clock_label="log T", reason="Theorem 4.3's Θ in logs: log(𝓛T) = −(2−2/L) log log T + O(1), so the error is "
                                     "O(log log T/log T); order ≥ 0.75 (read on the loss of the given states)"),
     lim("𝓛·T = Θ((log T)^{−(2−2/L)})", lt_s.s, 0, clock="log_T", rate=_s ** (2 / deg.s - 2), kind="rate",
         two_sided=True, provenance="paper", clock_label="log T",
         reason="Θ: observed order against (log T)^{−(2−2/L)} within 1 ± 0.25 over the checkpoints (L > 1)"),
     lim("1/‖θ‖ = Θ((log T)^{−1/L})", in_s.s, 0, clock="log_T", rate=_s ** (-1 / deg.s), kind="rate",
         two_sided=True, provenance="paper", clock_label="log T",
         reason="Θ: observed order against (log T)^{−1/L} within 1 ± 0.25 over the checkpoints"),
     le("𝓛·T(log T)^{2−2/L} in a band", loss_band.s, band_tol.s, kind="diagnostic", provenance="threshold",
        reason="docs/claims-ext.md §3: max/min ≤ 3 (a finite-time reading of Θ)"),
     le("‖θ‖/(log T)^{1/L} in a band", norm_band.s, band_tol.s, kind="diagnostic", provenance="threshold",
        reason="docs/claims-ext.md §3: max/min ≤ 3 (a finite-time reading of Θ)")),
    constants={"band_tol": 3.0})

KKT = _claim(
    "lyuli2020.kkt", "limit points of θ/‖θ‖ are along KKT points of (P) (Thm 4.4)",
    "Theorem 4.4 [retrieved]: every limit point of θ̂ is along a KKT point of (P) min ½‖θ‖² s.t. q_n ≥ 1. "
    "(ε, δ)-KKT [standard knowledge]: NNLS multipliers over the per-sample gradients (torch.func) of θ̃ = θ/q_min^{1/L}; "
    "finite-time rates UNKNOWN, so: non-increasing over the decades and ≤ 1e-2 at the end (loose: convergence is "
    "logarithmic). Euler cross-check |‖θ̃‖² − LΣλq̃| ≤ ε‖θ̃‖.",
    (eps_inc, del_inc, eps_T, del_T, kkt_tol, eu_gap, eps_s, del_s, kkt_undef),
    (eq("θ̃ defined at every checkpoint after t₀ (𝓛 < 1 ⇒ q_min > 0)", kkt_undef.s, 0, provenance="paper",
        reason="integer count: e^{−q_min} ≤ 𝓛 < 1 after t₀ (Lyu–Li §4), so ε/‖θ̃‖ is finite"),
     lim("ε/‖θ̃‖ → 0 (limit points are KKT)", eps_s.s, 0, clock="ell", rate=1 / sp.log(_l), provenance="paper",
         floor=1e-12, clock_label="log(1/𝓛)",
         reason="no rate stated: read against 1/log ℓ, the slowest scale (order ≥ 0.75); floor: NNLS rounding"),
     lim("δ → 0 (limit points are KKT)", del_s.s, 0, clock="ell", rate=1 / sp.log(_l), provenance="paper",
         floor=1e-12, clock_label="log(1/𝓛)", reason="as above"),
     eq("ε/‖θ̃‖ non-increasing over the last two decades", eps_inc.s, 0, reason="integer count (a trend rule the "
        "paper does not state)", kind="diagnostic", provenance="threshold"),
     eq("δ non-increasing over the last two decades", del_inc.s, 0, reason="integer count (as above)",
        kind="diagnostic", provenance="threshold"),
     le("ε/‖θ̃‖ ≤ 1e-2 at the end", eps_T.s, kkt_tol.s, kind="diagnostic", provenance="threshold",
        reason="docs/claims-ext.md §3: a finite-time number for a limit statement (logarithmic convergence)"),
     le("δ ≤ 1e-2 at the end", del_T.s, kkt_tol.s, reason="docs/claims-ext.md §3 (as above)", kind="diagnostic",
        provenance="threshold"),
     le("Euler cross-check: |‖θ̃‖² − LΣλq̃|/‖θ̃‖² ≤ ε/‖θ̃‖", eu_gap.s, eps_T.s, atol=1e-12,
        reason="Cauchy–Schwarz (exact); rounding of the NNLS fit")),
    constants={"kkt_tol": 1e-2})

LOSS_BASED = _claim(
    "lyuli2020.loss_based_lr", "exploratory: the loss-based step η ∝ 1/𝓛 grows γ̄ faster than a constant step",
    "[retrieved] (S5) allows η ~ 𝓛⁻¹; Fig. 1b: a loss-based LR drives the loss below 1e-800 and grows γ̄ about 10× "
    "faster. The authors' LossBasedLRv1: η = c/𝓛 with backtracking (c ← 2^{1/5}c after a success, c ← c/2^{1/10} "
    "and retry after a loss increase). Comparative, report-only: γ̄ after the same number of gradient evaluations, "
    "and the exact GD Euler identity along the loss-based run.",
    (lb_ratio, eu_gd),
    (ge("γ̄_loss-based > γ̄_const at equal gradient evaluations", lb_ratio.s, 1, reason="comparison of two measurements"),
     le("GD Euler identity along the loss-based run", eu_gd.s, 1e-10, reason="float64 rounding (log-domain update)",
        provenance="reconstructed")),
    hyp=(_A4, _S1), exploratory=True)

EULER_GD = _claim(
    "lyuli2020.euler_identity_gd", "GD: ‖θ_{t+1}‖² − ‖θ_t‖² = 2ηLΣe^{−q}q + η²‖∇𝓛‖², exactly, every step",
    "[derived, docs/claims-ext.md §3] Exact for positively homogeneous activations with σ(0) = 0 (backprop included): "
    "‖θ+Δ‖² − ‖θ‖² = 2⟨θ,Δ⟩ + ‖Δ‖² with Δ = −η∇𝓛 and ⟨θ, −∇𝓛⟩ = LΣe^{−q}q. The increment is computed as "
    "2⟨θ,Δ⟩ + ‖Δ‖² from the update the trainer applied (subtracting two squared norms would lose the increment to "
    "rounding, eps·‖θ‖², late in training).",
    (eu_gd,),
    (le("relative error ≤ 1e-10 at every step", eu_gd.s, 1e-10, provenance="reconstructed",
        reason="docs/claims-ext.md §3: float64 rounding"),),
    hyp=(_A4,))

GD_MARGIN = _claim(
    "lyuli2020.gd_margin", "exploratory: under GD the smoothed margin γ̃ is monotone too (report-only)",
    "[retrieved: Thm 4.2 uses a (1 − O(1/log(1/𝓛)))-multiplicative approximation γ̂ whose formula is UNKNOWN "
    "(App. E)]. Report-only: does γ̃ itself ever decrease along constant-step GD after 𝓛 < 1?",
    (gd_dec,),
    (eq("γ̃ non-decreasing at every GD step after t₀", gd_dec.s, 0, reason="integer count"),),
    hyp=(_A4, _S1), exploratory=True)

CLAIMS = (MONOTONE, SANDWICH, LEMMA51, EULER, RATES, KKT, LOSS_BASED, EULER_GD, GD_MARGIN)
