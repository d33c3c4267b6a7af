"""frei2023 Section 5: test error on the Gaussian mixture and on noisy 2-XOR in regime (H).

The network is trained by gradient flow from a span initialisation (``W₀ = B₀X``), so a test point x
enters only through ``Xx``, sampled exactly (``numerics.classification.test_projections``).
"""
from __future__ import annotations

import math

import numpy as np
import torch

from ibcheck.numerics.classification import bayes_error_gmm, gmm, test_projections, xor
from ibcheck.numerics.flow import gradient_flow
from ibcheck.numerics.two_layer import Net, leaky, second_layer
from ibcheck.theory.frei2023 import statements as st
from ibcheck.theory.frei2023.hypothesis import h_quantities

from ..base import CheckSpec, Context, Measurement
from ..params import Param
from .gf import PARAMS as GF_PARAMS
from .gf import init_B


def _err_tol(err: float, N: int) -> float:
    return 3 * math.sqrt(max(err, 1 / N) * (1 - err) / N) + 1 / N


def measure_sec5(kind: str):
    def measure(ctx: Context) -> list[Measurement]:
        p = ctx.params
        a = second_layer(p["m1"], p["m2"], device=ctx.device)
        out = []
        for seed in ctx.seeds:
            data = (gmm(p["n"], p["d"], seed, p["beta"], device=ctx.device) if kind == "gmm"
                    else xor(p["n"], p["d"], seed, p["mu_norm"], device=ctx.device))
            X, y, K = data.X.to(ctx.device), data.y.to(ctx.device), data.K
            q = dict(h_quantities(K.cpu().numpy(), p["gamma"]))
            B0, perp = init_B(X, K, p["m1"] + p["m2"], p["init_scale"], seed, "span")
            net = Net(K=K, y=y, a=a, gamma=p["gamma"], loss=p["loss"], perp_gram=perp)
            res = gradient_flow(net, B0, target_log_loss=p["target_log_loss"], rtol=p["rtol"],
                                max_steps=p["max_steps"], keep_B=False)
            B = res.B if ctx.hooks.limit is None else ctx.hooks.limit(K, y, res.B)
            Xx, yt, axes = test_projections(data, p["n_test"], seed)
            Z = Xx.to(K.device) @ B.T  # (N, m): ⟨w_j, x⟩ = Σ_i B_ji ⟨x_i, x⟩
            f = (a * leaky(Z, p["gamma"])).sum(1).cpu()
            err = float((torch.sign(f) != yt).double().mean())
            q.update(test_error=err, mu_norm=data.mu_norm, log_loss_final=res.log_loss, n_test=p["n_test"])
            if kind == "gmm":
                q["test_error_optimal"] = float((torch.sign(axes[:, 0]) != yt).double().mean())
                q["bayes_error"] = bayes_error_gmm(data.mu_norm)
                q["error_tol"] = _err_tol(q["test_error_optimal"], p["n_test"])
            else:
                q["error_tol"] = _err_tol(0.5, p["n_test"])
                rng = np.random.default_rng(seed)  # a few random linear classifiers, for comparison
                u = torch.as_tensor(rng.normal(size=(16, Xx.shape[1])))
                q["random_linear_errors"] = [float((torch.sign(Xx @ ui) != yt).double().mean()) for ui in u]
            inconc = None if res.reached_target else "flow did not reach its target loss"
            out.append(Measurement(seed=seed, values={k: v for k, v in q.items() if isinstance(v, (int, float))},
                                   quantities=q, inconclusive=inconc))
        return out
    return measure


_BASE = {k: GF_PARAMS[k] for k in ("n", "m1", "m2", "gamma", "loss", "init_scale", "target_log_loss", "rtol",
                                     "max_steps", "n_test", "seed")}
SPECS = [
    CheckSpec(claim=st.GMM, measure=measure_sec5("gmm"), accepts_data=False, data_note="needs the mixture's μ",
              params={**_BASE, "n": Param("n", int, 10, "examples", lambda v: v >= 2, ">= 2"),
                      "d": Param("d", int, 1000000, "input dimension", lambda v: v >= 2, ">= 2"),
                      "gamma": Param("gamma", float, 1.0, "leaky slope", lambda v: 0 < v <= 1, "(0, 1]"),
                      "beta": Param("beta", float, 0.3, "‖μ‖ = d^β", lambda v: 0 < v < 0.5, "in (0, ½)")},
              quick=[{}, {"beta": 0.2}], full=[{"n": 20, "d": 1000000, "beta": 0.35}, {"gamma": 0.5}]),
    CheckSpec(claim=st.XOR, measure=measure_sec5("xor"), accepts_data=False, data_note="needs the XOR means",
              params={**_BASE, "n": Param("n", int, 10, "examples", lambda v: v >= 2, ">= 2"),
                      "d": Param("d", int, 100000, "input dimension", lambda v: v >= 2, ">= 2"),
                      "gamma": Param("gamma", float, 1.0, "leaky slope", lambda v: 0 < v <= 1, "(0, 1]"),
                      "mu_norm": Param("mu_norm", float, 30.0, "‖μ₁‖ = ‖μ₂‖", lambda v: v > 0, "> 0")},
              quick=[{}], full=[{"n": 20, "d": 1000000, "mu_norm": 50.0}, {"gamma": 0.5}]),
]
