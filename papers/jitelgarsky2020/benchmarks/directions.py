"""Survey: how often is jitelgarsky2020.direction's directional convergence reachable, per setting, over seeds?

Ji–Telgarsky (2020) state that θ/‖θ‖ converges for every homogeneous net under gradient flow from a perfectly
classifying point; *how fast* it does is not stated, and a check can only verify convergence that shows by the
horizon it reaches. This survey runs the claim's own check (``jitelgarsky2020.direction``, the asymptotic judge
unchanged) to ``log(1/𝓛) = 1e5`` (the far-horizon command's setting: the judge reads ℓ = 1e3 … 1e5) for every
setting below and seeds 0 … 15, and prints per seed the verdict, the last three-point order of the path length
against 1/ℓ, the extrapolated length, and the *kink gap* ``min |⟨w_j, x_n⟩|/‖w_j‖`` (weight-carrying neurons ×
points) at ℓ = 1e3 and 1e5: a gap falling with ℓ is a pre-activation closing on the point where σ' vanishes
(relu^p's kink, square's 0) — the slow mode that keeps the relu² default's direction drifting (the pull ∝ σ'(z)
vanishes with z, so z ~ 1/log ℓ and the remaining path ~ 1/log log ℓ).

The decision rule it serves (``papers/jitelgarsky2020/checks/expected.py``): the default is a setting whose convergence is
reachable (``verified``) for ≥ 80% of the 16 seeds, with seed 0 as the default draw whatever it gives.

Usage: python papers/jitelgarsky2020/benchmarks/directions.py [--seeds 16] [--target 100000] [--only relu2,linear]
"""
from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))

from ibcheck.checks.runner import run_check  # noqa: E402

SETTINGS = {  # name: overrides of the claim's parameters (teacher data n = 8, d = 20, m = 10 unless set)
    "relu2": {"act": "relu", "p": 2.0},
    "relu2-m20": {"act": "relu", "p": 2.0, "m": 20},
    "relu2-n4": {"act": "relu", "p": 2.0, "n": 4},
    "relu2-n16": {"act": "relu", "p": 2.0, "n": 16},
    "relu3": {"act": "relu", "p": 3.0},
    "square": {"act": "square"},
    "square-m20": {"act": "square", "m": 20},
    "linear": {"act": "linear"},
    "linear-m20": {"act": "linear", "m": 20},
}
ROW = "the path length of θ/‖θ‖ from t₀ converges (finite length)"


def survey(name: str, over: dict, seeds: int, target: float) -> dict:
    t0 = time.perf_counter()
    res = run_check("jitelgarsky2020.direction", {**over, "target_log_loss": -target, "seed": 0}, seeds=seeds)
    rows = res.get("per_seed", [res])
    out = []
    for r in rows:
        c = next(c for c in r["conclusions"] if c["name"] == ROW)
        kg = r["quantities"].get("kink_gap_series") or [math.nan]
        out.append({"seed": r["seed"], "verdict": r["verdict"], "order": c.get("observed_order", {}).get("value"),
                    "orders": c.get("orders") or [], "limit": c.get("limit_estimate", {}).get("interval"),
                    "gap0": _num(kg[0]), "gap1": _num(kg[-1])})
    return {"name": name, "rows": out, "time": time.perf_counter() - t0}


def _num(x) -> float:
    return math.nan if x is None else float(x)  # the JSON writes NaN (linear: no kink) as null


def _f(x, fmt="{:.2f}") -> str:
    return "—" if x is None or (isinstance(x, float) and not math.isfinite(x)) else fmt.format(x)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=16)
    ap.add_argument("--target", type=float, default=1e5, help="stop at log(1/𝓛) = this")
    ap.add_argument("--only", default="", help="comma-separated setting names (default: all)")
    a = ap.parse_args()
    names = [s for s in a.only.split(",") if s] or list(SETTINGS)
    summary = []
    for name in names:
        s = survey(name, SETTINGS[name], a.seeds, a.target)
        print(f"\n## {name} {SETTINGS[name]}  ({s['time']:.1f} s for {a.seeds} seeds)")
        print("seed  verdict       last 3-pt order  limit interval      kink gap 1e3 → end  (falls)")
        for r in s["rows"]:
            lim = r["limit"] or [math.nan, math.nan]
            falls = r["gap1"] < 0.9 * r["gap0"] if math.isfinite(r["gap0"]) else False
            order = r["orders"][-1] if r["orders"] else r["order"]
            print(f"{r['seed']:4d}  {r['verdict']:12s}  {_f(order):>15s}  [{_f(lim[0], '{:.3f}')}, {_f(lim[1], '{:.3f}')}]"
                  f"    {_f(r['gap0'], '{:.3f}'):>6s} → {_f(r['gap1'], '{:.3f}'):>6s}  {'yes' if falls else ''}")
        ok = sum(r["verdict"] == "verified" for r in s["rows"])
        kink = sum(r["verdict"] != "verified" and math.isfinite(r["gap0"]) and r["gap1"] < 0.9 * r["gap0"]
                   for r in s["rows"])
        summary.append((name, ok, len(s["rows"]), kink, s["rows"][0]["verdict"], s["time"]))
        sys.stdout.flush()
    print("\n## summary (verified = directional convergence reachable by log(1/𝓛) = %g)" % a.target)
    print("setting       verified      not verified with a falling kink gap   seed 0        time")
    for name, ok, n, kink, v0, t in summary:
        print(f"{name:12s}  {ok:2d}/{n:<2d} ({100 * ok / n:3.0f}%)  {kink:2d}{'':36s} {v0:12s}  {t:5.1f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
