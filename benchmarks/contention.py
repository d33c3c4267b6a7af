"""Contention benchmark: does ibcheck degrade gracefully when the cores are shared?

A fixed representative subset runs as ``ibcheck check`` processes, as a user runs them. The subset is gathered
from the paper folders: each built-in paper's share is ``SUBSET`` of its ``papers/<paper>/benchmarks/contention.py``
(claims with their ``--set`` arguments, e.g. a gradient flow, a large-d gap check whose matrix products would
oversubscribe the cores under default intra-op threads, a concentration sweep), in catalogue order; a paper without
one adds nothing. The subset runs

* alone (the reference time T₁);
* two copies of the subset at once (each copy's time T₂; target T₂/T₁ ≤ 2.0 on 2 cores);
* beside one busy single-threaded process (a pure-Python loop; target T/T₁ ≤ 1.5).

With ``--suite`` also ``pytest checks`` (the quick catalogue) idle vs beside a busy process, and with
``--report`` the quick report on the local process pool vs serial. Prints every time and ratio.

Usage: python benchmarks/contention.py [--suite] [--report] [--env-threads]
(``--env-threads``: run the subset with the default intra-op threads, i.e. without ibcheck's policy, to see the
collapse the policy prevents.)
"""
from __future__ import annotations

import argparse
import os
import runpy
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def subset() -> list[tuple[str, list[str]]]:
    """Every built-in paper's share (``SUBSET`` of ``papers/<paper>/benchmarks/contention.py``), in catalogue order."""
    from ibcheck.theory.papers import discover
    out = []
    for p in discover():
        share = ROOT / "papers" / p.name / "benchmarks" / "contention.py"
        if p.builtin and share.is_file():
            out += runpy.run_path(str(share))["SUBSET"]
    return out


def subset_cmd(checks: list[tuple[str, list[str]]]) -> list[str]:
    """One process that runs the subset's checks one after the other through the CLI entry point."""
    calls = "; ".join(f"main({['check', c, *extra]!r})" for c, extra in checks)
    return [sys.executable, "-c", f"from ibcheck.cli import main; import sys; {calls}"]


def env(policy: bool) -> dict:
    e = dict(os.environ)
    for k in ("OMP_NUM_THREADS", "MKL_NUM_THREADS", "OPENBLAS_NUM_THREADS"):
        e.pop(k, None)
    if not policy:  # let torch/BLAS start their default pools (one thread per core)
        e.update({k: str(os.cpu_count()) for k in ("OMP_NUM_THREADS", "MKL_NUM_THREADS", "OPENBLAS_NUM_THREADS")})
    return e


def timed(cmds: list[list[str]], policy: bool = True, cwd: str | None = None) -> list[float]:
    """Start every command at once; each one's wall time."""
    t0 = time.perf_counter()
    procs = [subprocess.Popen(c, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env(policy), cwd=cwd)
             for c in cmds]
    out = []
    for p in procs:
        p.wait()
        out.append(time.perf_counter() - t0)
    return out


def busy() -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-c", "while True: pass"])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--suite", action="store_true", help="also pytest checks idle vs contended")
    ap.add_argument("--report", action="store_true", help="also the quick report, local pool vs serial")
    ap.add_argument("--env-threads", action="store_true", help="without the single-threaded policy")
    ap.add_argument("--reps", type=int, default=3, help="runs per figure of the subset (the median is printed)")
    a = ap.parse_args()
    policy = not a.env_threads
    checks = subset()
    print(f"{os.cpu_count()} cores; policy {'on' if policy else 'off (default intra-op threads)'}; subset: "
          + ", ".join(c for c, _ in checks))
    cmd = subset_cmd(checks)
    timed([cmd], policy)  # warm-up: imports, caches
    med = lambda xs: sorted(xs)[len(xs) // 2]  # noqa: E731  (median of a.reps runs: one run varies by ±20% here)
    t1 = med([timed([cmd], policy)[0] for _ in range(a.reps)])
    t2 = med([max(timed([cmd, cmd], policy)) for _ in range(a.reps)])
    b = busy()
    try:
        t3 = med([timed([cmd], policy)[0] for _ in range(a.reps)])
    finally:
        b.kill()
    print(f"{'subset alone (median of %d)' % a.reps:40s} {t1:8.1f} s")
    print(f"{'two copies at once (each)':40s} {t2:8.1f} s   ratio {t2 / t1:5.2f}  (target ≤ 2.0)")
    print(f"{'beside one busy process':40s} {t3:8.1f} s   ratio {t3 / t1:5.2f}  (target ≤ 1.5)")
    if a.suite:
        suite = [sys.executable, "-m", "pytest", "-q", "checks", "-p", "no:cacheprovider"]
        s1 = timed([suite], policy)[0]
        b = busy()
        try:
            s2 = timed([suite], policy)[0]
        finally:
            b.kill()
        print(f"{'pytest checks idle':40s} {s1:8.1f} s")
        print(f"{'pytest checks beside a busy process':40s} {s2:8.1f} s   ratio {s2 / s1:5.2f}")
    if a.report:
        with tempfile.TemporaryDirectory() as d:
            rep = lambda backend: [sys.executable, "-m", "ibcheck", "report", "--out", d, "--backend", backend]  # noqa: E731
            r_serial = timed([rep("serial")], policy)[0]
            r_local = timed([rep("local")], policy)[0]
        print(f"{'report --profile quick, serial':40s} {r_serial:8.1f} s")
        print(f"{'report --profile quick, local pool':40s} {r_local:8.1f} s   ratio {r_local / r_serial:5.2f}")


if __name__ == "__main__":
    main()
