"""Held-out rates at several seeds and the battery's rates in one line each: the check a judge change must pass.

Usage: nice -n 10 python benchmarks/heldout_compare.py [--seeds 20261202,777,4242] [--n 10000] [--no-battery]
"""
from __future__ import annotations

import argparse

from ibcheck.theory import asymptotic_calibration as cal
from ibcheck.theory import asymptotic_heldout as H

SHORT = {"correct → violated": "c→V", "resolvable wrong → verified": "w→v", "resolvable wrong → inconclusive": "w→i",
         "oscillating convergence → verified": "osc→v", "oscillating convergence, ≥ 4 checkpoints a period → verified":
         "osc4→v", "persistent oscillation or alternation → violated": "alt→V", "errors (the judge raised)": "err"}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seeds", default="20261202")
    ap.add_argument("--n", type=int, default=10000)
    ap.add_argument("--no-battery", action="store_true")
    a = ap.parse_args()
    for s in a.seeds.split(","):
        seed = int(s) if s.isdigit() else s
        r = H.measure(seed, a.n)["rates"]
        print(f"seed {s}: " + "  ".join(f"{SHORT[k]} {c}/{n} {100 * c / max(n, 1):.2f}%" for k, (c, n) in r.items()))
    if not a.no_battery:
        b = cal.measure()
        r = cal.rates(b["totals"])
        bad = [(row, fam, dict(c)) for (row, fam, _), c in b["table"].items()
               if c[("correct", "violated")] or c[("resolvable", "verified")]]
        print("battery:", r, "bad:", bad)


if __name__ == "__main__":
    main()
