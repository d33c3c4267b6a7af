"""Vardi & Shamir 2021 (docs/claims-ext.md §6) as sympy statements: a single ReLU neuron has no norm-like implicit bias.

Fixture (third-party reimplementation, attribution uncertain): ``x₁ = (3,−1,0)``, ``y₁ = 16``; ``x₂ = (4,2,0)``,
``y₂ = 18``; ``x₃ = (0,γ,γ)``, ``y₃ = 0``; ``w(0) = ε𝟙``, ``ε = 10⁻⁶``; gradient flow on ½Σ(ReLU(⟨w,x_i⟩) − y_i)².
[derived] The zero-loss set ``Z = {(5,−1,w₃): w₃ ≤ 1}`` is the same for every γ > 0, yet the GF limit moves
with γ: no regulariser R(w; w(0)) with a unique minimiser on Z can characterise GF.
"""
from __future__ import annotations


import sympy as sp

from ibcheck.theory.statement import Claim, Sym, eq, ge, le

SOURCE = "vardishamir2021"
_W = "y x^-1"  # a regression weight: ⟨w,x⟩ has the units of y

same_set = Sym("same_zero_loss_set", r"\mathbb{1}[\mathcal Z_\gamma=\mathcal Z\ \forall\gamma>0]",
               "1 if the exact zero-loss set is {(5,−1,w₃): w₃ ≤ 1} for every γ > 0 (sympy, γ a positive symbol)", "1")
nonpos = Sym("nonpositive_gammas", r"\#\{\gamma\le0\}", "γ values of the grid that are not positive", "1")
init_act = Sym("init_min_preact", r"\min_i\langle w(0),x_i\rangle", "smallest preactivation at init over non-zero x_i "
               "(> 0: every example active)", "y")
loss_max = Sym("loss_max", r"\max_\gamma L(w_\infty)", "largest final loss over the γ grid", "y^2")
loss_tol = Sym("loss_tol", r"\tau_L", "loss threshold (docs/claims-ext.md §6: 1e-20)", "y^2")
w12_dev = Sym("w12_dev", r"\max_\gamma\max(|w_1-5|,|w_2+1|)", "distance of (w₁, w₂) to (5, −1) at the limit", _W)
w_tol = Sym("w_tol", r"\tau_w", "tolerance on the fitted coordinates (docs/claims-ext.md §6: 1e-8)", _W)
z_tol = Sym("z_tol", r"\tau_Z", "rounding allowance of the half-space test (1e-12, in the units of w)", _W)
half = Sym("half_space_max", r"\max_{\gamma>0}(w_2+w_3)", "largest ⟨w,x₃⟩/γ at the limit (≤ 0: the limit lies in Z)", _W)
sep = Sym("w3_separation", r"|w_3^{\gamma=1}-w_3^{\gamma=5}|", "distance between the limits at γ = 1 and γ = 5", _W)
sep_min = Sym("sep_min", r"\delta_{\min}", "required separation (docs/claims-ext.md §6: 0.1 ≈ 1e6 × the solver tolerance)", _W)
dmin = Sym("dist_to_min_norm", r"\min_{\gamma>0}\|w_\infty-w_{\min}\|", "smallest distance of a GF limit to "
           "argmin_Z ‖w‖ = (5,−1,0) over the γ grid", _W)
dmin_req = Sym("dist_min", r"\delta", "required distance (docs/claims-ext.md §6: |w₃| ≥ 0.01 for γ ≥ ½)", _W)
ratio_min = Sym("norm_ratio_min", r"\min\frac{\|w_\infty\|}{\|w_{\min}\|}", "smallest ‖w_∞‖/‖w_min‖ over random inits", "1")
unconv = Sym("unconverged_runs", r"\#\{L(w_\infty)>\tau_L\}", "random-init runs that did not reach zero loss", "1")
spec_ok = Sym("set_is_spec", r"\mathbb{1}[\mathcal Z=\{(5,-1,w_3):w_3\le1\}]",
              "1 if the exact zero-loss set of the (possibly perturbed) fixture is the spec's, for symbolic γ > 0", "1")
exact_ok = Sym("exact_zero_loss", r"\mathbb{1}[L=0\text{ on }\mathcal Z,\ L>0\text{ off it}]",
               "1 if the rational loss is 0 at points of Z and > 0 just outside it, for every γ of the grid", "1")
mn_ok = Sym("min_norm_is_spec", r"\mathbb{1}[\arg\min_{\mathcal Z}\|w\|=(5,-1,0)]", "1 if the exact min-norm point "
            "of Z is (5, −1, 0)", "1")

_H_SET = eq("the zero-loss sets coincide for all γ > 0", same_set.s, 1, provenance="reconstructed",
            reason="exact (sympy, rational arithmetic)", reads=("gammas", "gamma_a", "gamma_b"))
_H_POS = eq("every γ of the grid is positive", nonpos.s, 0, reason="integer count", provenance="reconstructed",
            reads=("gammas", "gamma_a", "gamma_b"),
            note="the construction's setting, from a third-party reimplementation (attribution uncertain)")
_H_INIT = ge("every example active at init", init_act.s, 0, reason="exact sign test", provenance="reconstructed",
             reads=("eps", "gammas", "gamma_a", "gamma_b"),
             note="w(0) = ε𝟙 gives ⟨w,x_i⟩ = 2ε, 6ε, 2γε (the construction's init; attribution uncertain)")
# The flows' numerical resolution: LSODA at rtol 1e-10 pins each limit to ~1e-10·‖w‖ ≈ 5e-10; two limits that differ
# by more than 1e-6 (2000× that) are different points. A separation required beyond it is a number chosen here.
w_res = Sym("w_res", r"\tau_{\mathrm{res}}", "the flows' resolution on w: limits farther apart are different points "
            "(1e-6 ≈ 2000× LSODA's error at rtol 1e-10)", _W)
RESOLUTION = 1e-6

CONSTRUCTION = Claim(
    id="vardishamir2021.single_neuron_construction",
    title="single neuron: the GF limit depends on γ although the zero-loss set does not", source=SOURCE,
    summary="Construction from a third-party reimplementation [attribution uncertain]; analysis [derived]: for "
            "every γ > 0 the zero-loss set is {(5,−1,w₃): w₃ ≤ 1}, GF (stiff LSODA, rtol 1e-10, events at "
            "activation changes) reaches zero loss in it, and w₃(∞) moves with γ (≈ −0.0408 at γ=1, −0.2090 at γ=5).",
    symbols=(same_set, nonpos, init_act, loss_max, loss_tol, w12_dev, w_tol, z_tol, half, sep, sep_min, w_res),
    hypotheses=(_H_SET, _H_POS, _H_INIT),
    conclusions=(le("GF reaches zero loss", loss_max.s, loss_tol.s, provenance="reconstructed",
                    reason="[derived] the flow converges to a point of Z; τ_L = 1e-20 is the rounding allowance above "
                           "the flow's stop at 1e-26 (a budget spent while the loss still falls is inconclusive)"),
                 le("(w₁, w₂) → (5, −1)", w12_dev.s, w_tol.s, provenance="reconstructed",
                    reason="docs/claims-ext.md §6: 1e-8; a residual of 1e-13 pins them to ~1e-13"),
                 le("the limit lies in Z (w₂ + w₃ ≤ 0)", half.s, z_tol.s, provenance="reconstructed",
                    reason="x₃ is inactive at the limit: w₃ is frozen below −w₂; τ_Z = 1e-12 absorbs rounding"),
                 ge("w₃(∞) depends on γ", sep.s, w_res.s, provenance="reconstructed",
                    reason="[derived] the limits differ: 1e-6 is 2000× the limits' numerical error (rtol 1e-10)"),
                 ge("w₃ separation ≥ 0.1 (docs/claims-ext.md §6)", sep.s, sep_min.s, provenance="threshold",
                    reason="a margin chosen in docs/claims-ext.md (measured 0.168); the statement is only ≠")),
    constants={"loss_tol": 1e-20, "w_tol": 1e-8, "z_tol": 1e-12, "sep_min": 0.1, "w_res": RESOLUTION},
    references=("Z and its min-norm point: sympy, exact (theory.vardishamir2021.construction)",))

NOT_MIN_NORM = Claim(
    id="vardishamir2021.not_min_norm", title="single neuron: for γ > 0 the GF limit is not the min-norm zero-loss point",
    source=SOURCE,
    summary="[derived] argmin_Z ‖w‖ = (5, −1, 0), but the GF limit has |w₃| ≥ 0.01 for γ ≥ ½ (docs/claims-ext.md §6).",
    symbols=(same_set, nonpos, init_act, dmin, dmin_req, loss_max, loss_tol, w_res),
    hypotheses=(_H_SET, _H_POS, _H_INIT),
    conclusions=(le("the GF limit is a zero-loss point", loss_max.s, loss_tol.s, provenance="reconstructed",
                    reason="as single_neuron_construction: the flow stops at 1e-26 (the claim compares zero-loss points)"),
                 ge("GF limit ≠ argmin_Z ‖w‖", dmin.s, w_res.s, provenance="reconstructed",
                    reason="[derived] a non-equality: 1e-6 is 2000× the limits' numerical error (rtol 1e-10)"),
                 ge("distance ≥ 0.01 (docs/claims-ext.md §6)", dmin.s, dmin_req.s, provenance="threshold",
                    reason="a margin chosen in docs/claims-ext.md (measured 0.0116 at γ = ½); the statement is only ≠")),
    constants={"dist_min": 0.01, "loss_tol": 1e-20, "w_res": RESOLUTION})

APPROXIMATE = Claim(
    id="vardishamir2021.approximate", title="exploratory: how far GF limits are from the min-norm point (random inits)",
    source=SOURCE,
    summary="[retrieved] the implicit regularisation 'can be characterised approximately'; the statement is "
            "UNKNOWN, so ‖w_∞‖/‖w_min‖ over random small inits is reported (its largest value is the tightest "
            "constant observed). Checked: the limits reach zero loss and none beats the exact minimum norm.",
    symbols=(ratio_min, unconv), hypotheses=(),
    conclusions=(eq("every run reaches zero loss", unconv.s, 0, reason="integer count", provenance="reconstructed"),
                 ge("no limit has a smaller norm than argmin_Z ‖w‖", ratio_min.s, 1, atol=1e-9,
                    provenance="reconstructed",
                    reason="w_min is the exact minimiser over Z; 1e-9 absorbs the flow's residual")),
    exploratory=True)

ZERO_SET = Claim(
    id="vardishamir2021.zero_loss_set", title="the zero-loss set is {(5,−1,w₃): w₃ ≤ 1} for every γ > 0 (exact)",
    source=SOURCE,
    summary="[derived] ReLU(⟨w,x_i⟩) = y_i > 0 forces ⟨w,x_i⟩ = y_i: 3w₁ − w₂ = 16, 4w₁ + 2w₂ = 18 ⇒ (5, −1); "
            "y₃ = 0 needs γ(w₂ + w₃) ≤ 0 ⇔ w₃ ≤ 1 for γ > 0. Proved in sympy with γ a positive symbol, then checked "
            "in rational arithmetic on the γ grid; its min-norm point is (5, −1, 0).",
    symbols=(spec_ok, exact_ok, mn_ok), hypotheses=(),
    conclusions=(eq("Z = {(5,−1,w₃): w₃ ≤ 1} for symbolic γ > 0", spec_ok.s, 1, provenance="reconstructed",
                    reason="exact (sympy)"),
                 eq("L = 0 on Z and L > 0 just outside, for every γ of the grid", exact_ok.s, 1,
                    provenance="reconstructed", reason="exact rational arithmetic"),
                 eq("argmin_Z ‖w‖ = (5, −1, 0)", mn_ok.s, 1, provenance="reconstructed", reason="exact")))

drift = Sym("balancedness_drift", r"\max_{t,j}\frac{|c_j(t)-c_j(0)|}{a_j^2+\|w_j\|^2}",
            "largest relative change of c_j = a_j² − ‖w_j‖² along the flow", "1")
ode_rtol = Sym("ode_rtol", r"\mathrm{rtol}", "relative tolerance of the ODE solver", "1")
loss_drop = Sym("loss_decrease", r"1-\frac{L(T)}{L(0)}", "relative decrease of the square loss along the flow", "1")
loss_rises = Sym("loss_increases", r"\#\uparrow L(t_k)", "grid steps over which the loss grew (beyond 1e-9 relative)",
                 "1")
energy = Sym("energy_identity_rel", r"\frac{|L(0)-L(T)-\int_0^T\|\nabla L\|^2dt|}{L(0)}",
             "GF's energy identity on the states read out of the flow (trapezoid rule on the 2400-point grid), "
             "relative to L(0)", "1")
BALANCED = Claim(
    id="vardishamir2021.balancedness_conserved",
    title="one hidden layer, square loss: GF conserves a_j² − ‖w_j‖² while it descends the loss",
    source=SOURCE,
    summary="[retrieved + standard knowledge (Du, Hu, Lee 2018)] For one-hidden-layer ReLU networks nothing beyond "
            "the balancedness can be characterised; the balancedness itself is conserved by GF. Checked on generic "
            "(non-orthogonal) Gaussian data from an unbalanced init, with the same trainer as "
            "boursier2022.balancedness, along a flow that descends the loss (a frozen or ascending trainer "
            "conserves it too). The 'nothing else' half is a non-existence result with no numerical check. "
            "Formerly vardishamir2021.balancedness_only (kept as a deprecated alias for one release).",
    symbols=(drift, ode_rtol, loss_drop, loss_rises, energy), hypotheses=(),
    conclusions=(le("a_j² − ‖w_j‖² conserved", drift.s, 10 * ode_rtol.s, provenance="standard",
                    reason="Du, Hu, Lee 2018 (exact along GF); 10× the ODE tolerance is the integrator's resolution"),
                 eq("the loss never grows along the flow", loss_rises.s, 0, provenance="standard",
                    reason="dL/dt = −‖∇L‖² ≤ 0; 1e-9 relative per grid step ≫ the ODE's 1e-12 tolerance"),
                 ge("the loss falls: L(T) < L(0)", loss_drop.s, sp.Float(1e-6), provenance="standard",
                    reason="GF from a non-critical init decreases L strictly; 1e-6 ≫ the ODE's 1e-12 tolerance "
                           "(measured ≈ 1 at the defaults)"),
                 le("GF's energy identity: L(0) − L(T) = ∫‖∇L‖² dt on the grid", energy.s, sp.Float(1e-2),
                    provenance="standard", reason="trapezoid rule across activation events is first order there: "
                    "measured 8e-5 / 5e-4 (quick / d = 200), halving as the grid doubles; ½·(a, W)(t) is off by ≥ 25")))
BALANCED_ONLY = BALANCED  # the claim under its former name (the catalogue keeps the old ID as an alias)

CLAIMS = (CONSTRUCTION, NOT_MIN_NORM, APPROXIMATE, ZERO_SET, BALANCED)
ALIASES = {"vardishamir2021.balancedness_only": BALANCED.id}  # deprecated IDs (one release) -> current ID
