"""Benchmark: the diagonal-network flow in span form (n-dimensional) vs the direct flow in R^{2d}.

Both integrate gradient flow on w = u⊙u − v⊙v from u = v = α𝟙 until ‖Xw − y‖ ≤ 1e-10‖y‖; the span form is the
trainer of woodworth2020.* (LSODA with its n×n Jacobian), also timed with the direct flow's explicit DOP853 so
that the ratio compares state sizes, not methods. Prints the times, the ratios and the distance between the
two limits (same limit up to the stopping residual).

Usage: python papers/woodworth2020/benchmarks/flow.py [--d 100000] [--n 20] [--alpha 0.1]
"""
from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))

import numpy as np  # noqa: E402
from scipy.integrate import solve_ivp  # noqa: E402

from ibcheck.papers.woodworth2020.numerics.diag_linear import sinh_link, span_flow  # noqa: E402
from ibcheck.numerics.runtime.threads import default_single_threaded_env  # noqa: E402

RES_TOL = 1e-10


class _OutOfTime(Exception):
    pass


def direct(X, y, alpha, rtol, seconds=math.inf):
    """The flow in R^{2d}; after ``seconds`` of wall time it stops: (None, time, evaluations, t reached, residual)."""
    d = X.shape[1]
    ny = np.linalg.norm(y)
    deadline = time.perf_counter() + seconds
    last = {"t": 0.0, "z": None}

    def f(t, z):
        if time.perf_counter() > deadline:
            raise _OutOfTime
        last["t"], last["z"], last["nfev"] = t, z, last.get("nfev", 0) + 1
        u, v = z[:d], z[d:]
        g = X.T @ (X @ (u * u - v * v) - y)
        return np.concatenate([-2.0 * u * g, 2.0 * v * g])

    def res(t, z):
        u, v = z[:d], z[d:]
        return math.log(np.linalg.norm(X @ (u * u - v * v) - y) / ny) - math.log(RES_TOL)
    res.terminal = True
    t0 = time.perf_counter()
    # t_eval = []: do not keep every step's 2d-vector (10⁴ steps × 2e5 floats would be 16 GB)
    try:
        sol = solve_ivp(f, (0, 1e9), np.full(2 * d, alpha), method="DOP853", rtol=rtol, atol=1e-12 * alpha,
                        events=res, t_eval=np.array([]))
    except _OutOfTime:
        z = last["z"]
        r = np.linalg.norm(X @ (z[:d] ** 2 - z[d:] ** 2) - y) / ny
        return None, time.perf_counter() - t0, last["nfev"], last["t"], r
    z = sol.y_events[0][-1]
    u, v = z[:d], z[d:]
    return u * u - v * v, time.perf_counter() - t0, sol.nfev, sol.t_events[0][-1], RES_TOL


def span_dop(X, y, alpha, rtol):
    ny = np.linalg.norm(y)

    def f(t, s):
        return -4.0 * (X @ sinh_link(X.T @ s, alpha)[0] - y)

    def res(t, s):
        return math.log(np.linalg.norm(X @ sinh_link(X.T @ s, alpha)[0] - y) / ny) - math.log(RES_TOL)
    res.terminal = True
    t0 = time.perf_counter()
    # atol: s starts at 0 (no scale for rtol yet); 1e-12 sits below the 1e-10 residual target the run stops at
    sol = solve_ivp(f, (0, 1e9), np.zeros(X.shape[0]), method="DOP853", rtol=rtol, atol=1e-12, events=res,
                    t_eval=np.array([]))
    return sinh_link(X.T @ sol.y_events[0][-1], alpha)[0], time.perf_counter() - t0, sol.nfev


def main():
    default_single_threaded_env()
    ap = argparse.ArgumentParser()
    ap.add_argument("--d", type=int, default=100000)
    ap.add_argument("--n", type=int, default=20)
    ap.add_argument("--alpha", type=float, default=0.1)
    ap.add_argument("--rtol", type=float, default=1e-8)
    ap.add_argument("--direct-seconds", type=float, default=300.0,
                    help="wall-clock cap of the direct flow; past it the ratio printed is a lower bound")
    a = ap.parse_args()
    rng = np.random.default_rng(0)
    X = rng.normal(size=(a.n, a.d)) / math.sqrt(a.d)  # rows of unit norm on average: a d-independent time scale
    w_star = np.zeros(a.d)
    w_star[rng.choice(a.d, 5, replace=False)] = rng.normal(size=5)
    y = X @ w_star
    t0 = time.perf_counter()
    fl = span_flow(X, y, a.alpha, res_tol=RES_TOL)
    t_span = time.perf_counter() - t0
    w_dop, t_span_dop, nf_span_dop = span_dop(X, y, a.alpha, a.rtol)
    w_dir, t_dir, nf_dir, t_reached, r_dir = direct(X, y, a.alpha, a.rtol, a.direct_seconds)
    rel = lambda u, v: float(np.linalg.norm(u - v) / np.linalg.norm(v))  # noqa: E731
    print(f"d = {a.d}, n = {a.n}, α = {a.alpha}: stop at ‖Xw − y‖ ≤ {RES_TOL:g}‖y‖")
    print(f"  span form, LSODA + n×n Jacobian (the trainer): {t_span:8.3f} s  ({fl.nfev} evaluations)")
    print(f"  span form, DOP853:                             {t_span_dop:8.3f} s  ({nf_span_dop} evaluations)")
    ge = "≥ " if w_dir is None else ""
    print(f"  direct flow in R^2d, DOP853:                   {t_dir:8.3f} s  ({nf_dir} evaluations)"
          + (f"  stopped by the {a.direct_seconds:g} s cap at t = {t_reached:.3g}, residual {r_dir:.2e}‖y‖"
             if w_dir is None else ""))
    print(f"  ratio direct / span (same DOP853):   {ge}{t_dir / t_span_dop:.1f}×")
    print(f"  ratio direct / span (the trainer):   {ge}{t_dir / t_span:.1f}×")
    print(f"  time per field evaluation, direct / span: {(t_dir / nf_dir) / (t_span_dop / nf_span_dop):.1f}×")
    if w_dir is not None:
        print(f"  same limit: ‖w_span − w_direct‖/‖w_direct‖ = {rel(fl.w, w_dir):.2e} (trainer), "
              f"{rel(w_dop, w_dir):.2e} (DOP853)")


if __name__ == "__main__":
    main()
