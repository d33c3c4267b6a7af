"""conj.relu-boundary: is the gradient-flow limit's decision boundary linear also for the ReLU (γ = 0)?"""
import math

import sympy as sp

from ibcheck.checks.conjecture import Conjecture, Int, LogFloat, LogInt
from ..checks.gf import boundary_agreement, init_B
from ibcheck.numerics.data.classification import gaussian_pm1
from ibcheck.numerics.trainers.flow import gradient_descent
from ibcheck.numerics.trainers.two_layer import LeakyNet, second_layer


def experiment(p):
    dat = gaussian_pm1(p["n"], p["d"], p["seed"], sampler="gram")
    a = second_layer(p["m1"], p["m2"])
    B0, perp = init_B(None, dat.K, p["m1"] + p["m2"], p["init_scale"], p["seed"], "span", p["d"])
    net = LeakyNet(K=dat.K, y=dat.y, a=a, gamma=0.0, loss="exp", perp_gram=perp)
    # With γ = 0 an example can sit exactly at a ReLU kink (a sliding mode): the adaptive flow's steps then
    # collapse. Loss-normalised GD (the Euler scheme of the same reparametrised flow) with a small fixed
    # step passes through; 3000 steps of 0.1/R_max² take L̂ far below log(2)/n.
    gd = gradient_descent(net, B0, 0.1 / float(dat.K.diagonal().max()), 3000, normalized=True)
    B, logs = gd.B, gd.log_loss
    fro = net.fro_norm(B)
    return {"trained": float(min(logs) < math.log(math.log(2) / p["n"])), "log_loss_final": logs[-1], "boundary_agreement": boundary_agreement(net, B, 5000, p["seed"]),
            "normalized_margin": float(net.margins(B).min()) / fro if fro > 0 else math.nan}


agree, trained = sp.symbols("boundary_agreement trained", real=True)
conjecture = Conjecture(
    id="conj.relu-boundary", title="the GF limit of a ReLU network (γ = 0) has a linear decision boundary",
    statement="sign f(x;W) = sign⟨z,x⟩ for all x, z = Σ_j a_j w_j, for the non-leaky ReLU (the seed conjectures "
              "that this fails)",
    space={"n": Int(2, 16), "d": LogInt(20, 20000), "m1": Int(1, 4), "m2": Int(1, 4),
           "init_scale": LogFloat(1e-3, 1.0), "seed": Int(0, 1000)},
    experiment=experiment, quantities=("trained", "log_loss_final", "boundary_agreement", "normalized_margin"),
    hypotheses=(sp.Eq(trained, 1),), conclusion=sp.Ge(agree, 1), default_budget=30,
    source="frei2023", expected="refuted")
