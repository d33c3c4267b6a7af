"""The standard mutation tool (mutmut) on the code that decides verdicts, one module group at a time.

    python mutants/run.py --tool mutmut --group persistence [--budget-min 25]   # mutate, test, record
    python mutants/run.py --tool mutmut --group persistence --survivors          # re-test the recorded survivors
                                                                                # (results/ or partial/)
    python mutants/run.py --tool mutmut --group persistence --survivors --killed-only  # ... those triaged killed
    python mutants/run.py report                                                # write docs/mutation.md

A run copies the working tree into a temporary folder (``mutants/mutate.py: copy_tree``: the tracked and
untracked non-ignored files, with the ``ibcheck/theory → ../theory`` links so the copy is what is imported) and
runs ``mutmut run`` there on the group's modules with the group's tests (``mutants/groups.py``: the test-selection
map), under ``nice -n 19`` with one worker: the working tree is never mutated. mutmut 2 is used: it mutates the
file in place and runs a test command, which works with this repository's layout (``theory/`` installed as
``ibcheck.theory``); mutmut 3's trampolines need the import name to follow the file path.

The result of every mutant (file, line, the original and the mutated line, killed / survived / timeout / not run) is
written to ``mutants/results/<group>.json`` with the group's wall time; a group stopped by ``--budget-min`` keeps
what ran and says ``complete: false``. A mutant's key is a hash of its file, original line, mutated line and its
occurrence, so triage survives line moves. ``--survivors`` re-applies each recorded survivor (its line replaced)
and re-runs the group's tests: a survivor that the tests now kill is recorded ``killed`` with ``by: "re-test"``
(the new value-level test named in ``mutants/triage.py``). The report (``report``) reads the results and the
committed triage (``mutants/triage.py``: every surviving mutant is killed by a named test or equivalent with a
one-line reason) and writes docs/mutation.md; ``tests/test_mutation_doc.py`` fails when it is stale.
Not part of CI: minutes per group on 2 cores.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
RESULTS = HERE / "results"
DOC = ROOT / "docs" / "mutation.md"
sys.path.insert(0, str(HERE))
from groups import GROUPS  # noqa: E402

# mutmut 2 counts only exit status 1 as killed: a mutant that breaks the import (pytest's exit 2, a collection
# error) would pass for a survivor; the wrapper maps every failing status to 1
RUNNER = "sh -c '{python} -m pytest -x -q -n0 -p no:cacheprovider {tests} || exit 1'"
KILLED = {"ok_killed": "killed", "bad_timeout": "timeout", "ok_suspicious": "killed", "bad_survived": "survived",
          "untested": "not run", "skipped": "skipped"}


def mutant_key(path: str, original: str, mutated: str, occurrence: int) -> str:
    text = "\x00".join([path, original.strip(), mutated.strip(), str(occurrence)])
    return hashlib.sha1(text.encode()).hexdigest()[:10]


def _env(tree: Path) -> dict:
    return dict(os.environ, PYTHONPATH=str(tree), OMP_NUM_THREADS="1", MKL_NUM_THREADS="1",
                OPENBLAS_NUM_THREADS="1", PYTHONDONTWRITEBYTECODE="1")


def _mutants(tree: Path) -> list[dict]:
    """Every mutant in mutmut's cache of ``tree``: file, line number, original and mutated line, status."""
    from mutmut import Context, RelativeMutationID, mutate
    con = sqlite3.connect(tree / ".mutmut-cache")
    rows = con.execute("SELECT s.filename, l.line, l.line_number, m.'index', m.status FROM Mutant m "
                       "JOIN Line l ON m.line = l.id JOIN SourceFile s ON l.sourcefile = s.id "
                       "ORDER BY s.filename, l.line_number, m.'index'").fetchall()
    out, seen, sources = [], {}, {}
    for fname, line, number, index, status in rows:
        if fname not in sources:
            sources[fname] = (tree / fname).read_text()
        src = sources[fname]
        ctx = Context(source=src, filename=fname, mutation_id=RelativeMutationID(line, index, number))
        new, n = mutate(ctx)
        a, b = src.split("\n"), new.split("\n")
        changed = [i for i, (x, y) in enumerate(zip(a, b)) if x != y]
        if n == 0 or not changed or len(a) != len(b):
            mutated = "<unrenderable>"
            at = number
        else:
            at = changed[0]
            mutated = "\n".join(b[i] for i in changed)
        original = "\n".join(a[i] for i in changed) if changed else line
        k = (fname, original.strip(), mutated.strip())
        seen[k] = seen.get(k, 0) + 1
        out.append(dict(key=mutant_key(fname, original, mutated, seen[k]), file=fname, line=at + 1,
                        original=original.strip(), mutated=mutated.strip(), status=KILLED.get(status, status)))
    return out


def run_group(name: str, budget_min: float) -> int:
    from mutate import copy_tree
    g = GROUPS[name]
    import mutmut
    t0 = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix=f"ibcheck-mutmut-{name}-") as d:
        tree = Path(d)
        copy_tree(tree)
        runner = RUNNER.format(python=sys.executable, tests=" ".join(g["tests"]))
        cmd = ["nice", "-n", "19", sys.executable, "-m", "mutmut", "run", "--paths-to-mutate", ",".join(g["paths"]),
               "--runner", runner, "--tests-dir", "tests", "--no-progress", "--simple-output"]
        p = subprocess.Popen(cmd, cwd=tree, env=_env(tree), stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                             text=True, start_new_session=True)
        complete = True
        try:
            log, _ = p.communicate(timeout=budget_min * 60)
        except subprocess.TimeoutExpired:
            os.killpg(p.pid, signal.SIGTERM)
            log, _ = p.communicate()
            complete = False
        seconds = time.perf_counter() - t0
        if not (tree / ".mutmut-cache").exists():
            print(log[-3000:])
            return 2
        for f in g["paths"]:  # the copy's files are restored before reading the cache (a killed run leaves one mutated)
            (tree / f).write_text((ROOT / f).read_text())
        muts = _mutants(tree)
    complete = complete and not any(m["status"] == "not run" for m in muts)
    rec = dict(group=name, tool="mutmut", tool_version=getattr(mutmut, "__version__", "?"), paths=g["paths"],
               tests=g["tests"], runner=runner, seconds=round(seconds, 1), complete=complete,
               date=time.strftime("%Y-%m-%d", time.gmtime()), mutants=muts)
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / f"{name}.json").write_text(json.dumps(rec, indent=1, ensure_ascii=False) + "\n")
    counts = {s: sum(m["status"] == s for m in muts) for s in sorted({m["status"] for m in muts})}
    print(f"{name}: {len(muts)} mutants in {seconds:.0f} s ({'complete' if complete else 'stopped at the budget'}): "
          f"{counts}\n{log[-1500:] if not muts else ''}")
    return 0


def _enumerate(tree: Path, paths: list[str]) -> list[dict]:
    """Every mutant mutmut's operators make of ``paths`` (``list_mutations``), rendered as a line replacement."""
    from mutmut import Context, list_mutations, mutate
    out, seen = [], {}
    for fname in paths:
        src = (tree / fname).read_text()
        for mid in list_mutations(Context(source=src, filename=fname)):
            new, n = mutate(Context(source=src, filename=fname, mutation_id=mid))
            a, b = src.split("\n"), new.split("\n")
            changed = [i for i, (x, y) in enumerate(zip(a, b)) if x != y]
            if not n or not changed or len(a) != len(b):
                continue
            original, mutated = "\n".join(a[i] for i in changed), "\n".join(b[i] for i in changed)
            k = (fname, original.strip(), mutated.strip())
            seen[k] = seen.get(k, 0) + 1
            out.append(dict(key=mutant_key(fname, original, mutated, seen[k]), file=fname, line=changed[0] + 1,
                            original=original.strip(), mutated=mutated.strip(), status="not run", _source=new))
    return out


def run_sampled(name: str, budget_min: float, seed: int, resume: bool = False) -> int:
    """mutmut's operators on the group's modules, the mutants tested in a seeded random order until the budget is
    spent: a uniform sample of the group when it cannot finish (mutmut's own order is by line, so a stopped run
    would cover only the top of each file). Every failing status of the tests (a collection error too) kills."""
    import random

    from forked import preload, run_tests as _pytest
    from mutate import copy_tree
    import mutmut
    g = GROUPS[name]
    preload()
    t0 = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix=f"ibcheck-mutants-{name}-") as d:
        tree = Path(d)
        copy_tree(tree)
        rc, last = _pytest(tree, list(g["tests"]), 1800)
        if rc != 0:
            print(f"the unmutated tree fails the group's tests: {last}")
            return 2
        base = time.perf_counter() - t0
        muts = _enumerate(tree, g["paths"])
        order = list(range(len(muts)))
        random.Random(seed).shuffle(order)
        before = json.loads((RESULTS / f"{name}.json").read_text()) if resume else {}
        if before:  # continue the same order: what ran keeps its status (and re-test), its time is added
            done = {m["key"]: m for m in before["mutants"] if m["status"] != "not run"}
            for m in muts:
                if m["key"] in done:
                    m.update({k: v for k, v in done[m["key"]].items() if k != "_source"})
            t0 -= before["seconds"]
            budget_min += before["seconds"] / 60
        clean = {f: (tree / f).read_text() for f in g["paths"]}
        for i in order:
            if time.perf_counter() - t0 > budget_min * 60:
                break
            m = muts[i]
            if m["status"] in ("killed", "survived"):  # a timeout is re-run (a paused machine looks the same)
                continue
            (tree / m["file"]).write_text(m["_source"])
            rc, last = _pytest(tree, list(g["tests"]), max(10 * base, 120))
            (tree / m["file"]).write_text(clean[m["file"]])
            m["status"] = "timeout" if rc == -1 else "killed" if rc != 0 else "survived"
            print(f"{m['key']} {m['file']}:{m['line']} {m['status']}", flush=True)
    for m in muts:
        m.pop("_source")
    ran = sum(m["status"] != "not run" for m in muts)
    seconds = time.perf_counter() - t0
    rec = dict(group=name, tool="mutmut (operators; sampled order)", tool_version=getattr(mutmut, "__version__", "?"),
               paths=g["paths"], tests=g["tests"], runner="mutants/forked.py (pytest -x in a forked child, libraries preloaded)",
               seconds=round(seconds, 1), complete=ran == len(muts), seed=seed,
               sampled=None if ran == len(muts) else f"sampled: {ran} of {len(muts)} in a seeded random order",
               date=time.strftime("%Y-%m-%d", time.gmtime()), mutants=muts)
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / f"{name}.json").write_text(json.dumps(rec, indent=1, ensure_ascii=False) + "\n")
    counts = {s: sum(m["status"] == s for m in muts) for s in sorted({m["status"] for m in muts})}
    print(f"{name}: {len(muts)} mutants, {ran} run in {seconds:.0f} s: {counts}")
    return 0


def survivors(name: str, timeout: float = 600.0, killed_only: bool = False) -> int:
    """Re-test each recorded survivor of ``name`` on a fresh copy of the working tree (its line replaced);
    ``killed_only``: only those the triage says a new test kills (an equivalent one runs every test of the group,
    minutes per survivor for the judge's groups, and is expected to survive)."""
    from forked import preload, run_tests as _pytest
    from mutate import copy_tree
    from report import PARTIAL
    from triage import TRIAGE
    preload()
    path = RESULTS / f"{name}.json"
    if not path.exists():  # a group whose triage is under way is recorded in mutants/partial/
        path = PARTIAL / f"{name}.json"
    rec = json.loads(path.read_text())
    todo = [m for m in rec["mutants"] if m["status"] == "survived" and m.get("retest") != "killed"
            and (not killed_only or TRIAGE.get(m["key"], "").startswith("killed by "))]
    # the group's current tests (with the value tests written for its survivors, fastest killers first), not the
    # list the first run recorded: a triage's "killed by" names a test added after it
    tests = GROUPS[name]["tests"]
    t0 = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix=f"ibcheck-survivors-{name}-") as d:
        tree = Path(d)
        copy_tree(tree)
        for m in todo:
            f = tree / m["file"]
            clean = f.read_text()
            lines = clean.split("\n")
            hits = [i for i, x in enumerate(lines) if x.strip() == m["original"]]
            if m["original"].count("\n") or not hits:
                m["retest"] = "stale: the original line is no longer in the file"
                print(f"{m['key']} stale")
                continue
            i = min(hits, key=lambda j: abs(j + 1 - m["line"]))
            indent = lines[i][:len(lines[i]) - len(lines[i].lstrip())]
            lines[i] = indent + m["mutated"]
            f.write_text("\n".join(lines))
            rc, last = _pytest(tree, list(tests), timeout)
            f.write_text(clean)
            m["retest"] = "killed" if rc != 0 else "survived"
            if rc != 0:  # the first failing test, for the triage's "killed by <test>"
                log = (tree / ".mutant-pytest.log").read_text(errors="replace")
                hit = re.search(r"^(?:FAILED|ERROR) (\S+?)(?:\[| - |$)", log, re.M)
                m["retest_by"] = hit.group(1) if hit else last
            print(f"{m['key']} {m['file']}:{m['line']} {m['retest']:8s} {m.get('retest_by', last)[:100]}")
    rec["survivors_retested_seconds"] = round(time.perf_counter() - t0, 1)
    path.write_text(json.dumps(rec, indent=1, ensure_ascii=False) + "\n")
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("what", nargs="?", choices=["run", "report"], default="run")
    ap.add_argument("--tool", choices=["mutmut"], default="mutmut")
    ap.add_argument("--group", choices=sorted(GROUPS))
    ap.add_argument("--budget-min", type=float, default=25.0, help="wall minutes before a group's run is stopped")
    ap.add_argument("--survivors", action="store_true", help="re-test the recorded survivors of --group")
    ap.add_argument("--killed-only", action="store_true",
                    help="--survivors: only those mutants/triage.py says a new test kills")
    ap.add_argument("--order", choices=["mutmut", "random"], default="mutmut",
                    help="mutmut: `mutmut run` (by line); random: mutmut's operators in a seeded random order, "
                         "a uniform sample when the budget stops it")
    ap.add_argument("--seed", type=int, default=0, help="the random order's seed")
    ap.add_argument("--resume", action="store_true", help="--order random: continue the recorded run's order")
    a = ap.parse_args()
    if a.what == "report":
        from report import render
        DOC.write_text(render())
        print(f"wrote {DOC.relative_to(ROOT)}")
        return 0
    if not a.group:
        ap.error("--group is required")
    if a.survivors:
        return survivors(a.group, killed_only=a.killed_only)
    if a.order == "random":
        return run_sampled(a.group, a.budget_min, a.seed, a.resume)
    return run_group(a.group, a.budget_min)


if __name__ == "__main__":
    raise SystemExit(main())
