"""The four verdicts, ordered from best to worst, and how they combine (worst wins)."""
from __future__ import annotations

VERIFIED = "verified"
OUTSIDE = "outside-hypotheses"
INCONCLUSIVE = "inconclusive"
VIOLATED = "violated"
# An exploratory claim asks a question; its answer is a measurement, never a counterexample (exit 0).
OBSERVED = "observed"

# Severity order used to combine seeds / sweep points: a violation anywhere is the headline.
ORDER = (VERIFIED, OBSERVED, OUTSIDE, INCONCLUSIVE, VIOLATED)

# CLI exit status per verdict (CONTRACT.md).
EXIT_CODE = {VERIFIED: 0, OBSERVED: 0, VIOLATED: 1, OUTSIDE: 3, INCONCLUSIVE: 4}


def worst(verdicts) -> str:
    """The most severe verdict of an iterable (``verified`` for an empty one)."""
    return max(verdicts, key=ORDER.index, default=VERIFIED)
