"""Every input of a check is bound: read by a hypothesis row of its claim, or declared inert with a reason.

A setting outside a theorem must give ``outside-hypotheses``, never a verdict credited to the paper. That holds only
if every ``--set`` parameter (and, for a claim taking ``--data``, every property of the data set that a theorem can
ask about) reaches some hypothesis row, or provably cannot move the hypotheses. For each input of a check,
``bindings(spec)`` says which:

* ``reads``: a hypothesis row reads it — it is in the row's ``Condition.reads``, or it is one of the row's symbols
  under the same name (the row ``a > 0`` reads the parameter ``a``);
* ``constant``: a constant of the statement (``Claim.constants``): a number of the conclusion the theorem leaves to
  the reader, exposed as a parameter by ``checks.params.constant_params``;
* ``inert``: the check declares it inert for this claim (``CheckSpec.inert``), with a one-line reason (a horizon, a
  tolerance of a conclusion row, a seed of a draw the hypotheses are evaluated on);
* ``unbound``: none of these — the conformance suite (``ibcheck.testing.conformance``) fails.

``ibcheck list -v`` and ``ibcheck check ID --explain`` print the table.
"""
from __future__ import annotations

from dataclasses import dataclass

# The properties of a user data set (``--data``) a hypothesis can be about; each must be read by a hypothesis row of a
# claim that takes ``--data``, or declared inert for it (``CheckSpec.inert["data.rank"] = "why"``).
DATA_PROPERTIES: dict[str, str] = {
    "data.labels": "the labels: their values (±1, real targets), their classes, and whether they can be fitted "
                   "(separable, realizable)",
    "data.rank": "the geometry of X: its rank, duplicated or dependent rows, and the span of the support vectors",
}


@dataclass(frozen=True)
class Binding:
    """How one input is bound: ``kind`` (reads, constant, inert, unbound) and ``why`` (the row names or a reason)."""

    name: str
    kind: str
    why: str

    def line(self) -> str:
        if self.kind == "reads":
            return f"{self.name}: read by {self.why}"
        if self.kind == "constant":
            return f"{self.name}: {self.why}"
        if self.kind == "inert":
            return f"{self.name}: inert — {self.why}"
        return f"{self.name}: UNBOUND (read by no hypothesis and not declared inert)"


def inputs(spec) -> list[str]:
    """The check's inputs: its parameters and, if it takes ``--data``, the data properties."""
    return list(spec.params) + (list(DATA_PROPERTIES) if spec.accepts_data else [])


def bindings(spec) -> dict[str, Binding]:
    """``{input: Binding}`` for every parameter and data property of ``spec`` (a ``checks.base.CheckSpec``)."""
    claim = spec.claim
    readers: dict[str, list[str]] = {}
    for h in claim.hypotheses:
        for name in set(h.reads) | h.symbols:
            readers.setdefault(name, []).append(repr(h.name))
    out = {}
    for name in inputs(spec):
        if name in readers:
            out[name] = Binding(name, "reads", ", ".join(readers[name]))
        elif name in claim.constants:
            out[name] = Binding(name, "constant", "a constant of the conclusion (the statement leaves its value to "
                                                  "the reader); the hypotheses do not involve it")
        elif (spec.inert or {}).get(name, "").strip():
            out[name] = Binding(name, "inert", spec.inert[name].strip())
        else:
            out[name] = Binding(name, "unbound", "")
    return out


def unbound(spec) -> list[str]:
    """The inputs of ``spec`` that no hypothesis reads and the check does not declare inert."""
    return [k for k, b in bindings(spec).items() if b.kind == "unbound"]


def problems(spec) -> list[str]:
    """What is wrong with the declarations: unbound inputs, an inert reason that is not one line, a data property no
    one knows. (A table shared by several checks may name inputs a check lacks — a misspelt name leaves the real input
    unbound, which fails — and inputs a hypothesis of this claim reads: the read wins, and ``explain`` shows it.)"""
    out = [f"{k}: read by no hypothesis and not declared inert (CheckSpec.inert)" for k in unbound(spec)]
    known = set(inputs(spec))
    for k, why in (spec.inert or {}).items():
        if k in known and ("\n" in why or not why.strip()):
            out.append(f"inert {k!r}: the reason must be one line")
    for h in spec.claim.hypotheses:
        bad = [r for r in h.reads if r.startswith("data.") and r not in DATA_PROPERTIES]
        if bad:
            out.append(f"hypothesis {h.name!r} reads unknown data properties {bad} (known: {list(DATA_PROPERTIES)})")
    return out


def explain(spec) -> list[str]:
    """One line per input: the hypothesis rows reading it, or why it is inert."""
    return [b.line() for b in bindings(spec).values()]


# One-line reasons shared by many checks (``CheckSpec.inert`` values): each says why such an input cannot move a
# theorem's hypotheses.
HORIZON = ("the horizon (how long the run is watched): the limit and rate rows judge whether it sufficed "
           "(inconclusive, naming the horizon needed); no hypothesis depends on it")
TOLERANCE = "a tolerance of a conclusion row (its reason stands next to the row); no hypothesis depends on it"
RESOLUTION = ("the measurement's resolution (recorded checkpoints, samples, the integrator's accuracy), not the "
              "theorem's setting; the rows' floors account for it")
CERTIFY = "asks for interval certificates of the reported numbers: how a number is computed, not the setting"
REPEATS = "repetitions of the same setting (more seeds or draws): the verdict is the worst over them"
GRID = ("the grid a slope or a sweep is measured over: each point is a setting of the statement, and the rows "
        "judge the fitted slope; no hypothesis of a single point depends on it")
