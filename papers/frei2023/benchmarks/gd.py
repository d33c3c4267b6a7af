"""GD step throughput for frei2023 Theorem 4.2 at m = 512, d = 3072, n = 1000.

Batched span-reduced GD over S seeds (one tensor op per step) vs a naive loop of per-seed autograd GD
in R^{m×d}; prints steps/s (seed-steps per second) and the ratio.
Usage: python papers/frei2023/benchmarks/gd.py [--device cpu|cuda] [--seeds 8] [--steps 20]
"""
from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))

import torch  # noqa: E402

from ibcheck.numerics.data.classification import gaussian_pm1  # noqa: E402
from ibcheck.numerics.trainers.smooth_gd import gd_direct_smooth, gd_smooth  # noqa: E402
from ibcheck.numerics.trainers.two_layer import gaussian_init, second_layer  # noqa: E402


def sync(dev):
    if dev.type == "cuda":
        torch.cuda.synchronize()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--device", default="cpu", choices=["cpu", "cuda"])
    ap.add_argument("--seeds", type=int, default=8)
    ap.add_argument("--steps", type=int, default=20)
    ap.add_argument("--m", type=int, default=512)
    ap.add_argument("--d", type=int, default=3072)
    ap.add_argument("--n", type=int, default=1000)
    args = ap.parse_args()
    dev = torch.device(args.device)
    S, T, m, d, n = args.seeds, args.steps, args.m, args.d, args.n
    print(f"torch {torch.__version__}, threads {torch.get_num_threads()}, device {dev}; m={m} d={d} n={n} S={S} T={T}")
    dats = [gaussian_pm1(n, d, s, device=dev) for s in range(S)]
    a = second_layer(m // 2, m // 2, device=dev)
    inits = [gaussian_init(x.X.to(dev), x.K, m, 1e-6 / math.sqrt(d), s) for s, x in enumerate(dats)]
    K = torch.stack([x.K for x in dats])
    y = torch.stack([x.y.to(dev) for x in dats])
    B0 = torch.stack([b for b, _ in inits])
    P = torch.stack([p for _, p in inits])
    eta = 1.0 / float(K.diagonal(dim1=1, dim2=2).max())
    gd_smooth(K, y, a, B0, P, eta, 0.5, 2, record_every_until=0, record_factor=1e9)  # warm-up
    sync(dev)
    t = time.perf_counter()
    gd_smooth(K, y, a, B0, P, eta, 0.5, T, record_every_until=0, record_factor=1e9)
    sync(dev)
    tb = time.perf_counter() - t
    W0 = torch.randn(m, d, dtype=torch.float64, device=dev) * 1e-6 / math.sqrt(d)
    gd_direct_smooth(dats[0].X.to(dev), dats[0].y.to(dev), a, W0, eta, 0.5, 1)
    sync(dev)
    t = time.perf_counter()
    for x in dats:
        gd_direct_smooth(x.X.to(dev), x.y.to(dev), a, W0, eta, 0.5, T)
    sync(dev)
    tn = time.perf_counter() - t
    print(f"batched span-reduced GD: {S * T / tb:10.1f} seed-steps/s ({tb:.3f} s)")
    print(f"naive per-seed autograd: {S * T / tn:10.1f} seed-steps/s ({tn:.3f} s)")
    print(f"ratio batched/naive: {tn / tb:.1f}×")


if __name__ == "__main__":
    main()
