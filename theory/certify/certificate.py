"""The certificate model: conditions proved, refuted or not provable, and the precision ladder.

A certificate is ``certified`` only when every one of its conditions is *proved*; a refuted condition or
one that is not provable at the highest working precision tried makes it ``failed`` with that condition
named (never a silent pass). Undecided attempts are retried at a higher precision (and, where the data
allow, with an exact Gram matrix) before giving up.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Callable

import flint

from .arb import working_precision
from .outcomes import NOT_PROVABLE, PROVED, REFUTED


@dataclass
class Condition:
    """One condition of a certificate: its outcome, why, and the enclosure that decided it."""

    name: str
    outcome: str  # proved | refuted | not-provable
    detail: str
    bound: list | None = None  # the deciding enclosure [lo, hi] (outward-rounded float64)
    strict: bool | None = None  # for sign conditions: proved with a strict inequality
    where: list[int] | None = None  # indices of the deciding (or offending) entries

    @property
    def holds(self) -> bool:
        return self.outcome == PROVED

    def to_json(self) -> dict:
        out = {"name": self.name, "holds": self.holds, "outcome": self.outcome, "detail": self.detail}
        if self.bound is not None:
            out["bound"] = list(self.bound)
        if self.strict is not None:
            out["strict"] = self.strict
        if self.where is not None:
            out["where"] = [int(i) for i in self.where[:20]]
        return out


def derived(name: str, requires: list[Condition], detail: str) -> Condition:
    """A condition that follows from others (e.g. KKT ⇒ global optimality of a convex QP)."""
    bad = [c for c in requires if not c.holds]
    if not bad:
        return Condition(name, PROVED, detail)
    outcome = REFUTED if any(c.outcome == REFUTED for c in bad) else NOT_PROVABLE
    return Condition(name, outcome, "not proved: depends on " + ", ".join(c.name for c in bad))


@dataclass
class Attempt:
    """What one pass at one precision produced."""

    conditions: list[Condition]
    enclosures: dict = field(default_factory=dict)


@dataclass
class Certificate:
    """A certificate about given data; ``to_json`` is the contract's ``certificate`` object."""

    subject: str
    conditions: list[Condition]
    enclosures: dict
    data: dict = field(default_factory=dict)  # the Gram enclosure used and why
    precision: int | None = None
    attempts: list = field(default_factory=list)
    parts: dict = field(default_factory=dict)  # part name → its condition names
    notes: list = field(default_factory=list)  # what is certified and what is not
    seconds: float = 0.0

    @property
    def status(self) -> str:
        return "certified" if self.conditions and all(c.holds for c in self.conditions) else "failed"

    def condition(self, name: str) -> Condition:
        return next(c for c in self.conditions if c.name == name)

    @property
    def failed_conditions(self) -> list[str]:
        return [c.name for c in self.conditions if not c.holds]

    @property
    def reason(self) -> str:
        """One line: the first refuted condition, else the first not provable one ('' when certified)."""
        if self.status == "certified":
            return ""
        if not self.conditions:
            return "no condition was evaluated"
        bad = [c for c in self.conditions if c.outcome == REFUTED] or [c for c in self.conditions if not c.holds]
        c = bad[0]
        at = f" at {self.precision} bits" if c.outcome == NOT_PROVABLE and self.precision else ""
        return f"{c.name} {c.outcome}{at}: {c.detail}"

    def part_status(self) -> dict:
        by = {c.name: c for c in self.conditions}
        return {p: ("certified" if names and all(n in by and by[n].holds for n in names) else "failed")
                for p, names in self.parts.items()}

    def to_json(self) -> dict:
        out = {"status": self.status, "subject": self.subject, "reason": self.reason,
               "conditions": [c.to_json() for c in self.conditions], "enclosures": dict(self.enclosures),
               "data": dict(self.data),
               "arithmetic": {"library": f"python-flint {flint.__version__} (FLINT arb balls)",
                              "precision_bits": self.precision, "attempts": list(self.attempts)},
               "notes": list(self.notes), "seconds": round(self.seconds, 4)}
        if self.parts:
            out["parts"] = self.part_status()
        return out


def failed(subject: str, name: str, detail: str, **kw) -> Certificate:
    """A certificate that could not even start (e.g. no float active set): one not provable condition."""
    return Certificate(subject=subject, conditions=[Condition(name, NOT_PROVABLE, detail)], enclosures={}, **kw)


def run_ladder(subject: str, schedule: list, attempt: Callable, **kw) -> Certificate:
    """Run ``attempt(source, prec) -> Attempt`` over ``schedule`` = [(gram source, precision), ...] and stop at
    the first attempt with no undecided condition (each proved or refuted). The certificate keeps
    the last attempt and lists every attempt's outcome."""
    t0 = time.perf_counter()
    log, res, used, prec = [], None, None, None
    for source, prec in schedule:
        with working_precision(prec):
            res = attempt(source, prec)
        used = source
        undecided = [c.name for c in res.conditions if c.outcome == NOT_PROVABLE]
        refuted = [c.name for c in res.conditions if c.outcome == REFUTED]
        log.append({"precision_bits": prec, "gram": source.mode,
                    "outcome": "refuted" if refuted else ("not-provable" if undecided else "proved"),
                    "undecided": undecided, "refuted": refuted})
        if not undecided:  # a refutation is final, but other parts may still be provable higher up
            break
    cert = Certificate(subject=subject, conditions=res.conditions, enclosures=res.enclosures,
                       data=used.describe(), precision=prec, attempts=log, **kw)
    cert.seconds = time.perf_counter() - t0
    return cert
