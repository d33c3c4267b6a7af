"""conj.gunasekar-nuclear: from small init, does GF on a factorised model reach the min-nuclear-norm completion?

Gunasekar et al. (NeurIPS 2017) conjectured it (and proved it for commuting measurements); Razin & Cohen
(NeurIPS 2020) refuted it with a 2×2 completion whose completions all have det < 0 while GF keeps det > 0.
The search runs over 2×2 completion problems with W₁₁ unobserved (any single unobserved entry is this one up
to a permutation/transposition), the depth and the init scale; GF is the factor/balanced flow of
``razincohen2020.*`` to t = 1e6, the reference the certified cvxpy ``normNuc`` completion.
"""
import math

import numpy as np
import sympy as sp

from ibcheck.checks.conjecture import Conjecture, Float, Int, LogFloat
from ..numerics.matrix_factorization import flow
from ..theory.completion import min_nuclear_completion, nuclear_norm

T_END = 1e6
MASK = np.array([[0.0, 1.0], [1.0, 1.0]])


def experiment(p):
    B = np.array([[0.0, p["b12"]], [p["b21"], p["b22"]]])
    fl = flow(p["depth"], p["alpha"], MASK, B, t_end=T_END, max_seconds=30.0)  # undecided if slower
    ref = min_nuclear_completion(MASK, B)
    L0 = 0.5 * float(np.sum((MASK * (p["alpha"] ** p["depth"] * np.eye(2) - B)) ** 2))
    W = np.array(fl.W[-1]) if fl.W else np.full((2, 2), np.nan)
    return {"nuclear_gf": nuclear_norm(W) if fl.W else math.nan, "nuclear_min": ref.nuclear,
            "W11_gf": float(W[0, 0]), "W11_min": float(ref.W[0, 0]),
            "loss_ratio": (fl.loss[-1] / L0) if fl.loss else math.nan,
            "reached_end": float(fl.reached_end), "reference_certified": float(ref.certified),
            "init_nuclear": 2 * p["alpha"] ** p["depth"], "det_gf_sign": float(fl.det_sign[-1]) if fl.det_sign else 0.0,
            "min_det_sign": float(np.sign(np.linalg.det(ref.W)))}


nuc_gf, nuc_min, init_nuc, loss_ratio, reached, certified, b12, b21 = sp.symbols(
    "nuclear_gf nuclear_min init_nuclear loss_ratio reached_end reference_certified b12 b21", real=True)
conjecture = Conjecture(
    id="conj.gunasekar-nuclear",
    title="GF on a factorised model from small init converges to the minimum-nuclear-norm completion",
    statement="‖W_GF(T)‖_* ≤ (1 + 1e-3)‖W_min‖_* + 10‖W(0)‖_* for GF on W = W_N⋯W_1 (every factor αI) on a 2×2 "
              "completion with W₁₁ unobserved, once GF has fitted the observed entries (L(T) ≤ 1e-3 L(0) at "
              "T = 1e6); the tolerance absorbs the finite-time and init residue",
    space={"depth": Int(2, 4), "alpha": LogFloat(1e-4, 1e-2), "b12": Float(-2.0, 2.0), "b21": Float(-2.0, 2.0),
           "b22": Float(-2.0, 2.0)},
    experiment=experiment,
    quantities=("nuclear_gf", "nuclear_min", "W11_gf", "W11_min", "loss_ratio", "reached_end", "reference_certified",
                "init_nuclear", "det_gf_sign", "min_det_sign"),
    hypotheses=(sp.Eq(reached, 1), sp.Eq(certified, 1), sp.Le(loss_ratio, 1e-3), sp.Ge(sp.Abs(b12 * b21), 1e-2)),
    conclusion=sp.Le(nuc_gf, (1 + 1e-3) * nuc_min + 10 * init_nuc),
    default_budget=20,
    replay_check=lambda p: ("ibcheck check razincohen2020.norms_diverge " + " ".join(
        f"--set {k}={v}" for k, v in (("depth", p["depth"]), ("alpha", p["alpha"]), ("w12", p["b12"]),
                                      ("w21", p["b21"]), ("w22", p["b22"])))),
    source="gunasekar2017 / razincohen2020", expected="refuted", ci_budget=6)
