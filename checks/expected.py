"""The vocabulary of documented outcomes: an ``Expected`` verdict pinned row by row, by row name, and how a result is
compared with it.

Each paper keeps its own entries in ``<paper>/checks/expected.py``; ``checks.cases.EXPECTED`` collects them.
"""
from __future__ import annotations

from dataclasses import dataclass

HOLDS, FAILS, UNDECIDED = "T", "F", "?"


@dataclass(frozen=True)
class Expected:
    """A documented non-verified outcome, pinned row by row by the rows' stable names.

    ``fails`` names the hypothesis and conclusion rows that fail, ``undecided`` those that are undecided (NaN, or an
    asymptotic row its checkpoints do not decide); every other row of the claim must hold. Any change in any row
    fails the suite, so a regression that breaks one more conclusion of a documented finding is caught, and a row
    inserted or reordered in the statement changes nothing here (a renamed row fails, naming it).

    ``holds`` is the former positional form (``"FT|TFT"``: one character per hypothesis, a ``|``, one per
    conclusion, in the claim's order): still read, for one release, so that entries written before rows were named
    keep working; ``rows_of`` converts it with the claim's current order, and the suite asks for the named form.
    """

    verdict: str
    reason: str
    holds: str | None = None
    fails: tuple | None = None
    undecided: tuple = ()

    def __post_init__(self):
        for name in ("fails", "undecided"):
            v = getattr(self, name)
            if isinstance(v, str):  # one row name, not its characters
                object.__setattr__(self, name, (v,))
            elif v is not None:
                object.__setattr__(self, name, tuple(v))

    @property
    def named(self) -> bool:
        return self.fails is not None

    def rows(self, claim) -> dict[str, str] | None:
        """``{row name: "T" | "F" | "?"}`` over every hypothesis and conclusion of ``claim`` (None: not pinned)."""
        names = row_names(claim)
        if self.named:
            out = {n: HOLDS for n in names}
            out.update({n: FAILS for n in self.fails})
            out.update({n: UNDECIDED for n in self.undecided})
            return out
        if isinstance(self.holds, str):
            chars = self.holds.replace("|", "")
            return dict(zip(names, chars)) if len(chars) == len(names) else None
        return None

    def unknown_rows(self, claim) -> list[str]:
        """Row names in ``fails``/``undecided`` that the claim does not have (a renamed or deleted row)."""
        names = set(row_names(claim))
        return sorted(n for n in (self.fails or ()) + tuple(self.undecided) if n not in names)

    def pattern(self, claim) -> str | None:
        """The positional display form ``"TT|FT"`` in the claim's current row order (docs, the report)."""
        rows = self.rows(claim)
        if rows is None:
            return self.holds if isinstance(self.holds, str) else None
        h = [rows[c.name] for c in claim.hypotheses]
        c = [rows[x.name] for x in claim.conclusions]
        return "".join(h) + "|" + "".join(c)


def row_names(claim) -> list[str]:
    """The claim's row names, hypotheses then conclusions (unique within a claim: the rows' stable keys)."""
    return [c.name for c in claim.hypotheses] + [c.name for c in claim.conclusions]


def rows_of(claim) -> list[str]:
    return row_names(claim)


def result_rows(result: dict) -> dict[str, str]:
    """``{row name: "T" | "F" | "?"}`` of a result."""
    ch = lambda h: HOLDS if h is True else FAILS if h is False else UNDECIDED  # noqa: E731
    return {r["name"]: ch(r["holds"]) for r in result["hypotheses"] + result["conclusions"]}


def pattern(result: dict) -> str:
    """The positional display form of a result (``"TT|FT"``)."""
    ch = lambda h: "T" if h is True else "F" if h is False else "?"  # noqa: E731
    return "".join(ch(r["holds"]) for r in result["hypotheses"]) + "|" + "".join(
        ch(r["holds"]) for r in result["conclusions"])


def differences(result: dict, want: dict[str, str]) -> list[str]:
    """The rows whose state differs from ``want`` (by name; a row missing on either side is a difference)."""
    got = result_rows(result)
    out = [f"{n}: expected {want[n]}, got {got.get(n, 'no such row')}" for n in want if got.get(n) != want[n]]
    out += [f"{n}: not documented (got {g})" for n, g in got.items() if n not in want]
    return out


def describe(result: dict, holds) -> str:
    """The rows whose state differs from the documented ones, by name (for assertion messages); ``holds`` is an
    ``Expected``'s rows dict or its former positional string."""
    if isinstance(holds, str):
        rows = result["hypotheses"] + result["conclusions"]
        want = holds.replace("|", "")
        if len(want) != len(rows):
            return f"expected {len(want)} rows, got {len(rows)}"
        holds = {r["name"]: w for r, w in zip(rows, want)}
    return "; ".join(differences(result, holds))


def matches(result: dict, e: Expected, claim) -> bool:
    """Whether a result is the documented outcome ``e`` (verdict and every row)."""
    rows = e.rows(claim)
    return result["verdict"] == e.verdict and (rows is None or not differences(result, rows))
