"""Which wrong answer of each family each claim is fed (``Probe``s), or why the family does not apply (``NA``).

Every claim of the catalogue has a row; ``tests/test_discrimination.py`` checks the coverage, runs each claim's
cheapest probe, and compares ``docs/discrimination.md`` (``ibcheck docs --discrimination``) with this table.
A cell ``NA("no hook: …")`` is a gap: the family applies but the check has no injection point for it yet.
"""
from __future__ import annotations

import numpy as np

from .families import (NA, SCALES, Probe, _H, theta_frozen, fig2_frozen, fig2_structure, theta_off_direction, field_ascent, lai_inverted, gd_dynamics, gd_random, gd_structure, gmm_dynamics, kou_random,
                       kou_structure, vs_dynamics, vs_min_norm, vs_random, vs_rescaled, vs_structure, lai_dynamics, lai_random, lai_reference, lai_rescaled,
                       lai_structure, lin_dynamics, lin_random, lin_rescaled, lin_structure, span_random,
                       span_reference, span_rescaled, span_structure, trainer, ww_ascent, ww_interpolant, ww_random,
                       ww_rescaled, ww_structure)
from .state_maps import (_bz_random, bz_random, bz_rescaled, bz_structure, bz_swapped, rc_completion,
                         rc_min_nuclear, rc_random, rc_rescaled)

# One-line reasons shared by several claims.
NO_OUTPUT = "the claim is about the data or a symbolic identity: there is no trained output to replace"
SCALE_FREE = "every row is scale-invariant (stable rank, normalised margins, directions): c·W is the same answer"
NO_HOOK = "no hook: the check has no injection point for this family yet"
EXACT = "exact (symbolic or rational) check of a closed-form object: no trainer, no output"


def _row(random=None, reference=None, dynamics=None, rescaled=None, structure=None) -> dict:
    cells = {"random": random, "reference": reference, "dynamics": dynamics, "rescaled": rescaled,
             "structure": structure}
    return {k: (NA(NO_HOOK) if v is None else v) for k, v in cells.items()}


def _list(x):
    return x if isinstance(x, list) else [x]


# ---- lai2026 -----------------------------------------------------------------------------------------------
_LQ = {"n": 40, "d": 4000}
_LAI_OUT = dict(random=lai_random(), reference=lai_reference(), dynamics=lai_dynamics(), rescaled=lai_rescaled(),
                structure=lai_structure())


def _lai(q=_LQ, **kw):
    cells = {**_LAI_OUT, **kw}
    return _row(**{k: v if isinstance(v, NA) else [Probe(p.what, p.hooks, {**q, **p.overrides}, p.heavy)
                                                  for p in _list(v)] for k, v in cells.items()})


_PAT = NA("the activation pattern is read from GD's first steps, not from the limit the hooks replace")
_PATTERN = dict(random=_PAT, reference=_PAT, rescaled=_PAT, structure=_PAT, dynamics=lai_inverted())
_GAPNA = NA("the claim bounds ‖w∞ − w*‖ only, up to constant factors: any answer at that distance from w* "
            "satisfies it (the limit itself is judged by lai2026.m1.limit)")
_GAP = dict(random=_GAPNA, reference=_GAPNA, rescaled=_GAPNA, structure=_GAPNA, dynamics=_GAPNA)
_MOD = NA("exploratory: the finding (the pattern no longer matches sign(y) and depends on the init) is what a wrong "
          "answer shows too (the control feeds exactly orthogonal data: tests/test_negative_controls.py)")
_MISS = NA("exploratory: the finding is that GD from a random init misses the global minimum, which any wrong limit "
           "also does (the control feeds a positive init instead: tests/test_negative_controls.py)")
TABLE: dict[str, dict] = {
    "lai2026.gram": _row(*(NA(NO_OUTPUT),) * 2, NA("no training: the Gram matrix of the data is measured"),
                         NA(NO_OUTPUT), NA(NO_OUTPUT)),
    "lai2026.m1.pattern": _lai(**_PATTERN),
    "lai2026.m1.limit": _lai(),
    "lai2026.m1.gap": _lai(**_GAP),
    "lai2026.m1.rate": _lai(**_GAP),
    "lai2026.m2.decoupling": _lai(**_PATTERN),
    "lai2026.m2.gap": _lai(**_GAP),
    "lai2026.linear": _lai(reference=NA("the linear model has one regime: its min-norm interpolant is the claim"),
                           dynamics=NA("linear GD has no activation to break; a wrong limit is family (a)")),
    "lai2026.random-init": _lai(**{f: _MISS for f in ("random", "reference", "rescaled", "structure")}),
    "lai2026.moderate-d": _row(*(_MOD,) * 5),
    "lai2026.m-gt-2": _lai({}, dynamics=lai_inverted(),
                           rescaled=NA("exploratory: the question is about the limit's activation patterns and their "
                                       "min-norm comparison per pattern, invariant under c > 0")),
}

# ---- frei2023 Section 3 (one flow, Hooks.limit(K, y, B)) and Section 5 -----------------------------------------
_F3 = dict(random=span_random(), reference=span_reference(), dynamics=field_ascent(), rescaled=span_rescaled(),
           structure=span_structure())
for _cid in ("thm3.1", "thm3.2.margins", "thm3.2.neurons", "thm3.2.rank", "thm3.2.global", "thm3.2.boundary",
             "thm3.2.margin-factor"):
    TABLE[f"frei2023.{_cid}"] = _row(**_F3)
_ALIGNED = NA("a_j·K⁻¹y on every neuron has the structure this claim states (equal margins, equal neurons, rank 1): "
              "no wrong answer to it; frei2023.thm3.2.global and thm3.1 reject it")
_NORMED = NA("judged on the limit rescaled to margin 1 (W/min_i q_i): c·W is the same answer")
for _cid in ("thm3.2.margins", "thm3.2.neurons", "thm3.2.rank", "thm3.2.margin-factor"):
    TABLE[f"frei2023.{_cid}"]["reference"] = _ALIGNED
for _cid in ("thm3.1", "thm3.2.global", "thm3.2.margin-factor"):
    TABLE[f"frei2023.{_cid}"]["rescaled"] = _NORMED
TABLE["frei2023.thm3.2.boundary"]["reference"] = NA(
    "a_j·K⁻¹y on every neuron has w₋ = −w₊, so f(x) = c(1+γ)⟨w₊,x⟩: a linear boundary, the structure this claim "
    "states (no wrong answer to it); frei2023.thm3.2.global and thm3.1 reject it")
TABLE["frei2023.thm3.2.margin-factor"]["structure"] = NA(
    "the claim bounds z's margin within (κ+γ)/2 of the SVM's, which a label-fitting W meets; the structure is "
    "judged by frei2023.thm3.2.rank, neurons and boundary")
TABLE["frei2023.thm3.2.rank"]["rescaled"] = NA("σ₃/σ₁ is invariant under c > 0")
TABLE["frei2023.thm3.2.boundary"]["rescaled"] = NA("sign f(x; cW) = sign f(x; W) for c > 0")
TABLE["frei2023.thm3.2.neurons"]["rescaled"] = NA("the neuron spread is relative to ‖W‖: invariant under c > 0")
TABLE["frei2023.thm3.2.margins"]["rescaled"] = NA("the margin spread is relative: invariant under c > 0")
TABLE["frei2023.thm3.4"] = _row(random=NA("the conclusion is that a time exists; no output is judged"),
                                reference=NA("no reference: the conclusion is reaching L̂ < log(2)/n"),
                                dynamics=field_ascent(), rescaled=NA("no output is judged, only the time"),
                                structure=NA("no output is judged, only the time"))
TABLE["frei2023.lem3.3"] = _row(*(NA("a probability statement about Gaussian data: no trained output"),) * 5)
TABLE["frei2023.activation"] = _row(*(NA(EXACT),) * 5)
_BENIGN = NA("the claim judges training and test error only, and the data-span min-norm interpolant is itself "
             "near-optimal on this mixture (benign overfitting): not a wrong answer to it")
for _cid in ("sec5.xor", "sec5.gmm-bayes"):
    TABLE[f"frei2023.{_cid}"] = _row(random=span_random(), reference=span_reference(), dynamics=field_ascent(),
                                     rescaled=NA("signs of f(x; cW) are those of f(x; W): errors are invariant"),
                                     structure=span_structure())
TABLE["frei2023.sec5.gmm-bayes"].update(reference=_BENIGN, structure=_BENIGN)
TABLE["frei2023.sec5.xor"]["reference"] = _ALIGNED
TABLE["frei2023.sec5.xor"]["structure"] = span_structure() + [
    Probe(p.what + " (γ = 1)", p.hooks, {"gamma": 1.0, "d": 100000}) for p in span_structure()]
TABLE["frei2023.sec5.gmm"] = _row(random=span_random(), reference=_BENIGN, dynamics=gmm_dynamics(),
                                  rescaled=NA("signs of f(x; cW) are those of f(x; W): errors are invariant"),
                                  structure=_BENIGN)
_TRENDS = NA("no reference solution: the conclusions are trends of the trainer's own run")
TABLE["frei2023.thm4.2.loss"] = _row(random=gd_random(), reference=_TRENDS, dynamics=gd_dynamics(),
                                     rescaled=NA("no hook: the recorded series hold L̂(W(t)), not W: L̂(cW) is not known"),
                                     structure=NA("the claim states no structure beyond L̂ → 0"))
TABLE["frei2023.thm4.2.norm"] = _row(
    random=NA("the claim is about the scale alone: a random W at GD's norms has GD's norm"), reference=_TRENDS,
    dynamics=gd_dynamics(with_ascent=False), rescaled=NA("‖cW(t)‖ → ∞ iff ‖W(t)‖ → ∞: the claim is scale-free"),
    structure=NA("the claim states no structure beyond ‖W‖ → ∞"))
TABLE["frei2023.thm4.2.srank"] = _row(random=gd_random(), reference=_TRENDS, dynamics=gd_dynamics(with_ascent=False),
                                      rescaled=NA(SCALE_FREE), structure=gd_structure())
TABLE["frei2023.fig1"] = _row(random=gd_random(), reference=_TRENDS, dynamics=gd_dynamics(with_ascent=False),
                              rescaled=NA(SCALE_FREE),
                              structure=gd_structure())
TABLE["frei2023.fig2"] = _row(random=NA("no hook: the traces hold SGD's stable ranks and accuracies, not W"),
                              reference=_TRENDS, dynamics=fig2_frozen(), rescaled=NA(SCALE_FREE),
                              structure=fig2_structure())

# ---- soudry2018, jitelgarsky2019: linear GD iterates (Hooks.limit(W)), references, trainer ----------------------
_LIN = dict(random=lin_random(), dynamics=lin_dynamics(), rescaled=lin_rescaled(), structure=lin_structure())


def _rot(ref):
    w = np.asarray(ref["w_hat"], dtype=float)
    R = np.eye(len(w))
    c, s = np.cos(0.3), np.sin(0.3)
    R[:2, :2] = [[c, -s], [s, c]]
    return {**ref, "w_hat": R @ w}


_SOUDRY_REF = Probe("ŵ rotated by 0.3 rad in its first two coordinates (another norm's max-margin direction)",
                    lambda: _H(reference=_rot))
for _cid in ("asymptotic", "residual_limit", "direction_rate", "margin_loss_rates", "fig1", "rank_condition"):
    TABLE[f"soudry2018.{_cid}"] = _row(reference=_SOUDRY_REF, **_LIN)
TABLE["soudry2018.asymptotic"].update(
    dynamics=lin_dynamics(big_step=False),
    structure=NA("W(t) + v keeps ρ bounded: a correct answer to this claim (soudry2018.residual_limit rejects it)"))
TABLE["soudry2018.direction_rate"]["rescaled"] = NA("w/‖w‖ is invariant under c > 0")
# margin_loss_rates reads ŵ only through ‖ŵ‖ (margin 1/‖ŵ‖, Σ_S α = ‖ŵ‖²): a rotation of the same norm is the same
# answer; another direction normalised to margin 1 on the data has a larger norm
TABLE["soudry2018.margin_loss_rates"]["reference"] = Probe(
    "1.2·ŵ (a suboptimal direction normalised to margin 1: its norm exceeds ‖ŵ‖)",
    lambda: _H(reference=lambda r: {**r, "w_hat": 1.2 * np.asarray(r["w_hat"])}))
_EXPL = NA("exploratory: the finding is that ρ(t) − w̃ does not converge, which this wrong trajectory shows too")
TABLE["soudry2018.rank_condition"] = _row(random=_EXPL, reference=_EXPL, rescaled=_EXPL, structure=_EXPL,
                                          dynamics=lin_dynamics(big_step=False, frozen_at=-1)[1:])
_DESC = NA("the conclusion is monotone descent of the trainer's own iterates: c·W(t) and W(t) + v also descend "
           "once they separate, so they are not wrong answers to it")
TABLE["soudry2018.stepsize"] = _row(random=lin_random(), reference=NA("no reference: the conclusion is monotone descent"),
                                    dynamics=lin_dynamics(), rescaled=_DESC, structure=_DESC)
_JT_REF = Probe("v̄ scaled by 1.5 (the risk optimum of another offset)",
                lambda: _H(reference=lambda r: {**r, "v_bar": 1.5 * np.asarray(r["v_bar"]), "R_bar": r["R_bar"]}))
for _cid in ("ray", "risk", "separable_edge", "nonseparable_edge"):
    TABLE[f"jitelgarsky2019.{_cid}"] = _row(reference=_JT_REF, **_LIN)
def _rot_u(ref):
    u = np.asarray(ref["u_bar"], dtype=float)
    R = np.eye(len(u))
    c, s = np.cos(0.3), np.sin(0.3)
    R[:2, :2] = [[c, -s], [s, c]]
    return {**ref, "u_bar": R @ u}


TABLE["jitelgarsky2019.separable_edge"].update(
    dynamics=lin_dynamics(big_step=False), rescaled=NA("w/‖w‖ is invariant under c > 0"),
    structure=NA("W(t) + v has the same limit direction ŵ/‖ŵ‖: a correct answer to this claim"))
TABLE["jitelgarsky2019.separable_edge"]["reference"] = Probe(
    "ū rotated by 0.3 rad in its first two coordinates (another norm's max-margin direction)",
    lambda: _H(reference=_rot_u))

# ---- jitelgarsky2020, lyuli2020: homogeneous nets (Hooks.limit(θ) maps every recorded state) ---------------------


def _theta_random(th):
    r = np.random.default_rng(20_000_011).normal(size=np.shape(th))
    return r * np.linalg.norm(th) / np.linalg.norm(r)


_HOM = dict(random=Probe("random states of the trained norms", lambda: _H(limit=_theta_random)),
            rescaled=[Probe(f"{c:g}·θ(t)", (lambda c=c: _H(limit=lambda th: c * np.asarray(th)))) for c in (0.5, 1.5, 2.0)],
            reference=NA("the claims compare θ with itself (directions, alignment, identities): no reference solution"),
            dynamics=[theta_frozen(),
                      trainer("the mean instead of the sum loss (a gradient 1/n too small)", reduction="mean")])
for _cid in ("jitelgarsky2020.direction", "jitelgarsky2020.alignment", "lyuli2020.smoothed_margin_monotone",
             "lyuli2020.sandwich", "lyuli2020.lemma5_1", "lyuli2020.euler_identity", "lyuli2020.rates",
             "lyuli2020.kkt"):
    TABLE[_cid] = _row(**_HOM)
_PATH = NA("the conclusion is an identity or inequality along the trainer's own path, not a structure of its output")
for _cid in ("lyuli2020.smoothed_margin_monotone", "lyuli2020.sandwich", "lyuli2020.lemma5_1",
             "lyuli2020.euler_identity", "lyuli2020.rates"):
    TABLE[_cid]["structure"] = _PATH
TABLE["jitelgarsky2020.direction"]["structure"] = NA(
    "a fixed wrong direction also converges: the claim is convergence; the limit's structure is judged by "
    "jitelgarsky2020.alignment and lyuli2020.kkt")
TABLE["jitelgarsky2020.alignment"]["structure"] = theta_off_direction()
TABLE["jitelgarsky2020.direction"]["rescaled"] = NA("θ/‖θ‖ is invariant under θ → cθ (c > 0): a rescaled trajectory is a "
                                                   "correct answer to a claim about the direction")
for _cid in ("jitelgarsky2020.direction", "jitelgarsky2020.alignment", "lyuli2020.kkt", "lyuli2020.rates"):
    TABLE[_cid]["dynamics"] = [theta_frozen()]  # the mean loss is GF slowed by n: the same path, a correct answer
TABLE["lyuli2020.kkt"]["rescaled"] = NA("θ̃ = θ/q_min^{1/L} is invariant under θ → cθ (L-homogeneous net): a rescaled "
                                        "trajectory has the same (ε, δ)-KKT residuals, a correct answer")
TABLE["lyuli2020.sandwich"]["rescaled"] = NA("γ̄ − ‖θ‖^{−L} log N ≤ γ̃ ≤ γ̄ holds at every θ, not only along GF: no "
                                            "rescaled state can break it")
TABLE["lyuli2020.kkt"]["structure"] = theta_off_direction()
_START = NA("the hook maps GD's starting point: any start is a valid run of this per-step comparison, not a wrong answer")
for _cid in ("lyuli2020.loss_based_lr", "lyuli2020.euler_identity_gd", "lyuli2020.gd_margin"):
    TABLE[_cid] = _row(random=_START, reference=_HOM["reference"], rescaled=_START, structure=_START,
                       dynamics=trainer("a step 20× too large (the hypotheses see η)", step_factor=20.0))

# ---- boursier2022, vardishamir2021.balancedness_conserved: relu_square flows (trainer `rate`: −1 ascends, 0 freezes)
_ASC = [trainer("gradient ascent", rate=-1.0), trainer("frozen trainer", rate=0.0)]
_INTERP = NA("any interpolant is a correct answer to L → 0; which one GF reaches is boursier2022.min_variation_norm's")
_LAW = NA("no reference solution: the law is an identity along any path of the trainer")
_NOSTRUCT = NA("the claim states no structure beyond the conservation law (and descent)")
for _cid in ("convergence", "min_variation_norm", "saddle_to_saddle", "early_alignment", "balancedness"):
    TABLE[f"boursier2022.{_cid}"] = _row(dynamics=_ASC, random=bz_random(), rescaled=bz_rescaled(),
                                         structure=bz_structure())
TABLE["boursier2022.convergence"].update(reference=_INTERP, structure=_INTERP)
TABLE["boursier2022.saddle_to_saddle"]["reference"] = bz_swapped()
TABLE["boursier2022.early_alignment"].update(
    reference=NA("exploratory: each neuron is compared with its own class direction u_j, not with a reference solution"),
    rescaled=NA("the alignment is a cosine: invariant under c > 0"))
TABLE["boursier2022.balancedness"].update(reference=_LAW, structure=_NOSTRUCT)
TABLE["boursier2022.balancedness_gd"] = _row(dynamics=trainer("a second-layer step 2× too large", a_step=2.0,
                                                              overrides={"steps": 200}),
                                             random=Probe("a fixed random state of GD's norm at every iterate",
                                                          lambda: _H(limit=_bz_random), {"steps": 200}),
                                             rescaled=[Probe(p.what, p.hooks, {"steps": 200}) for p in bz_rescaled()],
                                             reference=_LAW, structure=_NOSTRUCT)
TABLE["boursier2022.min_variation_norm"]["reference"] = Probe(
    "‖β₊‖ + ‖β₋‖ scaled by 1.1", lambda: _H(reference=lambda k, v: 1.1 * v))
TABLE["vardishamir2021.balancedness_conserved"] = _row(
    random=NA("the conclusion is a conservation law of the trainer's own path: no output to replace"),
    reference=NA("no reference solution: the law is an identity along any GF path"),
    dynamics=_ASC + [trainer("a second layer 2× too fast", a_rate=2.0)],
    rescaled=[trainer(f"{c:g}·(a, W)(t) (every state read out of the flow rescaled)",
                      observe=(lambda z, c=c: c * np.asarray(z))) for c in SCALES],
    structure=NA("the claim states no structure beyond the conservation law and descent"))

# ---- kou2023: batched GD (trainer `sign`, `deriv`) ------------------------------------------------------------
_KQ = {"steps": 2000}
_KOU_ASC = trainer("gradient ascent", sign=-1.0)
for _cid in ("leaky_srank_to_1", "relu_srank_bounded", "margin_equalization", "loss_rate", "full_srank"):
    TABLE[f"kou2023.{_cid}"] = _row(random=kou_random(), dynamics=_KOU_ASC, rescaled=NA(SCALE_FREE),
                                    reference=NA("no reference solution: the conclusions are trends of GD's own run"),
                                    structure=kou_structure(_cid == "margin_equalization"))
TABLE["kou2023.loss_rate"]["structure"] = NA("the claim states no structure beyond the rate of L_S")
TABLE["kou2023.relu_srank_bounded"].update(
    random=NA("a random W's stable rank is bounded too: a correct answer to this (exploratory) question"),
    structure=NA("a random W's stable rank is bounded too: a correct answer to this (exploratory) question"))
TABLE["kou2023.loss_rate"]["rescaled"] = [
    trainer(f"{c:g}·W(t) (every recorded state rescaled; GD's steps unchanged)",
            observe=(lambda B, P, c=c: (c * B, c * c * P))) for c in SCALES]
TABLE["kou2023.full_srank"]["reference"] = Probe("the derived limit ×1.2", lambda: _H(reference=lambda k, v: 1.2 * v))

# ---- woodworth2020: Hooks.limit(X, y, α, w) ------------------------------------------------------------------
for _cid, other in (("limit", "l2"), ("rich", "l2"), ("kernel", "l1"), ("transition", "l2")):
    TABLE[f"woodworth2020.{_cid}"] = _row(random=ww_random(), reference=ww_interpolant(other), dynamics=ww_ascent(),
                                          rescaled=ww_rescaled(), structure=ww_structure())

# ---- vardishamir2021 single neuron, razincohen2020 -------------------------------------------------------------
_NEQ = NA("the claim is a non-equality (limit ≠ argmin_Z ‖w‖): this wrong answer satisfies it too; the limit "
           "itself is judged by vardishamir2021.single_neuron_construction")
TABLE["vardishamir2021.single_neuron_construction"] = _row(random=vs_random(), reference=vs_min_norm(),
                                                           dynamics=vs_dynamics(), rescaled=vs_rescaled(),
                                                           structure=vs_structure())
TABLE["vardishamir2021.not_min_norm"] = _row(random=vs_random(), reference=vs_min_norm(), dynamics=vs_dynamics(),
                                             rescaled=vs_rescaled(), structure=_NEQ)
TABLE["vardishamir2021.approximate"] = _row(
    random=vs_random(), reference=NA("exploratory: the min-norm point is the yardstick (ratio ≥ 1), not a wrong answer"),
    dynamics=vs_dynamics(), rescaled=vs_rescaled(),
    structure=NA("exploratory: any zero-loss point has ratio ≥ 1, the only thing the question asks"))
TABLE["vardishamir2021.not_min_norm"]["reference"] = [vs_min_norm(), Probe(
    "the GF limit at γ = ½ used as argmin_Z ‖w‖",
    lambda: _H(reference=lambda k, v: np.array([5.0, -1.0, -0.011590420]) if k == "w_min" else v))]
TABLE["vardishamir2021.zero_loss_set"] = _row(*(NA(EXACT),) * 5)
for _cid in ("norms_diverge", "det_sign", "effective_rank"):
    TABLE[f"razincohen2020.{_cid}"] = _row(dynamics=trainer("the depth-2 flow run as plain GF on W (depth 1)", depth=1),
                                           random=rc_random(), reference=rc_min_nuclear(), rescaled=rc_rescaled(),
                                           structure=rc_completion())
TABLE["razincohen2020.det_sign"]["rescaled"] = NA("sign det(cW) = sign det W for c > 0")
TABLE["razincohen2020.effective_rank"]["rescaled"] = NA("the effective rank is invariant under c > 0")

# TEMP (until paper-folder discovery lands): the paper folders' own rows
from ibcheck.papers.wu2023.wrong_answers import TABLE as _WU  # noqa: E402
from ibcheck.papers.zhang2024.wrong_answers import TABLE as _ZHANG  # noqa: E402

TABLE.update(_ZHANG)
TABLE.update(_WU)

for _cells in TABLE.values():  # a single probe is a one-element list
    for _fam, _v in _cells.items():
        _cells[_fam] = _v if isinstance(_v, NA) else _list(_v)

# Wrong answers that are right answers to these claims (measured in docs/discrimination.md before the reason).
TABLE["lyuli2020.lemma5_1"].update(
    random=NA("Lemma 5.1 is a pointwise inequality at every θ with 𝓛 < 1, not a property of the GF path"),
    rescaled=NA("Lemma 5.1 is a pointwise inequality at every θ with 𝓛 < 1, not a property of the GF path"))
TABLE["lyuli2020.euler_identity_gd"]["dynamics"] = NA(
    "the identity holds exactly at every GD step of any size: a larger step is not a wrong answer to it")
TABLE["lyuli2020.gd_margin"]["dynamics"] = NA("exploratory, report-only: a larger step is another experiment")
TABLE["kou2023.relu_srank_bounded"]["dynamics"] = NA(
    "exploratory: ascent from a small init keeps the stable rank bounded too (measured), a correct answer")
TABLE["kou2023.full_srank"]["dynamics"] = NA(
    "exploratory: from a small init ascent mirrors the descent path, with the same full-W stable rank (measured)")
