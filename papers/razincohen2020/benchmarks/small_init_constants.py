"""Where the small-init threshold chosen here holds: razincohen2020 swept over the init scale α.

``init_scale_max = 1e-2`` (the paper's "small initialisation" made measurable) is a number chosen here (provenance
``threshold``). This script switches the small-init level off (``init_scale_max = 1``) and prints each claim's
verdict over the init scale, so the range where the conclusions hold is measured, not assumed.
Not part of CI (under a minute).

Usage: python papers/razincohen2020/benchmarks/small_init_constants.py
"""
from __future__ import annotations

import sys
import time

from ibcheck.checks.runner import run_check

SWEEPS = [
    ("razincohen2020.norms_diverge", "alpha", (0.5, 0.3, 0.1, 0.03, 1e-2, 1e-3)),
    ("razincohen2020.det_sign", "alpha", (0.5, 0.3, 0.1, 0.03, 1e-2, 1e-3)),
    ("razincohen2020.effective_rank", "alpha", (0.5, 0.3, 0.1, 0.03, 1e-2, 1e-3)),
]


def main() -> int:
    t0 = time.perf_counter()
    for cid, key, values in SWEEPS:
        cells = []
        for v in values:
            r = run_check(cid, {key: v, "init_scale_max": 1.0})
            cells.append(f"{key}={v:g}: {r['verdict']}")
        print(f"{cid:34s} " + "; ".join(cells), flush=True)
    print(f"({time.perf_counter() - t0:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
