"""The jitelgarsky2019 claims (docs/claims-ext.md §2) as sympy statements.

Setting [standard knowledge]: MEAN logistic risk ``R(w) = (1/n)Σ ℓ(z_iᵀw)``, ``‖x_i‖ ≤ 1``, GD with ``η ≤ 1``
[uncertain], from ``w(0) = 0``. ``I`` = maximal separable subset, ``S = span{x_i : i ∉ I}``, ``v̄`` = the risk
optimum over S on ``I^c``, ``ū`` = SVM of the separable points projected on ``S^⊥``. Checkpoints: decades
``t = 10^k``, ``k = K−3 … K``, ``T = 10^K`` (10⁶ by default). Units: ``w, v̄ ~ x⁻¹``; ``η ~ x⁻²`` (mean loss), so
the normalisation ``‖x_i‖ ≤ 1, η ≤ 1`` enters as the scale-free ``η max‖x_i‖² ≤ 1``.
"""
from __future__ import annotations

import sympy as sp

from ibcheck.theory.statement import Claim, Sym, eq, ge, le, lim

_t = sp.Symbol("t", real=True)

SOURCE = "jitelgarsky2019"
REFS = ("Ji & Telgarsky, Risk and parameter convergence of logistic regression, COLT 2019, arXiv 1803.07300",)

scale = Sym("eta_x2", r"\eta\max_i\|x_i\|^2", "step times the largest squared input norm", "1")
n_I = Sym("n_separable", r"|I|", "size of the maximal separable subset (LP)", "1")
n_Ic = Sym("n_nonseparable", r"|I^c|", "number of points outside it", "1")
ps_late = Sym("ps_rate_late", r"\max_{k=K-1,K}\|P_Sw-\bar v\|\sqrt t/\ln^2t", "normalised offset error, last two decades",
              "x^-1")
ps_early = Sym("ps_rate_early", r"\max_{k=K-3,K-2}\|P_Sw-\bar v\|\sqrt t/\ln^2t", "same, two decades before", "x^-1")
dir_late = Sym("dir_rate_late", r"\max_{k=K-1,K}e_\perp\ln t/\ln\ln t",
               "normalised direction error of P_{S⊥}w against ū, last two decades", "1")
dir_early = Sym("dir_rate_early", r"\max_{k=K-3,K-2}e_\perp\ln t/\ln\ln t", "same, two decades before", "1")
ps_T = Sym("offset_error", r"\|P_Sw(T)-\bar v\|", "offset error at T", "x^-1")
ps_tol = Sym("offset_tol", r"\tau_v", "allowed offset error at T (docs/claims-ext.md: 1e-2)", "x^-1")
dir_T = Sym("direction_error", r"\|\widehat{P_\perp w(T)}-\hat{\bar u}\|", "direction error at T", "1")
dir_tol = Sym("direction_tol", r"\tau_u", "allowed direction error at T (docs/claims-ext.md: 1e-2)", "1")
risk_inc = Sym("risk_rate_increases", r"\#\{k: (R-\bar R)t/\ln^2t\ \text{increased}\}",
               "decades k = K−3 … K−1 over which (R − R̄)t/ln²t increased", "1")
e_inc = Sym("direction_increases", r"\#\{k: e(10^{k+1})\ge e(10^k)\}",
            "decades over which ‖w/‖w‖ − ŵ/‖ŵ‖‖ did not decrease", "1")
band = Sym("direction_band", r"\frac{\max_k\ln t_k\,e(t_k)}{\min_k\ln t_k\,e(t_k)}",
           "spread of ln t·e over k = K−3 … K", "1")
band_tol = Sym("band_tol", "b", "allowed spread of a bounded rate (as soudry2018.direction_rate: 2)", "1")
v_dev = Sym("limit_rel_dev", r"\|w(T)-\bar v\|/\|\bar v\|", "distance of the last iterate to v̄, relative", "1")
v_tol = Sym("limit_tol", r"\tau", "allowed relative distance (GD converges linearly on S)", "1")
off_s = Sym("offset_series", r"\|P_Sw(t)-\bar v\|", "offset error at geometric checkpoints (2 per decade)", "x^-1")
dir_s = Sym("direction_series", r"e_\perp(t)", "direction error of P_{S⊥}w against ū at the checkpoints", "1")
risk_s = Sym("risk_series", r"\mathcal R(w_t)", "mean risk recomputed from the iterates at the checkpoints", "1")
r_bar = Sym("R_bar", r"\bar{\mathcal R}", "(1/n)Σ_{i∉I} ℓ(z_iᵀv̄), the optimum of the non-separable part", "1")
r_up = Sym("risk_increases_steps", r"\#\{t: \mathcal R(w_{t+1})>\mathcal R(w_t)\}",
           "recorded steps at which the risk increased", "1")
full_s = Sym("full_direction_series", r"e(t)", "‖w/‖w‖ − ŵ/‖ŵ‖‖ at the checkpoints (I^c = ∅)", "1")
r_dev = Sym("risk_rel_dev", r"(R(w(T))-\bar R)/\bar R", "excess risk at T, relative", "1")

_DATA = ("n_sep", "n_non", "d_sep", "d_non", "mix", "seed")  # the planted data's parameters
_SCALE = le("‖x_i‖ ≤ 1 and η ≤ 1 (scale-free: η max‖x_i‖² ≤ 1)", scale.s, 1, provenance="reconstructed",
            reason="exact comparison", note="‖x_i‖ ≤ 1 [standard knowledge]; η ≤ 1 [uncertain, docs/claims-ext.md §2]",
            reads=("eta",) + _DATA)
_SPLIT = _DATA + ("data.labels",)  # the maximal separable subset I is a function of the labelled data


def _claim(id_, title, summary, syms, concl, hyp=(), constants=None, syms_extra=()):
    return Claim(id=id_, title=title, source=SOURCE, summary=summary, symbols=(scale,) + tuple(syms) + tuple(syms_extra),
                 hypotheses=(_SCALE,) + tuple(hyp), conclusions=concl, constants=constants or {}, references=REFS)


RAY = _claim(
    "jitelgarsky2019.ray", "GD follows a ray: direction ū of the maximal separable subset, offset v̄",
    "[retrieved abstract] GD iterates follow a unique ray: their direction is the max-margin predictor of a maximal "
    "linearly separable subset (rate O(ln ln t/ln t)) and their offset is the bounded risk optimum over the rest "
    "(rate O(ln²t/√t)). References: the LP (HiGHS) with a Stiemke maximality certificate, v̄ (cvxpy logistic on S, "
    "Newton-polished), ū (SVM of the projected separable points).",
    (n_I, n_Ic, ps_late, ps_early, dir_late, dir_early, ps_T, ps_tol, dir_T, dir_tol),
    (lim("‖P_Sw − v̄‖ = O(ln²t/√t)", off_s.s, 0, clock="t", rate=sp.log(_t) ** 2 / sp.sqrt(_t), kind="rate",
         provenance="paper", floor=1e-12, clock_label="t",
         reason="observed order against ln²t/√t over 3 decades ≥ 1 − 0.25 (log factors); floor: float64 rounding of w"),
     lim("e_⊥ = O(ln ln t/ln t): P_{S⊥}w/‖P_{S⊥}w‖ → ū", dir_s.s, 0, clock="t", rate=sp.log(sp.log(_t)) / sp.log(_t),
         kind="rate", provenance="paper", floor=1e-12, clock_label="t",
         reason="observed order against ln ln t/ln t over 3 decades ≥ 1 − 0.25"),
     le("‖P_Sw − v̄‖√t/ln²t bounded: max_{k=K−1,K} ≤ 1.1·max_{k=K−3,K−2}", ps_late.s,
        sp.Rational(11, 10) * ps_early.s, kind="diagnostic", provenance="threshold",
        reason="docs/claims-ext.md §2: non-growth, 10% (a finite-time reading of O(·); the rate row decides)"),
     le("e_⊥ ln t/ln ln t bounded: max_{k=K−1,K} ≤ 1.1·max_{k=K−3,K−2}", dir_late.s,
        sp.Rational(11, 10) * dir_early.s, kind="diagnostic", provenance="threshold", reason="as above"),
     le("‖P_Sw(T) − v̄‖ ≤ 1e-2", ps_T.s, ps_tol.s, kind="diagnostic", provenance="threshold",
        reason="docs/claims-ext.md §2 at T = 10⁶: a finite-time number for an asymptotic statement"),
     le("direction error at T ≤ 1e-2", dir_T.s, dir_tol.s, kind="diagnostic", provenance="threshold",
        reason="docs/claims-ext.md §2 at T = 10⁶: needs ln t ≈ 45 for ordinary data (not a counterexample)")),
    syms_extra=(off_s, dir_s),
    hyp=(ge("the maximal separable subset is non-empty", n_I.s, 1, reason="integer count", reads=_SPLIT),
         ge("and not everything", n_Ic.s, 1, reason="integer count", reads=_SPLIT)),
    constants={"offset_tol": 1e-2, "direction_tol": 1e-2})

RISK = _claim(
    "jitelgarsky2019.risk", "R(w_t) → R̄ = (1/n)Σ_{i∉I} ℓ(z_iᵀv̄), rate O(ln²t/t)",
    "[retrieved abstract; rate uncertain — elided in the abstract] The risk converges to R̄, the optimum of the "
    "non-separable part; docs/claims-ext.md's reading of the rate is O(ln²t/t). Trend check only.",
    (risk_inc, risk_s, r_bar, r_up),
    (lim("R(w_t) → R̄", risk_s.s, r_bar.s, clock="t", rate=1 / sp.log(_t), provenance="paper", floor=1e-13,
         atol=1e-9, clock_label="t",
         reason="no rate needed for the limit: read against 1/ln t, the slowest scale (order ≥ 0.75); floor and "
                "limit tolerance: float64 rounding of R and of v̄ (Newton-polished)"),
     lim("R(w_t) − R̄ = O(ln²t/t)", risk_s.s, r_bar.s, clock="t", rate=sp.log(_t) ** 2 / _t, kind="rate",
         provenance="reconstructed", floor=1e-13, atol=1e-9, clock_label="t",
         note="docs/claims-ext.md §2: the rate is elided in the abstract; O(ln²t/t) is that reading [uncertain]",
         reason="observed order against ln²t/t over 3 decades ≥ 1 − 0.25 (log factors)"),
     eq("R(w_t) non-increasing at every recorded step (descent lemma)", r_up.s, 0, provenance="standard",
        reason="integer count; mean logistic is β-smooth with β ≤ max‖x‖²/4, so η max‖x‖² ≤ 1 gives ηβ ≤ ¼ < 2"),
     eq("(R − R̄)t/ln²t non-increasing over k = K−3 … K", risk_inc.s, 0, provenance="threshold", kind="diagnostic",
        reason="integer count (a trend rule the paper does not state; the rate row decides)")),
    )

SEPARABLE_EDGE = _claim(
    "jitelgarsky2019.separable_edge", "edge case I^c = ∅: the ray is Soudry's, w/‖w‖ → ŵ/‖ŵ‖",
    "docs/claims-ext.md §2: with every point separable (I^c = ∅, S = {0}) the ray reduces to Soudry et al.'s SVM direction; "
    "checked with the Ji–Telgarsky setting (mean loss, η = 1, ‖x_i‖ ≤ 1).",
    (n_Ic, e_inc, band, band_tol, full_s),
    (lim("e(t) = O(ln ln t/ln t): w/‖w‖ → ŵ/‖ŵ‖", full_s.s, 0, clock="t", rate=sp.log(sp.log(_t)) / sp.log(_t),
         kind="rate", provenance="paper", floor=1e-12, clock_label="t",
         reason="the ray's direction rate (Soudry et al.'s for every separable dataset): observed order ≥ 1 − 0.25"),
     eq("e(10^k) decreases over k = K−3 … K", e_inc.s, 0, kind="diagnostic", provenance="threshold",
        reason="integer count (a trend rule the paper does not state)"),
     le("ln t · e(t) bounded: max/min over k = K−3 … K ≤ 2", band.s, band_tol.s, kind="diagnostic",
        provenance="threshold", reason="as soudry2018.direction_rate (docs/claims-ext.md §1): a finite-time band")),
    hyp=(eq("I^c = ∅ (the setting of this edge case)", n_Ic.s, 0, reason="integer count", reads=_SPLIT),),
    constants={"band_tol": 2.0})

NONSEPARABLE_EDGE = _claim(
    "jitelgarsky2019.nonseparable_edge", "edge case I = ∅: w_t → v̄, the bounded risk optimum",
    "docs/claims-ext.md §2: with no separable point (I = ∅, S = span of all x_i) GD converges to v̄ itself. The risk is "
    "strictly convex and smooth on S, so GD converges linearly: checked to 1e-9 relative after T steps.",
    (n_I, v_dev, v_tol, r_dev),
    (le("‖w(T) − v̄‖ ≤ 1e-9‖v̄‖", v_dev.s, v_tol.s,
        reason="linear convergence on S; v̄ is Newton-polished to a gradient ≤ 1e-12 (conditioning allowance 1e3)"),
     le("R(w(T)) − R̄ ≤ 1e-12 R̄", r_dev.s, 1e-12, reason="second order in ‖w − v̄‖ ≤ 1e-9")),
    hyp=(eq("I = ∅ (the setting of this edge case)", n_I.s, 0, reason="integer count", reads=_SPLIT),),
    constants={"limit_tol": 1e-9})

CLAIMS = (RAY, RISK, SEPARABLE_EDGE, NONSEPARABLE_EDGE)
