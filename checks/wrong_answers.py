"""Families of plausible wrong answers, fed to a check through the negative-control hooks (``checks.base.Hooks``).

A check is worth what it rejects: each family is an answer a buggy trainer or a wrong theory would give —
(a) ``random``: a random output of the right shape and scale; (b) ``reference``: the nearest wrong reference
(the other regime's solution, the unconstrained least-squares point, another norm's max-margin); (c)
``dynamics``: gradient ascent, a frozen trainer, a step too large; (d) ``rescaled``: c·W(t), c ∈ {½, 1.5, 2};
(e) ``structure``: an output that fits the training labels but lacks the theorem's structure. A ``Probe`` is one
such wrong answer for one claim (the hooks it sets, the parameters it overrides); ``NA`` says in one line why a
family does not apply. Each paper's ``wrong_answers.py`` holds its claims' rows (``TABLE``: claim ID → family →
probes or ``NA``) and may use the shared families below; ``checks.discrimination`` collects and runs them.
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
def H(**kw):
    """The ``Hooks`` of a probe (imported when the probe runs: heavy)."""
    from ibcheck.checks.base import Hooks
    return Hooks(**kw)


def rng(salt: int = 0) -> np.random.Generator:
    return np.random.default_rng(20_000_003 + salt)


# One-line reasons shared by several claims.
NO_OUTPUT = "the claim is about the data or a symbolic identity: there is no trained output to replace"
SCALE_FREE = "every row is scale-invariant (stable rank, normalised margins, directions): c·W is the same answer"
NO_HOOK = "no hook: the check has no injection point for this family yet"
EXACT = "exact (symbolic or rational) check of a closed-form object: no trainer, no output"


def row(random=None, reference=None, dynamics=None, rescaled=None, structure=None) -> dict:
    """A claim's cells in the families' order; a family left out is a gap (``NO_HOOK``)."""
    cells = {"random": random, "reference": reference, "dynamics": dynamics, "rescaled": rescaled,
             "structure": structure}
    return {k: (NA(NO_HOOK) if v is None else v) for k, v in cells.items()}


def as_list(x):
    return x if isinstance(x, list) else [x]


# ---- linear GD trajectories (logistic regression): Hooks.limit maps the iterates W (S, T, d) -----------
def lin_random() -> Probe:
    def f(W):
        R = rng().normal(size=W.shape)
        return R * (np.linalg.norm(W, axis=-1, keepdims=True) / np.maximum(np.linalg.norm(R, axis=-1, keepdims=True), 1e-300))
    return Probe("random iterates with the norms of GD's", lambda: H(limit=f))


def lin_rescaled() -> list[Probe]:
    return [Probe(f"{c:g}·W(t)", (lambda c=c: H(limit=lambda W: c * W))) for c in SCALES]


def lin_dynamics(extra: dict | None = None, big_step: bool = True, frozen_at: int = 0) -> list[Probe]:
    """Ascent, a frozen trainer (every iterate = the first or the last recorded one) and, unless ``big_step`` is
    False (a claim that a large step does not break: GD on separable logistic data converges in direction at any
    step), a step 400× too large."""
    sl = slice(0, 1) if frozen_at == 0 else slice(-1, None)
    out = [Probe("gradient ascent", lambda: H(trainer={"grad_sign": -1.0}), extra or {}),
           Probe(f"frozen trainer (every iterate = the {'first' if frozen_at == 0 else 'last'} recorded one)",
                 lambda: H(limit=lambda W: np.repeat(W[:, sl], W.shape[1], 1)), extra or {})]
    if big_step:
        out.append(Probe("a step 400× too large (the hypotheses see η)", lambda: H(trainer={"step_factor": 400.0}),
                         extra or {}))
    return out


def lin_structure() -> Probe:
    """W(t) plus a fixed random vector of GD's final norm: still separates late, but not along ŵ log t + ρ."""
    def f(W):
        v = rng(1).normal(size=W.shape[-1])
        return W + v * (np.linalg.norm(W[:, -1], axis=-1)[:, None, None] / np.linalg.norm(v))
    return Probe("W(t) + a fixed random vector of norm ‖W(T)‖", lambda: H(limit=f))


# ---- flows with a `rate`/`sign` keyword (relu_square, kou_gd) ----------------------------------------------
def trainer(what: str, heavy: bool = False, overrides: dict | None = None, **kw) -> Probe:
    return Probe(what, lambda: H(trainer=dict(kw)), overrides or {}, heavy)


# ---- homogeneous nets: a wrong direction added to every recorded state -------------------------------------------
def theta_off_direction() -> Probe:
    """θ(t) + 0.3‖θ(t)‖·v, v a fixed random unit vector: same growth, a converging but wrong direction."""
    def f(th):
        th = np.asarray(th, dtype=float)
        v = rng(9).normal(size=th.shape)
        return th + 0.3 * np.linalg.norm(th) * v / np.linalg.norm(v)
    return Probe("θ(t) + 0.3‖θ(t)‖·v, v a fixed random direction", lambda: H(limit=f))


def theta_frozen() -> Probe:
    """Every recorded state replaced by the first one (the trainer never moved)."""
    def hooks():
        first = []

        def f(th):
            if not first:
                first.append(np.asarray(th, dtype=float).copy())
            return first[0]
        return H(limit=f)
    return Probe("frozen trainer (every recorded state = the first)", hooks)


def _theta_random(th):
    r = np.random.default_rng(20_000_011).normal(size=np.shape(th))
    return r * np.linalg.norm(th) / np.linalg.norm(r)


def homogeneous_cells() -> dict:
    """The cells of a claim on the shared homogeneous flow (``Hooks.limit(θ)`` maps every recorded state)."""
    return dict(random=Probe("random states of the trained norms", lambda: H(limit=_theta_random)),
                rescaled=[Probe(f"{c:g}·θ(t)", (lambda c=c: H(limit=lambda th: c * np.asarray(th)))) for c in SCALES],
                reference=NA("the claims compare θ with itself (directions, alignment, identities): no reference "
                             "solution"),
                dynamics=[theta_frozen(),
                          trainer("the mean instead of the sum loss (a gradient 1/n too small)", reduction="mean")])
