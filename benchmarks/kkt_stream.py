"""``ibcheck kkt`` at the papers' size: Haim et al.'s MLP (784 → 1000 → 1000 → 1, a first-layer bias, ReLU; P = 1.79e6)
on n = 500 examples, whose 500 × 1.79e6 per-example gradients (7.1 GB in float64) are streamed into their Gram.

    python benchmarks/kkt_stream.py [--n 500] [--width 1000] [--small-chunk 4] [--steps 30]

Prints the wall time and peak memory (ru_maxrss) of the default streamed run, the same for a run with a small
chunk (the numbers must agree: chunking changes only the order of floating-point sums), their agreement, and the
ratio of peak memory to what holding the gradients (the explicit path, plain autograd) would take. The two runs go
in separate processes so each one's peak is its own. Not a test: the machine's load is printed alongside.
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import time


def model_and_data(n: int, width: int, steps: int, seed: int = 0):
    import torch
    from torch import nn
    torch.manual_seed(seed)
    g = torch.Generator().manual_seed(seed)
    X = torch.rand(n, 784, generator=g, dtype=torch.float64) * (torch.rand(n, 784, generator=g) < 0.2)  # sparse
    net = nn.Sequential(nn.Linear(784, width), nn.ReLU(), nn.Linear(width, width, bias=False), nn.ReLU(),
                        nn.Linear(width, 1, bias=False)).double()  # Haim et al.'s architecture
    teacher = torch.randn(784, generator=g, dtype=torch.float64)
    y = torch.sign((X - X.mean(0)) @ teacher)
    opt = torch.optim.SGD(net.parameters(), lr=0.05)
    for _ in range(steps):  # a few normalised-loss steps on the exponential loss (log space)
        opt.zero_grad()
        torch.logsumexp(-y * net(X).reshape(-1), 0).backward()
        opt.step()
    with torch.no_grad():
        y = torch.where(y * net(X).reshape(-1) > 0, y, -y)  # the labels the trained net separates (margins > 0)
    return net, X, y


def one(args) -> None:
    import numpy as np
    import ibcheck
    net, X, y = model_and_data(args.n, args.width, args.steps)
    t0 = time.perf_counter()
    res = ibcheck.kkt(net, X, y, chunk_size=args.chunk, progress=lambda s: print(s, file=sys.stderr, flush=True))
    secs = time.perf_counter() - t0
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    print(json.dumps({"seconds": secs, "peak_bytes": peak, "P": res.n_params, "n": res.n, "verdict": res.verdict,
                      "stationarity": res.kkt_stationarity, "complementarity": res.kkt_complementarity,
                      "multipliers": res.multipliers, "gradients": res.gradients,
                      "normalized_margin": res.normalized_margin, "euler": res.euler_gradient_check,
                      "reason": res.reason, "lam_max": float(np.max(res.multipliers))}))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=500)
    ap.add_argument("--width", type=int, default=1000)
    ap.add_argument("--steps", type=int, default=30)
    ap.add_argument("--small-chunk", type=int, default=4)
    ap.add_argument("--chunk", type=int, default=None, help=argparse.SUPPRESS)
    ap.add_argument("--one", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.one:
        return one(args)
    print(f"load average before: {os.getloadavg()}, cores: {os.cpu_count()}")
    out = {}
    for label, chunk in (("default", None), ("small-chunk", args.small_chunk)):
        cmd = [sys.executable, __file__, "--one", "--n", str(args.n), "--width", str(args.width), "--steps",
               str(args.steps)] + ([] if chunk is None else ["--chunk", str(chunk)])
        p = subprocess.run(cmd, capture_output=True, text=True, env={**os.environ, "OMP_NUM_THREADS": "1"})
        if p.returncode:
            sys.exit(f"{label} run failed:\n{p.stderr[-3000:]}")
        out[label] = json.loads(p.stdout.strip().splitlines()[-1])
        r = out[label]
        print(f"{label:12s}: {r['seconds']:7.1f} s, peak {r['peak_bytes'] / 2 ** 30:.2f} GiB, P = {r['P']}, n = {r['n']}, "
              f"verdict {r['verdict']}, stationarity {r['stationarity']:.10g}, complementarity "
              f"{r['complementarity']:.10g}, gradients {r['gradients']}; load average {os.getloadavg()}")
    a, b = out["default"], out["small-chunk"]
    dl = max(abs(x - z) for x, z in zip(a["multipliers"], b["multipliers"])) / a["lam_max"]
    explicit = 8 * a["n"] * a["P"]
    print(f"agreement: verdict {a['verdict']} / {b['verdict']}, |Δ stationarity| = "
          f"{abs(a['stationarity'] - b['stationarity']):.2g}, max |Δλ|/max λ = {dl:.2g}")
    print(f"peak memory / holding the gradients (plain autograd, {explicit / 2 ** 30:.2f} GiB): "
          f"{a['peak_bytes'] / explicit:.2f}")


if __name__ == "__main__":
    main()
