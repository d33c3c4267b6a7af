"""The mutation suite: realistic one-line bugs, each a patch file, and whether the tests kill them.

    python mutants/mutate.py make          # (re)write mutants/patches/*.patch from SPEC (mutants/spec.py)
    python mutants/mutate.py run [-j 2] [IDS ...]   # apply each patch to a temporary copy, run its tests with -x

``run`` first checks that the unmutated tree passes the same tests (else the score means nothing), then for
every mutant: copy the repository (``git worktree``-free: the tracked files of HEAD plus the working tree's
changes), apply the patch, run ``pytest -x`` on the tests the mutant names (the tests that should catch it;
a mutant that survives them might be caught elsewhere, so the score is a lower bound), and print killed /
survived per mutant and the score: killed / (all − documented equivalent). Not part of CI (minutes per mutant).

The score is reported twice: all kills, and kills by value-level tests — a mutant killed only by the docs
snapshot test (``tests/test_docs.py``: a generated catalogue text changed) does not count in the second; its tests
are re-run without that file (a mutant naming only the snapshot test is then not killed at value level).
"""
from __future__ import annotations

import argparse
import os
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
PATCHES = HERE / "patches"
sys.path.insert(0, str(HERE))
from spec import SPEC  # noqa: E402

PACKAGES = ("theory", "numerics", "checks", "reports", "papers")  # papers: TEMP (until folder discovery lands)
SNAPSHOT = "tests/test_docs.py"  # the docs snapshot test: its kills are reported, but not as value-level kills


def value_level(tests: list[str]) -> list[str]:
    """A mutant's pytest arguments without the docs snapshot test (its ``-k`` selection kept)."""
    return [t for t in tests if not t.startswith(SNAPSHOT)]


def copy_tree(dest: Path) -> None:
    """The working tree's tracked files (and untracked non-ignored ones) into ``dest``, with the package links
    ``ibcheck/theory → ../theory`` etc. so ``PYTHONPATH=dest`` imports the copy, not the installed checkout."""
    files = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard"], cwd=ROOT,
                           capture_output=True, text=True, check=True).stdout.splitlines()
    for f in files:
        src = ROOT / f
        if src.is_file():
            (dest / f).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dest / f)
    for pkg in PACKAGES:
        link = dest / "ibcheck" / pkg
        if not link.exists():
            link.symlink_to(Path("..") / pkg, target_is_directory=True)


def make() -> None:
    """Write one patch per SPEC entry: replace ``old`` by ``new`` (exactly one occurrence) in a scratch copy."""
    PATCHES.mkdir(exist_ok=True)
    for old_patch in PATCHES.glob("*.patch"):
        old_patch.unlink()
    for m in SPEC:
        text = (ROOT / m["file"]).read_text()
        count = text.count(m["old"])
        if count != 1:
            raise SystemExit(f"{m['id']}: `{m['old']}` occurs {count} times in {m['file']} (must be once)")
        with tempfile.TemporaryDirectory() as d:
            a, b = Path(d) / "a" / m["file"], Path(d) / "b" / m["file"]
            a.parent.mkdir(parents=True)
            b.parent.mkdir(parents=True)
            a.write_text(text)
            b.write_text(text.replace(m["old"], m["new"]))
            diff = subprocess.run(["diff", "-u", "--label", f"a/{m['file']}", "--label", f"b/{m['file']}",
                                   f"a/{m['file']}", f"b/{m['file']}"], cwd=d, capture_output=True,
                                  text=True).stdout
        head = (f"# mutant: {m['id']}\n# what: {m['what']}\n# tests: {shlex.join(m['tests'])}\n"
                + (f"# equivalent: {m['equivalent']}\n" if m.get("equivalent") else ""))
        (PATCHES / f"{m['id']}.patch").write_text(head + diff)
    print(f"wrote {len(SPEC)} patches to {PATCHES}")


def _header(patch: Path) -> dict:
    out = {}
    for line in patch.read_text().splitlines():
        if not line.startswith("# "):
            break
        k, _, v = line[2:].partition(": ")
        out[k] = v
    return out


def _pytest(tree: Path, tests: list[str], timeout: float) -> tuple[int, str]:
    env = dict(os.environ, PYTHONPATH=str(tree), OMP_NUM_THREADS="1", MKL_NUM_THREADS="1", OPENBLAS_NUM_THREADS="1")
    try:
        p = subprocess.run([sys.executable, "-m", "pytest", "-x", "-q", "-n0", "-p", "no:cacheprovider", *tests],
                           cwd=tree, env=env, capture_output=True, text=True, timeout=timeout)
        tail = (p.stdout + p.stderr).strip().splitlines()
        return p.returncode, tail[-1] if tail else ""
    except subprocess.TimeoutExpired:
        return -1, f"timeout after {timeout:.0f} s (counted as killed: the suite would hang)"


def run_one(patch: Path, timeout: float) -> dict:
    h = _header(patch)
    t = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="ibcheck-mutant-") as d:
        tree = Path(d)
        copy_tree(tree)
        ap = subprocess.run(["patch", "-p1", "-s", "-i", str(patch)], cwd=tree, capture_output=True, text=True)
        if ap.returncode:
            return {"id": h["mutant"], "status": "stale", "detail": "patch does not apply: run `make`",
                    "seconds": 0.0, "equivalent": h.get("equivalent")}
        tests = shlex.split(h["tests"])
        rc, last = _pytest(tree, tests, timeout)
        value_rc = rc
        if rc != 0 and value_level(tests) != tests:  # killed with the snapshot test named: again without it
            rest = value_level(tests)
            has_files = any(a.endswith(".py") or "/" in a or "::" in a for a in rest)
            value_rc = _pytest(tree, rest, timeout)[0] if has_files else 0
    status = "survived" if rc == 0 else "killed"
    return {"id": h["mutant"], "status": status, "detail": last, "seconds": time.perf_counter() - t,
            "what": h.get("what", ""), "equivalent": h.get("equivalent"), "value_killed": value_rc != 0}


def run(ids: list[str], jobs: int, timeout: float) -> int:
    patches = sorted(PATCHES.glob("*.patch"))
    if ids:
        patches = [p for p in patches if p.stem in ids]
    commands = sorted({_header(p)["tests"] for p in patches})
    with tempfile.TemporaryDirectory(prefix="ibcheck-baseline-") as d:
        copy_tree(Path(d))
        with ThreadPoolExecutor(jobs) as ex:
            base = list(ex.map(lambda c: (c, *_pytest(Path(d), shlex.split(c), 4 * timeout)), commands))
    bad = [(c, last) for c, rc, last in base if rc != 0]
    if bad:
        print("the unmutated tree fails the tests of some mutants: fix that first\n" +
              "\n".join(f"  {c}: {last}" for c, last in bad))
        return 2
    print(f"baseline: the {len(commands)} test commands pass on the unmutated tree")
    with ThreadPoolExecutor(jobs) as ex:
        results = list(ex.map(lambda p: run_one(p, timeout), patches))
    for r in results:
        mark = r["status"] + (" (documented equivalent)" if r["equivalent"] and r["status"] == "survived" else "")
        print(f"{r['id']:44s} {mark:34s} {r['seconds']:6.1f}s  {r['detail'][:90]}")
    stale = [r for r in results if r["status"] == "stale"]
    counted = [r for r in results if r["status"] != "stale" and not (r["equivalent"] and r["status"] == "survived")]
    killed = sum(r["status"] == "killed" for r in counted)
    score = killed / max(len(counted), 1)
    value = sum(r["status"] == "killed" and r.get("value_killed", True) for r in counted)
    vscore = value / max(len(counted), 1)
    print(f"\nmutation score: {killed}/{len(counted)} killed = {100 * score:.1f}% "
          f"({len(results) - len(counted) - len(stale)} documented equivalent, {len(stale)} stale)")
    print(f"value-level score (kills by the docs snapshot test {SNAPSHOT} alone not counted): "
          f"{value}/{len(counted)} = {100 * vscore:.1f}%")
    return 0 if min(score, vscore) >= 0.9 and not stale else 1


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    sub.add_parser("make")
    r = sub.add_parser("run")
    r.add_argument("ids", nargs="*")
    r.add_argument("-j", "--jobs", type=int, default=2)
    r.add_argument("--timeout", type=float, default=900.0, help="seconds per mutant's test run")
    a = ap.parse_args()
    if a.cmd == "make":
        make()
        return 0
    return run(a.ids, a.jobs, a.timeout)


if __name__ == "__main__":
    raise SystemExit(main())
