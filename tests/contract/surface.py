"""The surface users script against, as a flat set of paths: the command-line options of every command
(``commands/check/--set``), every claim's ``--set`` parameters including deprecated aliases
(``params/<claim>/<name>``), and the JSON keys of each object the CLI writes (``json/check/verdict``,
``json/row/tolerance``, ``json/limit-row/observed_order``, ``json/kkt/degree``, ``json/conjecture/status``,
``json/diff/verdict_changes``).

tests/contract/snapshot.json freezes it; tests/test_contract.py fails on any difference. Regenerate after a
change with ``python -m tests.contract.surface --update``: additions are recorded as they are; a removal or rename
is refused unless CHANGELOG.md announces it (a bullet starting ``- Removed`` or ``- Renamed`` that names the path
in backquotes).

The check objects' keys come from running the example checks that papers declare (``CONTRACT`` in a discovered
paper's ``checks/expected.py``: claim → cheap parameters); nothing here names a paper."""
from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SNAPSHOT = Path(__file__).with_name("snapshot.json")
CHANGELOG = ROOT / "CHANGELOG.md"


def commands() -> set[str]:
    from ibcheck.cli import build_parser
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    out = {f"commands/{o}" for a in parser._actions for o in a.option_strings}
    for name, sp in sub.choices.items():
        for a in sp._actions:
            names = a.option_strings or [a.dest]
            out |= {f"commands/{name}/{o}" for o in names}
    return out


def params() -> set[str]:
    from ibcheck.checks.registry import REGISTRY
    out = set()
    for cid, spec in REGISTRY.items():
        out |= {f"params/{cid}/{k}" for k in spec.params}
        out |= {f"params/{cid}/{old}" for al in spec.aliases for old in al.old}
    return out


def _row_keys() -> tuple[set[str], set[str], set[str]]:
    """The keys of a bound row, of a limit row and of one of its alternatives, from the row builders themselves
    (theory.statement)."""
    import sympy as sp

    from ibcheck.theory.asymptotic import Series
    from ibcheck.theory.statement import Condition
    q, r, t = sp.symbols("q r t", real=True)
    bound = Condition("b", sp.Le(q, r)).evaluate({"q": 1.0, "r": 2.0})
    clock = [10.0 ** (k / 2) for k in range(2, 12)]
    limit = Condition("l", sp.Eq(q, 0), kind="rate", clock="t", rate=1 / t, provenance="seed").evaluate(
        {"q": Series(clock, [1 / c for c in clock])})
    return set(bound), set(limit) - set(bound), set(limit["alternatives"][0])


def examples() -> dict[str, dict]:
    """Claim → parameters of the example checks the discovered papers declare (``CONTRACT``, checks/expected.py)."""
    from ibcheck.theory.papers import discover
    out: dict[str, dict] = {}
    for p in discover():
        if p.has("checks.expected"):
            out.update(getattr(p.module("checks.expected"), "CONTRACT", {}))
    if not out:
        raise LookupError("no discovered paper declares CONTRACT (checks/expected.py): no check object to freeze")
    return out


def json_keys(tmp: Path) -> set[str]:
    import dataclasses

    from ibcheck.checks.conjecture import load, search
    from ibcheck.checks.runner import run_check
    from ibcheck.kkt_result import KKTResult
    from ibcheck.result_diff import compare, diff_object
    out: set[str] = set()
    for cid, setting in examples().items():
        check = run_check(cid, dict(setting), seeds=2)
        out |= {f"json/check/{k}" for k in check} | {f"json/check/env/{k}" for k in check["env"]}
        out |= {f"json/check/per_seed/{k}" for k in check["per_seed"][0]}
        out |= {f"json/check-quantities/{cid}/{k}" for k in check["quantities"]}
    bound, limit, alternative = _row_keys()
    out |= {f"json/row/{k}" for k in bound} | {f"json/limit-row/{k}" for k in limit}
    out |= {f"json/limit-row/alternatives/{k}" for k in alternative}
    out |= {f"json/kkt/{f.name}" for f in dataclasses.fields(KKTResult)} | {"json/kkt/schema"}  # write_json stamps it
    conj, _ = load(str(ROOT / "tests" / "data" / "planted_false.py"))
    out |= {f"json/conjecture/{k}" for k in search(conj, budget=2, seed=0)} | {"json/conjecture/replay"}
    out |= {f"json/diff/{k}" for k in diff_object("a", "b", 1e-6, compare([check], [check]))}
    from ibcheck.reports.html import clean
    out |= {f"json/results.json/{k}" for k in clean([dict(check)])[0]}  # a check object of a report's results.json
    return out


def surface(tmp: Path | None = None) -> set[str]:
    import tempfile
    with tempfile.TemporaryDirectory() as d:
        return commands() | params() | json_keys(Path(tmp or d))


def snapshot() -> dict:
    return json.loads(SNAPSHOT.read_text(encoding="utf-8"))


def announced() -> set[str]:
    """Paths that CHANGELOG.md announces as removed or renamed."""
    text = CHANGELOG.read_text(encoding="utf-8") if CHANGELOG.exists() else ""
    out = set()
    for line in text.splitlines():
        if re.match(r"\s*-\s*(Removed|Renamed)\b", line):
            out |= set(re.findall(r"`([^`]+)`", line))
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--update", action="store_true", help="rewrite snapshot.json (refuses unannounced removals)")
    args = ap.parse_args(argv)
    from ibcheck.checks.schema import SCHEMA
    now = surface()
    old = set(snapshot()["surface"]) if SNAPSHOT.exists() else set()
    added, removed = sorted(now - old), sorted(old - now)
    for p in added:
        print(f"+ {p}")
    for p in removed:
        print(f"- {p}")
    unannounced = [p for p in removed if p not in announced()]
    if unannounced:
        print(f"refused: {len(unannounced)} removal(s) not announced in CHANGELOG.md (a '- Removed `path`' bullet): "
              + ", ".join(unannounced[:10]), file=sys.stderr)
        return 1
    if args.update:
        SNAPSHOT.write_text(json.dumps({"schema": SCHEMA, "surface": sorted(now)}, indent=0, ensure_ascii=False) + "\n",
                            encoding="utf-8")
        print(f"wrote {SNAPSHOT} ({len(now)} paths)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
