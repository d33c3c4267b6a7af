"""Linear GD on separable data (``numerics.trainers.linear_gd``) to T = 10⁶ steps: steps/s of the span-form numpy trainer,
16 seeds batched vs sequential, and against plain autograd GD in R^d (torch), on the generic planted fixture
(n = 12, d = 3, planted labels).

Prints seed-steps per second for: autograd GD (a short run, extrapolated), the span trainer one seed at a time,
and the span trainer with every seed in one batched op per step; then the ratios.
Usage: python benchmarks/linear_gd.py [--seeds 16] [--steps 1000000] [--autograd-steps 20000]
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import numpy as np  # noqa: E402
import torch  # noqa: E402

from ibcheck.numerics.data.linear_data import planted  # noqa: E402
from ibcheck.numerics.trainers.linear_gd import gd, gd_direct  # noqa: E402
from ibcheck.numerics.runtime.threads import limited  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seeds", type=int, default=16)
    ap.add_argument("--steps", type=int, default=1_000_000)
    ap.add_argument("--autograd-steps", type=int, default=20_000)
    args = ap.parse_args()
    S, T = args.seeds, args.steps
    Zs = np.stack([planted(12, 3, s).Z for s in range(S)])
    etas = 1 / np.linalg.norm(Zs, 2, axis=(1, 2)) ** 2
    print(f"numpy {np.__version__}, torch {torch.__version__}; n=12 d=3, S={S} seeds, T={T} steps, 1 thread")
    with limited(1):
        t0 = time.process_time()
        gd_direct(Zs[0], float(etas[0]), args.autograd_steps)
        auto = args.autograd_steps / (time.process_time() - t0)
        t0 = time.process_time()
        for s in range(S):
            gd(Zs[s], etas[s], T)
        seq = S * T / (time.process_time() - t0)
        t0 = time.process_time()
        gd(Zs, etas, T)
        bat = S * T / (time.process_time() - t0)
    print(f"autograd GD in R^d      {auto:12.0f} seed-steps/s  (10⁶ steps: {1e6 / auto:7.1f} s)")
    print(f"span trainer, sequential {seq:12.0f} seed-steps/s  (10⁶ steps: {1e6 / seq:7.1f} s per seed)")
    print(f"span trainer, batched    {bat:12.0f} seed-steps/s  ({S} seeds × 10⁶ steps: {S * 1e6 / bat:7.1f} s)")
    print(f"ratios: sequential/autograd {seq / auto:.1f}x, batched/sequential {bat / seq:.1f}x, "
          f"batched/autograd {bat / auto:.1f}x")


if __name__ == "__main__":
    main()
