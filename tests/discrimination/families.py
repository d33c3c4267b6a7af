"""Families of plausible wrong answers, fed to a check through the negative-control hooks (``checks.base.Hooks``).

A check is worth what it rejects: each family is an answer a buggy trainer or a wrong theory would give —
(a) ``random``: a random output of the right shape and scale; (b) ``reference``: the nearest wrong reference
(the other regime's solution, the unconstrained least-squares point, another norm's max-margin); (c)
``dynamics``: gradient ascent, a frozen trainer, a step too large; (d) ``rescaled``: c·W(t), c ∈ {½, 1.5, 2};
(e) ``structure``: an output that fits the training labels but lacks the theorem's structure. A ``Probe`` is one
such wrong answer for one claim (the hooks it sets, the parameters it overrides); ``NA`` says in one line why a
family does not apply. The per-claim table is ``tests.discrimination.table.TABLE``.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

import numpy as np

FAMILIES: dict[str, str] = {
    "random": "a random output of the right shape and scale",
    "reference": "the nearest wrong reference (other regime, least squares, another norm)",
    "dynamics": "wrong dynamics: gradient ascent, a frozen trainer, a step too large",
    "rescaled": "a rescaled trajectory c·W(t), c ∈ {½, 1.5, 2}",
    "structure": "fits the training labels but lacks the theorem's structure",
}
SCALES = (0.5, 1.5, 2.0)
REJECTING = ("violated", "outside-hypotheses", "observed")  # `observed`: an exploratory claim's "violated"


@dataclass(frozen=True)
class Probe:
    """One wrong answer: ``hooks()`` builds the ``Hooks`` (lazily: heavy imports), ``overrides`` the parameters."""

    what: str
    hooks: Callable | None = None
    overrides: dict = field(default_factory=dict)
    heavy: bool = False  # pytest runs it only with --profile full


@dataclass(frozen=True)
class NA:
    """The family does not apply to the claim; ``reason`` says why in one line."""

    reason: str


def _H(**kw):
    from ibcheck.checks.base import Hooks
    return Hooks(**kw)


def _rng(salt: int = 0) -> np.random.Generator:
    return np.random.default_rng(20_000_003 + salt)


# ---- linear GD trajectories (soudry2018, jitelgarsky2019): Hooks.limit maps the iterates W (S, T, d) -----------
def lin_random() -> Probe:
    def f(W):
        R = _rng().normal(size=W.shape)
        return R * (np.linalg.norm(W, axis=-1, keepdims=True) / np.maximum(np.linalg.norm(R, axis=-1, keepdims=True), 1e-300))
    return Probe("random iterates with the norms of GD's", lambda: _H(limit=f))


def lin_rescaled() -> list[Probe]:
    return [Probe(f"{c:g}·W(t)", (lambda c=c: _H(limit=lambda W: c * W))) for c in SCALES]


def lin_dynamics(extra: dict | None = None, big_step: bool = True, frozen_at: int = 0) -> list[Probe]:
    """Ascent, a frozen trainer (every iterate = the first or the last recorded one) and, unless ``big_step`` is
    False (a claim that a large step does not break: GD on separable logistic data converges in direction at any
    step), a step 400× too large."""
    sl = slice(0, 1) if frozen_at == 0 else slice(-1, None)
    out = [Probe("gradient ascent", lambda: _H(trainer={"grad_sign": -1.0}), extra or {}),
           Probe(f"frozen trainer (every iterate = the {'first' if frozen_at == 0 else 'last'} recorded one)",
                 lambda: _H(limit=lambda W: np.repeat(W[:, sl], W.shape[1], 1)), extra or {})]
    if big_step:
        out.append(Probe("a step 400× too large (the hypotheses see η)", lambda: _H(trainer={"step_factor": 400.0}),
                         extra or {}))
    return out


def lin_structure() -> Probe:
    """W(t) plus a fixed random vector of GD's final norm: still separates late, but not along ŵ log t + ρ."""
    def f(W):
        v = _rng(1).normal(size=W.shape[-1])
        return W + v * (np.linalg.norm(W[:, -1], axis=-1)[:, None, None] / np.linalg.norm(v))
    return Probe("W(t) + a fixed random vector of norm ‖W(T)‖", lambda: _H(limit=f))


# ---- span-coefficient outputs B (m, n), W = BX (frei2023 Section 3/5 flows): Hooks.limit(K, y, B) -> B ----------
def _fro(B, K):
    import torch
    return float(torch.trace(B @ K @ B.T).clamp_min(0).sqrt())


def _random_B(K, y, B, salt=2):
    import torch
    R = torch.as_tensor(_rng(salt).normal(size=tuple(B.shape)), dtype=B.dtype, device=B.device)
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
    return Probe("random W of the trained norm", lambda: _H(limit=lambda K, y, B: _random_B(K, y, B)))


def span_rescaled() -> list[Probe]:
    return [Probe(f"{c:g}·W", (lambda c=c: _H(limit=lambda K, y, B: c * B))) for c in SCALES]


def span_structure() -> list[Probe]:
    def rank3(K, y, B):  # the trained W plus a random rank-2 part of 5% of its norm: rank 3, margins ≈ unchanged
        import torch
        g = _rng(3)
        R2 = sum(torch.as_tensor(np.outer(g.normal(size=B.shape[0]), g.normal(size=B.shape[1])), dtype=B.dtype)
                 for _ in range(2))
        return B + 0.05 * _fro(B, K) / _fro(R2, K) * R2
    return [Probe("random W + a label-fitting component (3× its norm)",
                  lambda: _H(limit=lambda K, y, B: _random_B(K, y, B) + 3 * _label_fit_B(K, y, B))),
            Probe("the trained W plus a random rank-2 part of 5% of its norm (rank 3)", lambda: _H(limit=rank3))]


def span_reference() -> Probe:
    """The min-norm interpolant's pattern (the linear regime's answer): every neuron a_j·K⁻¹y."""
    return Probe("every neuron a_j·K⁻¹y (the linear model's min-norm interpolant)",
                 lambda: _H(limit=lambda K, y, B: _label_fit_B(K, y, B)))


def field_ascent() -> Probe:
    def wrap(fn):
        def g(B):
            d, ll = fn(B)
            return -d, ll
        return g
    return Probe("gradient ascent (the flow field negated; 3000 RK steps)", lambda: _H(field=wrap), {"max_steps": 3000})


# ---- lai2026: Hooks.limit(K, y, tr, α) on batched α (S, m, n) ------------------------------------------------
def lai_random() -> Probe:
    def f(K, y, tr, al):
        import torch
        R = torch.as_tensor(_rng(4).normal(size=tuple(al.shape)), dtype=al.dtype)
        return R * (al.norm(dim=(1, 2), keepdim=True) / R.norm(dim=(1, 2), keepdim=True))
    return Probe("random coefficients of the limit's norm", lambda: _H(limit=f))


def lai_rescaled() -> list[Probe]:
    return [Probe(f"{c:g}·α∞", (lambda c=c: _H(limit=lambda K, y, tr, al: c * al))) for c in SCALES]


def lai_reference() -> Probe:
    """The linear min-norm interpolant K⁻¹y on every neuron (the ReLU's answer replaced by the linear regime's)."""
    def f(K, y, tr, al):
        import torch
        lin = torch.linalg.solve(K, y.unsqueeze(-1)).squeeze(-1)
        return lin.unsqueeze(1).expand_as(al) / al.shape[1]
    return Probe("K⁻¹y split over the neurons (linear min-norm interpolant)", lambda: _H(limit=f))


def lai_structure() -> Probe:
    def f(K, y, tr, al):
        import torch
        lin = torch.linalg.solve(K, y.unsqueeze(-1)).squeeze(-1).unsqueeze(1).expand_as(al) / al.shape[1]
        R = torch.as_tensor(_rng(5).normal(size=tuple(al.shape)), dtype=al.dtype)
        return lin + 0.3 * R * (lin.norm(dim=(1, 2), keepdim=True) / R.norm(dim=(1, 2), keepdim=True))
    return Probe("K⁻¹y on every neuron plus 30% random coefficients", lambda: _H(limit=f))


def lai_inverted() -> Probe:
    return Probe("σ'(β) = 𝟙{β < 0}: a sign error in the ReLU derivative",
                 lambda: _H(deriv=lambda b: (b < 0).to(b.dtype)))


def lai_dynamics() -> Probe:
    import torch
    return Probe("the ReLU derivative replaced by 1 (linear GD: the pattern never freezes)",
                 lambda: _H(deriv=torch.ones_like))


# ---- woodworth2020: Hooks.limit(X, y, α, w) -> w; Hooks.trainer = span_flow keywords -----------------------
def ww_interpolant(kind: str) -> Probe:
    def f(X, y, a, w):
        from ibcheck.papers.woodworth2020.theory.interpolants import min_l1, min_l2
        return (min_l2 if kind == "l2" else min_l1)(X, y).w
    name = {"l2": "the minimum-ℓ2 interpolant at every α", "l1": "the minimum-ℓ1 interpolant at every α"}[kind]
    return Probe(name, lambda: _H(limit=f))


def ww_random() -> Probe:
    def f(X, y, a, w):
        r = _rng(6).normal(size=w.shape)
        return r * np.linalg.norm(w) / np.linalg.norm(r)
    return Probe("a random w of the limit's norm", lambda: _H(limit=f))


def ww_rescaled() -> list[Probe]:
    return [Probe(f"{c:g}·w∞", (lambda c=c: _H(limit=lambda X, y, a, w: c * w))) for c in SCALES]


def ww_structure() -> Probe:
    """An exact interpolant off the path: least squares plus a random null-space part."""
    def f(X, y, a, w):
        w0 = np.linalg.lstsq(X, y, rcond=None)[0]
        N = np.linalg.svd(X)[2][X.shape[0]:].T
        z = _rng(7).normal(size=N.shape[1])
        return w0 + N @ z * (0.5 * np.linalg.norm(w0) / np.linalg.norm(z))
    return Probe("an interpolant Xw = y off the path (least squares + a random null-space part)", lambda: _H(limit=f))


def ww_ascent() -> Probe:
    return Probe("gradient ascent (ṡ = +4(Xw − y))", lambda: _H(trainer={"rate": 4.0}))


# ---- flows with a `rate`/`sign` keyword (relu_square, kou_gd) ----------------------------------------------
def trainer(what: str, heavy: bool = False, overrides: dict | None = None, **kw) -> Probe:
    return Probe(what, lambda: _H(trainer=dict(kw)), overrides or {}, heavy)


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
    return Probe("random W with GD's norms (the init's stable rank and loss)", lambda: _H(limit=_series_random))


def gd_dynamics(overrides: dict | None = None, with_ascent: bool = True) -> list[Probe]:
    def ascent():
        from ibcheck.numerics.smooth_gd import smooth_leaky_grad
        return _H(deriv=lambda z, g: -smooth_leaky_grad(z, g))

    # (a step 50× too large still drives this logistic loss to 0 monotonically: not a wrong answer, left out;
    # ascent also grows ‖W‖ along one rank-1 direction: no wrong answer to the norm and stable-rank claims)
    frozen = Probe("frozen trainer (every recorded step = the init)", lambda: _H(limit=_series_frozen), overrides or {})
    if not with_ascent:
        return [frozen]
    return [Probe("gradient ascent (σ' negated in the gradient)", ascent, overrides or {}), frozen]


def gd_structure() -> Probe:
    return Probe("GD's losses (labels fitted) with a random W's stable rank", lambda: _H(limit=_series_label_fit))


def gmm_dynamics() -> Probe:
    def ascent():
        from ibcheck.numerics.smooth_gd import smooth_leaky_grad
        return _H(deriv=lambda z, g: -smooth_leaky_grad(z, g))
    return Probe("gradient ascent (σ' negated in the gradient)", ascent)


# ---- kou2023: Hooks.limit(record) maps a seed's recorded series ------------------------------------------------
def _kou_random(r):
    """A random W at every checkpoint: the init's stable ranks (a random matrix), loss and margin ratio."""
    T = len(r["steps"])
    return {**r, **{k: [r[k][0]] * T for k in ("srank_pos", "srank_neg", "srank_full", "log_loss", "margin_ratio")}}


def _kou_label_fit(r):
    """GD's losses and margins (the labels fitted) with the stable ranks of a random W."""
    T = len(r["steps"])
    return {**r, **{k: [r[k][0]] * T for k in ("srank_pos", "srank_neg", "srank_full")}}


def _kou_unequal(r):
    """GD's losses and stable ranks, but margins drifting apart (the ratio grows 1% per checkpoint from ≥ 2)."""
    first = max(next((v for v in r["margin_ratio"] if np.isfinite(v)), 2.0), 2.0)
    return {**r, "margin_ratio": [v if not np.isfinite(v) else first * (1 + 0.01 * i)
                                  for i, v in enumerate(r["margin_ratio"])]}


def kou_random() -> Probe:
    return Probe("a random W at every checkpoint (the init's stable ranks, loss, margins)",
                 lambda: _H(limit=_kou_random))


def kou_structure(margins: bool = False) -> Probe:
    if margins:
        return Probe("GD's losses and stable ranks with margins that drift apart", lambda: _H(limit=_kou_unequal))
    return Probe("GD's losses and margins (labels fitted) with a random W's stable ranks",
                 lambda: _H(limit=_kou_label_fit))


# ---- vardishamir2021 single neuron: Hooks.limit(X, y, γ, w) -> w; trainer `rate` ----------------------------
def vs_random() -> Probe:
    def f(X, y, g, w):
        r = _rng(8).normal(size=w.shape)
        return r * np.linalg.norm(w) / np.linalg.norm(r)
    return Probe("a random w of the limit's norm", lambda: _H(limit=f))


def vs_min_norm() -> Probe:
    return Probe("the min-norm zero-loss point (5, −1, 0) at every γ (the other answer)",
                 lambda: _H(limit=lambda X, y, g, w: np.array([5.0, -1.0, 0.0])))


def vs_rescaled() -> list[Probe]:
    return [Probe(f"{c:g}·w∞", (lambda c=c: _H(limit=lambda X, y, g, w: c * w))) for c in SCALES]


def vs_structure() -> Probe:
    return Probe("a zero-loss point (5, −1, −1) for every γ (fits the data, ignores γ)",
                 lambda: _H(limit=lambda X, y, g, w: np.array([5.0, -1.0, -1.0])))


def vs_dynamics() -> list[Probe]:
    return [trainer("gradient ascent", rate=-1.0), trainer("frozen trainer", rate=0.0)]


# ---- frei2023.fig2: Hooks.limit(name, trace) maps each SGD trace (steps, srank, train_acc, test_acc) -------------
def _trace_frozen(name, tr):
    import dataclasses
    T = len(tr.steps)
    return dataclasses.replace(tr, srank=[tr.srank[0]] * T, train_acc=[tr.train_acc[0]] * T,
                               test_acc=[tr.test_acc[0]] * T)


def _trace_label_fit(name, tr):
    import dataclasses
    return dataclasses.replace(tr, srank=[tr.srank[0]] * len(tr.steps))


def fig2_frozen() -> Probe:
    return Probe("frozen trainer (every recorded step = the init)", lambda: _H(limit=_trace_frozen))


def fig2_structure() -> Probe:
    return Probe("SGD's accuracies (labels fitted) with the init's stable rank", lambda: _H(limit=_trace_label_fit))


# ---- homogeneous nets: a wrong direction added to every recorded state -------------------------------------------
def theta_off_direction() -> Probe:
    """θ(t) + 0.3‖θ(t)‖·v, v a fixed random unit vector: same growth, a converging but wrong direction."""
    def f(th):
        th = np.asarray(th, dtype=float)
        v = _rng(9).normal(size=th.shape)
        return th + 0.3 * np.linalg.norm(th) * v / np.linalg.norm(v)
    return Probe("θ(t) + 0.3‖θ(t)‖·v, v a fixed random direction", lambda: _H(limit=f))


def theta_frozen() -> Probe:
    """Every recorded state replaced by the first one (the trainer never moved)."""
    def hooks():
        first = []

        def f(th):
            if not first:
                first.append(np.asarray(th, dtype=float).copy())
            return first[0]
        return _H(limit=f)
    return Probe("frozen trainer (every recorded state = the first)", hooks)

