"""What a check is: parameters, a measuring function, and its quick/full settings."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

import torch

from ibcheck.numerics.data.sets import Dataset
from ibcheck.theory.outcomes import Inconclusive, Reason  # noqa: F401  (re-exported: what a check reports)
from ibcheck.theory.statement import Claim

from .horizon import Horizon
from .params import Param, ParamAlias


@dataclass
class Hooks:
    """Injection points for negative controls (tests only, never reachable from the CLI).

    ``deriv``: replaces the trainer's activation derivative; ``limit`` maps the trained final
    coefficients before any comparison — span-coordinate GD: ``limit(K, y, tr, α) -> α`` on batched tensors
    (K (S,n,n), y (S,n), tr (S,), α (S,m,n)); leaky two-layer flows: ``limit(K, y, B) -> B`` (B (m,n));
    ``gram``: maps each Gram matrix before training; ``init``: maps the initial coefficients; ``field``: wraps
    a gradient flow's field (a sign error, a wrong leak, a stall).
    Linear GD (logistic regression): ``deriv(v) -> g`` replaces ``g = −ℓ'(−v)``; ``limit(W) -> W``
    maps the checkpoint iterates (S, T, d). Homogeneous nets (the shared flow): ``deriv(z) -> σ'``
    replaces the activation derivative in the trainer's gradient; ``limit(θ) -> θ`` maps every recorded state.
    ``reference``: maps the dict of exact references (``w_hat``, ``w_tilde``, ``v_bar``, …) before any
    comparison. ``trainer``: keyword overrides for the trainer, e.g. ``{"reduction": "mean"}`` (mean instead
    of sum loss), ``{"step_factor": 20.0}`` (the trainer takes 20η while the hypotheses see η),
    ``{"grad_sign": -1.0}`` (ascent), ``{"loss_based_power": -1.0}`` (η ∝ L̂ instead of 1/L̂).
    ``trainer`` also carries e.g. ``{"link": f}`` (diagonal-network flow), ``{"sign": -1}``; each
    check's docstring lists what its trainer accepts and the signature its ``reference`` map takes.
    """

    deriv: Callable | None = None
    gram: Callable | None = None
    init: Callable | None = None
    limit: Callable | None = None
    field: Callable | None = None  # leaky two-layer flows: maps the flow field ``B -> (dB/ds, log L̂)`` to a broken one
    reference: Callable | None = None
    trainer: dict | None = None


@dataclass
class Context:
    """Everything a check run depends on: a pure function of these (checks as tasks: same inputs, same numbers)."""

    params: dict
    seeds: list[int]
    device: torch.device
    data: Dataset | None = None
    hooks: Hooks = field(default_factory=Hooks)
    dtype: torch.dtype = torch.float64


@dataclass
class Measurement:
    """One seed's measured numbers: ``values`` feed the statement, ``quantities`` go to the JSON."""

    seed: int
    values: dict
    quantities: dict
    inconclusive: Inconclusive | None = None  # why this measurement does not decide: a code and a message
    series: dict = field(default_factory=dict)  # trajectories / sweeps for plots (not in the JSON)
    note: str = ""  # appended to the verdict's reason (e.g. why a hypothesis must fail)
    data: dict = field(default_factory=dict)  # the data actually used (kind, n, d, sampler law, ...): JSON `data`
    nan_reasons: dict = field(default_factory=dict)  # symbol -> why its value is NaN ("not certified: ...")
    certificate: dict | None = None  # interval certificate (--set certify=true, checks.certify): copied to the JSON

    def __post_init__(self):
        if self.inconclusive is not None and not isinstance(self.inconclusive, Inconclusive):
            raise TypeError("Measurement.inconclusive is an Inconclusive(Reason.…, message) (ibcheck.theory.outcomes), "
                            f"not {type(self.inconclusive).__name__}: say which kind of failure it is")


def waive(ms: list[Measurement], code: Reason) -> list[Measurement]:
    """Clear the inconclusive reasons of kind ``code``: for claims whose conclusion is exactly what that kind reports
    (e.g. "GD converges": ``Reason.NOT_CONVERGED``), it must be judged by the rows, not excused."""
    for m in ms:
        if m.inconclusive is not None and m.inconclusive.code == code:
            m.inconclusive = None
    return ms


def flow_outcome(flow: Callable[[], Any]) -> tuple[Any, Inconclusive | None]:
    """``(flow(), None)``, or ``(None, why)`` when the flow's ``Handoff`` engine (asked for no fallback) met an
    activation crossing after its handoff level (``numerics.integrators.engine.HandoffCrossing``): no end state
    exists from that engine, so the check reports ``Inconclusive(NUMERICS_FAILED, the crossing)`` as its outcome —
    never an exception (exit 5) and never a silent restart with another engine."""
    from ibcheck.numerics.integrators.engine import HandoffCrossing
    try:
        return flow(), None
    except HandoffCrossing as exc:
        return None, Inconclusive(Reason.NUMERICS_FAILED, f"handoff crossing: {exc}")


@dataclass
class CheckSpec:
    """A claim's check: its parameters, its measuring function and the settings pytest runs."""

    claim: Claim
    params: dict[str, Param]
    measure: Callable[[Context], list[Measurement]]
    quick: list[dict] = field(default_factory=list)
    full: list[dict] = field(default_factory=list)
    accepts_data: bool = True
    data_note: str = ""
    threads: int | None = 1  # intra-op threads while measuring (numerics.runtime.threads); opt in only where it pays
    notes: dict[str, str] = field(default_factory=dict)  # "k=v,..." of a setting -> what it is (report, docs)
    deeper: Callable[[dict], list[dict]] | None = None  # settings deeper inside the threshold hypotheses
    # (checks.persistence): a conclusion failing under a level chosen here is a counterexample only if it persists
    aliases: tuple[ParamAlias, ...] = ()  # deprecated parameter names mapped onto current ones (checks.params)
    shared: str = ""  # names a measurement memoised across claims (one flow, several claims): cases with the same
    # name and setting run together (one worker, one task); the report charges its seconds once, to the first claim
    independent_rows: str = ""  # why the check needs linearly independent examples (its reference solves with
    # K = XXᵀ), or "": a user dataset with duplicated or dependent rows is then refused (exit 2) naming the rows
    labels: str = "signed"  # a user dataset's y: "signed" (classes by sign: {0, 1} and booleans are read as ±1 with
    # a note, a zero label is refused; numerics.data.sets.as_signs) or "real" (regression targets, taken as given)
    inert: dict[str, str] = field(default_factory=dict)  # parameter (or data property, "data.rank") -> one line: why
    # it cannot move the theorem's hypotheses for this claim; every other input is read by a hypothesis row
    # (``Condition.reads`` or a symbol of the same name) — checks.binding, enforced by the conformance suite
    horizon: Horizon | None = None  # which parameter moves the clock of its limit/rate rows, and how a needed clock
    # value maps to a value it accepts (checks.horizon): an undecided row then names the command that runs to it

    def __post_init__(self):
        if self.labels not in ("signed", "real"):
            raise ValueError(f"CheckSpec.labels must be 'signed' or 'real', got {self.labels!r}")

    @property
    def id(self) -> str:
        return self.claim.id
