"""The wrong answers of every claim, collected and run: each probe's verdict and the row that rejected it.

Each discovered paper's ``wrong_answers.py`` holds its claims' rows (``TABLE``: claim ID → family → probes, or
``NA`` with a reason; ``HEAVY``: claims whose cheapest probe runs only under ``--profile full``); the families and the
shared probes are ``checks.wrong_answers``. ``reports.discrimination`` writes docs/discrimination.md from these, and
``ibcheck.testing`` runs each claim's cheapest probe.
"""
from __future__ import annotations

from .wrong_answers import FAMILIES, NA, REJECTING, Probe, as_list

_TABLES: list = []


def tables() -> tuple[dict, set]:
    """``(TABLE, HEAVY)`` over every discovered paper (a single probe becomes a one-element list); cached."""
    if _TABLES:
        return _TABLES[0]
    from ibcheck.theory.papers import discover, skipped
    table, heavy = {}, set()
    for p in discover():
        if not p.has("wrong_answers"):
            continue
        try:
            mod = p.module("wrong_answers")
            rows = {cid: {fam: v if isinstance(v, NA) else as_list(v) for fam, v in cells.items()}
                    for cid, cells in mod.TABLE.items()}
        except Exception as exc:  # noqa: BLE001  (an installed paper's fault: one line; a built-in raises)
            skipped(p, exc)
            continue
        table.update(rows)
        heavy |= set(getattr(mod, "HEAVY", ()))
    _TABLES.append((table, heavy))
    return table, heavy


def __getattr__(name):
    if name == "TABLE":
        return tables()[0]
    if name == "HEAVY":
        return tables()[1]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["FAMILIES", "NA", "REJECTING", "Probe", "tables", "rejecting_row", "run_probe", "run_cell", "rejected"]


def rejecting_row(r: dict) -> str:
    """The first failed hypothesis (outside-hypotheses) or conclusion — a deciding one (not a ``threshold`` or
    ``diagnostic`` row, which cannot make a verdict ``violated``) where one failed; else the verdict's reason."""
    rows = r["hypotheses"] if r["verdict"] == "outside-hypotheses" else r["conclusions"]
    failed = [c for c in rows if c["holds"] is False]
    deciding = [c for c in failed if c.get("provenance") != "threshold" and c.get("kind") != "diagnostic"]
    for c in deciding or failed:
        return c["name"]
    return r.get("reason", "")[:120]


def run_probe(cid: str, probe: Probe) -> dict:
    from ibcheck.checks.runner import run_check
    from ibcheck.numerics.runtime.errors import InputError
    try:
        r = run_check(cid, dict(probe.overrides), hooks=probe.hooks() if probe.hooks else None)
    except InputError as exc:
        return {"what": probe.what, "verdict": "input-error", "row": str(exc)[:120]}
    except Exception as exc:  # noqa: BLE001  (a wrong answer that crashes a check is reported, not fatal)
        return {"what": probe.what, "verdict": "error", "row": f"{type(exc).__name__}: {exc}"[:120]}
    return {"what": probe.what, "verdict": r["verdict"], "row": rejecting_row(r)}


def run_cell(cid: str, family: str, cache: dict | None = None) -> list[dict] | NA:
    """The cell's results; ``cache`` ((claim, family, what) -> result) skips probes already run."""
    cell = tables()[0][cid][family]
    if isinstance(cell, NA):
        return cell
    out = []
    for p in cell:
        key = f"{cid}\t{family}\t{p.what}\t{sorted(p.overrides.items())}"
        if cache is None or key not in cache:
            res = run_probe(cid, p)
            if cache is not None:
                cache[key] = res
        out.append(res if cache is None else cache[key])
    return out


def rejected(results: list[dict]) -> bool:
    return all(x["verdict"] in REJECTING for x in results)
