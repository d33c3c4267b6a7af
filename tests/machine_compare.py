"""Compare two recordings of the ``machine`` tests (tests.machine_record): ``python -m tests.machine_compare A B``.

Fails (exit 1, each difference on a line) when a test's outcome differs, when a verdict or a row's ``holds``
differs, when a pinned comparison matched in one run and not in the other, or when a test ran in one and not the
other. Numbers are not required to be equal — another kernel may change their last bits — and the largest relative
difference is printed so the reader sees how many bits moved. Exit 2 when a folder holds no recording.
"""
from __future__ import annotations

import json
import math
import sys
from pathlib import Path


def load(folder: str) -> dict:
    out: dict = {}
    for f in sorted(Path(folder).glob("*.json")):
        for nodeid, e in json.loads(f.read_text(encoding="utf-8")).items():
            if nodeid in out:  # one test recorded by two processes: keep what each saw
                out[nodeid]["verdicts"] += e["verdicts"]
                out[nodeid]["compared"].update(e["compared"])
                out[nodeid]["values"].update(e["values"])
                out[nodeid]["outcome"] = out[nodeid]["outcome"] or e["outcome"]
            else:
                out[nodeid] = e
    return out


def _numbers(v) -> list[float]:
    if isinstance(v, bool) or v is None or isinstance(v, str):
        return []
    if isinstance(v, (int, float)):
        return [float(v)]
    return [x for item in v for x in _numbers(item)] if isinstance(v, list) else []


TINY = 1e-8  # below it a number is "near zero": its difference is reported in absolute terms


def _rel(a, b) -> tuple[float, float]:
    """(largest relative difference among numbers of magnitude ≥ TINY, largest absolute one among the others)."""
    xs, ys = _numbers(a), _numbers(b)
    if len(xs) != len(ys):
        return math.inf, math.inf
    pairs = [(x, y) for x, y in zip(xs, ys) if x != y]
    big = [abs(x - y) / max(abs(x), abs(y)) for x, y in pairs if max(abs(x), abs(y)) >= TINY]
    small = [abs(x - y) for x, y in pairs if max(abs(x), abs(y)) < TINY]
    return max(big, default=0.0), max(small, default=0.0)


def compare(a: dict, b: dict) -> tuple[list[str], dict]:
    """(the differences that fail, statistics of the numbers)."""
    bad: list[str] = []
    stats = {"tests": 0, "verdicts": 0, "compared": 0, "values": 0, "numbers_differing": 0, "max_rel_diff": 0.0,
             "where_max": "", "max_abs_diff_near_zero": 0.0}
    for nodeid in sorted(set(a) | set(b)):
        if nodeid not in a or nodeid not in b:
            bad.append(f"{nodeid}: ran only in run {'B' if nodeid not in a else 'A'}")
            continue
        x, y = a[nodeid], b[nodeid]
        stats["tests"] += 1
        if x["outcome"] != y["outcome"]:
            bad.append(f"{nodeid}: outcome {x['outcome']} vs {y['outcome']}")
        vx, vy = x["verdicts"], y["verdicts"]
        stats["verdicts"] += len(vx)
        if len(vx) != len(vy):
            bad.append(f"{nodeid}: {len(vx)} verdicts vs {len(vy)}")
        for i, (p, q) in enumerate(zip(vx, vy)):
            if (p["what"], p["verdict"], p["holds"]) == (q["what"], q["verdict"], q["holds"]):
                continue
            rows = {n: (h, q["holds"].get(n)) for n, h in p["holds"].items() if h != q["holds"].get(n)}
            bad.append(f"{nodeid}: verdict #{i} ({p['what']}): {p['verdict']} vs {q['verdict']}"
                       + "".join(f"; row {n!r}: holds {h} vs {g}" for n, (h, g) in rows.items()))
        for key in sorted(set(x["compared"]) | set(y["compared"])):
            cx, cy = x["compared"].get(key), y["compared"].get(key)
            if cx is None or cy is None or cx["ok"] != cy["ok"]:
                bad.append(f"{nodeid}: pinned {key}: matched {cx and cx['ok']} vs {cy and cy['ok']}")
                continue
            stats["compared"] += 1
            _track(stats, f"{nodeid} {key}", cx["value"], cy["value"])
        for key in sorted(set(x["values"]) | set(y["values"])):
            px, py = x["values"].get(key), y["values"].get(key)
            if isinstance(px, (str, bool)) or px is None or isinstance(py, (str, bool)) or py is None:
                if px != py:
                    bad.append(f"{nodeid}: recorded {key}: {px!r} vs {py!r}")
                continue
            stats["values"] += 1
            _track(stats, f"{nodeid} {key}", px, py)
    return bad, stats


def _track(stats: dict, where: str, a, b) -> None:
    r, s = _rel(a, b)
    if r > 0 or s > 0:
        stats["numbers_differing"] += 1
    if r > stats["max_rel_diff"]:
        stats["max_rel_diff"], stats["where_max"] = r, where
    stats["max_abs_diff_near_zero"] = max(stats["max_abs_diff_near_zero"], s)


def main(argv=None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 2:
        print("usage: python -m tests.machine_compare RUN_A_DIR RUN_B_DIR", file=sys.stderr)
        return 2
    a, b = load(args[0]), load(args[1])
    if not a or not b:
        print(f"machine_compare: no recording in {args[0] if not a else args[1]}", file=sys.stderr)
        return 2
    bad, s = compare(a, b)
    print(f"machine tests: {s['tests']} in both runs; {s['verdicts']} verdicts, {s['compared']} pinned comparisons, "
          f"{s['values']} recorded values; numbers differing in their last bits: {s['numbers_differing']} "
          f"(largest relative difference {s['max_rel_diff']:.2e}{' at ' + s['where_max'] if s['where_max'] else ''}; "
          f"largest absolute difference of numbers below {TINY:g}: {s['max_abs_diff_near_zero']:.2e})")
    if s["compared"] == 0:  # the pinned tests are marked `machine`: none recorded means the recorder lost its hook
        bad.append("no pinned comparison was recorded (tests.machine_record no longer reaches "
                   "ibcheck.testing.pinning.RECORD)")
    for line in bad:
        print("DIFFERS: " + line)
    print("machine independence: " + ("FAILED" if bad else "same outcomes, verdicts and comparisons in both runs"))
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
