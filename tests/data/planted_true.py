"""A true conjecture: the smoothed leaky ReLU's derivative is at least γ (proved symbolically too)."""
import math

import sympy as sp

from ibcheck.checks.conjecture import Conjecture, Float


def experiment(p):
    z, g = p["z"], p["gamma"]
    s = 0.5 * (1 + math.tanh(z / 2))  # σ(z) without overflow
    return {"dphi": g + (1 - g) * s}


dphi, gamma = sp.symbols("dphi gamma", real=True)
conjecture = Conjecture(id="planted.true", title="φ'(z) ≥ γ", space={"z": Float(-700.0, 700.0), "gamma": Float(1e-6, 1.0)},
                        experiment=experiment, quantities=("dphi",), conclusion=sp.Ge(dphi, gamma * (1 - 1e-12)),
                        default_budget=200)
