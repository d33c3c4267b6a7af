"""conj.lai-step: does the lower bound of lai2026.m1.gap hold at every step size η‖λ‖₁ ∈ [0.05, 1.5]?"""
import sympy as sp

from ibcheck.checks.conjecture import Choice, Conjecture, Float, Int, LogInt
from ibcheck.checks.runner import run_check


def experiment(p):
    r = run_check("lai2026.m1.gap", {"n": p["n"], "d": max(p["d"], p["n"]), "eta_scale": p["eta_scale"],
                                      "labels": p["labels"], "seed": p["seed"]})
    q = r["quantities"]
    return {"gap": q["gap"], "lower": q["lower"], "upper": q["upper"],
            "hypotheses_hold": float(all(h["holds"] for h in r["hypotheses"])),
            "eta_threshold_predicted": q["eta_scale_threshold_predicted"]}


gap, lower, hyp = sp.symbols("gap lower hypotheses_hold", real=True)
conjecture = Conjecture(
    id="conj.lai-step", title="the lai2026 lower bound holds for every η‖λ‖₁ in [0.05, 1.5]",
    statement="‖w^∞ − w*‖ ≥ √(n₋ y_min²/‖λ‖₁) whatever the step (docs/claims.md: it needs η‖λ‖₁ ≳ 1)",
    space={"n": LogInt(4, 80), "d": LogInt(400, 100000), "eta_scale": Float(0.05, 1.5),
           "labels": Choice(("uniform", "pm1")), "seed": Int(0, 10000)},
    experiment=experiment, quantities=("gap", "lower", "upper", "hypotheses_hold", "eta_threshold_predicted"),
    hypotheses=(sp.Eq(hyp, 1),), conclusion=sp.Ge(gap, lower * (1 - 1e-8)), default_budget=60,
    replay_check=lambda p: (f"ibcheck check lai2026.m1.gap --set n={p['n']} --set d={max(p['d'], p['n'])} "
                            f"--set eta_scale={p['eta_scale']!r} --set labels={p['labels']} --set seed={p['seed']}"),
    source="lai2026", expected="refuted", ci_budget=5)
