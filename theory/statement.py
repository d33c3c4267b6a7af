"""The statement model: a claim is hypotheses ⟹ conclusions, each a sympy relation with provenance and a kind.

A ``Condition`` is ``lhs REL rhs`` (``≤``, ``≥``, ``=``) over named symbols, with the tolerance that
governs it and a one-line reason for that tolerance. Each row has a **provenance** (where it comes from) and
a **kind** (what sort of statement it is), and only some rows may decide ``violated``:

* provenance ``seed`` (the seed documents), ``paper`` (the cited paper's own statement), ``standard`` (a textbook
  fact), ``reconstructed`` (derived here; the derivation is given) — these *decide*; ``threshold`` (a number chosen
  here, with its reason) never decides ``violated``: a failed threshold row makes the verdict ``inconclusive``;
* kind ``bound`` (a finite-time inequality or identity the source states), ``limit`` / ``rate`` (an asymptotic
  "q → q∞" / "q = O(r)" judged from geometric checkpoints by ``theory.asymptotic``), ``diagnostic`` (shown in the
  table and the report, never deciding anything).

``Claim.evaluate`` substitutes measured numbers and returns the rows, the verdict and its typed cause
(``reason_code``), by the one precedence table ``theory.outcomes.PRECEDENCE``:

* ``outside-hypotheses`` — some hypothesis (stated on the inputs) fails;
* ``inconclusive`` — the check says the numerics did not decide, with a code (``theory.outcomes.Inconclusive``:
  a reference failed, the integrator broke, the run did not converge, no valid sample, a symbolic case open);
* ``violated`` — a deciding conclusion fails (a definite failure beats a NaN elsewhere);
* ``inconclusive`` — a needed number is missing/NaN, or only a ``threshold`` row fails;
* ``verified`` — every deciding row holds within tolerance.

An exploratory claim asks a question: where it would be ``violated`` its verdict is ``observed`` (exit 0).
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field

import sympy as sp

from . import verdict as V
from .outcomes import Inconclusive, first
from .outcomes import Reason as R
from .rates import on_clock, rate_problem

PROVENANCES = ("seed", "paper", "standard", "reconstructed", "threshold")
# Rows of these provenances may decide ``violated``; a ``threshold`` row only ever makes a verdict inconclusive.
DECIDING = ("seed", "paper", "standard", "reconstructed")
KINDS = ("bound", "limit", "rate", "diagnostic")
_REL = {sp.LessThan: "<=", sp.StrictLessThan: "<=", sp.GreaterThan: ">=", sp.StrictGreaterThan: ">=",
        sp.Equality: "=="}


# Base scalings for the symbolic sanity of statements: a symbol's ``dims`` says how it scales under each.
UNITS = {
    "x": "inputs x → c·x",
    "y": "labels or regression targets y → c·y",
    "w": "trained weights W → c·W (a free scale of the parameters, e.g. along a homogeneous flow)",
    "n": "every example duplicated (extensive quantities: counts and sums over examples)",
    "t": "time (steps or gradient-flow time) t → c·t",
}


def parse_dims(spec: str | None) -> dict | None:
    """``"y x^-1"`` → ``{"y": 1, "x": -1}``; ``"1"`` (dimensionless) → ``{}``; ``None`` → undeclared."""
    if spec is None:
        return None
    out: dict[str, sp.Rational] = {}
    for tok in spec.replace("*", " ").split():
        if tok == "1":
            continue
        base, _, exp = tok.partition("^")
        if base not in UNITS:
            raise ValueError(f"dims {spec!r}: unknown unit {base!r} (known: {', '.join(UNITS)})")
        out[base] = out.get(base, 0) + sp.Rational(exp or 1)
    return {k: v for k, v in out.items() if v != 0}


@dataclass(frozen=True)
class Sym:
    """A named quantity: its sympy symbol, LaTeX, meaning and scaling dimensions.

    ``dims`` is a product of the base units of ``UNITS`` with rational exponents (``"x^2"`` for ‖λ‖₁,
    ``"y x^-1"`` for a distance between regression weights, ``"1"`` for a dimensionless number);
    ``None`` means not declared yet.
    """

    name: str
    latex: str
    meaning: str
    dims: str | None = None

    def __post_init__(self):
        parse_dims(self.dims)  # a malformed dimension is an error at import time

    @property
    def s(self) -> sp.Symbol:
        return sp.Symbol(self.name, real=True)

    @property
    def scaling(self) -> dict | None:
        return parse_dims(self.dims)


@dataclass(frozen=True)
class Condition:
    """``lhs REL rhs`` with tolerance ``atol + rtol·|rhs|`` (``reason`` says why) and provenance."""

    name: str
    rel: sp.Rel
    rtol: float = 0.0
    atol: float = 0.0
    reason: str = "exact comparison"
    provenance: str = "seed"
    note: str = ""
    kind: str = "bound"
    # ``limit`` / ``rate`` rows: ``rel`` is ``Eq(series, q∞)``; the series symbol's value is a
    # ``theory.asymptotic.Series``; ``atol`` is the tolerance on the extrapolated limit. ``clock`` names the clock
    # symbol of ``rate`` (r(τ), decreasing to 0), ``order`` the stated exponent of r, ``order_tol`` its slack,
    # ``floor`` the measurement's resolution, ``free_limit`` "q converges to something" (rhs ignored).
    clock: str = ""
    rate: object = None
    order: float = 1.0
    order_tol: float = 0.25
    floor: float = 0.0
    clock_label: str = ""
    free_limit: bool = False
    two_sided: bool = False  # Θ(r): the observed order must also stay ≤ order + order_tol
    bounded_by: str = ""  # a measured series b with q ≤ C·b (stated in reason): while b decays, no refutation of q → 0
    slowest: object = None  # the slowest mode u(τ) the derivation admits (sympy): refutations it explains are withheld
    reads: tuple[str, ...] = ()  # inputs read beyond its symbols' names (--set parameters, "data.rank")
    alternatives: tuple = ()  # declared nearest wrong answers, each excluded before verified (asymptotic_alternatives)
    log_factor: str = ""

    def __post_init__(self):
        if isinstance(self.reads, str) or not all(isinstance(r, str) for r in self.reads):
            raise TypeError(f"condition {self.name}: reads is a tuple of parameter / data-property names")
        if type(self.rel) not in _REL:
            raise TypeError(f"condition {self.name}: expected a sympy relation, got {self.rel!r}")
        if self.provenance not in PROVENANCES:
            raise ValueError(f"condition {self.name}: provenance must be one of {PROVENANCES}")
        if self.kind not in KINDS:
            raise ValueError(f"condition {self.name}: kind must be one of {KINDS}")
        if self.asymptotic and (not self.clock or self.rate is None or type(self.rel) is not sp.Equality):
            raise ValueError(f"condition {self.name}: a {self.kind} row needs Eq(series, limit), a clock and a rate")
        if self.asymptotic:  # the clock by its name, whatever assumptions its symbol was made with
            for attr in ("rate", "slowest"):
                if getattr(self, attr) is not None:
                    object.__setattr__(self, attr, on_clock(getattr(self, attr), self.clock))
            why = rate_problem(self.rate, self.clock)
            if why:
                raise ValueError(f"condition {self.name}: the rate {self.rate} {why}")

    @property
    def asymptotic(self) -> bool:
        return self.kind in ("limit", "rate")

    @property
    def decides(self) -> bool:
        """Whether a failure of this row is a counterexample (``violated``): not a diagnostic, not a threshold."""
        return self.kind != "diagnostic" and self.provenance in DECIDING

    @property
    def relation(self) -> str:
        return _REL[type(self.rel)]

    @property
    def symbols(self) -> set[str]:
        return {s.name for s in self.rel.free_symbols}

    def _side(self, expr, values) -> float:
        missing = {s.name for s in expr.free_symbols} - set(values)
        if missing:  # not measured (e.g. the flow was skipped): undecidable, never silently true
            return math.nan
        f = sp.lambdify([sp.Symbol(n, real=True) for n in sorted(values)], expr, "math")
        try:
            return float(f(*[float(values[n]) for n in sorted(values)]))
        except (ValueError, ZeroDivisionError, OverflowError):
            return math.nan

    def evaluate(self, values: dict) -> dict:
        """One table row: lhs, rhs, relation, tolerance, slack (≥ 0 iff it holds), holds (None if NaN)."""
        vals = {k: float(v) for k, v in values.items() if isinstance(v, (int, float, bool)) and v is not None}
        if self.asymptotic:
            return self._evaluate_asymptotic(values, vals)
        lhs, rhs = self._side(self.rel.lhs, vals), self._side(self.rel.rhs, vals)
        tol = self.atol + self.rtol * abs(rhs) if math.isfinite(rhs) else math.nan
        if self.relation == "<=":
            slack = rhs + tol - lhs
        elif self.relation == ">=":
            slack = lhs - (rhs - tol)
        else:
            slack = tol - abs(lhs - rhs)
        holds = None if math.isnan(slack) else bool(slack >= 0)  # ±inf decides; only NaN is undecidable
        return {"name": self.name, "lhs": lhs, "rhs": rhs, "relation": self.relation, "tolerance": tol,
                "slack": slack, "holds": holds, "tolerance_reason": self.reason, "provenance": self.provenance,
                "kind": self.kind}

    def _evaluate_asymptotic(self, values: dict, vals: dict) -> dict:
        """A ``limit`` / ``rate`` row judged from the series' checkpoints (``theory.asymptotic.judge``)."""
        from . import asymptotic_alternatives as alts, asymptotic_frozen as frozen, asymptotic_withhold as withhold
        from .asymptotic import Series, judge, rate_function
        series = values.get(getattr(self.rel.lhs, "name", ""))
        limit = math.nan if self.free_limit else self._side(self.rel.rhs, vals)
        row = {"name": self.name, "lhs": math.nan, "rhs": limit, "relation": "→", "tolerance": self.atol,
               "slack": math.nan, "holds": None, "tolerance_reason": self.reason, "provenance": self.provenance,
               "kind": self.kind, "rate": str(self.rate), "order": self.order, "clock": self.clock_label or self.clock}
        if not isinstance(series, Series) or (not self.free_limit and not math.isfinite(limit)):
            row.update(judgement="no checkpoints measured" if not isinstance(series, Series) else "stated limit is NaN",
                       checkpoints=[], values=[], window=None, horizon_needed=None,
                       observed_order={"value": math.nan, "interval": [math.nan, math.nan]},
                       limit_estimate={"value": math.nan, "interval": [math.nan, math.nan]}, alternatives=[],
                       frozen_at=None)
            return row
        clock = sp.Symbol(self.clock, real=True)  # other symbols of the rate (e.g. the degree L) are measured numbers
        measured = lambda e: {s: vals.get(s.name, math.nan) for s in e.free_symbols if s != clock}  # noqa: E731
        rate = self.rate.subs(measured(self.rate))
        known = measured(self.slowest) if self.slowest is not None else {}
        slowest = (self.slowest.subs(known) if self.slowest is not None and not any(math.isnan(v) for v in
                                                                                    known.values()) else None)
        j = judge(series.clock, series.values, rate, self.clock, None if self.free_limit else limit,
                  order=self.order, order_tol=self.order_tol, limit_tol=self.atol, floor=self.floor,
                  clock_label=self.clock_label or None, stated_rate=self.kind == "rate",
                  two_sided=self.two_sided, slowest=slowest, log_factor=self.log_factor)
        if self.bounded_by:
            withhold.bounded_by(j, values.get(self.bounded_by), rate, self.clock, self.bounded_by)
        label = self.clock_label or self.clock
        tf = frozen.frozen_at(series)
        if frozen.apply(j, series, label) or self.free_limit:
            alternatives = []  # a frozen run is no evidence for or against any answer
        else:
            alternatives = alts.assess(self, j, rate_function(rate, self.clock), limit,
                                       lambda e: self._side(sp.sympify(e), vals), label)
        lo = j.observed_order["interval"][0]
        row.update(j.row(), lhs=float(series), holds=j.holds, alternatives=alternatives,
                   frozen_at=tf if math.isfinite(tf) else None,
                   slack=lo - (self.order - self.order_tol) if math.isfinite(lo) else math.nan)
        return row


@dataclass(frozen=True)
class RateOf:
    """A stated rate is the log–log slope of another claim's bound: ``∂ log(bound) / ∂ log(variable)``.

    ``condition`` names a hypothesis or conclusion of ``claim``; its ``side`` (``"rhs"``: the bound, by convention)
    is differentiated by sympy. ``along`` says how other symbols co-vary along the sweep the slope is fitted over
    (``(("lam_l2", "sqrt(trace_sigma)"),)``: an isotropic spectrum); ``value`` is the stated slope when the rate
    claim's conclusion compares with a measured slope rather than a number. ``theory.sanity`` checks the link.
    """

    claim: str
    condition: str
    variable: str
    along: tuple = ()
    value: object = None
    side: str = "rhs"


@dataclass(frozen=True)
class Claim:
    """A catalogue entry: ID, source, hypotheses ⟹ conclusions over named symbols, with provenance."""

    id: str
    title: str
    source: str
    symbols: tuple[Sym, ...]
    hypotheses: tuple[Condition, ...]
    conclusions: tuple[Condition, ...]
    summary: str = ""
    exploratory: bool = False
    references: tuple[str, ...] = field(default_factory=tuple)
    constants: dict = field(default_factory=dict)  # name -> default of each (reconstructed) constant
    # Why a relation is not invariant under a unit of UNITS, by design: {"condition name" or
    # "condition name:unit": "one-line reason"}; reported by the sanity test (theory.sanity), never silent.
    scaling_exempt: dict = field(default_factory=dict)
    # The slopes a rate claim states, linked to the bounds they are the slopes of: {"slope symbol": RateOf | (RateOf, ...)}.
    rate_of: dict = field(default_factory=dict)

    @property
    def provenance(self) -> str:
        """The weakest provenance among its deciding rows: ``reconstructed`` as soon as any hypothesis or
        conclusion is, else ``standard``, else ``paper``, else ``seed`` (``threshold`` rows decide nothing)."""
        parts = [c.provenance for c in self.hypotheses + self.conclusions]
        for p in ("reconstructed", "standard", "paper"):
            if p in parts:
                return p
        return "seed"

    def latex_names(self) -> dict:
        return {s.s: s.latex for s in self.symbols}

    def condition_latex(self, c: Condition) -> str:
        """A row's relation in the claim's notation; an asymptotic row as what it states: ``q \\to q_\\infty`` for
        a ``limit``, ``q - q_\\infty = O(r)`` (``\\Theta(r)`` when two-sided) for a ``rate`` — never ``q = q∞``."""
        names = self.latex_names()
        if not c.asymptotic:
            return sp.latex(c.rel, symbol_names=names)
        lhs = sp.latex(c.rel.lhs, symbol_names=names)
        rhs = sp.latex(c.rel.rhs, symbol_names=names)
        if c.kind == "limit":
            return lhs + r" \to " + (r"\text{a limit}" if c.free_limit else rhs)
        rate = c.rate ** c.order if c.order != 1 else c.rate
        big = r"\Theta" if c.two_sided else "O"
        err = lhs if c.rel.rhs == 0 or c.free_limit else f"{lhs} - {rhs}"
        return f"{err} = {big}\\left({sp.latex(rate, symbol_names=names)}\\right)"

    def statement_latex(self) -> str:
        """``h₁ ∧ h₂ ⟹ c₁ ∧ c₂`` in LaTeX, rendered from the sympy relations themselves."""
        concl = r" \;\wedge\; ".join(self.condition_latex(c) for c in self.conclusions)
        if not self.hypotheses:
            return concl
        hyp = r" \;\wedge\; ".join(self.condition_latex(c) for c in self.hypotheses)
        return hyp + r" \;\Longrightarrow\; " + concl

    def check_symbols(self) -> None:
        """Every symbol used in a condition is declared (catches typos in statements)."""
        declared = {s.name for s in self.symbols}
        for c in self.hypotheses + self.conclusions:
            unknown = c.symbols - declared
            if unknown:
                raise ValueError(f"claim {self.id}: condition {c.name!r} uses undeclared {sorted(unknown)}")

    def evaluate(self, values: dict, inconclusive: Inconclusive | None = None, nan_reasons: dict | None = None,
                 persists: str | None = None) -> dict:
        """Hypothesis and conclusion rows, the verdict and a one-sentence reason.

        ``inconclusive`` is the check's own typed "not decided" (``theory.outcomes.Inconclusive``); the verdict is
        the first cause present in ``theory.outcomes.PRECEDENCE``, named by the result's ``reason_code``.
        ``nan_reasons`` maps a symbol to why its value is NaN (e.g. "not certified: ..."): an undecided row
        then says why instead of only "not computable". A hypothesis of provenance ``threshold`` stands in for a
        constant the source leaves unspecified ("d ≫ n", "init small enough"): a conclusion failing under it is a
        counterexample only if the failure persists as that level is tightened — ``persists`` is the check's
        evidence that it does (the same failure at settings deeper inside the hypothesis), else ``inconclusive``.
        """
        hyp = [h.evaluate(values) for h in self.hypotheses]
        con = [c.evaluate(values) for c in self.conclusions]
        why = nan_reasons or {}

        def undecided_name(cond, row):
            extra = [why[k] for k in sorted(cond.symbols) if k in why]
            return row["name"] + (f" ({'; '.join(extra)})" if extra else "")
        conds = self.hypotheses + self.conclusions
        undecided = [undecided_name(c, r) for c, r in zip(conds, hyp + con)
                     if r["holds"] is None and c.kind != "diagnostic" and not c.asymptotic]
        unsettled = [f"{r['name']}: {r['judgement']}" for c, r in zip(conds, hyp + con)
                     if r["holds"] is None and c.asymptotic]
        failed_h = [r for c, r in zip(self.hypotheses, hyp) if r["holds"] is False and c.kind != "diagnostic"]
        failed_c = [r for c, r in zip(self.conclusions, con) if r["holds"] is False and c.decides]
        failed_t = [r for c, r in zip(self.conclusions, con)
                    if r["holds"] is False and c.kind != "diagnostic" and not c.decides]
        # a hypothesis whose level is a number chosen here (a stand-in for the source's "d large enough", "init
        # small enough") cannot license a counterexample: under it a failed conclusion is only inconclusive
        stand_in = [r for c, r in zip(self.hypotheses, hyp) if r["holds"] is True and c.provenance == "threshold"
                    and c.kind != "diagnostic"]
        demoted = bool(failed_c and stand_in and not persists and not self.exploratory)
        if inconclusive is not None and not isinstance(inconclusive, Inconclusive):
            raise TypeError("Claim.evaluate: `inconclusive` is an ibcheck.theory.outcomes.Inconclusive (a code and a "
                            f"message), not {type(inconclusive).__name__}")
        texts = {  # the reason each cause gives, built only if it decides
            R.HYPOTHESIS_FAILS: lambda: "hypothesis fails: " + "; ".join(_why(r) for r in failed_h),
            R.STAND_IN: lambda: (
                "conclusion fails: " + "; ".join(_why(r) for r in failed_c) + " — not a counterexample: the "
                "hypothesis " + ", ".join(repr(r["name"]) for r in stand_in) + " holds at a level chosen here for a "
                "constant the source leaves unspecified"),
            R.CONCLUSION_FAILS: lambda: "conclusion fails: " + "; ".join(_why(r) for r in failed_c) + (
                f" — the failure persists as the chosen level is tightened: {persists}" if stand_in else ""),
            R.NOT_COMPUTABLE: lambda: f"not computable (NaN): {', '.join(undecided)}",
            R.UNSETTLED: lambda: "not yet decided by the observed rate: " + "; ".join(unsettled),
            R.THRESHOLD_MISSED: lambda: ("threshold chosen here not reached (not a counterexample): "
                                         + "; ".join(_why(r) for r in failed_t)),
        }
        causes = {R.HYPOTHESIS_FAILS: failed_h, R.STAND_IN: demoted, R.CONCLUSION_FAILS: failed_c,
                  R.NOT_COMPUTABLE: undecided, R.UNSETTLED: unsettled, R.THRESHOLD_MISSED: failed_t}
        if inconclusive is not None:  # the check's own "not decided", typed (theory.outcomes.PRECEDENCE ranks it)
            causes[inconclusive.code] = True
            texts[inconclusive.code] = lambda: inconclusive.message
        hit = first(causes)
        code, verdict = hit if hit else (None, V.VERIFIED)
        reason = texts[code]() if hit else ""
        missed_threshold = code == R.THRESHOLD_MISSED
        if self.exploratory and (verdict == V.VIOLATED or missed_threshold):  # an answer is a measurement
            verdict, reason = V.OBSERVED, "observed: " + "; ".join(_why(r) for r in failed_c + failed_t)
            code = R.OBSERVED
        return {"hypotheses": hyp, "conclusions": con, "verdict": verdict, "reason": reason, "demoted": demoted,
                "reason_code": code.value if code else None}


def _why(row: dict) -> str:
    if "judgement" in row:
        return f"{row['name']} ({row['judgement']})"
    return f"{row['name']} ({row['lhs']:.6g} {row['relation']} {row['rhs']:.6g} ± {row['tolerance']:.2g} is false)"


def le(name, lhs, rhs, **kw) -> Condition:
    return Condition(name, sp.Le(lhs, rhs, evaluate=False), **kw)


def ge(name, lhs, rhs, **kw) -> Condition:
    return Condition(name, sp.Ge(lhs, rhs, evaluate=False), **kw)


def eq(name, lhs, rhs, **kw) -> Condition:
    return Condition(name, sp.Eq(lhs, rhs, evaluate=False), **kw)


def lim(name, series, limit, *, clock, rate, kind="limit", **kw) -> Condition:
    """``series → limit`` at rate ``O(rate^order)`` in ``clock``: a ``limit`` (or ``rate``) row."""
    return Condition(name, sp.Eq(series, limit, evaluate=False), kind=kind, clock=clock, rate=rate, **kw)
