"""frei2023 Section 3's limit rows: the symbols of the conclusions' quantities read at geometric checkpoints of
ℓ = log(1/L̂) (``checks.frei2023.limits``), the ``q(ℓ) → 0`` rows judged by ``theory.asymptotic``, the rows of a
direction at rest, and the classification row every Section 3 claim shares (used by ``statements``)."""
from __future__ import annotations

import sympy as sp

from ibcheck.theory.statement import Sym, eq, le, lim

# ---- the limit rows (checks.frei2023.limits): each conclusion's quantity at geometric checkpoints of ℓ = log(1/L̂) --
_ell = sp.Symbol("ell", real=True)
_CK = "at geometric checkpoints of ℓ = log(1/L̂) (3 per decade over the last two decades past t₀)"
undef = Sym("undefined_count", r"\#\{k: \min_i q_i(W_k)\le0\}", "checkpoints past t₀ (and the end) where some margin "
            "is ≤ 0: W̃ = W/q_min undefined", dims="1")
stat_s = Sym("kkt_stationarity_series", r"r_{\mathrm{stat}}(\ell)", "stationarity residual " + _CK, dims="1")
comp_s = Sym("kkt_complementarity_series", r"r_{\mathrm{comp}}(\ell)", "complementarity residual " + _CK, dims="1")
s31_s = Sym("sigma3_series", r"\sigma_3/\sigma_1(\ell)", "σ₃/σ₁ " + _CK, dims="1")
nsp_s = Sym("neuron_spread_series", r"\max_j\frac{\|w_j-\bar w_\pm\|}{\|W\|_F}(\ell)", "neuron spread " + _CK,
            dims="1")
msp_s = Sym("margin_spread_series", r"\frac{\max q-\min q}{\min q}(\ell)", "margin spread " + _CK, dims="1")
dis_s = Sym("disagreement_series", r"\mathbb{E}_x[(-\langle z,x\rangle f(x))_+]/\|W\|_F^2(\ell)",
            "disagreement mass on the test points (0 iff sign f = sign⟨z,x⟩ on every one; continuous in W) " + _CK,
            dims="1")
mg_s = Sym("margin_gap_series", r"|\gamma(W)\|W^\star\|-1|(\ell)", "|normalised margin·‖W*‖ − 1| " + _CK, dims="1")
cg_s = Sym("cosine_gap_series", r"1-\cos(W,W^\star)(\ell)", "1 − cos(W, W*) " + _CK, dims="1")
zm_s = Sym("z_direction_gap_series", r"1-\cos(z,z^\star)(\ell)", "direction gap of z = Σ_j a_j w_j to z* = Σ_j a_j w*_j "
           "(W* Problem (1)'s optimum, the limit; z's normalised margin is continuous in its direction) " + _CK, dims="1")
ratio_lim = Sym("margin_ratio_limit", r"\frac{\mathrm{margin}(z^\star)}{\mathrm{margin}(\mathrm{SVM})}",
                "z*'s normalised margin over the hard-margin SVM's, at the exact limit W*", dims="1")
_REST = ("the {} of the end state's data-span part BX when its direction moved < 1e-9 over the window (at rest: "
         "it is the limit, W₀^⊥ fading), else 0")
stat_r = Sym("stationarity_at_rest", r"r_{\mathrm{stat}}^{\mathrm{rest}}", _REST.format("stationarity"), dims="1")
s31_r = Sym("sigma3_at_rest", r"(\sigma_3/\sigma_1)^{\mathrm{rest}}", _REST.format("σ₃/σ₁"), dims="1")
nsp_r = Sym("neuron_spread_at_rest", r"\mathrm{spread}_w^{\mathrm{rest}}", _REST.format("neuron spread"), dims="1")
msp_r = Sym("margin_spread_at_rest", r"\mathrm{spread}_q^{\mathrm{rest}}", _REST.format("margin spread"), dims="1")
dis_r = Sym("disagreement_at_rest", r"\mathrm{dis}^{\mathrm{rest}}", _REST.format("disagreement mass"), dims="1")
mg_r = Sym("margin_gap_at_rest", r"\mathrm{gap}_\gamma^{\mathrm{rest}}", _REST.format("margin gap"), dims="1")
cg_r = Sym("cosine_gap_at_rest", r"\mathrm{gap}_{\cos}^{\mathrm{rest}}", _REST.format("cosine gap"), dims="1")
_NO_RATE = "no rate stated: read against 1/log ℓ, the slowest scale (order ≥ 0.75); floor: {}"


def to_zero(name, sym, floor, why, provenance="seed"):
    """``q(ℓ) → 0`` judged over the checkpoints (``theory.asymptotic``)."""
    return lim(name, sym.s, 0, clock="ell", rate=1 / sp.log(_ell), provenance=provenance, floor=floor,
               clock_label="log(1/L̂)", reason=_NO_RATE.format(why))


def at_rest_row(name, sym, tol, why, provenance="seed"):
    return le(name, sym.s, tol, provenance=provenance, reason="a direction that no longer moves is its own limit, where "
              f"the stated quantity vanishes: {why}")


CLASSIFIES = eq("W̃ = W/q_min defined: every margin > 0 at each checkpoint past t₀ and at the end", undef.s, 0,
                provenance="reconstructed", reason="integer count: past t₀ every ℓ(q_i) ≤ nL̂ < log 2, so q_i > 0 "
                "(exponential and logistic loss); the limit direction classifies its data")


# ---- Section 4 (GD, smoothed leaky ReLU): the headline conclusions read at geometric checkpoints of t ---------------
_t = sp.Symbol("t", real=True)
_CK4 = "at geometric checkpoints of t (4 per decade over the last three decades of the run)"
loss_s = Sym("loss_series", r"\hat L(W^{(t)})", "training loss " + _CK4, dims="1")
inv_spec_s = Sym("inverse_spectral_series", r"1/\|W^{(t)}\|_2", "inverse spectral norm " + _CK4, dims="x")
srank_s = Sym("srank_series", r"\mathrm{srank}(W^{(t)})/\log t", "stable rank over log t " + _CK4, dims="1")
# L̂ = O(1/t), reconstructed from the seed's proof sketch: a proxy-PL inequality ‖∇L̂‖_F ≥ c·Ĝ (Ĝ the sigmoid
# loss, c > 0 under the data condition), Ĝ ≥ L̂/2 once every margin is positive (−ℓ'(z) = e^{−z}/(1+e^{−z}) ≥ e^{−z}/2
# ≥ ℓ(z)/2 for z ≥ 0), and the descent lemma: L̂ is β-smooth with β ≤ R_max²(¼ + H/√m) ≤ R_max²/2 (ℓ'' ≤ ¼,
# ‖∇f‖_F ≤ R_max, ‖∇²f‖ ≤ H R_max²/√m, H = ¼), so ηR_max² ≤ 1 gives L̂⁺ ≤ L̂ − ¾η‖∇L̂‖² ≤ L̂ − (3ηc²/16)L̂²,
# i.e. 1/L̂ grows at least linearly: L̂(W⁽ᵗ⁾) ≤ 1/(1/L̂(t₀) + (3ηc²/16)(t − t₀)) (a shifted clock the judge absorbs).
LOSS_TO_ZERO = lim("L̂(W⁽ᵗ⁾) → 0", loss_s.s, 0, clock="t", rate=1 / sp.log(_t), provenance="seed", floor=1e-300,
                   clock_label="t", reason="Theorem 4.2's 'driving the empirical risk to zero': no rate stated, read "
                   "against 1/log t, the slowest scale; floor: the smallest positive float64 (a loss computed in log space)")
LOSS_RATE = lim("L̂(W⁽ᵗ⁾) = O(1/t)", loss_s.s, 0, clock="t", rate=1 / _t, kind="rate", provenance="reconstructed",
                floor=1e-300, clock_label="t", reason="derived from the seed's proxy-PL inequality ‖∇L̂‖_F ≥ cĜ, Ĝ ≥ L̂/2 "
                "at positive margins and the descent lemma at ηR_max² ≤ 1 (theory.frei2023.limit_rows): 1/L̂ grows at "
                "least linearly in t; observed order against 1/t ≥ 0.75")
# ‖W‖₂ → ∞ is the seed's consequence of L̂ → 0: |f(x;W)| ≤ Σ_j|a_j||w_jᵀx| ≤ ‖Wx‖₂ ≤ ‖W‖₂R_max (|φ(z)| ≤ |z|,
# ‖a‖₂ = 1), so nL̂ ≥ ℓ(‖W‖₂R_max) and ‖W‖₂ ≥ log(1/(e^{nL̂} − 1))/R_max → ∞; with L̂ = O(1/t), ‖W‖₂ ≳ log t/R_max.
NORM_TO_INF = lim("1/‖W⁽ᵗ⁾‖₂ → 0 (‖W⁽ᵗ⁾‖₂ → ∞)", inv_spec_s.s, 0, clock="t", rate=1 / sp.log(_t), provenance="seed",
                  floor=0.0, clock_label="t", reason="the seed's ‖W⁽ᵗ⁾‖₂ → ∞: no rate stated, read against 1/log t "
                  "(the growth ‖W‖₂ ≳ log(1/(nL̂))/R_max makes 1/‖W‖₂ a shifted 1/log t)")
# 'srank(W⁽ᵗ⁾) ≤ C for all t ≥ 1' (C absolute, no value) is srank = O(1) in t: the series srank/log t is O(1/log t)
# exactly when its implied constant, srank(W⁽ᵗ⁾) itself, levels (the judge's O rule: not growing ≥ 2× at a stable
# order); a number for C stays a threshold row.
SRANK_BOUNDED = lim("srank(W⁽ᵗ⁾) = O(1) in t: srank/log t = O(1/log t)", srank_s.s, 0, clock="t", rate=1 / sp.log(_t),
                    kind="rate", provenance="reconstructed", floor=0.0, clock_label="t",
                    reason="the seed's 'bounded by an absolute constant throughout the trajectory' as O(1): the implied "
                           "constant srank(W⁽ᵗ⁾) must level (observed order against 1/log t ≥ 0.75)")
