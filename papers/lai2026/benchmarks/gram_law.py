"""The Gram-law engine (numerics.data.gram_law) on lai2026.m1.gap's numerics at n = 100: d = 1e9 vs d = 1e3 (target ≤ 2×).

Each figure is the minimum over ``--reps`` runs in one process (single-threaded, as checks run).
Usage: python papers/lai2026/benchmarks/gram_law.py [--reps 3]
"""
from __future__ import annotations

import argparse
import time

from ibcheck.numerics.runtime.threads import default_single_threaded_env

default_single_threaded_env()

from ibcheck.checks.runner import run_check  # noqa: E402


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
    a = ap.parse_args()
    rows = []
    lo = best(lambda: run_check("lai2026.m1.gap", {"n": 100, "d": 1000}), a.reps)
    hi = best(lambda: run_check("lai2026.m1.gap", {"n": 100, "d": 10 ** 9}), a.reps)
    rows.append(("lai2026.m1.gap, n=100: d=1e9 vs d=1e3", hi, lo, 2.0))
    print(f"{'measurement':48s} {'A (s)':>9s} {'B (s)':>9s} {'A/B':>8s}  target")
    for name, x, y, target in rows:
        print(f"{name:48s} {x:9.4f} {y:9.4f} {x / y:8.2f}  {'≤ %g' % target if target else '—'}")


if __name__ == "__main__":
    main()
