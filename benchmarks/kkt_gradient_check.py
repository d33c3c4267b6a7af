"""The cost of checking ``ibcheck kkt``'s gradients against finite differences of the forward, at the papers' size:
Haim et al.'s MLP (784 → 1000 → 1000 → 1, a first-layer bias; P = 1.79e6) on n = 500 examples (streamed Gram).

    python benchmarks/kkt_gradient_check.py [--n 500] [--width 1000] [--steps 30]

Prints the run's wall time, the time of the check itself (``numerics.probe.gradient_check.check``: 4 forward passes per
random direction, 2 directions per tensor, plus retries for examples whose activation pattern changes within the
step) and the ratio of the run with the check to the run without it (the check's time subtracted; the products of
the streamed Jacobians with the directions, P × 8 per chunk against the Gram's P × n, are left in and are ~1.6 %
of the Gram at n = 500). Not a test: the machine's load is printed alongside.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=500)
    ap.add_argument("--width", type=int, default=1000)
    ap.add_argument("--steps", type=int, default=30)
    args = ap.parse_args()
    import ibcheck
    from ibcheck.numerics.probe import gradient_check as GC
    from kkt_stream import model_and_data
    spent, inner = [0.0], GC.check

    def timed(*a, **k):
        t0 = time.perf_counter()
        try:
            return inner(*a, **k)
        finally:
            spent[0] += time.perf_counter() - t0
    GC.check = timed
    net, X, y = model_and_data(args.n, args.width, args.steps)
    t0 = time.perf_counter()
    res = ibcheck.kkt(net, X, y)
    total = time.perf_counter() - t0
    g = res.gradient_check
    print(json.dumps({"n": res.n, "P": res.n_params, "seconds": round(total, 2), "check_seconds": round(spent[0], 2),
                      "forward_passes": g["forward_passes"], "passed": g["passed"],
                      "worst_ratio_to_tolerance": g["worst"]["ratio"] if g["worst"] else None,
                      "ratio_with_to_without": round(total / (total - spent[0]), 4), "verdict": res.verdict,
                      "load": os.getloadavg()[0]}))


if __name__ == "__main__":
    main()
