"""Cost of the interval certificate against the float references it certifies; prints ratios.

frei2023 at n = 20, d = 20000, m1 = m2 = 5, γ = 0.5: the float closed form ``closed_form_kkt`` + (H), and the cvxpy
QP on the label-aligned pattern ``qp_aligned``, vs the certificate (KKT point + (H)).

Single-threaded (the runner's policy). Usage: python papers/frei2023/benchmarks/certify.py [--reps 3]
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))

from ibcheck.numerics.data.classification import gaussian_pm1  # noqa: E402
from ibcheck.numerics.runtime.threads import limited  # noqa: E402
from ibcheck.papers.frei2023.theory.certify import certify_thm32  # noqa: E402
from ibcheck.papers.frei2023.theory.hypothesis import h_quantities  # noqa: E402
from ibcheck.theory.two_layer_margin import closed_form_kkt, qp_aligned  # noqa: E402


def best_of(fn, reps):
    ts, out = [], None
    for _ in range(reps):
        t = time.perf_counter()
        out = fn()
        ts.append(time.perf_counter() - t)
    return min(ts), out


def frei(n, d, reps, m1=5, m2=5, gamma=0.5):
    dat = gaussian_pm1(n, d, 0)
    X, y, K = dat.X.numpy(), dat.y.numpy(), dat.K.numpy()
    t_cf, cf = best_of(lambda: (closed_form_kkt(K, y, m1, m2, gamma), h_quantities(K, gamma)), reps)
    t_qp, qp = best_of(lambda: qp_aligned(K, y, m1, m2, gamma), reps)
    print(f"\n[frei2023 thm3.2] n={n}, d={d:g}, m1={m1}, m2={m2}, γ={gamma}")
    print(f"{'':44s} {'seconds':>9} {'÷ closed form':>14} {'÷ cvxpy QP':>11}  outcome")
    print(f"{'float closed form + (H)':44s} {t_cf:>9.4f} {1.0:>14.2f} {t_cf / t_qp:>11.2f}  valid={cf[0].valid}")
    print(f"{'float cvxpy QP on the aligned pattern':44s} {t_qp:>9.4f} {t_qp / t_cf:>14.2f} {1.0:>11.2f}  {qp.info.status}")
    for label, kw in [("certificate from X, a-priori Gram", dict(X=X, gram="apriori")),
                      ("certificate from K (given-K)", dict(K=K))]:
        t, c = best_of(lambda: certify_thm32(y, m1, m2, gamma, **kw), reps)
        print(f"{label:44s} {t:>9.4f} {t / t_cf:>14.2f} {t / t_qp:>11.2f}  {c.status} {c.part_status()}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--reps", type=int, default=3)
    a = ap.parse_args()
    with limited(1):
        frei(20, 20000, a.reps)


if __name__ == "__main__":
    main()
