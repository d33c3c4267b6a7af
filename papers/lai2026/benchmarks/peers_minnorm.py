"""lai2026's m=1 min-norm program against library peers, interleaved (as benchmarks/peers.py does for the shared
integrators, references and trainers).

``minnorm n`` (d = 40n, half the labels negative): ``min_norm_m1`` (reduced NNLS, polished, KKT re-verified) against
cvxpy's default solve of the same span program (no polish) and the Clarabel + polish path. Each row runs ours and every
peer in alternation (``--reps`` rounds, best CPU time of each, one thread), checks the answers against a reference
(Clarabel + polish) and prints the CPU-time ratio peer/ours (> 1: ours is faster) and each one's error in the K-norm.

Usage: python papers/lai2026/benchmarks/peers_minnorm.py [--reps 3] [--quick]
"""
from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "benchmarks"))

import numpy as np  # noqa: E402
from peers import interleaved, row  # noqa: E402  (the shared benchmarks' interleaved timing and ratio row)

from ibcheck.numerics.runtime.threads import limited  # noqa: E402


def minnorms(n: int, reps: int):
    import cvxpy as cp

    from ibcheck.papers.lai2026.theory.minnorm import eigen_factor, min_norm_m1
    rng = np.random.default_rng(n)
    d = 40 * n
    X = rng.standard_normal((n, d))
    K = X @ X.T
    y = np.where(np.arange(n) % 2 == 0, 1.0, -1.0) * rng.uniform(1, 2, n)
    ref = min_norm_m1(K, y, d, method="clarabel").alpha

    def plain():
        Kt = K / d
        a = cp.Variable(n)
        P, N = y > 0, y <= 0
        cons = [(Kt @ a)[np.flatnonzero(P)] == y[P], (Kt @ a)[np.flatnonzero(N)] <= 0]
        cp.Problem(cp.Minimize(0.5 * cp.sum_squares(eigen_factor(Kt).T @ a)), cons).solve()
        return np.asarray(a.value) / d

    fns = {"ours": lambda: min_norm_m1(K, y, d).alpha, "clarabel+polish": lambda: min_norm_m1(K, y, d, method="clarabel").alpha,
           "cvxpy default": plain}
    res = interleaved(fns, reps)
    nr = math.sqrt(ref @ K @ ref)
    err = {k: float(math.sqrt(max((v[1] - ref) @ K @ (v[1] - ref), 0.0)) / nr) for k, v in res.items()}
    row(f"minnorm n={n}", res, err)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--quick", action="store_true", help="one size")
    args = ap.parse_args()
    print(f"numpy {np.__version__}; CPU time, best of {args.reps} interleaved, 1 thread; "
          "ratio = peer/ours (> 1: ours faster)")
    with limited(1):
        for n in (40,) if args.quick else (40, 100, 300):
            minnorms(n, args.reps)


if __name__ == "__main__":
    main()
