"""Conjectures: a statement over measured quantities, a parameter space, and a property-based search.

A conjecture file is a Python module that defines ``conjecture = Conjecture(...)`` (see docs/usage.md for a
complete example). The search is built on hypothesis: strategies from the parameter space (integers
and log-integers shrink towards their lower end, floats towards simple values, choices towards the
first option), ``assume`` where a hypothesis of the conjecture fails, hypothesis' shrinking to the
smallest counterexample, and its example database (under ``--out``) to replay failures. A fixed
``--seed`` makes the search deterministic.
"""
from __future__ import annotations

import importlib
import importlib.util
import math
import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

import sympy as sp

from ibcheck.numerics.runtime.errors import InputError

from .schema import SCHEMA


# ---- the parameter space -------------------------------------------------------------------------
@dataclass(frozen=True)
class Int:
    lo: int
    hi: int

    def __str__(self):
        return f"integers {self.lo}..{self.hi}"

    def strategy(self):
        from hypothesis import strategies as st
        return st.integers(self.lo, self.hi)

    def check(self, name):
        if not (isinstance(self.lo, int) and isinstance(self.hi, int)) or self.lo > self.hi:
            raise InputError(f"parameter space: {name} = Int({self.lo}, {self.hi}) is empty")


@dataclass(frozen=True)
class LogInt(Int):
    """Integers spread log-uniformly between lo and hi (shrinks to lo)."""

    steps: int = 64

    def __str__(self):
        return f"integers {self.lo}..{self.hi} (log-spaced)"

    def strategy(self):
        from hypothesis import strategies as st
        lo, hi, k = self.lo, self.hi, self.steps
        return st.integers(0, k).map(lambda i: int(round(lo * (hi / lo) ** (i / k))))

    def check(self, name):
        super().check(name)
        if self.lo <= 0:
            raise InputError(f"parameter space: {name} = LogInt needs lo > 0")


@dataclass(frozen=True)
class Float:
    lo: float
    hi: float

    def __str__(self):
        return f"reals {self.lo:g}..{self.hi:g}"

    def strategy(self):
        from hypothesis import strategies as st
        return st.floats(self.lo, self.hi, allow_nan=False, allow_infinity=False)

    def check(self, name):
        if not (math.isfinite(self.lo) and math.isfinite(self.hi)) or self.lo > self.hi:
            raise InputError(f"parameter space: {name} = Float({self.lo}, {self.hi}) is empty")


@dataclass(frozen=True)
class LogFloat(Float):
    def __str__(self):
        return f"reals {self.lo:g}..{self.hi:g} (log-spaced)"

    def strategy(self):
        from hypothesis import strategies as st
        a, b = math.log(self.lo), math.log(self.hi)
        return st.floats(a, b).map(lambda u: min(max(math.exp(u), self.lo), self.hi))

    def check(self, name):
        super().check(name)
        if self.lo <= 0:
            raise InputError(f"parameter space: {name} = LogFloat needs lo > 0")


@dataclass(frozen=True)
class Choice:
    options: tuple

    def __str__(self):
        return "one of " + ", ".join(map(str, self.options))

    def strategy(self):
        from hypothesis import strategies as st
        return st.sampled_from(list(self.options))

    def check(self, name):
        if not self.options:
            raise InputError(f"parameter space: {name} = Choice() has no options")


# ---- the conjecture ------------------------------------------------------------------------------
@dataclass
class Conjecture:
    """``hypotheses ⟹ conclusion`` over the quantities the experiment returns (and the parameters).

    ``conclusion`` and each hypothesis are sympy relations (``sp.Ge(gap, lower)``) or predicates on the
    dict of parameters and quantities. ``replay_check`` optionally maps parameters to an
    ``ibcheck check ...`` command that reproduces the measured quantities.
    """

    id: str
    title: str
    space: dict
    experiment: Callable[[dict], dict]
    conclusion: object
    quantities: tuple = ()
    hypotheses: tuple = ()
    statement: str = ""
    default_budget: int = 50
    replay_check: Callable[[dict], str] | None = None
    source: str = ""
    expected: str = ""  # documented outcome for the shipped ones: "refuted" | "survived"
    max_seconds: float = 600.0  # wall-clock cap of one search (shrinking stops there, the best example stays)
    min_decided: int | None = None  # decided trials needed to call it survived (default: half the budget, ≥ 1)
    ci_budget: int = 3  # trials of the suite's run (checks/test_conjectures.py): enough to reach ``expected``
    ci_status: tuple = ()  # outcomes the suite's small budget may honestly give (default: ``expected`` only)
    quick_skip: str = ""  # why the quick report leaves it out (one trial costs more than the quick profile), or ""

    def validate(self) -> None:
        if not self.space:
            raise InputError(f"conjecture {self.id}: empty parameter space")
        for name, dim in self.space.items():
            if not hasattr(dim, "strategy"):
                raise InputError(f"conjecture {self.id}: {name} is not Int/LogInt/Float/LogFloat/Choice")
            dim.check(name)
        known = set(self.space) | set(self.quantities)
        for rel in [self.conclusion, *self.hypotheses]:
            if isinstance(rel, sp.Basic):
                unknown = sorted(s.name for s in rel.free_symbols if s.name not in known)
                if unknown:
                    raise InputError(f"conjecture {self.id}: unknown symbol {unknown[0]!r} (parameters and "
                                     f"quantities: {', '.join(sorted(known))})")
            elif not callable(rel):
                raise InputError(f"conjecture {self.id}: a conclusion/hypothesis must be a sympy relation or callable")

    def holds(self, rel, values: dict) -> bool | None:
        if callable(rel) and not isinstance(rel, sp.Basic):
            return bool(rel(values))
        lhs = float(rel.lhs.subs({s: values[s.name] for s in rel.lhs.free_symbols}))
        rhs = float(rel.rhs.subs({s: values[s.name] for s in rel.rhs.free_symbols}))
        if math.isnan(lhs) or math.isnan(rhs):
            return None
        return bool(sp.sympify(type(rel)(lhs, rhs)))


def load(path_or_id: str) -> tuple[Conjecture, str]:
    """A shipped conjecture by ID (``conj.*``) or a user file; any problem is a one-line InputError."""
    from .index import CONJECTURES  # shipped ID → its module (the light index: no import circle with the modules)
    if path_or_id in CONJECTURES:
        return importlib.import_module(CONJECTURES[path_or_id][3]).conjecture, path_or_id
    p = Path(path_or_id)
    if not p.is_file():
        raise InputError(f"{path_or_id}: neither a shipped conjecture ({', '.join(CONJECTURES)}) nor a file")
    try:
        source = p.read_text()
        compile(source, str(p), "exec")
    except SyntaxError as exc:
        raise InputError(f"{p}: syntax error at line {exc.lineno}: {exc.msg}") from None
    spec = importlib.util.spec_from_file_location(f"ibcheck_conjecture_{p.stem}", p)
    mod = importlib.util.module_from_spec(spec)
    try:
        spec.loader.exec_module(mod)
    except InputError:
        raise
    except Exception as exc:  # noqa: BLE001  (the user's module failed to import: say how, in one line)
        raise InputError(f"{p}: failed to load: {type(exc).__name__}: {exc}") from None
    conj = getattr(mod, "conjecture", None)
    if not isinstance(conj, Conjecture):
        raise InputError(f"{p}: defines no `conjecture = Conjecture(...)`")
    conj.validate()
    return conj, str(p)


# ---- the search ----------------------------------------------------------------------------------
class _Refuted(Exception):
    pass


@dataclass
class SearchState:
    trials: int = 0  # examples hypothesis generated (generation and shrinking)
    decided: int = 0  # hypotheses held and the conclusion evaluated to true or false
    undecided: int = 0  # evaluated but undecidable: the conclusion or a hypothesis was NaN, or an input error
    outside: int = 0  # a hypothesis of the conjecture failed (not a test of the conclusion)
    skipped: int = 0  # not evaluated: the trial or time cap was spent
    first: dict | None = None
    last: dict | None = None
    tried: dict = field(default_factory=dict)
    cap: int = 0


def _coverage(tried: dict) -> dict:
    cov = {}
    for k, vals in tried.items():
        if all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in vals):
            cov[k] = {"min": min(vals), "max": max(vals), "distinct": len(set(vals))}
        else:
            cov[k] = {str(v): vals.count(v) for v in sorted(set(map(str, vals)))}
    return cov


def default_min_decided(budget: int) -> int:
    """Decided trials a survival needs by default: half the budget (at least one)."""
    return max(1, math.ceil(budget / 2))


def search(conj: Conjecture, budget: int | None = None, seed: int = 0, db_dir: str | None = None,  # noqa: ARG001
           max_seconds: float | None = None, min_decided: int | None = None) -> dict:
    """Property-based search for a counterexample; the contract's conjecture JSON (``replay`` aside).

    ``refuted``: a counterexample (hypotheses hold, conclusion false). ``survived``: none, and at least
    ``min_decided`` trials were decided. ``inconclusive``: neither — too many trials undecided, outside the
    hypotheses or past the time cap (the counts say which).
    """
    from hypothesis import HealthCheck, Phase, assume, given, settings
    from hypothesis import seed as hseed
    from hypothesis import strategies as st
    from hypothesis.database import InMemoryExampleDatabase
    from hypothesis.errors import Flaky, Unsatisfiable

    conj.validate()
    budget = conj.default_budget if budget is None else budget
    if budget < 1:
        raise InputError(f"--budget must be >= 1, got {budget}")
    need = min_decided if min_decided is not None else (conj.min_decided or default_min_decided(budget))
    if need < 1:
        raise InputError(f"--min-decided must be >= 1, got {need}")
    state = SearchState(cap=budget + max(budget, 8))  # generation plus a bounded shrinking phase
    # An in-memory database: nothing is written to the working directory (no .hypothesis/). What a run leaves
    # behind is the caller's: --out holds the page and result.json with the counterexample's replay command.
    db = InMemoryExampleDatabase()
    strategy = st.fixed_dictionaries({k: d.strategy() for k, d in conj.space.items()})
    t0 = time.perf_counter()

    def evaluate(params):
        q = conj.experiment(dict(params))
        values = {**params, **q}
        hyp = [conj.holds(h, values) for h in conj.hypotheses]
        hyp_state = None if any(h is None for h in hyp) else all(hyp)
        return q, hyp_state, conj.holds(conj.conclusion, values)

    @hseed(seed)
    @settings(max_examples=budget, database=db, deadline=None, derandomize=False, print_blob=False,
              suppress_health_check=list(HealthCheck), report_multiple_bugs=False,
              phases=[Phase.reuse, Phase.generate, Phase.shrink])
    @given(strategy)
    def prop(params):
        state.trials += 1
        for k, v in params.items():
            state.tried.setdefault(k, []).append(v)
        if state.trials > state.cap or time.perf_counter() - t0 > (max_seconds or conj.max_seconds):
            state.skipped += 1
            return  # trial or time cap spent: stop failing so hypothesis settles on the best example so far
        try:
            q, hyp_ok, concl = evaluate(params)
        except InputError:
            state.undecided += 1
            assume(False)
            return
        if hyp_ok is False:
            state.outside += 1
            assume(False)
        if hyp_ok is None or concl is None:
            state.undecided += 1
            assume(False)
        state.decided += 1
        if concl is False:
            rec = {"params": dict(params), "quantities": q}
            if state.first is None:
                state.first = rec
            state.last = rec
            raise _Refuted()

    try:
        prop()
    except (_Refuted, Flaky):
        pass
    except Unsatisfiable:  # no trial satisfied the hypotheses: counted below, never "survived"
        pass
    except Exception as exc:  # hypothesis wraps a repeated failure; anything else is a bug in the experiment
        if not (state.last and isinstance(exc, _Refuted)):
            if type(exc).__name__ not in ("FlakyFailure", "ExceptionGroup", "MultipleFailures", "Flaky"):
                raise RuntimeError("experiment failed: " + "".join(traceback.format_exception_only(type(exc), exc)).strip())
    seconds = time.perf_counter() - t0
    status = "refuted" if state.last else ("survived" if state.decided >= need else "inconclusive")
    return {"schema": SCHEMA, "conjecture": conj.id, "title": conj.title, "status": status, "trials": state.trials,
            "decided_trials": state.decided, "undecided_trials": state.undecided, "skipped_trials": state.skipped,
            "outside_hypotheses_trials": state.outside, "min_decided": need,
            "budget": budget, "seed": seed, "seconds": round(seconds, 3),
            "trials_per_minute": round(60 * state.trials / max(seconds, 1e-9), 1),
            "counterexample": state.last, "first_failure": state.first, "coverage": _coverage(state.tried)}


def replay_args(params: dict) -> str:
    return ",".join(f"{k}={v!r}" if isinstance(v, str) else f"{k}={v}" for k, v in params.items())


def parse_replay(conj: Conjecture, text: str) -> dict:
    out = {}
    for item in filter(None, text.split(",")):
        if "=" not in item:
            raise InputError(f"--replay {text!r}: expected KEY=VALUE,...")
        k, v = item.split("=", 1)
        if k not in conj.space:
            raise InputError(f"--replay: unknown parameter {k!r} (space: {', '.join(conj.space)})")
        dim = conj.space[k]
        try:
            out[k] = (v.strip("'\"") if isinstance(dim, Choice) else int(v) if isinstance(dim, Int) else float(v))
        except ValueError:
            raise InputError(f"--replay: {k}={v} is not a valid value") from None
    missing = set(conj.space) - set(out)
    if missing:
        raise InputError(f"--replay: missing {', '.join(sorted(missing))}")
    return out


def replay(conj: Conjecture, params: dict) -> dict:
    q = conj.experiment(dict(params))
    values = {**params, **q}
    hyp = [conj.holds(h, values) for h in conj.hypotheses]
    concl = conj.holds(conj.conclusion, values)
    status = "refuted" if all(h is True for h in hyp) and concl is False else "survived"
    return {"conjecture": conj.id, "status": status, "params": params, "quantities": q,
            "hypotheses_hold": all(h is True for h in hyp), "conclusion_holds": concl}
