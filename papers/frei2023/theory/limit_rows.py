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
