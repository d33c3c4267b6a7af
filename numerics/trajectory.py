"""One record for every trainer: the ``Trajectory`` — what a run visited, and how it ended.

A run of any trainer (a flow integrated by Dormand–Prince, GD, Adam, AdaGrad, a mirror or steepest descent) is a
sequence of states ``x(c_0), x(c_1), …`` read at the points ``c_k`` of its *clock* — the step counter ``t`` of a
discrete method, the real time ``t`` or the reparametrised time ``s = ∫L̂ dt`` of a flow — plus what the run did
as a whole. So a ``Trajectory`` holds

* ``clock`` — the recorded ``c_k``, ascending (readers also know it by its own name: ``clock_name``, e.g. ``t``,
  ``steps``, ``s``);
* ``states`` — name → series with one entry per clock entry (``"W"``: the iterates, ``"U"``: the margins, …);
* ``log_loss`` — ``log L̂(x(c_k))`` per clock entry (``None`` where the trainer records the loss itself, not its log);
* ``engine`` — the integrator or optimiser that ran, by name;
* ``stats`` — what belongs to the run, not to one recorded point: counters, the final iterate, flags such as a stop
  reason, the settings actually used.

A series is stored as the trainer made it (a numpy array, or a list it appended to while running), never copied or
converted, so a reader reads the very numbers the trainer computed. Readers name what they read: ``run.W`` is
``run.states["W"]``, ``run.frozen_at`` is ``run.stats["frozen_at"]``. A name in both ``states`` and ``stats`` (a
series and its final value, e.g. the iterates ``B`` and the last one) is refused, never guessed: read
``.states[name]`` or ``.stats[name]``. Setting such an attribute writes the entry it names (a trainer fills its
record as it runs); a name in neither is refused, so a misspelt name never becomes a new field.

Papers add their own readers as a subclass in their folder; the fields stay these five.
"""
from __future__ import annotations

import dataclasses
import warnings
from dataclasses import dataclass, field
from typing import Any, Callable

import numpy as np

_FIELDS = ("clock", "states", "log_loss", "engine", "stats", "clock_name")


@dataclass(eq=False)
class Trajectory:
    """Recorded points of one run (``clock``, ``states``, ``log_loss``), the ``engine`` that ran and its ``stats``."""

    clock: Any = field(default_factory=list)
    states: dict = field(default_factory=dict)
    log_loss: Any = None
    engine: str = ""
    stats: dict = field(default_factory=dict)
    clock_name: str = "t"  # what readers call the clock (run.t, rec.steps, rec.s)

    def __getattr__(self, name: str):
        d = self.__dict__
        if name.startswith("__") or "stats" not in d:  # copy/pickle probe a half-built object: plain AttributeError
            raise AttributeError(name)
        where = self._where(name)
        if where == "clock":
            return d["clock"]
        if where is None:
            raise AttributeError(f"{type(self).__name__} of {d['engine'] or 'a trainer'!r} records no {name!r} "
                                 f"(states: {sorted(d['states'])}, stats: {sorted(d['stats'])})")
        return d[where][name]

    def __setattr__(self, name: str, value) -> None:
        if name in _FIELDS or "stats" not in self.__dict__:
            object.__setattr__(self, name, value)
        elif (where := self._where(name)) == "clock":
            object.__setattr__(self, "clock", value)
        elif where is not None:
            self.__dict__[where][name] = value
        else:
            raise AttributeError(f"{type(self).__name__} has no {name!r} to set: add it to states or stats")

    def _where(self, name: str) -> str | None:
        """``"clock"``, ``"states"`` or ``"stats"``: where ``name`` is recorded (None: nowhere; ambiguous: refused)."""
        d = self.__dict__
        is_clock = name == d["clock_name"]
        in_states, in_stats = is_clock or name in d["states"], name in d["stats"]
        if in_states and in_stats:
            series = ".clock" if is_clock else f".states[{name!r}]"
            raise AttributeError(f"{name!r} is both a recorded series and a stat: read {series} (the series) or "
                                 f".stats[{name!r}] (the run's value)")
        return "clock" if is_clock else "states" if in_states else "stats" if in_stats else None

    def series(self) -> dict:
        """Every recorded series by name: the clock under its name, the states, then ``log_loss`` (if recorded)."""
        out = {self.clock_name: self.clock, **self.states}
        if self.log_loss is not None:
            out["log_loss"] = self.log_loss
        return out

    def at(self, point) -> int:
        """Index of the recorded clock entry equal to ``point`` (``KeyError`` if that point was not recorded)."""
        clock = np.asarray(self.clock)
        idx = int(np.searchsorted(clock, point))
        if idx >= len(clock) or clock[idx] != point:
            raise KeyError(f"{self.clock_name} {point} is not a recorded point")
        return idx

    def replace(self, **changes) -> "Trajectory":
        """A copy with the named series or stats replaced (``dataclasses.replace`` by entry name): what a wrong
        answer hands a check in place of the run."""
        states, stats = dict(self.states), dict(self.stats)
        clock = changes.pop(self.clock_name, self.clock)
        for name, value in changes.items():
            where = self._where(name)
            if where in (None, "clock"):
                raise AttributeError(f"{type(self).__name__} has no {name!r} to replace")
            (states if where == "states" else stats)[name] = value
        return dataclasses.replace(self, clock=clock, states=states, stats=stats)

    def restart(self) -> None:
        """Forget every recorded point (lists emptied in place): a flow restarted from its start records afresh."""
        for series in (self.clock, self.log_loss, *self.states.values()):
            if isinstance(series, list):
                series.clear()


RECORDS, NETS = "one record for every trainer", "one Net per model family"


def former_names(module: str, names: dict[str, type], why: dict[str, str] | None = None) -> Callable[[str], type]:
    """A module ``__getattr__`` answering the classes of 0.1 by their former names with what replaced them — the
    record classes (``AdamRun``, …) with ``Trajectory`` or a paper's subclass, a model family's former ``Net`` with
    its one name — and a ``DeprecationWarning`` saying which unification (``why[name]``, default ``RECORDS``),
    until 0.3.0."""

    def __getattr__(name: str):
        if name not in names:
            raise AttributeError(f"module {module!r} has no attribute {name!r}")
        new = names[name]
        warnings.warn(f"{module}.{name} is {new.__module__}.{new.__name__} now ({(why or {}).get(name, RECORDS)}); "
                      f"the old name is removed in 0.3.0", DeprecationWarning, stacklevel=2)
        return new

    return __getattr__
