"""kou2023's invented constants measured: over which data and inits do the conclusions hold?

The paper's near-orthogonality constant C (‖x_i‖² ≥ C n max_{k≠i}|⟨x_i,x_k⟩|) and its small-init requirement are
UNKNOWN; the catalogue states them on the inputs with numbers chosen here (``C_orth = 1``, ``c_init = 1``: provenance
``threshold``). This sweep measures where the conclusions actually hold: it varies the data's orthogonality (the
dimension d at n = 10: the measured ratio min_i ‖x_i‖²/(n max_k|⟨x_i,x_k⟩|) grows like √d) and the init scale σ₀
(the measured ‖W⁽⁰⁾‖/‖W⁽¹⁾ − W⁽⁰⁾‖ grows like σ₀), runs each deciding claim with the two hypotheses switched off
(``C_orth = 0``, ``c_init = 1e9``) so that its verdict is the conclusions' own, and prints, per claim, the verdict at
every grid point against the two measured numbers, then the range over which every verdict stays ``verified``.

Usage: python papers/kou2023/benchmarks/constants.py [--steps 20000] [--d 300,1000,3000,10000] [--sigma0 1e-4,1e-3,1e-2,1e-1]
(quick settings: ~1–2 minutes on one core; not part of CI — docs/kou2023.md quotes its output.)
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))

from ibcheck.checks.runner import run_check  # noqa: E402

CLAIMS = (("kou2023.leaky_srank_to_1", {}), ("kou2023.margin_equalization", {}),
          ("kou2023.margin_equalization", {"gamma": 0.0}))
OFF = {"C_orth": 0.0, "c_init": 1e9}  # the hypotheses switched off: the verdict is the conclusions'


def sweep(ds, sigmas, steps) -> list[dict]:
    rows = []
    for d in ds:
        for s0 in sigmas:
            for cid, extra in CLAIMS:
                r = run_check(cid, {**OFF, **extra, "d": d, "sigma0": s0, "steps": steps})
                q = r["quantities"]
                rows.append({"claim": cid + ("" if not extra else f" (γ={extra['gamma']:g})"), "d": d, "sigma0": s0,
                             "orth_ratio": q["orth_ratio"], "init_ratio": q["init_to_first_step"],
                             "verdict": r["verdict"], "reason": r["reason"][:90]})
                print(f"{rows[-1]['claim']:40s} d={d:<6d} σ₀={s0:<7g} C={q['orth_ratio']:6.3f} "
                      f"init={q['init_to_first_step']:9.3g}  {r['verdict']:13s} {rows[-1]['reason']}", flush=True)
    return rows


def ranges(rows) -> None:
    """Per claim: the smallest measured C and the largest init ratio among verified points, and whether every point
    inside that box (C ≥ C_min, init ≤ init_max) is verified."""
    print("\nrange where the verdict stays `verified` (measured C = min_i ‖x_i‖²/(n max|⟨x_i,x_k⟩|), "
          "init = ‖W⁽⁰⁾‖/‖W⁽¹⁾ − W⁽⁰⁾‖):")
    for claim in dict.fromkeys(r["claim"] for r in rows):
        rs = [r for r in rows if r["claim"] == claim]
        ok = [r for r in rs if r["verdict"] == "verified"]
        if not ok:
            print(f"  {claim}: verified nowhere on the grid")
            continue
        c_min, i_max = min(r["orth_ratio"] for r in ok), max(r["init_ratio"] for r in ok)
        box = [r for r in rs if r["orth_ratio"] >= c_min and r["init_ratio"] <= i_max]
        bad = [r for r in box if r["verdict"] != "verified"]
        inside = "every point inside verified" if not bad else \
            f"{len(bad)} inside not verified: " + ", ".join(f"d={r['d']} σ₀={r['sigma0']:g} {r['verdict']}" for r in bad)
        print(f"  {claim}: verified at {len(ok)}/{len(rs)} points; box C ≥ {c_min:.3g}, init ≤ {i_max:.3g} ({inside})")
        fail = [r for r in rs if r["verdict"] != "verified"]
        for r in fail:
            print(f"    not verified: d={r['d']} σ₀={r['sigma0']:g} (C={r['orth_ratio']:.3g}, init={r['init_ratio']:.3g}):"
                  f" {r['verdict']} — {r['reason']}")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--steps", type=int, default=20000)
    ap.add_argument("--d", default="300,1000,3000,10000")
    ap.add_argument("--sigma0", default="1e-4,1e-3,1e-2,1e-1")
    a = ap.parse_args(argv)
    rows = sweep([int(float(v)) for v in a.d.split(",")], [float(v) for v in a.sigma0.split(",")], a.steps)
    ranges(rows)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
