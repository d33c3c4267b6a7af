"""Benchmark of the Gram-law engine (numerics.data.gram_law): sampling the data, the Gram law vs an explicit X at d = 1e6,
n = 100 (ratio). A check's whole numerics at d = 1e9 vs d = 1e3 is timed by its paper's benchmark
(papers/<paper>/benchmarks/gram_law.py).

Each figure is the minimum over ``--reps`` runs in one process (single-threaded, as checks run).
Usage: python benchmarks/gram_law.py [--reps 3]
"""
from __future__ import annotations

import argparse
import time

from ibcheck.numerics.runtime.threads import default_single_threaded_env

default_single_threaded_env()

from ibcheck.numerics.data.sets import make_gaussian  # noqa: E402


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
    ex = best(lambda: make_gaussian(100, 10 ** 6, 0, sampler="explicit", keep_X=False), a.reps)
    gr = best(lambda: make_gaussian(100, 10 ** 6, 0, sampler="gram"), a.reps)
    rows.append(("data, n=100, d=1e6: explicit X vs Gram law", ex, gr, None))
    print(f"{'measurement':48s} {'A (s)':>9s} {'B (s)':>9s} {'A/B':>8s}  target")
    for name, x, y, target in rows:
        print(f"{name:48s} {x:9.4f} {y:9.4f} {x / y:8.2f}  {'≤ %g' % target if target else '—'}")


if __name__ == "__main__":
    main()
