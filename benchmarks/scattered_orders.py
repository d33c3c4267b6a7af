"""Wrong orders read through scatter: the judge alone against a statement row with its generated alternatives.

The held-out generator's scatter families stop at a wrong *limit* (docs/judge.md, "Known limit"). This script
takes its resolvable wrong-order draws (half order, p − ½, a slower order, an extra log factor; on Θ rows a faster
order and one log factor fewer), multiplies each error by 1 + σξ_k (σ log-uniform on [1e-5, 1e-2] per draw, ξ_k
uniform on [−1, 1], from the draw's own seeded stream), and judges it twice: by ``theory.asymptotic.judge`` alone,
and as a statement row (``theory.statement.lim``, kind ``rate``, ``two_sided`` on Θ rows), which also reads the
row's generated alternatives (``theory.asymptotic_alternatives``) on the same evidence. It prints the verdict
counts of both, the draws the row still verifies by family, and the correct Θ draws the row verifies with and
without the lower-side alternative (its cost).

Usage: nice -n 10 python benchmarks/scattered_orders.py [--seed 60341] [--n 12000]
"""
from __future__ import annotations

import argparse
import dataclasses
import random
from collections import Counter

import sympy as sp

from ibcheck.theory import asymptotic_heldout as H
from ibcheck.theory.asymptotic import Series
from ibcheck.theory.statement import lim

ORDERS = {"half order", "order p − ½", "slower order", "extra log factor", "faster order", "faster by a log"}
_Q = sp.Symbol("q", real=True)


def scattered(seed, i: int, d) -> list:
    """The draw's values with each error scaled by 1 + σξ (the module docstring)."""
    rng = random.Random(f"scatter-orders|{seed}|{i}")
    sig = 10 ** rng.uniform(-5, -2)
    return [d.limit + (v - d.limit) * (1 + sig * rng.uniform(-1, 1)) for v in d.q]


FEWER = "one log factor fewer r/log(1/r)"


def as_row(d, q: list) -> dict:
    """``d`` judged as a statement row: the judge, then the row's generated alternatives."""
    row = lim("row", _Q, d.limit, clock=d.clock, rate=d.rate, kind="rate", order=d.order, atol=d.limit_tol,
              clock_label=d.label, two_sided=d.kind == "Θ", slowest=d.slowest)
    return row.evaluate({"q": Series(list(d.tau), q)})


def without_fewer(alone: str, r: dict) -> bool:
    """Whether the row would be verified without the lower-side alternative: the judge alone verified it (``alone``)
    and every other alternative is excluded (or decides nothing)."""
    return alone == "verified" and all(a["excluded"] is not False for a in r["alternatives"] if a["name"] != FEWER)


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", default="60341")
    ap.add_argument("--n", type=int, default=12000)
    a = ap.parse_args(argv)
    both, left, only_fewer, cost = Counter(), Counter(), Counter(), Counter()
    for i in range(a.n):
        d = H.draw(a.seed, i)
        if d.kind == "limit":
            continue
        if d.cls == "resolvable" and d.family in ORDERS:
            q = scattered(a.seed, i, d)
            alone = H.VERDICT[H.judged(dataclasses.replace(d, q=tuple(q))).holds]
            r = as_row(d, q)
            as_stated = H.VERDICT[r["holds"]]
            both[(alone, as_stated)] += 1
            if as_stated == "verified":
                left[(d.family, d.kind)] += 1
            if without_fewer(alone, r):
                only_fewer[(d.family, d.kind)] += 1
        elif d.cls == "correct" and d.kind == "Θ":
            r = as_row(d, list(d.q))
            alone = H.VERDICT[H.judged(d).holds]
            cost[("verified" if without_fewer(alone, r) else "other", H.VERDICT[r["holds"]])] += 1
    print(f"seed {a.seed}, first {a.n} draws: resolvable wrong orders with relative scatter σ ∈ [1e-5, 1e-2]")
    print("judge alone → statement row with its alternatives:")
    for (x, y), k in sorted(both.items()):
        print(f"  {x:>12} → {y:<12} {k}")
    print("still verified as a statement row, by family:", dict(left) or "none")
    print("verified as a statement row without the lower-side alternative, by family:", dict(only_fewer) or "none")
    lower = sum(k for (x, y), k in cost.items() if x == "verified" and y != "verified")
    print(f"correct Θ draws verified as a row without the lower-side alternative: "
          f"{sum(k for (x, _), k in cost.items() if x == 'verified')}, with it: "
          f"{sum(k for (_, y), k in cost.items() if y == 'verified')} ({lower} name one log factor fewer)")


if __name__ == "__main__":
    main()
