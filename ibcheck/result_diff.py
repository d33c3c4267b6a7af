"""``ibcheck diff``: what changed between two sets of results — a theorem CI across versions.

Inputs are what the command line writes: a report's ``results.json`` (a list of check and conjecture objects), a
``sweep --json`` list, or one ``check --json`` object. Results are matched by their case (a report's ``case``;
otherwise the claim and its parameters; one object against one object is matched whatever its parameters), rows by
their ``name`` (never by position), quantities by key.

Verdict ranks (what "regressed" means): ``verified`` = ``observed`` (0) → ``inconclusive`` =
``outside-hypotheses`` (1) → ``violated`` (2). A verdict regressed when its rank rose; inconclusive and
outside-hypotheses share a rank (both mean "not decided": the numerics did not settle, or the setting is not the
theorem's), so a move between them is a change, not a regression. Conjectures rank ``survived`` (0) →
``inconclusive`` (1) → ``refuted`` (2). A result that disappeared is reported (``cases_removed``) and counts as a
regression in ``--strict`` mode only.

A quantity "moved" when it changed by more than the tolerance its row states (``tolerance``, absolute, for a row's
``lhs``/``rhs``) plus ``rtol``·max(|old|, |new|); a quantity with no row (the ``quantities`` block) by more than
``rtol`` relative. ``rtol`` (default 1e-6) sits far above the last bits another machine may change (docs/numerics.md)
and far below any change a verdict would see. Moves and row flips are reported; the exit status follows the verdicts.
"""
from __future__ import annotations

import json
import math
from pathlib import Path

from ibcheck.checks.schema import SCHEMA
from ibcheck.numerics.runtime.errors import InputError

RANK = {"verified": 0, "observed": 0, "outside-hypotheses": 1, "inconclusive": 1, "violated": 2}
CONJECTURE_RANK = {"survived": 0, "inconclusive": 1, "refuted": 2}
ROWS = ("hypotheses", "conclusions")


def load(path: str) -> list[dict]:
    """The result objects of a results.json, a sweep list or a check object; bad input is one ``InputError``."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise InputError(f"{path}: cannot read ({exc.strerror})") from None
    except UnicodeDecodeError:
        raise InputError(f"{path}: not a JSON file (not UTF-8 text)") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(f"{path}: not JSON ({exc.msg} at line {exc.lineno})") from None
    objs = data if isinstance(data, list) else [data]
    if not objs:
        raise InputError(f"{path}: holds no results (an empty list)")
    for i, o in enumerate(objs):
        where = f"{path}" + (f" (object {i})" if isinstance(data, list) else "")
        if not isinstance(o, dict) or not (("claim" in o and "verdict" in o) or ("conjecture" in o and "status" in o)):
            raise InputError(f"{where}: not an ibcheck result (a check object has 'claim' and 'verdict', a conjecture "
                             f"'conjecture' and 'status')")
        schema = o.get("schema", 0)
        if not isinstance(schema, int) or schema > SCHEMA:
            raise InputError(f"{where}: schema {schema!r} is newer than this ibcheck reads (<= {SCHEMA}): upgrade")
    return objs


def key(o: dict) -> str:
    """A result's identity: the report's case, else the claim (or conjecture) and its parameters."""
    if o.get("case"):
        return o["case"]
    if "conjecture" in o:
        return f"conjecture {o['conjecture']}"
    params = o.get("params") or {}
    return f"{o['claim']}[{','.join(f'{k}={v}' for k, v in sorted(params.items()))}]"


def _match(old: list[dict], new: list[dict]) -> tuple[list[tuple[str, dict, dict]], list[str], list[str]]:
    if len(old) == 1 and len(new) == 1 and _ident(old[0]) == _ident(new[0]):  # two runs of one check
        return [(key(new[0]), old[0], new[0])], [], []
    a, b = {key(o): o for o in old}, {key(o): o for o in new}
    pairs = [(k, a[k], b[k]) for k in a if k in b]
    return pairs, [k for k in b if k not in a], [k for k in a if k not in b]


def _ident(o: dict) -> str:
    return o.get("claim") or f"conjecture {o.get('conjecture')}"


def _num(v) -> float | None:
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        return None
    return float(v)


def _moved(a, b, tol: float, rtol: float) -> float | None:
    """The size of the change when it exceeds ``tol + rtol·scale`` (lists: the largest element's), else None."""
    if isinstance(a, list) and isinstance(b, list):
        if len(a) != len(b):
            return math.inf
        ms = [_moved(x, y, tol, rtol) for x, y in zip(a, b)]
        ms = [m for m in ms if m is not None]
        return max(ms) if ms else None
    x, y = _num(a), _num(b)
    if x is None or y is None:
        return None if a == b else math.inf
    if math.isnan(x) and math.isnan(y):
        return None
    d = abs(x - y)
    return d if d > tol + rtol * max(abs(x), abs(y)) or math.isnan(d) else None


def _rows(o: dict, section: str) -> dict[str, dict]:
    return {r.get("name"): r for r in o.get(section) or [] if isinstance(r, dict)}


def compare(old: list[dict], new: list[dict], rtol: float = 1e-6) -> dict:
    """The differences of two result sets (the ``diff --json`` object, without file names)."""
    pairs, added, removed = _match(old, new)
    out = {"verdict_changes": [], "row_flips": [], "rows_added": [], "rows_removed": [], "moved": [],
           "keys_removed": [], "cases_added": added, "cases_removed": removed}
    for case, a, b in pairs:
        who = {"case": case, "claim": _ident(b)}
        if "conjecture" in b:
            _verdict(out, who, a.get("status"), b.get("status"), CONJECTURE_RANK)
            continue
        _verdict(out, who, a.get("verdict"), b.get("verdict"), RANK)
        for section in ROWS:
            ra, rb = _rows(a, section), _rows(b, section)
            out["rows_added"] += [dict(who, section=section, row=n) for n in rb if n not in ra]
            out["rows_removed"] += [dict(who, section=section, row=n) for n in ra if n not in rb]
            for name in (n for n in rb if n in ra):
                x, y = ra[name], rb[name]
                if x.get("holds") != y.get("holds"):
                    out["row_flips"].append(dict(who, section=section, row=name, old=x.get("holds"),
                                                 new=y.get("holds")))
                tol = max(_num(x.get("tolerance")) or 0.0, _num(y.get("tolerance")) or 0.0)
                for side in ("lhs", "rhs"):
                    d = _moved(x.get(side), y.get(side), tol, rtol)
                    if d is not None:
                        out["moved"].append(dict(who, key=f"{section}[{name}].{side}", old=x.get(side),
                                                 new=y.get(side), change=d, tolerance=tol))
        qa, qb = a.get("quantities") or {}, b.get("quantities") or {}
        out["keys_removed"] += [dict(who, key=k) for k in qa if k not in qb]
        for k in (k for k in qb if k in qa):
            d = _moved(qa[k], qb[k], 0.0, rtol)
            if d is not None:
                out["moved"].append(dict(who, key=f"quantities.{k}", old=_short(qa[k]), new=_short(qb[k]), change=d,
                                         tolerance=0.0))
    out["regressed"] = any(c["direction"] == "regressed" for c in out["verdict_changes"])
    out["counts"] = {k: len(v) for k, v in out.items() if isinstance(v, list)}
    out["matched"] = len(pairs)
    return out


def _verdict(out: dict, who: dict, a, b, rank: dict) -> None:
    if a == b:
        return
    ra, rb = rank.get(a), rank.get(b)
    direction = ("changed" if ra is None or rb is None or ra == rb else "regressed" if rb > ra else "improved")
    out["verdict_changes"].append(dict(who, old=a, new=b, direction=direction))


def _short(v):
    """A list quantity is shown by its length in the moved list (the full values are in the two files)."""
    return f"<list of {len(v)}>" if isinstance(v, list) else v


def strict_failures(d: dict) -> list[str]:
    """What makes a committed baseline stale (``--strict``): any verdict change, a case added or removed."""
    return ([f"verdict {c['case']}: {c['old']} -> {c['new']}" for c in d["verdict_changes"]]
            + [f"case added {k}" for k in d["cases_added"]] + [f"case removed {k}" for k in d["cases_removed"]])


def diff_object(old: str, new: str, rtol: float, d: dict) -> dict:
    """The ``diff --json`` object: the two files, the ``rtol`` used, the differences, and what ``--strict`` fails on."""
    return {"schema": SCHEMA, "old": old, "new": new, "rtol": rtol, **d, "strict_failures": strict_failures(d)}


def lines(d: dict, limit: int = 40) -> list[str]:
    """The readable summary ``ibcheck diff`` prints (each list capped at ``limit`` lines)."""
    from ibcheck.reports.fmt import fmt
    f = lambda v: fmt(v) if isinstance(v, float) else str(v)  # noqa: E731
    out = [f"matched {d['matched']} results; " + ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in d["counts"].items())]
    sections = [
        ("verdict changes", d["verdict_changes"], lambda c: f"{c['direction'].upper():9s} {c['case']}: {c['old']} -> {c['new']}"),
        ("rows whose holds flipped", d["row_flips"],
         lambda c: f"{c['case']}: {c['section']} '{c['row']}': holds {c['old']} -> {c['new']}"),
        ("rows added", d["rows_added"], lambda c: f"{c['case']}: {c['section']} '{c['row']}'"),
        ("rows removed", d["rows_removed"], lambda c: f"{c['case']}: {c['section']} '{c['row']}'"),
        ("quantities moved beyond tolerance", d["moved"],
         lambda c: f"{c['case']}: {c['key']}: {f(c['old'])} -> {f(c['new'])} (change {f(c['change'])}, "
                   f"tolerance {f(c['tolerance'])})"),
        ("quantities removed", d["keys_removed"], lambda c: f"{c['case']}: {c['key']}"),
        ("cases added", d["cases_added"], str), ("cases removed", d["cases_removed"], str)]
    for title, items, show in sections:
        if items:
            out.append(f"{title}:")
            out += ["  " + show(c) for c in items[:limit]]
            if len(items) > limit:
                out.append(f"  ... and {len(items) - limit} more (--json FILE has them all)")
    out.append("REGRESSED: a verdict got worse" if d["regressed"] else "no verdict regressed")
    return out
