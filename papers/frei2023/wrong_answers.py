"""frei2023's wrong answers: the span coefficients B (m, n) of the Section 3/5 flows (``Hooks.limit(K, y, B)``), the
Section 4 GD series and Figure 2's SGD traces."""
from __future__ import annotations

import numpy as np

from ibcheck.checks.wrong_answers import EXACT, H, NA, Probe, SCALES, SCALE_FREE, rng, row, trainer


# ---- span-coefficient outputs B (m, n), W = BX (frei2023 Section 3/5 flows): Hooks.limit(K, y, B) -> B ----------
def _fro(B, K):
    import torch
    return float(torch.trace(B @ K @ B.T).clamp_min(0).sqrt())


def _random_B(K, y, B, salt=2):
    import torch
    R = torch.as_tensor(rng(salt).normal(size=tuple(B.shape)), dtype=B.dtype, device=B.device)
    return R * (_fro(B, K) / _fro(R, K))


def _label_fit_B(K, y, B):
    """Rows a_j·K⁻¹y (up to scale): ⟨w_j, x_i⟩ ∝ sign(a_j) y_i, so every leaky network fits the labels."""
    import torch
    m = B.shape[0]
    a = torch.ones(m, dtype=B.dtype, device=B.device)
    a[m // 2:] = -1
    F = a[:, None] * torch.linalg.solve(K, y.to(B.dtype))[None, :]
    return F * (_fro(B, K) / _fro(F, K))


def span_random() -> Probe:
    return Probe("random W of the trained norm", lambda: H(limit=lambda K, y, B: _random_B(K, y, B)))


def span_rescaled() -> list[Probe]:
    return [Probe(f"{c:g}·W", (lambda c=c: H(limit=lambda K, y, B: c * B))) for c in SCALES]


def span_structure() -> list[Probe]:
    def rank3(K, y, B):  # the trained W plus a random rank-2 part of 5% of its norm: rank 3, margins ≈ unchanged
        import torch
        g = rng(3)
        R2 = sum(torch.as_tensor(np.outer(g.normal(size=B.shape[0]), g.normal(size=B.shape[1])), dtype=B.dtype)
                 for _ in range(2))
        return B + 0.05 * _fro(B, K) / _fro(R2, K) * R2
    return [Probe("random W + a label-fitting component (3× its norm)",
                  lambda: H(limit=lambda K, y, B: _random_B(K, y, B) + 3 * _label_fit_B(K, y, B))),
            Probe("the trained W plus a random rank-2 part of 5% of its norm (rank 3)", lambda: H(limit=rank3))]


def span_reference() -> Probe:
    """The min-norm interpolant's pattern (the linear regime's answer): every neuron a_j·K⁻¹y."""
    return Probe("every neuron a_j·K⁻¹y (the linear model's min-norm interpolant)",
                 lambda: H(limit=lambda K, y, B: _label_fit_B(K, y, B)))


def field_ascent() -> Probe:
    def wrap(fn):
        def g(B):
            d, ll = fn(B)
            return -d, ll
        return g
    return Probe("gradient ascent (the flow field negated; 3000 RK steps)", lambda: H(field=wrap), {"max_steps": 3000})


# ---- frei2023 Section 4 GD: Hooks.limit(series) maps the recorded series {steps, srank, spectral, fro, loss} --------
def _series_random(se):
    """A random W with GD's Frobenius norms: the init's stable rank and spectral/Frobenius ratio, and the init's
    loss (a random network is right on half the points whatever its norm)."""
    T = len(se["steps"])
    k = se["spectral"][0] / se["fro"][0]
    return {**se, "srank": [se["srank"][0]] * T, "spectral": [k * f for f in se["fro"]], "loss": [se["loss"][0]] * T}


def _series_frozen(se):
    return {**se, **{k: [se[k][0]] * len(se["steps"]) for k in ("srank", "spectral", "fro", "loss")}}


def _series_label_fit(se):
    """GD's losses (it fits the labels) with the stable rank of a random W (no low-rank structure)."""
    return {**se, "srank": [se["srank"][0]] * len(se["steps"])}


def gd_random() -> Probe:
    return Probe("random W with GD's norms (the init's stable rank and loss)", lambda: H(limit=_series_random))


def gd_dynamics(overrides: dict | None = None, with_ascent: bool = True) -> list[Probe]:
    def ascent():
        from ibcheck.numerics.trainers.smooth_gd import smooth_leaky_grad
        return H(deriv=lambda z, g: -smooth_leaky_grad(z, g))

    # (a step 50× too large still drives this logistic loss to 0 monotonically: not a wrong answer, left out;
    # ascent also grows ‖W‖ along one rank-1 direction: no wrong answer to the norm and stable-rank claims)
    frozen = Probe("frozen trainer (every recorded step = the init)", lambda: H(limit=_series_frozen), overrides or {})
    if not with_ascent:
        return [frozen]
    return [Probe("gradient ascent (σ' negated in the gradient)", ascent, overrides or {}), frozen]


def gd_structure() -> Probe:
    return Probe("GD's losses (labels fitted) with a random W's stable rank", lambda: H(limit=_series_label_fit))


def gmm_dynamics() -> Probe:
    def ascent():
        from ibcheck.numerics.trainers.smooth_gd import smooth_leaky_grad
        return H(deriv=lambda z, g: -smooth_leaky_grad(z, g))
    return Probe("gradient ascent (σ' negated in the gradient)", ascent)


# ---- frei2023.fig2: Hooks.limit(name, trace) maps each SGD trace (steps, srank, train_acc, test_acc) -------------
def _trace_frozen(name, tr):
    T = len(tr.steps)
    return tr.replace(srank=[tr.srank[0]] * T, train_acc=[tr.train_acc[0]] * T, test_acc=[tr.test_acc[0]] * T)


def _trace_label_fit(name, tr):
    return tr.replace(srank=[tr.srank[0]] * len(tr.steps))


def fig2_frozen() -> Probe:
    return Probe("frozen trainer (every recorded step = the init)", lambda: H(limit=_trace_frozen))


def fig2_structure() -> Probe:
    return Probe("SGD's accuracies (labels fitted) with the init's stable rank", lambda: H(limit=_trace_label_fit))


# claim ID → family → probes, or why the family does not apply (``checks.wrong_answers``)
TABLE: dict[str, dict] = {}
# ---- frei2023 Section 3 (one flow, Hooks.limit(K, y, B)) and Section 5 -----------------------------------------
_F3 = dict(random=span_random(), reference=span_reference(), dynamics=field_ascent(), rescaled=span_rescaled(),
           structure=span_structure())
for _cid in ("thm3.1", "thm3.2.margins", "thm3.2.neurons", "thm3.2.rank", "thm3.2.global", "thm3.2.boundary",
             "thm3.2.margin-factor"):
    TABLE[f"frei2023.{_cid}"] = row(**_F3)
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
TABLE["frei2023.thm3.4"] = row(random=NA("the conclusion is that a time exists; no output is judged"),
                                reference=NA("no reference: the conclusion is reaching L̂ < log(2)/n"),
                                dynamics=field_ascent(), rescaled=NA("no output is judged, only the time"),
                                structure=NA("no output is judged, only the time"))
TABLE["frei2023.lem3.3"] = row(*(NA("a probability statement about Gaussian data: no trained output"),) * 5)
TABLE["frei2023.activation"] = row(*(NA(EXACT),) * 5)
_BENIGN = NA("the claim judges training and test error only, and the data-span min-norm interpolant is itself "
             "near-optimal on this mixture (benign overfitting): not a wrong answer to it")
for _cid in ("sec5.xor", "sec5.gmm-bayes"):
    TABLE[f"frei2023.{_cid}"] = row(random=span_random(), reference=span_reference(), dynamics=field_ascent(),
                                     rescaled=NA("signs of f(x; cW) are those of f(x; W): errors are invariant"),
                                     structure=span_structure())
TABLE["frei2023.sec5.gmm-bayes"].update(reference=_BENIGN, structure=_BENIGN)
TABLE["frei2023.sec5.xor"]["reference"] = _ALIGNED
TABLE["frei2023.sec5.xor"]["structure"] = span_structure() + [
    Probe(p.what + " (γ = 1)", p.hooks, {"gamma": 1.0, "d": 100000}) for p in span_structure()]
TABLE["frei2023.sec5.gmm"] = row(random=span_random(), reference=_BENIGN, dynamics=gmm_dynamics(),
                                  rescaled=NA("signs of f(x; cW) are those of f(x; W): errors are invariant"),
                                  structure=_BENIGN)
_TRENDS = NA("no reference solution: the conclusions are trends of the trainer's own run")
TABLE["frei2023.thm4.2.loss"] = row(random=gd_random(), reference=_TRENDS, dynamics=gd_dynamics(),
                                     rescaled=NA("no hook: the recorded series hold L̂(W(t)), not W: L̂(cW) is not known"),
                                     structure=NA("the claim states no structure beyond L̂ → 0"))
TABLE["frei2023.thm4.2.norm"] = row(
    random=NA("the claim is about the scale alone: a random W at GD's norms has GD's norm"), reference=_TRENDS,
    dynamics=gd_dynamics(with_ascent=False), rescaled=NA("‖cW(t)‖ → ∞ iff ‖W(t)‖ → ∞: the claim is scale-free"),
    structure=NA("the claim states no structure beyond ‖W‖ → ∞"))
TABLE["frei2023.thm4.2.srank"] = row(random=gd_random(), reference=_TRENDS, dynamics=gd_dynamics(with_ascent=False),
                                      rescaled=NA(SCALE_FREE), structure=gd_structure())
TABLE["frei2023.fig1"] = row(random=gd_random(), reference=_TRENDS, dynamics=gd_dynamics(with_ascent=False),
                              rescaled=NA(SCALE_FREE),
                              structure=gd_structure())
TABLE["frei2023.fig2"] = row(random=NA("no hook: the traces hold SGD's stable ranks and accuracies, not W"),
                              reference=_TRENDS, dynamics=fig2_frozen(), rescaled=NA(SCALE_FREE),
                              structure=fig2_structure())

# claims whose cheapest probe runs only under --profile full (seconds or more at their defaults)
HEAVY = {'frei2023.fig1', 'frei2023.thm3.2.margins', 'frei2023.thm3.4', 'frei2023.thm3.2.neurons', 'frei2023.thm4.2.loss', 'frei2023.thm3.2.margin-factor', 'frei2023.thm4.2.srank', 'frei2023.thm4.2.norm', 'frei2023.thm3.1', 'frei2023.sec5.gmm-bayes', 'frei2023.thm3.2.rank', 'frei2023.fig2', 'frei2023.thm3.2.boundary', 'frei2023.thm3.2.global'}
