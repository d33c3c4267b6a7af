"""A 64-point sweep of lai2026.m1.gap (n=20, d=2000, seeds 0..63) on each backend: wall time, ratio to
serial, and per-task overhead = (wall − serial compute / workers) / tasks.

Usage: python papers/lai2026/benchmarks/backends.py [--points 64]
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))

from ibcheck.checks.backends import run_tasks  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--points", type=int, default=64)
    args = ap.parse_args()
    tasks = [{"claim": "lai2026.m1.gap", "params": {"n": 20, "d": 2000, "seed": s}, "device": "cpu"}
             for s in range(args.points)]
    cores = os.cpu_count() or 1
    run_tasks(tasks[:2], "serial")  # warm imports
    rows = []
    for backend in ("serial", "local", "ray"):
        t = time.perf_counter()
        res = run_tasks(tasks, backend, workers=cores)
        wall = time.perf_counter() - t
        compute = sum(r["env"].get("task_seconds", 0) for r in res)
        rows.append((backend, wall, compute))
    serial = rows[0][1]
    print(f"{args.points}-point sweep, {cores} cores")
    print(f"{'backend':8s} {'wall s':>8s} {'vs serial':>10s} {'task compute s':>15s} {'overhead/task ms':>17s}")
    for b, wall, compute in rows:
        workers = 1 if b == "serial" else cores
        over = (wall - compute / workers) / args.points * 1000
        print(f"{b:8s} {wall:8.2f} {serial / wall:9.2f}× {compute:15.2f} {over:17.1f}")


if __name__ == "__main__":
    main()
