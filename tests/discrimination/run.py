"""Run the wrong answers of a cell: each probe's verdict and the row that rejected it."""
from __future__ import annotations

from .families import NA, REJECTING, Probe
from .table import TABLE


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
    from ibcheck.numerics.errors import InputError
    try:
        r = run_check(cid, dict(probe.overrides), hooks=probe.hooks() if probe.hooks else None)
    except InputError as exc:
        return {"what": probe.what, "verdict": "input-error", "row": str(exc)[:120]}
    except Exception as exc:  # noqa: BLE001  (a wrong answer that crashes a check is reported, not fatal)
        return {"what": probe.what, "verdict": "error", "row": f"{type(exc).__name__}: {exc}"[:120]}
    return {"what": probe.what, "verdict": r["verdict"], "row": rejecting_row(r)}


def run_cell(cid: str, family: str, cache: dict | None = None) -> list[dict] | NA:
    """The cell's results; ``cache`` ((claim, family, what) -> result) skips probes already run."""
    cell = TABLE[cid][family]
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
