"""Where the small-init thresholds chosen here hold: boursier2022 swept over the init scale λ.

``init_scale_max = 1e-2`` (the paper's "small initialisation" made measurable) and the escape-rate ratio
``rate_ratio_min = 1.2`` are numbers chosen here (provenance ``threshold``). This script switches the small-init
level off (``init_scale_max = 1``) and prints each claim's verdict over the init scale, so the range where the
conclusions hold is measured, not assumed.

Not part of CI (under a minute).

Usage: python papers/boursier2022/benchmarks/small_init_constants.py
"""
from __future__ import annotations

import sys
import time

from ibcheck.checks.runner import run_check

SWEEPS = [
    ("boursier2022.convergence", "lam", (0.3, 0.1, 0.03, 1e-2, 1e-4, 1e-6)),
    ("boursier2022.saddle_to_saddle", "lam", (0.3, 0.1, 0.03, 1e-2, 1e-4, 1e-6)),
]


def main() -> int:
    t0 = time.perf_counter()
    for cid, key, values in SWEEPS:
        cells = []
        for v in values:
            r = run_check(cid, {key: v, "init_scale_max": 1.0})
            extra = ""
            if cid == "boursier2022.saddle_to_saddle":
                q = r.get("quantities", {})
                extra = f" (rate ratio {q.get('rate_ratio', float('nan')):.3g})" \
                    if isinstance(q.get("rate_ratio"), float) else ""
            cells.append(f"{key}={v:g}: {r['verdict']}{extra}")
        print(f"{cid:34s} " + "; ".join(cells), flush=True)
    print(f"({time.perf_counter() - t0:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
