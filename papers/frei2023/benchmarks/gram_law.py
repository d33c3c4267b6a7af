"""The Gram-law engine (numerics.data.gram_law) on frei2023.thm3.2.global at n = 20 (default m₁ = m₂ = 5, γ = ½): d = 1e7
(inside (H)) vs d = 1e4 (target ≤ 1.5×).

Each figure is the minimum over ``--reps`` runs in one process (single-threaded, as checks run).
Usage: python papers/frei2023/benchmarks/gram_law.py [--reps 3] [--quick]
"""
from __future__ import annotations

import argparse
import time

from ibcheck.numerics.runtime.threads import default_single_threaded_env

default_single_threaded_env()

from ibcheck.papers.frei2023.checks import gf  # noqa: E402
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
    ap.add_argument("--quick", action="store_true", help="smaller target (log L̂ = −300) for a fast run")
    a = ap.parse_args()
    rows = []
    frei = {"target_log_loss": -300.0} if a.quick else {}

    def flow(d):  # the checks memoise their shared flow: clear it so every rep measures a run
        gf.clear_cache()
        run_check("frei2023.thm3.2.global", dict(frei, d=d))
    lo = best(lambda: flow(10 ** 4), a.reps)
    hi = best(lambda: flow(10 ** 7), a.reps)
    rows.append(("frei2023.thm3.2.global, n=20: d=1e7 vs d=1e4", hi, lo, 1.5))
    print(f"{'measurement':48s} {'A (s)':>9s} {'B (s)':>9s} {'A/B':>8s}  target")
    for name, x, y, target in rows:
        print(f"{name:48s} {x:9.4f} {y:9.4f} {x / y:8.2f}  {'≤ %g' % target if target else '—'}")


if __name__ == "__main__":
    main()
