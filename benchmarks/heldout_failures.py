"""The held-out draws the judge gets wrong, tabulated by family and by the rule that decided them.

For each seed: correct → violated, resolvable wrong → verified, resolvable wrong → inconclusive and oscillating
convergence (≥ 4 checkpoints a period) not verified, each as counts per (family, rule), with the rates of
``theory.asymptotic_heldout.measure``. ``--show GROUP`` prints the draws of one group (index, row, verdict, reason).

Usage: nice -n 10 python benchmarks/heldout_failures.py [--seed 20261202] [--n 10000] [--show cv] [--limit 20]
"""
from __future__ import annotations

import argparse
from collections import Counter

from ibcheck.theory import asymptotic_heldout as H

GROUPS = {"cv": "correct → violated", "wv": "resolvable wrong → verified", "wi": "resolvable wrong → inconclusive",
          "osc": "oscillating convergence ≥ 4/period not verified", "alt": "persistent oscillation not violated"}


def group_of(d, v) -> list:
    out = []
    if d.cls == "correct" and v == "violated":
        out.append("cv")
    if d.cls == "resolvable" and v == "verified":
        out.append("wv")
    if d.cls == "resolvable" and v == "inconclusive":
        out.append("wi")
    if d.group == "oscillating-convergence" and d.cls == "correct" and d.per_period >= 4 and v != "verified":
        out.append("osc")
    if d.group == "persistent-oscillation" and d.cls == "resolvable" and v != "violated":
        out.append("alt")
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", default="20261202")
    ap.add_argument("--n", type=int, default=10000)
    ap.add_argument("--show", default="")
    ap.add_argument("--limit", type=int, default=20)
    a = ap.parse_args()
    seed = int(a.seed) if a.seed.isdigit() else a.seed
    tab, shown, totals, osc = {g: Counter() for g in GROUPS}, Counter(), Counter(), Counter()
    for i in range(a.n):
        d = H.draw(seed, i)
        try:
            j = H.judged(d)
            v, rule, reason = H.VERDICT[j.holds], j.rule, j.reason
        except Exception as exc:  # noqa: BLE001
            v, rule, reason = "error", "error", repr(exc)
        totals[(d.cls, v)] += 1
        if d.group == "oscillating-convergence" and d.cls == "correct":
            osc[("osc", v)] += 1
            osc[("osc4", v)] += d.per_period >= 4
        elif d.group == "persistent-oscillation" and d.cls == "resolvable":
            osc[("alt", v)] += 1
        for g in group_of(d, v):
            tab[g][(d.family, d.kind, rule)] += 1
            if g == a.show and shown[g] < a.limit:
                shown[g] += 1
                print(f"#{i} {d.family} | {d.kind} rate={d.rate} p={d.order} L={d.limit} tol={d.limit_tol:.3g} "
                      f"slowest={d.slowest} K={len(d.tau)} dec={__import__('math').log10(d.tau[-1] / d.tau[0]):.2f}"
                      f" per={d.per_period:.3g}\n   {v} [{rule}] {reason[:600]}")
    for name, (k, n) in H.rates(totals, osc).items():
        print(f"{name}: {k}/{n} = {100 * k / max(n, 1):.2f}%")
    for g, c in tab.items():
        print(f"\n== {GROUPS[g]}: {sum(c.values())}")
        for (fam, kind, rule), k in c.most_common():
            print(f"  {k:4d}  {fam:45s} {kind:5s} {rule}")


if __name__ == "__main__":
    main()
