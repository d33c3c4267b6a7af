"""The vocabulary of documented outcomes: an ``Expected`` verdict pinned row by row, and how a result is compared.

Each paper keeps its own entries in ``checks/<paper>/expected.py``; ``checks.cases.EXPECTED`` collects them.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Expected:
    """A documented non-verified outcome, pinned row by row.

    ``holds`` is one character per hypothesis row, a ``|``, then one per conclusion row, in the claim's
    order: ``T`` holds, ``F`` fails, ``?`` undecided (NaN). Any change in any row fails the suite, so a
    regression that breaks one more conclusion of a documented finding is caught.
    """

    verdict: str
    reason: str
    holds: str | None = None  # None only while an entry is being migrated; test_expected_table refuses it


def pattern(result: dict) -> str:
    """The ``holds`` string of a result (see ``Expected``)."""
    ch = lambda h: "T" if h is True else "F" if h is False else "?"  # noqa: E731
    return "".join(ch(r["holds"]) for r in result["hypotheses"]) + "|" + "".join(
        ch(r["holds"]) for r in result["conclusions"])


def describe(result: dict, holds: str) -> str:
    """The rows whose holds differ from ``holds``, by name (for assertion messages)."""
    rows = result["hypotheses"] + result["conclusions"]
    want = holds.replace("|", "")
    got = pattern(result).replace("|", "")
    if len(want) != len(got):
        return f"expected {len(want)} rows, got {len(got)}"
    return "; ".join(f"{r['name']}: expected {w}, got {g}" for r, w, g in zip(rows, want, got) if w != g)
