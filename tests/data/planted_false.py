"""A planted false conjecture: the lai2026 gap stays below half its lower bound (it does not)."""
import sympy as sp

from ibcheck.checks.conjecture import Conjecture, Int, LogInt
from ibcheck.checks.runner import run_check


def experiment(p):
    q = run_check("lai2026.m1.gap", {"n": p["n"], "d": p["d"], "seed": p["seed"]})["quantities"]
    return {"gap": q["gap"], "lower": q["lower"]}


gap, lower = sp.symbols("gap lower", real=True)
conjecture = Conjecture(id="planted.false", title="gap ≤ lower/2", space={"n": Int(4, 40), "d": LogInt(2000, 50000),
                        "seed": Int(0, 100)}, experiment=experiment, quantities=("gap", "lower"),
                        conclusion=sp.Le(gap, lower / 2), default_budget=20)
