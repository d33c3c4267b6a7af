"""Benchmarks of the frei2023 machinery; prints times and ratios against their targets.

1. gradient flow until the KKT stationarity residual is ≤ 1e-6, n=50, m=100, d ∈ {1e4, 1e5}:
   span-reduced vs direct autograd in R^{m×d} (direct: per-RK-step cost measured, total projected to
   the span run's step count when a full direct run would exceed --direct-budget seconds);
   target: span time grows < 2× from d=1e4 to 1e5.
2. the label-aligned QP of Problem (1): in the span (2n variables) vs in R^{2d} (v₊, v₋ explicit).

Usage: python papers/frei2023/benchmarks/flow.py [--direct-budget 60]
"""
from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))

import cvxpy as cp  # noqa: E402
import numpy as np  # noqa: E402
import torch  # noqa: E402

from ibcheck.papers.frei2023.checks.gf import init_B  # noqa: E402
from ibcheck.numerics.data.classification import gaussian_pm1  # noqa: E402
from ibcheck.numerics.trainers.flow import direct_log_loss, integrate  # noqa: E402
from ibcheck.numerics.trainers.two_layer import LeakyNet, second_layer  # noqa: E402
from ibcheck.papers.frei2023.theory.kkt import kkt_check  # noqa: E402
from ibcheck.theory.two_layer_margin import aligned_slopes, qp_aligned  # noqa: E402
from ibcheck.theory.solver import solve  # noqa: E402


def flows(d, budget, n=50, m1=50, m2=50, gamma=0.5):
    dat = gaussian_pm1(n, d, 0)
    X, y, K = dat.X, dat.y, dat.K
    a = second_layer(m1, m2)
    B0, perp = init_B(X, K, m1 + m2, 1e-3, 0, "span")
    net = LeakyNet(K=K, y=y, a=a, gamma=gamma, loss="exp", perp_gram=perp)
    Kn, yn, an = K.numpy(), y.numpy(), a.numpy()
    stop = lambda B: kkt_check(Kn, yn, an, gamma, B.numpy()).stationarity <= 1e-6  # noqa: E731
    t = time.perf_counter()
    B, info = integrate(net.neg_grad_over_loss, B0, target_log_loss=-1e5, n=n, stop=stop, max_steps=200000)
    t_span = time.perf_counter() - t
    res = kkt_check(Kn, yn, an, gamma, B.numpy()).stationarity
    # direct: W in R^{m×d}, field by autograd of log L̂; time a fixed number of RK steps
    W0 = B0 @ X

    def field(W):
        Wg = W.detach().requires_grad_(True)
        ll = direct_log_loss(X, y, a, gamma, "exp", Wg)
        (g,) = torch.autograd.grad(ll, Wg)
        return -g, ll.detach()
    probe = 10
    t = time.perf_counter()
    integrate(field, W0, target_log_loss=-1e5, n=n, max_steps=probe)
    per_step = (time.perf_counter() - t) / probe
    total_steps = info["steps"] + info["rejected"]
    projected = per_step * total_steps
    return {"d": d, "span_s": t_span, "span_steps": info["steps"], "rejected": info["rejected"],
            "stationarity": res, "log_loss": info["log_loss"], "direct_s_per_step": per_step,
            "direct_projected_s": projected}


def qps(d, n=50, m1=50, m2=50, gamma=0.5):
    dat = gaussian_pm1(n, d, 0)
    Kn, yn, Xn = dat.K.numpy(), dat.y.numpy(), dat.X.numpy()
    t = time.perf_counter()
    sol = qp_aligned(Kn, yn, m1, m2, gamma)
    t_span = time.perf_counter() - t
    # the same QP with v₊, v₋ ∈ R^d explicit (2d variables)
    S = aligned_slopes(yn, m1, m2, gamma)
    m = m1 + m2
    t = time.perf_counter()
    vp, vm = cp.Variable(d), cp.Variable(d)
    zp, zm = Xn @ vp, Xn @ vm
    f = (m1 * cp.multiply(S[0], zp) - m2 * cp.multiply(S[-1], zm)) / math.sqrt(m)
    cons = [cp.multiply(yn, f) >= 1, cp.multiply(np.where(S[0] == 1, 1.0, -1.0), zp) >= 0,
            cp.multiply(np.where(S[-1] == 1, 1.0, -1.0), zm) >= 0]
    prob = cp.Problem(cp.Minimize(0.5 * (m1 * cp.sum_squares(vp) + m2 * cp.sum_squares(vm))), cons)
    info = solve(prob)
    t_full = time.perf_counter() - t
    return {"d": d, "span_s": t_span, "full_s": t_full, "norm_span": sol.norm,
            "norm_full": math.sqrt(2 * prob.value), "status_full": info.status}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--direct-budget", type=float, default=60.0)
    args = ap.parse_args()
    print(f"torch {torch.__version__}, threads {torch.get_num_threads()}")
    print("\n[1] gradient flow to KKT stationarity ≤ 1e-6 (n=50, m=100, γ=½, exp loss, span init 1e-3)")
    print(f"{'d':>8} {'span s':>8} {'RK steps':>9} {'rejected':>9} {'stationarity':>13} {'direct s/step':>14} "
          f"{'direct total s (projected)':>27} {'direct/span':>12}")
    rows = [flows(d, args.direct_budget) for d in (10000, 100000)]
    for r in rows:
        print(f"{r['d']:>8} {r['span_s']:>8.2f} {r['span_steps']:>9} {r['rejected']:>9} {r['stationarity']:>13.2e} "
              f"{r['direct_s_per_step']:>14.4f} {r['direct_projected_s']:>27.1f} "
              f"{r['direct_projected_s'] / r['span_s']:>12.1f}")
    print(f"span-reduced time ratio d=1e5 / d=1e4: {rows[1]['span_s'] / rows[0]['span_s']:.2f} (target < 2)")
    print("\n[2] label-aligned QP of Problem (1): span (2n variables) vs R^{2d}")
    for d in (10000, 100000):
        r = qps(d)
        print(f"d={d}: span {r['span_s']:.3f} s, R^2d {r['full_s']:.2f} s, ratio {r['full_s'] / r['span_s']:.0f}×; "
              f"‖W*‖ {r['norm_span']:.10f} vs {r['norm_full']:.10f} ({r['status_full']})")


if __name__ == "__main__":
    main()
