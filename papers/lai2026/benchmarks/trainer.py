"""Benchmarks of the lai2026 machinery; prints times and the ratios the foundation issue targets.

1. span-reduced GD vs direct autograd GD in R^d, n = 100, d ∈ {1e3, 1e4, 1e5, 1e6} (same stopping rule);
2. the whole lai2026.m1.gap check at d = 1e6 (K, GD, cvxpy) vs forming K = XXᵀ once (target ≤ 3×);
3. 64 seeds batched into one tensor op vs 64 sequential runs (target ≥ 10×), trainer and whole check.

Usage: python papers/lai2026/benchmarks/trainer.py [--device cpu|cuda] [--dmax 1000000] [--reps 3]
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))

import torch  # noqa: E402

from ibcheck.checks.runner import run_check  # noqa: E402
from ibcheck.numerics.data.sets import Dataset, gaussian_features, gram, make_gaussian, signed_labels  # noqa: E402
from ibcheck.numerics.data.inits import positive_init  # noqa: E402
from ibcheck.numerics.trainers.relu_gd import gd_direct, gd_span  # noqa: E402


def best_of(fn, reps):
    """Minimum wall time over ``reps`` calls (the least-disturbed measurement) and the last result."""
    ts, out = [], None
    for _ in range(reps):
        if torch.cuda.is_available():
            torch.cuda.synchronize()
        t = time.perf_counter()
        out = fn()
        if torch.cuda.is_available():
            torch.cuda.synchronize()
        ts.append(time.perf_counter() - t)
    return min(ts), out


def span_vs_direct(dev, dmax, reps, n=100):
    print(f"\n[1] span-reduced vs direct autograd GD (m=1, n={n}, to ‖∇L‖ ≤ 1e-12‖∇L₀‖), device={dev}")
    print(f"{'d':>9} {'steps':>6} {'span s':>10} {'direct s':>10} {'direct/span':>12} {'span s/step':>12}")
    a = torch.ones(1, dtype=torch.float64)
    d = 1000
    while d <= dmax:
        ds = make_gaussian(n, d, 0, device=dev)
        a0 = positive_init(1, 1, n, ds.trace_sigma, 1e-3, device=dev)
        eta = 1.0 / ds.trace_sigma
        ts, rs = best_of(lambda: gd_span(ds.K[None], ds.y[None], a, a0, eta), reps)
        W0 = a0[0] @ ds.X
        td, rd = best_of(lambda: gd_direct(ds.X, ds.y, a, W0, eta, keep_betas=False), max(1, reps - 1))
        steps = int(rs.steps[0])
        assert steps == rd.steps
        print(f"{d:>9} {steps:>6} {ts:>10.4f} {td:>10.4f} {td / ts:>12.1f} {ts / steps:>12.2e}")
        del ds, W0
        d *= 10


def whole_check_vs_gram(dev, d, reps, n=100):
    print(f"\n[2] whole lai2026.m1.gap check vs forming K once (n={n}, d={d}), device={dev}")
    t0 = time.perf_counter()
    X, lam = gaussian_features(n, d, 0)
    X = X.to(dev)
    y = signed_labels(n, 0).to(dev)
    t_gen = time.perf_counter() - t0
    t_K, _ = best_of(lambda: gram(X), reps)

    def whole():
        K = gram(X)
        ds = Dataset(X=None, y=y, K=K, trace_sigma=float(lam.sum()), kind="gaussian", info={"d": d})
        return run_check("lai2026.m1.gap", {"n": n, "d": d}, dataset=ds, device=str(dev.type))
    t_whole, r = best_of(whole, reps)
    print(f"data generation (timed separately): {t_gen:.3f} s")
    print(f"K = XXᵀ once: {t_K:.3f} s   whole check (K + GD + cvxpy + verdict): {t_whole:.3f} s   "
          f"ratio {t_whole / t_K:.2f} (target ≤ 3)   verdict {r['verdict']}")


def batched_vs_sequential(dev, reps, S=64, n=100, d=10000):
    print(f"\n[3] {S} seeds batched vs sequential (n={n}, d={d}), device={dev}")
    dss = [make_gaussian(n, d, s, device=dev, keep_X=False) for s in range(S)]
    K = torch.stack([x.K for x in dss])
    y = torch.stack([x.y for x in dss])
    tr = torch.tensor([x.trace_sigma for x in dss], dtype=torch.float64, device=dev)
    a = torch.tensor([1.0, -1.0], dtype=torch.float64)
    a0 = positive_init(S, 2, n, 1.0, 1e-3, device=dev) / tr.view(-1, 1, 1)
    tb, _ = best_of(lambda: gd_span(K, y, a, a0, 1.0 / tr), reps)
    tq, _ = best_of(lambda: [gd_span(K[s:s + 1], y[s:s + 1], a, a0[s:s + 1], 1.0 / tr[s:s + 1]) for s in range(S)],
                    reps)
    print(f"trainer (m=2): batched {tb:.4f} s   sequential {tq:.4f} s   ratio {tq / tb:.1f} (target ≥ 10)")
    cb, _ = best_of(lambda: run_check("lai2026.m1.gap", {"n": n, "d": d}, seeds=S, device=dev.type), 1)
    cq, _ = best_of(lambda: [run_check("lai2026.m1.gap", {"n": n, "d": d, "seed": s}, device=dev.type)
                             for s in range(S)], 1)
    print(f"whole check (data generation + K + GD + cvxpy per seed): --seeds {S} {cb:.2f} s   "
          f"{S} separate checks {cq:.2f} s   ratio {cq / cb:.2f} (data and cvxpy are per seed in both)")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--device", default="cpu", choices=["cpu", "cuda"])
    ap.add_argument("--dmax", type=int, default=1_000_000)
    ap.add_argument("--reps", type=int, default=3)
    args = ap.parse_args()
    dev = torch.device(args.device)
    print(f"torch {torch.__version__}, threads {torch.get_num_threads()}, device {dev}")
    span_vs_direct(dev, args.dmax, args.reps)
    whole_check_vs_gram(dev, args.dmax, args.reps)
    batched_vs_sequential(dev, args.reps)


if __name__ == "__main__":
    main()
