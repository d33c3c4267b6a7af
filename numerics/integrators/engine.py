"""Engines: the caller's choice of how a flow in the loss clock is integrated, as an object (not a string plus
conditions hidden in the trainer).

The flow is gradient flow ``dW/dt = −∇L̂(W)`` reparametrised by ``ds = L̂ dt``: ``dy/ds = F(y) = −∇L̂/L̂`` with
real time carried as ``log t = log ∫ ds/L̂`` and stops at ``log L̂ ≤ target_log_loss``, at ``s = s_end`` or when
``stop(y)`` says so (``Request``). For a piecewise-smooth network the field jumps on the switching surfaces
``{Z_ji = 0}`` (a pre-activation changes sign); between them it is smooth. A model enters only through a
``FlowSystem`` (the integrators it offers on its own field); the engines below decide which of them runs when:

* ``Explicit(events=True)`` — embedded Dormand–Prince 5(4) on ``dy/ds = F(y)`` from ``y₀`` to the end, with the
  switching surfaces as events (located, the integrator restarted there, Filippov sliding on a surface attracting
  from both sides). Applies to every flow whose surfaces the model declares.
  ``Explicit(events=False)`` — the same DP5 with its plain error controller across the kinks on the model's own
  field callable: the engine for a field with *no known switching surfaces* (a replaced, broken field of a
  negative control), and the reference the event-aware path was checked against.
* ``FixedMode(kind)`` — a continuation, not a whole flow: from a state whose activation mode is decided, the flow
  with that mode held fixed, so ``F`` is smooth (analytic) and the late flow's stiffness is an implicit method's
  business. ``kind="stiff"``: LSODA in ``s`` on ``(θ, w = log(t·L̂))`` with the analytic Jacobian (a few dozen
  steps to ``log(1/L̂) = 2000``); ``kind="horizon"``: Radau in the log-loss clock ``u = log log(1/L̂)`` (a fixed
  cost per decade of ``log(1/L̂)``: far targets, 1e5). It integrates the exponential loss only and is exact only
  while no pre-activation changes sign; the model refuses (returns None) when one does.
* ``Handoff(first, then, fallback=None, level=None)`` — ``first`` from ``y₀`` to ``log L̂ = level`` (default
  ``t₀``: ``−log(n/log 2) − 1``, one nat past the level ``log(log 2/n)`` where every sample is fitted, so every
  crossing of the default flows is long done), then the continuation ``then`` to the end. It applies when the
  model's ``FixedMode`` applies (exponential loss), there is no ``stop``, ``s_end = ∞`` and the target lies past
  the level; otherwise ``first`` runs to the end and ``stats["handoff"]`` says why. When the continuation meets a
  crossing, ``fallback`` (if the caller gave one) runs the whole flow again from ``y₀`` (the record restarted) and
  ``stats["handoff"]`` says so; without one the flow raises ``HandoffCrossing`` — never a silent restart.

Every result carries ``stats["engine"]`` (the name of the integrator that produced the end state: ``explicit``,
``stiff`` or ``horizon``) and, for a ``Handoff``, ``stats["handoff"]`` (``outcome``: ``continued``, ``not taken``,
``not reached`` or ``crossing``; ``why``; ``fallback``).
"""
from __future__ import annotations

import dataclasses
import math
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any, Callable, Protocol

KINDS = ("stiff", "horizon")


@dataclass
class Request:
    """What the caller asks of one flow: where it ends (``target_log_loss``, ``s_end``, ``stop(y)`` at the
    checkpoints), its accuracy and budget (``rtol``, ``max_steps``), ``n`` (samples: the level ``log(log 2/n)``
    whose crossing time is reported), the checkpoints ``record(s, log_t, log L̂, steps, y)`` every factor
    ``record_every`` in ``s``, ``progress(log L̂, target)``, and ``restart()``: forget every recorded checkpoint
    (a fallback integrating again from ``y₀``)."""

    target_log_loss: float
    s_end: float = math.inf
    rtol: float = 1e-9
    max_steps: int = 200000
    record_every: float = 1.25
    n: int = 1
    record: Callable | None = None
    stop: Callable | None = None
    progress: Callable | None = None
    restart: Callable[[], None] = lambda: None


class FlowSystem(Protocol):
    """What a model offers the engines, each on its own field ``F = −∇L̂/L̂`` and returning ``(y, info)`` with
    ``info``'s ``s``, ``log_t``, ``log_loss``, ``steps``, ``rejected``, ``reached_target``,
    ``time_to_log2_over_n`` and ``stats``."""

    def switched(self, y0: Any, req: Request) -> tuple[Any, dict]:
        """Event-aware DP5 across the model's declared switching surfaces."""

    def plain(self, y0: Any, req: Request) -> tuple[Any, dict]:
        """Plain DP5 on the model's field callable (no surfaces known)."""

    def fixed_mode(self, kind: str, y: Any, *, s0: float, log_t0: float, steps0: int,
                   req: Request) -> tuple[Any, dict] | None:
        """The fixed-mode continuation from ``y`` at ``(s0, log t0)``; None when the mode does not hold."""

    def fixed_mode_blocker(self) -> str | None:
        """Why no fixed-mode continuation applies to this model (None: it applies)."""


class Engine(ABC):
    """A whole flow from ``y₀``: ``run(system, y0, req) -> (y, info)``."""

    @property
    @abstractmethod
    def name(self) -> str:
        """What ``stats["engine"]`` reports when this engine produced the end state."""

    @abstractmethod
    def run(self, system: FlowSystem, y0: Any, req: Request) -> tuple[Any, dict]:
        """Integrate ``dy/ds = F(y)`` from ``y0`` as ``req`` asks."""


class HandoffCrossing(RuntimeError):
    """A ``Handoff`` without ``fallback`` whose continuation met a crossing: the fixed mode did not hold after
    the handoff level, so no end state exists from this engine (a caller turns it into an inconclusive run or
    asks for a ``fallback``)."""

    def __init__(self, continuation: str, level: float, s: float):
        self.continuation, self.level, self.s = continuation, level, s
        super().__init__(f"the {continuation} continuation met an activation crossing after the handoff at "
                         f"log L̂ = {level:.6g} (s = {s:.6g}); no fallback engine was given")


@dataclass(frozen=True)
class Explicit(Engine):
    """Dormand–Prince 5(4) from ``y₀`` to the end: with the switching surfaces as events (``events=True``) or
    across the kinks on the field callable alone (``events=False``: no known switching surfaces)."""

    events: bool = True

    @property
    def name(self) -> str:
        return "explicit"

    def run(self, system: FlowSystem, y0: Any, req: Request) -> tuple[Any, dict]:
        y, info = system.switched(y0, req) if self.events else system.plain(y0, req)
        return y, {**info, "stats": {**info["stats"], "engine": self.name}}


@dataclass(frozen=True)
class FixedMode:
    """A continuation with the activation mode held fixed (``kind``: ``stiff`` = LSODA in s, ``horizon`` = Radau
    in the log-loss clock); see the module docstring for what each integrates."""

    kind: str = "stiff"

    def __post_init__(self):
        if self.kind not in KINDS:
            raise ValueError(f"FixedMode kind must be one of {KINDS}, not {self.kind!r}")

    def resume(self, system: FlowSystem, y: Any, at: dict, req: Request) -> tuple[Any, dict] | None:
        """From the end ``(y, at)`` of an earlier engine's run; None when the mode does not hold on the way."""
        k0 = at["steps"]
        return system.fixed_mode(self.kind, y, s0=at["s"], log_t0=at["log_t"], steps0=k0,
                                 req=dataclasses.replace(req, max_steps=max(req.max_steps - k0, 1)))


def handoff_level(n: int) -> float:
    """``t₀``: ``log L̂ = −log(n/log 2) − 1``, one nat below ``log(log 2/n)`` (every sample fitted)."""
    return -(math.log(n / math.log(2)) + 1.0)


@dataclass(frozen=True)
class Handoff(Engine):
    """``first`` to ``log L̂ = level`` (default ``handoff_level(n)``), ``then`` to the end; on a crossing after
    the handoff ``fallback`` from ``y₀`` or ``HandoffCrossing`` (module docstring)."""

    first: Engine = Explicit()
    then: FixedMode = FixedMode("stiff")
    fallback: Engine | None = None
    level: float | None = None

    @property
    def name(self) -> str:
        return self.then.kind

    def _blocker(self, system: FlowSystem, req: Request, level: float) -> str | None:
        why = system.fixed_mode_blocker()
        if why is not None:
            return why
        if req.stop is not None:
            return "a stop condition: the continuation has no checkpoint test"
        if req.s_end != math.inf:
            return "an end time s_end: the continuation ends at a loss level only"
        if not req.target_log_loss < level:
            return f"the target log L̂ = {req.target_log_loss:.6g} is not past the handoff level {level:.6g}"
        return None

    def run(self, system: FlowSystem, y0: Any, req: Request) -> tuple[Any, dict]:
        level = handoff_level(req.n) if self.level is None else self.level
        why = self._blocker(system, req, level)
        if why is not None:  # the handoff does not apply: the first engine runs to the end
            return _tagged(self.first.run(system, y0, req), outcome="not taken", why=why, level=level)
        yh, ih = self.first.run(system, y0, dataclasses.replace(req, target_log_loss=level))
        if not ih["reached_target"]:
            return _tagged((yh, ih), outcome="not reached", level=level,
                           why=f"the first engine stopped at log L̂ = {ih['log_loss']:.6g} (budget)")
        out = self.then.resume(system, yh, ih, req)
        if out is None:
            if self.fallback is None:
                raise HandoffCrossing(self.then.kind, ih["log_loss"], ih["s"])
            req.restart()
            return _tagged(self.fallback.run(system, y0, req), outcome="crossing", level=level,
                           why=f"the {self.then.kind} continuation met an activation crossing after the handoff",
                           fallback=f"{self.fallback.name}, restarted from y0")
        B, info = out
        return B, _merged(ih, info, self.then.kind, level)


def _tagged(result: tuple[Any, dict], **handoff) -> tuple[Any, dict]:
    y, info = result
    return y, {**info, "stats": {**info["stats"], "handoff": {"fallback": None, **handoff}}}


def _merged(ih: dict, info: dict, kind: str, level: float) -> dict:
    """One info for the two legs: steps and evaluations added, rejections/events of the explicit leg, the end of
    the continuation, the crossing time of the explicit leg (it lies before the handoff)."""
    st, k0 = ih["stats"], ih["steps"]
    stats = {"steps": k0 + info["steps"], "rejected": st["rejected"], "events": st["events"], "sliding": st["sliding"],
             "exits": st["exits"], "field_evals": st["field_evals"] + info["stats"]["field_evals"],
             "accept_ratio": st["accept_ratio"], "engine": kind, "handoff_log_loss": ih["log_loss"],
             "explicit_field_evals": st["field_evals"], "late_field_evals": info["stats"]["field_evals"],
             "late_jacobians": info["stats"].get("jacobians", 0),
             "handoff": {"outcome": "continued", "why": None, "level": level, "fallback": None}}
    return {"s": info["s"], "log_t": info["log_t"], "log_loss": info["log_loss"], "steps": stats["steps"],
            "rejected": st["rejected"], "reached_target": info["reached_target"],
            "time_to_log2_over_n": ih["time_to_log2_over_n"], "stats": stats}


# the former string values, each the engine that reproduces it bit for bit (a crossing after the handoff restarted
# the explicit integrator from y₀: the fallback)
ENGINES: dict[str, Engine] = {
    "explicit": Explicit(),
    "stiff": Handoff(Explicit(), FixedMode("stiff"), fallback=Explicit()),
    "horizon": Handoff(Explicit(), FixedMode("horizon"), fallback=Explicit()),
}
