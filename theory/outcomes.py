"""Typed outcomes: why a verdict is what it is, as a code with a message, and the one table of precedence.

A check that cannot decide says so with an ``Inconclusive(code, message)`` (``checks.base.Measurement``): the code
says what kind of failure it is — the numerics did not converge, an exact reference failed, the trainer or
integrator broke, no sample or setting met a precondition of the measurement, a symbolic proof left a case open —
and the message what was measured. ``Claim.evaluate`` combines it with what the rows say; the first cause present
in ``PRECEDENCE`` decides the verdict and the result's ``reason_code``. A check whose conclusion is the very thing a
code reports (a claim "GD converges") waives that code (``checks.base.waive``), by code, never by message text.
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from . import verdict as V


class Reason(str, Enum):
    """The cause of a verdict other than ``verified``; the value is the stable code (JSON ``reason_code``)."""

    # reported by a check (``Inconclusive``): the numerics did not decide
    NOT_CONVERGED = "not-converged"  # the trainer or flow did not reach its stopping rule within its budget
    DIRECTION_NOT_CONVERGED = "direction-not-converged"  # the iterate converges, its direction not yet (a longer run)
    NUMERICS_FAILED = "numerics-failed"  # the integrator or trainer broke (stopped early, unbalanced, non-finite)
    REFERENCE_FAILED = "reference-failed"  # an exact reference failed, disagrees with its cross-check or is uncertified
    NO_VALID_SAMPLE = "no-valid-sample"  # no setting or sample met a precondition of the measurement itself
    SYMBOLIC_UNDECIDED = "symbolic-undecided"  # a symbolic proof left a case undecided
    # derived by ``Claim.evaluate`` from the rows
    HYPOTHESIS_FAILS = "hypothesis-fails"  # a hypothesis (stated on the inputs) fails: outside the theorem
    STAND_IN = "stand-in"  # a conclusion fails under a hypothesis level chosen here, and the failure does not persist
    CONCLUSION_FAILS = "conclusion-fails"  # a deciding conclusion fails: a counterexample
    NOT_COMPUTABLE = "not-computable"  # a needed number is NaN
    UNSETTLED = "unsettled"  # an asymptotic row its checkpoints do not decide yet (a longer run is needed)
    THRESHOLD_MISSED = "threshold-missed"  # only a row of provenance `threshold` fails (a number chosen here)
    OBSERVED = "observed"  # an exploratory claim's answer (where a conclusion or threshold fails)


REPORTED = (Reason.NOT_CONVERGED, Reason.DIRECTION_NOT_CONVERGED, Reason.NUMERICS_FAILED, Reason.REFERENCE_FAILED, Reason.NO_VALID_SAMPLE,
            Reason.SYMBOLIC_UNDECIDED)

# The precedence between causes, strongest first, with the verdict each gives: the first cause present decides.
# A failed hypothesis decides first (the theorem says nothing there); a check's own "not decided" outranks a failed
# conclusion (a run that did not converge, or a reference that failed, is no counterexample); a definite failure
# of a stated conclusion outranks a NaN elsewhere; a missed threshold chosen here decides least.
PRECEDENCE: tuple[tuple[Reason, str], ...] = (
    (Reason.HYPOTHESIS_FAILS, V.OUTSIDE),
    (Reason.REFERENCE_FAILED, V.INCONCLUSIVE),
    (Reason.NUMERICS_FAILED, V.INCONCLUSIVE),
    (Reason.NOT_CONVERGED, V.INCONCLUSIVE),
    (Reason.DIRECTION_NOT_CONVERGED, V.INCONCLUSIVE),
    (Reason.NO_VALID_SAMPLE, V.INCONCLUSIVE),
    (Reason.SYMBOLIC_UNDECIDED, V.INCONCLUSIVE),
    (Reason.STAND_IN, V.INCONCLUSIVE),
    (Reason.CONCLUSION_FAILS, V.VIOLATED),
    (Reason.NOT_COMPUTABLE, V.INCONCLUSIVE),
    (Reason.UNSETTLED, V.INCONCLUSIVE),
    (Reason.THRESHOLD_MISSED, V.INCONCLUSIVE),
)


@dataclass(frozen=True)
class Inconclusive:
    """Why a measurement does not decide: a ``Reason`` among ``REPORTED`` and what was measured (one line)."""

    code: Reason
    message: str

    def __post_init__(self):
        if not isinstance(self.code, Reason) or self.code not in REPORTED:
            raise TypeError(f"Inconclusive: the code must be one of {[r.name for r in REPORTED]}, got {self.code!r}")
        if not isinstance(self.message, str) or not self.message.strip():
            raise TypeError("Inconclusive: the message says what was measured (a non-empty string)")

    def __str__(self) -> str:
        return self.message


def first(causes: dict) -> tuple[Reason, str] | None:
    """The deciding ``(cause, verdict)`` among ``causes`` (the causes present, each mapped to anything truthy)."""
    for cause, verdict in PRECEDENCE:
        if causes.get(cause):
            return cause, verdict
    return None
