"""Benchmarks of the Gram-law engine (numerics.gram_law); prints times and the ratios against their targets.

1. lai2026.m1.gap's numerics at n = 100: d = 1e9 vs d = 1e3 (target ≤ 2×);
2. frei2023.thm3.2.global at n = 20 (default m₁ = m₂ = 5, γ = ½): d = 1e7 (inside (H)) vs d = 1e4 (target ≤ 1.5×);
3. sampling the data: the Gram law vs an explicit X at d = 1e6, n = 100 (ratio).

Each figure is the minimum over ``--reps`` runs in one process (single-threaded, as checks run).
Usage: python benchmarks/gram_law.py [--reps 3] [--quick]
"""
from __future__ import annotations

import argparse
import time

from ibcheck.numerics.threads import default_single_threaded_env

default_single_threaded_env()

from ibcheck.papers.frei2023.checks import gf  # noqa: E402
from ibcheck.checks.runner import run_check  # noqa: E402
from ibcheck.numerics.data import make_gaussian  # noqa: E402


def best(fn, reps):
    ts = []
    for _ in range(reps):
        t = time.perf_counter()
        fn()
        ts.append(time.perf_counter() - t)
    return min(ts)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--quick", action="store_true", help="smaller frei2023 target (log L̂ = −300) for a fast run")
    a = ap.parse_args()
    rows = []
    lo = best(lambda: run_check("lai2026.m1.gap", {"n": 100, "d": 1000}), a.reps)
    hi = best(lambda: run_check("lai2026.m1.gap", {"n": 100, "d": 10 ** 9}), a.reps)
    rows.append(("lai2026.m1.gap, n=100: d=1e9 vs d=1e3", hi, lo, 2.0))
    frei = {"target_log_loss": -300.0} if a.quick else {}

    def flow(d):  # the frei2023 checks memoise their shared flow: clear it so every rep measures a run
        gf._CACHE.clear()
        run_check("frei2023.thm3.2.global", dict(frei, d=d))
    lo = best(lambda: flow(10 ** 4), a.reps)
    hi = best(lambda: flow(10 ** 7), a.reps)
    rows.append(("frei2023.thm3.2.global, n=20: d=1e7 vs d=1e4", hi, lo, 1.5))
    ex = best(lambda: make_gaussian(100, 10 ** 6, 0, sampler="explicit", keep_X=False), a.reps)
    gr = best(lambda: make_gaussian(100, 10 ** 6, 0, sampler="gram"), a.reps)
    rows.append(("data, n=100, d=1e6: explicit X vs Gram law", ex, gr, None))
    print(f"{'measurement':48s} {'A (s)':>9s} {'B (s)':>9s} {'A/B':>8s}  target")
    for name, x, y, target in rows:
        print(f"{name:48s} {x:9.4f} {y:9.4f} {x / y:8.2f}  {'≤ %g' % target if target else '—'}")


if __name__ == "__main__":
    main()
