"""Start-up of a whole lai2026 check, wall clock, as fresh processes (the light commands — ``list``, ``--help``,
``--version``, an unknown ID — are timed by benchmarks/startup.py, on any claim).

``ibcheck check lai2026.m1.gap`` runs ``--repeat`` times (the best and the median are printed, and the least CPU
time) with plugins off; then which heavy libraries the processes of ``check lai2026.m1.gap`` and
``check lai2026.gram`` imported (``-X importtime``: torch, cvxpy, sympy, scipy.stats, matplotlib), and
``sweep --backend auto`` against ``serial`` and ``local`` on a 4-point grid of lai2026.m1.gap (0.1 s checks: the pool
pays only when the remaining work outweighs a worker's imports, ``checks.backends.pool_pays``).

Target (an idle 2-core machine): ``ibcheck check lai2026.m1.gap`` ≤ 3 s. Prints numbers; it asserts nothing.

Usage: python papers/lai2026/benchmarks/startup.py [--repeat 5] [--no-sweep]
"""
from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time

CHECK = ["check", "lai2026.m1.gap"]
IMPORTS = [["check", "lai2026.m1.gap"], ["check", "lai2026.gram"]]
GRID = ["sweep", "lai2026.m1.gap", "--grid", "n=10,20", "--grid", "d=2000,4000"]
HEAVY = ("torch", "cvxpy", "sympy", "scipy.stats", "matplotlib", "hypothesis", "flint")
ENV = dict(os.environ, IBCHECK_NO_PLUGINS="1")


def timed(args: list[str]) -> tuple[float, float]:
    """(wall seconds, CPU seconds of the process): on a shared machine the CPU time is what an idle one would wait."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    subprocess.run([sys.executable, "-m", "ibcheck", *args], capture_output=True, env=ENV)
    w = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return w, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def imported(args: list[str]) -> list[str]:
    """The heavy top-level packages the command's process imported."""
    p = subprocess.run([sys.executable, "-X", "importtime", "-m", "ibcheck", *args], capture_output=True, text=True,
                       env=ENV)
    names = {line.rsplit("|", 1)[-1].strip() for line in p.stderr.splitlines() if line.startswith("import time:")}
    return [h for h in HEAVY if h in names]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--no-sweep", action="store_true")
    a = ap.parse_args()
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print(f"{'command':<52} {'best s':>7} {'median s':>9} {'CPU s':>6}")
    runs = [timed(CHECK) for _ in range(a.repeat)]
    times = [w for w, _ in runs]
    print(f"{'ibcheck ' + ' '.join(CHECK):<52} {min(times):>7.2f} {statistics.median(times):>9.2f} "
          f"{min(c for _, c in runs):>6.2f}")
    for args in IMPORTS:
        print(f"imports of `ibcheck {' '.join(args)}`: {', '.join(imported(args)) or 'none of ' + ', '.join(HEAVY)}")
    if not a.no_sweep:
        t = {b: timed([*GRID, "--backend", b])[0] for b in ("serial", "local", "auto")}
        print(f"sweep, 4 points: serial {t['serial']:.1f} s, local {t['local']:.1f} s "
              f"({t['local'] / t['serial']:.2f}× serial), auto {t['auto']:.1f} s ({t['auto'] / t['serial']:.2f}× serial)")


if __name__ == "__main__":
    main()
