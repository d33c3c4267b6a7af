"""Cost of the interval certificate against the float reference it certifies; prints ratios.

lai2026 m=1 min-norm at (n, d) = (40, 4000) and (100, 1e6): the float solve ``min_norm_m1(K)`` (cvxpy + polish +
re-verified KKT) vs the certificate from X (a-priori Gram: one numpy BLAS Gram + balls), from X with the exact
integer Gram (small n·d only), and from K alone (given-K). The Gram that the float path forms once for every check
(torch ``XXᵀ``) is timed too, for context.

Single-threaded (the runner's policy). Usage: python papers/lai2026/benchmarks/certify.py [--reps 3] [--dmax 1000000]
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))

from ibcheck.numerics.data.sets import gram, make_gaussian  # noqa: E402
from ibcheck.numerics.runtime.threads import limited  # noqa: E402
from ibcheck.papers.lai2026.theory.certify import certify_min_norm_m1  # noqa: E402
from ibcheck.papers.lai2026.theory.minnorm import min_norm_m1  # noqa: E402


def best_of(fn, reps):
    ts, out = [], None
    for _ in range(reps):
        t = time.perf_counter()
        out = fn()
        ts.append(time.perf_counter() - t)
    return min(ts), out


def lai(n, d, reps):
    ds = make_gaussian(n, d, 0)
    X, y, K = ds.X.numpy(), ds.y.numpy(), ds.K.numpy()
    t_gram, _ = best_of(lambda: gram(ds.X), reps)
    t_float, ref = best_of(lambda: min_norm_m1(K, y, ds.trace_sigma), reps)
    alpha = ref.alpha * (1 + 1e-3)  # a stand-in GD limit: the gap enclosure is part of the cost
    rows = [("float solve min_norm_m1(K)", t_float, ref.status), ("(float path's Gram XXᵀ, formed once)", t_gram, "")]
    modes = [("certificate from X, a-priori Gram", dict(X=X, gram="apriori")),
             ("certificate from K (given-K)", dict(K=K))]
    if n * d <= 1_000_000:
        modes.insert(1, ("certificate from X, exact integer Gram", dict(X=X, gram="exact")))
    for label, kw in modes:
        t, c = best_of(lambda: certify_min_norm_m1(y, tight=ref.tight, alpha_limit=alpha, **kw), reps)
        rows.append((label, t, f"{c.status} at {c.precision} bits ({c.data['gram']})"))
    print(f"\n[lai2026 m=1] n={n}, d={d:g}")
    print(f"{'':44s} {'seconds':>9} {'÷ float solve':>14} {'÷ (solve + Gram)':>17}  outcome")
    for label, t, what in rows:
        print(f"{label:44s} {t:>9.4f} {t / t_float:>14.2f} {t / (t_float + t_gram):>17.2f}  {what}")
    return {label: t / t_float for label, t, _ in rows}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--dmax", type=float, default=1e6)
    a = ap.parse_args()
    with limited(1):
        lai(40, 4000, a.reps)
        lai(100, int(a.dmax), max(1, a.reps - 1))


if __name__ == "__main__":
    main()
