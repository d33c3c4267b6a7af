"""A planted false conjecture: the smallest squared norm of n isotropic Gaussian points in R^d, over d, stays below half
of its concentration lower bound (it does not: ``gap`` = min_i ‖x_i‖²/d ≥ 0.9 on this space, ``lower`` = 1 −
3√(2 log(2n)/d) ≤ 1)."""
import math

import sympy as sp

from ibcheck.checks.conjecture import Conjecture, Int, LogInt
from ibcheck.numerics.data.sets import make_gaussian


def experiment(p):
    K = make_gaussian(p["n"], p["d"], p["seed"], sampler="gram").K
    return {"gap": float(K.diagonal().min()) / p["d"],
            "lower": 1.0 - 3.0 * math.sqrt(2.0 * math.log(2 * p["n"]) / p["d"])}


gap, lower = sp.symbols("gap lower", real=True)
conjecture = Conjecture(id="planted.false", title="gap ≤ lower/2", space={"n": Int(4, 40), "d": LogInt(2000, 50000),
                        "seed": Int(0, 100)}, experiment=experiment, quantities=("gap", "lower"),
                        conclusion=sp.Le(gap, lower / 2), default_budget=20)
