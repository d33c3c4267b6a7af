"""frei2023 Section 5: the Gaussian mixture (GD, minimax-optimal error; and the GF paraphrase) and noisy 2-XOR.

Training data come from their Gram law by default (K and the coordinates along the means, exactly, at any d).
Networks start from a span initialisation (``W₀ = B₀X``), so a test point x enters only through ``Xx`` and
its coordinates along the means, sampled exactly given the training data
(``numerics.data.classification.sample_test_points``).
"""
from __future__ import annotations

import dataclasses
import math

import numpy as np
import torch
from scipy.stats import norm

from ibcheck.numerics.data.classification import bayes_error_gmm, gmm, sample_test_points, xor
from ibcheck.numerics.data.sets import SAMPLER_HELP, SAMPLERS
from ibcheck.numerics.integrators.engine import Explicit
from ibcheck.numerics.trainers.flow import gradient_flow
from ibcheck.numerics.runtime.progress import flow_note
from ibcheck.numerics.trainers.smooth_gd import gd_smooth, smooth_leaky, smooth_leaky_grad
from ibcheck.numerics.trainers.two_layer import LeakyNet, leaky, second_layer
from ..theory import statements as st
from ..theory.hypothesis import h_quantities

from ibcheck.checks import binding
from ibcheck.checks.base import CheckSpec, Context, Inconclusive, Measurement, Reason
from ibcheck.checks.params import Param, constant_params
from ibcheck.checks.horizon import log_loss_target
from .gf import INERT as GF_INERT
from .gf import PARAMS as GF_PARAMS
from .gd import M1_M2
from .gf import boundary_agreement, init_B
from . import limits as LIM

XOR_LIMIT_KEYS = ("sigma3_series", "margin_spread_series", "disagreement_series", "undefined_count", "direction_moved",
                  "at_rest", "sigma3_at_rest", "margin_spread_at_rest", "disagreement_at_rest")


def err_tol(err: float, N: int) -> float:
    """3 binomial standard deviations of an error estimated on N points (at least that of 1/N), plus 1/N."""
    return 3 * math.sqrt(max(err, 1 / N) * (1 - err) / N) + 1 / N


def _data(kind: str, p: dict, seed: int, device):
    if kind == "xor":
        return xor(p["n"], p["d"], seed, p["mu_norm"], device=device, sampler=p["sampler"])
    return gmm(p["n"], p["d"], seed, p["beta"], device=device, sampler=p["sampler"])


def _test_errors(data, f_of_Xx, p: dict, seed: int, q: dict) -> None:
    """Test error of the network, and of the reference classifiers on the same points."""
    Xx, yt, axes = sample_test_points(data, p["n_test"], seed)
    f = f_of_Xx(Xx.to(data.K.device)).cpu()
    q["test_error"] = float((torch.sign(f) != yt).double().mean())
    q["n_test"] = p["n_test"]
    if data.kind == "gmm":
        q["test_error_optimal"] = float((torch.sign(axes[:, 0]) != yt).double().mean())  # sign⟨μ,x⟩
        mean_diff = Xx @ data.y.cpu()  # sign⟨Σ_i y_i x_i, x⟩: attains the minimax rate
        q["test_error_mean_classifier"] = float((torch.sign(mean_diff) != yt).double().mean())
        q["bayes_error"] = bayes_error_gmm(data.mu_norm)
    else:
        rng = np.random.default_rng(seed)  # a few random linear classifiers, for comparison
        u = torch.as_tensor(rng.normal(size=(16, Xx.shape[1])))
        q["random_linear_errors"] = [float((torch.sign(Xx @ ui) != yt).double().mean()) for ui in u]


def _train_error(margins: torch.Tensor) -> float:
    """Fraction of training points not classified (a NaN margin, from a blown-up W, is an error)."""
    return float(((margins <= 0) | ~torch.isfinite(margins)).double().mean())


def theorem32_structure(net: LeakyNet, B: torch.Tensor, log_loss: float, seed: int) -> dict:
    """What Theorem 3.2 says of the limit beyond fitting the data: rank ≤ 2 (σ₃/σ₁ of W, through WWᵀ), equal
    margins (spread (max q − min q)/min q against 10/|log L̂|) and a linear boundary (agreement of sign f with
    sign⟨z,x⟩ on 2·10⁴ points) — an output that only fits the labels lacks them."""
    G = net.weight_gram(B)
    if not bool(torch.isfinite(G).all()):  # a blown-up W (a broken trainer): no structure to measure
        return {"sigma3_over_sigma1": math.nan, "margin_spread": math.nan, "spread_tol": math.nan,
                "boundary_agreement": math.nan}
    sv = torch.linalg.eigvalsh(G).clamp_min(0).sqrt().flip(0)
    marg = net.margins(B)
    lo = float(marg.min())
    return {"sigma3_over_sigma1": float(sv[2] / sv[0]) if len(sv) >= 3 else 0.0,
            "margin_spread": float((marg.max() - marg.min()) / lo) if lo > 0 else math.inf,
            "spread_tol": 10.0 / abs(log_loss) if log_loss != 0 else math.inf,
            "boundary_agreement": boundary_agreement(net, B, 10_000, seed)}


def _state(net: LeakyNet, Kn, yn, an, gamma, B: torch.Tensor, Pn, seed: int) -> dict:
    """``limits.state_quantities`` of one state; a blown-up W (a broken trainer: non-finite, or a Gram matrix the
    eigensolver cannot factor) has none (NaN, q_min NaN: counted as undefined)."""
    Bn = B.cpu().numpy()
    if not np.isfinite(Bn).all():
        return {"q_min": math.nan}
    try:
        return LIM.state_quantities(Kn, yn, an, gamma, Bn, Pn, boundary_agreement(net, B, 10_000, seed, mass=True)[1])
    except (torch.linalg.LinAlgError, np.linalg.LinAlgError):
        return {"q_min": math.nan}


def xor_limit_values(net: LeakyNet, log_loss: list, ck: list, Bck: list, B: torch.Tensor, seed: int) -> dict:
    """Theorem 3.2's structure read along the flow, as Section 3 (``checks.frei2023.limits``): σ₃/σ₁, the margin
    spread and the disagreement mass at the checkpoints ``ck`` (states ``Bck``, mapped by ``Hooks.limit``), and the
    end state's data-span part when the direction is at rest."""
    Kn, yn, an = net.K.cpu().numpy(), net.y.cpu().numpy(), net.a.cpu().numpy()
    Pn = net.perp_gram.cpu().numpy()
    states = [_state(net, Kn, yn, an, net.gamma, Bk, Pn, seed) for Bk in Bck]
    span_net = dataclasses.replace(net, perp_gram=torch.zeros_like(net.perp_gram))
    end = _state(span_net, Kn, yn, an, net.gamma, B, 0 * Pn, seed)
    Bs = [Bk.cpu().numpy() for Bk in Bck] + [B.cpu().numpy()]
    moved = LIM.direction_moved(Kn, Bs) if all(np.isfinite(b).all() for b in Bs) else math.nan
    vals = LIM.limit_values([-float(log_loss[k]) for k in ck], states, moved, end)
    return {k: vals[k] for k in XOR_LIMIT_KEYS}


def measure_gf_sec5(kind: str):
    """Gradient flow (leaky ReLU, Section 3's regime) on the mixture or on XOR, then test errors."""
    def measure(ctx: Context) -> list[Measurement]:
        p = ctx.params
        a = second_layer(p["m1"], p["m2"], device=ctx.device)
        out = []
        for seed in ctx.seeds:
            data = _data(kind, p, seed, ctx.device)
            X = None if data.X is None else data.X.to(ctx.device)
            K, y = data.K, data.y.to(ctx.device)
            q = dict(h_quantities(K.cpu().numpy(), p["gamma"]))
            B0, perp = init_B(X, K, p["m1"] + p["m2"], p["init_scale"], seed, "span", data.d)
            net = LeakyNet(K=K, y=y, a=a, gamma=p["gamma"], loss=p["loss"], perp_gram=perp)
            engine = Explicit()
            if ctx.hooks.field is not None:  # negative controls: a broken flow field, no known switching surfaces
                net.neg_grad_over_loss = ctx.hooks.field(net.neg_grad_over_loss)
                engine = Explicit(events=False)
            res = gradient_flow(net, B0, target_log_loss=p["target_log_loss"], rtol=p["rtol"],
                                max_steps=p["max_steps"], keep_B=kind == "xor", progress=flow_note, engine=engine)
            ck = LIM.checkpoint_indices(res.log_loss, len(y)) if kind == "xor" else []
            # the hook maps every checkpoint's state as it maps the end state (checkpoints first, the end last)
            Bck = [res.states["B"][k] if ctx.hooks.limit is None else ctx.hooks.limit(K, y, res.states["B"][k]) for k in ck]
            B = res.stats["B"] if ctx.hooks.limit is None else ctx.hooks.limit(K, y, res.stats["B"])
            q.update(mu_norm=data.mu_norm, log_loss_final=res.stats["log_loss"], train_error=_train_error(net.margins(B)))
            lim_values = {}
            if kind == "xor":
                q.update(theorem32_structure(net, B, res.stats["log_loss"], seed))
                lim_values = xor_limit_values(net, res.log_loss, ck, Bck, B, seed)
                q.update({k: (list(v.values) if hasattr(v, "clock") else v) for k, v in lim_values.items()})
                q["limit_checkpoints"] = list(lim_values["sigma3_series"].clock)
            _test_errors(data, lambda Xx: (a * leaky(Xx @ B.T, p["gamma"])).sum(1), p, seed, q)
            ref = q["test_error_optimal"] if kind == "gmm" else 0.5
            q["error_tol"] = err_tol(ref, p["n_test"])
            log_loss_0 = float(net.log_loss(B0))
            inconc = None if res.reached_target else Inconclusive(Reason.NOT_CONVERGED, "flow did not reach its target loss within its step budget")
            if not res.stats["log_loss"] <= log_loss_0:  # the loss ended above its start (or NaN): not a flow still converging
                inconc = None
            values = {k: v for k, v in q.items() if isinstance(v, (int, float))}
            values.update(lim_values)
            out.append(Measurement(seed=seed, values=values, quantities=q, inconclusive=inconc, data=data.describe()))
        return out
    return measure


def measure_gd_gmm(ctx: Context) -> list[Measurement]:
    """GD on the smoothed leaky ReLU (logistic loss, small span init, η = eta_scale/R_max²) on the mixture;
    training error, test error against the minimax rate Φ(−c‖μ‖²/√(‖μ‖² + d/n))."""
    p = ctx.params
    m = p["m"]
    a = second_layer(m // 2, m // 2, device=ctx.device)
    act_grad = ctx.hooks.deriv or smooth_leaky_grad
    out = []
    for seed in ctx.seeds:
        data = _data("gmm", p, seed, ctx.device)
        X = None if data.X is None else data.X.to(ctx.device)
        K, y = data.K, data.y.to(ctx.device)
        q = dict(h_quantities(K.cpu().numpy(), p["gamma"]))
        B0, perp = init_B(X, K, m, p["init_scale"], seed, "span", data.d)
        eta = p["eta_scale"] / float(K.diagonal().max())
        rec = gd_smooth(K[None], y[None], a, B0[None], perp[None], eta, p["gamma"], p["steps"], act_grad=act_grad)
        B = rec.B[0] if ctx.hooks.limit is None else ctx.hooks.limit(K, y, rec.B[0])
        margins = y * (a[:, None] * smooth_leaky(B @ K, p["gamma"])).sum(0)
        mu2 = data.mu_norm ** 2
        ratio = mu2 / math.sqrt(mu2 + data.d / p["n"])
        q.update(mu_norm=data.mu_norm, train_error=_train_error(margins), loss_final=float(rec.loss[-1][0]),
                 eta_rmax2=p["eta_scale"], snr_ratio=ratio,  # Theorem 4.2's step and init, as its rows read them
                 eta=eta, init_variance=p["init_scale"] ** 2 / data.d, m=m, d=data.d)
        _test_errors(data, lambda Xx: (a * smooth_leaky(Xx @ B.T, p["gamma"])).sum(1), p, seed, q)
        q["minimax_rate"] = float(norm.cdf(-p["c_minimax"] * ratio))
        q["error_tol"] = err_tol(q["minimax_rate"], p["n_test"])
        err = min(max(q["test_error"], 0.5 / p["n_test"]), 0.5)  # 0 errors: the largest c the sample can show
        q["c_measured"] = float(-norm.ppf(err) / ratio)
        out.append(Measurement(seed=seed, values={k: v for k, v in q.items() if isinstance(v, (int, float))},
                               quantities=q, data=data.describe()))
    return out


_SAMPLER = Param("sampler", str, "auto", SAMPLER_HELP, lambda v: v in SAMPLERS, " | ".join(SAMPLERS))
_GF = {k: GF_PARAMS[k] for k in ("m1", "m2", "loss", "target_log_loss", "rtol", "max_steps", "n_test", "seed")}
_GAMMA = Param("gamma", float, 0.5, "leaky slope γ", lambda v: 0 < v <= 1, "γ must lie in (0, 1]")
_INIT = Param("init_scale", float, 1e-5, "span init: rows of W₀ ≈ s in norm", lambda v: v > 0, "must be > 0")
_N10 = Param("n", int, 10, "examples", lambda v: v >= 2, ">= 2")
_BETA = Param("beta", float, 0.23, "‖μ‖ = d^β", lambda v: 0 < v < 0.5, "in (0, ½)")
_D8 = Param("d", int, 10 ** 8, "input dimension (inside (H): slack ≥ 4 over 10 seeds at β ≤ 0.3)", lambda v: v >= 2,
            ">= 2")

GMM_SPEC = CheckSpec(
    claim=st.GMM, measure=measure_gd_gmm, accepts_data=False, data_note="needs the mixture's μ",
    params={"n": _N10, "d": _D8, "beta": _BETA, "gamma": _GAMMA, "sampler": _SAMPLER,
            "m": Param("m", int, 20, "neurons (half a = +1/√m, half −1/√m)", lambda v: v >= 2 and v % 2 == 0, "even, >= 2"),
            "init_scale": Param("init_scale", float, 1e-8, "span init, rows ≈ s in norm (small init)", lambda v: v > 0,
                                "must be > 0"),
            "eta_scale": Param("eta_scale", float, 1.0, "η = eta_scale/R_max²", lambda v: 0 < v <= 1, "in (0, 1]"),
            "steps": Param("steps", int, 1000, "GD steps", lambda v: v >= 1, ">= 1"),
            "n_test": GF_PARAMS["n_test"], "seed": GF_PARAMS["seed"], **constant_params(st.GMM)},
    quick=[{}, {"beta": 0.3}],
    full=[{"n": 20, "beta": 0.25}, {"d": 10 ** 9, "beta": 0.2},
          {"sampler": "explicit", "n": 6, "d": 1000000, "beta": 0.25}], aliases=(M1_M2,),
    inert={"steps": binding.HORIZON, "n_test": binding.RESOLUTION,
           "m": "any even width: Theorem 4.2's width enters its small-init row (read), no other condition"})
GMM_BAYES_SPEC = CheckSpec(
    claim=st.GMM_BAYES, measure=measure_gf_sec5("gmm"), accepts_data=False, data_note="needs the mixture's μ",
    params={**_GF, "n": _N10, "d": _D8, "gamma": _GAMMA, "init_scale": _INIT, "sampler": _SAMPLER,
            "beta": Param("beta", float, 0.3, "‖μ‖ = d^β", lambda v: 0 < v < 0.5, "in (0, ½)")},
    quick=[{}, {"beta": 0.23}], full=[{"n": 20, "beta": 0.35}, {"gamma": 1.0, "d": 1000000}], inert=GF_INERT)
XOR_SPEC = CheckSpec(
    claim=st.XOR, measure=measure_gf_sec5("xor"), accepts_data=False, data_note="needs the XOR means",
    params={**_GF, "n": _N10, "gamma": _GAMMA, "init_scale": _INIT, "sampler": _SAMPLER,
            "d": Param("d", int, 10 ** 7, "input dimension (inside (H): slack ≥ 3.8 over 10 seeds)", lambda v: v >= 2,
                       ">= 2"),
            "mu_norm": Param("mu_norm", float, 30.0, "‖μ₁‖ = ‖μ₂‖", lambda v: v > 0, "> 0")},
    quick=[{}, {"gamma": 1.0, "d": 100000}], full=[{"n": 20, "d": 10 ** 8, "mu_norm": 50.0}, {"gamma": 0.3, "d": 10 ** 8}],
    inert=GF_INERT)
XOR_SPEC.params.update(constant_params(st.XOR))
XOR_SPEC.horizon = log_loss_target(also=lambda ell: {"engine": "horizon"} if ell > 1e4 and "engine" in XOR_SPEC.params else {})
SPECS = [GMM_SPEC, GMM_BAYES_SPEC, XOR_SPEC]
