"""A conjecture whose experiment has a bug: the CLI must exit 5 (internal error), never 1 (refuted)."""
import sympy as sp

from ibcheck.checks.conjecture import Conjecture, Int


def experiment(p):
    return {"z": 1 / (p["k"] - p["k"])}  # ZeroDivisionError


z = sp.Symbol("z", real=True)
conjecture = Conjecture(id="test.crashing", title="a buggy experiment", space={"k": Int(0, 3)},
                        experiment=experiment, quantities=("z",), conclusion=sp.Ge(z, 0), default_budget=3)
