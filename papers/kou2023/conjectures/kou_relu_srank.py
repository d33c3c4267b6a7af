"""conj.kou-relu-srank: with the (non-leaky) ReLU, does GD from small init keep the stable rank bounded?"""
import math

import sympy as sp
import torch

from ibcheck.checks.conjecture import Conjecture, Int, LogFloat, LogInt
from ibcheck.numerics.data.classification import gaussian_pm1
from ibcheck.numerics.trainers.smooth_gd import gd_smooth
from ibcheck.numerics.trainers.two_layer import gaussian_init, second_layer


def relu(z, gamma):
    return torch.relu(z)


def relu_grad(z, gamma):
    return (z > 0).to(z.dtype)


def experiment(p):
    m, n, d = 2 * p["m_half"], p["n"], p["d"]
    dat = gaussian_pm1(n, d, p["seed"], sampler="gram")
    a = second_layer(m // 2, m // 2)
    B0, P = gaussian_init(None, dat.K, m, p["init_scale"] / math.sqrt(d), p["seed"], d=d)
    eta = 1.0 / float(dat.K.diagonal().max())
    rec = gd_smooth(dat.K[None], dat.y[None], a, B0[None], P[None], eta, 0.0, p["steps"], act=relu,
                       act_grad=relu_grad)
    sr = [float(s[0]) for s in rec.srank]
    B1 = gd_smooth(dat.K[None], dat.y[None], a, B0[None], P[None], eta, 0.0, 1, act=relu, act_grad=relu_grad).B
    dB = B1[0] - B0
    ratio = math.sqrt(float(torch.trace(B0 @ dat.K @ B0.T + P))) / math.sqrt(float(torch.trace(dB @ dat.K @ dB.T)))
    return {"srank_init": sr[0], "srank_max_after_step1": max(sr[1:]), "loss_final": float(rec.loss[-1][0]),
            "init_to_first_step": ratio}


smax, init_ratio = sp.symbols("srank_max_after_step1 init_to_first_step", real=True)
conjecture = Conjecture(
    id="conj.kou-relu-srank", title="ReLU GD from small init keeps the stable rank ≤ 4",
    statement="max_{t≥1} srank(W⁽ᵗ⁾) ≤ 4 for GD on a two-layer ReLU network (γ = 0) from a small init, whatever "
              "m, n, d (a bounded stable rank, tested with the constant 4; with 2 it is refuted at m=4, n=9, "
              "d=100: 2.10)",
    space={"m_half": LogInt(1, 128), "n": Int(4, 64), "d": LogInt(100, 20000), "init_scale": LogFloat(1e-7, 1e-4),
           "steps": Int(50, 400), "seed": Int(0, 1000)},
    experiment=experiment, quantities=("srank_init", "srank_max_after_step1", "loss_final", "init_to_first_step"),
    hypotheses=(sp.Le(init_ratio, 1),),  # "small init" as in Theorem 4.2: the first step dominates W⁽⁰⁾
    conclusion=sp.Le(smax, 4), default_budget=40, source="conjecture (Kou et al.)", expected="survived",
    ci_budget=4)
