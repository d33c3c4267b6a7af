"""lyuli2020 (gradient descent): the exact GD Euler identity, γ̃ under GD, and the loss-based step.

(S1) needs σ ∈ C² off 0, so σ = relu³ (L = 4). GD starts where Theorem 4.2 starts, at a point with 𝓛 < 1: the
gradient flow of the same net (``numerics.trainers.homogeneous_net.gradient_flow``) from a small init (0.1) to
log 𝓛 = −10, then ``steps`` constant-step GD steps (η = 0.1: the loss decreased at every step); the loss-based run
(the authors' LossBasedLRv1) starts from the same point and gets the same number of gradient evaluations.
One memoised measurement per setting feeds euler_identity_gd, gd_margin and loss_based_lr.
"""
from __future__ import annotations

import math

import numpy as np

from ibcheck.numerics.trainers.homogeneous_net import ACTIVATIONS, gradient_descent, gradient_flow
from ..theory import statements as st

from ibcheck.checks.base import CheckSpec, Context, Inconclusive, Measurement, Reason
from ibcheck.checks.params import Param, constant_params, pos
from ibcheck.checks.trends import Memo, measure_memoised
from ibcheck.checks import binding
from ibcheck.checks.homogeneous_flow import INERT, describe_run, data_and_net


def params() -> dict:
    return {
        "n": Param("n", int, 8, "examples (teacher data)", lambda v: v >= 2, "must be >= 2"),
        "d": Param("d", int, 20, "input dimension", lambda v: v >= 1, "must be >= 1"),
        "seed": Param("seed", int, 0, "data and init seed", lambda v: v >= 0, "must be >= 0"),
        "m": Param("m", int, 10, "hidden width (both layers trained)", lambda v: v >= 1, "must be >= 1"),
        "act": Param("act", str, "relu", "relu (max(z,0)^p) | square | linear", lambda v: v in ACTIVATIONS,
                     "relu, square or linear"),
        "p": Param("p", float, 3.0, "power of relu^p (S1 needs p > 2)", lambda v: v >= 1, "must be >= 1"),
        "init_scale": pos("init_scale", float, 0.1, "init scale of the warm-up flow"),
        "warm_log_loss": Param("warm_log_loss", float, -10.0, "GD starts where the flow reaches this log 𝓛 (< 0)",
                               lambda v: v < 0, "must be < 0"),
        "eta": pos("eta", float, 0.1, "constant GD step"),
        "steps": Param("steps", int, 3000, "gradient evaluations per run", lambda v: v >= 10, "must be >= 10"),
    }


_KEYS = set(params())
_MEMO = Memo(9)  # one run per setting, shared by the claims


def measure(ctx: Context) -> list[Measurement]:
    return measure_memoised(ctx, _MEMO, _KEYS, _measure_one)


def euler_errors(net, tr) -> np.ndarray:
    """Per accepted step: |(2⟨θ,Δ⟩ + ‖Δ‖²) − (2ηLΣe^{−q}q + η²‖∇𝓛‖²)| / (2ηLΣe^{−q}q + η²‖∇𝓛‖²), in the log domain
    (the trainer's ``scale`` = η𝓛 multiplies the softmax-weighted terms); ∇𝓛 recomputed by the trainer's gradient."""
    L = net.degree
    out = []
    for th_t, upd_t, c in zip(tr.theta[:-1], tr.update, tr.scale):
        th, upd = th_t.numpy(), upd_t.numpy()
        gh, ll2, q = net.grad_over_loss_np(th)  # −∇𝓛/𝓛
        full = ll2 + (math.log(net.n) if net.reduction == "mean" else 0.0)
        w = np.exp(-q - full)
        rhs = 2 * c * L * float(w @ q) + c * c * float(gh @ gh)
        lhs = 2 * float(th @ upd) + float(upd @ upd)
        out.append(abs(lhs - rhs) / abs(rhs))
    return np.array(out)


def _measure_one(ctx: Context, seed: int) -> Measurement:
    p = ctx.params
    net, theta0 = data_and_net(ctx, seed, claim="lyuli2020")
    deriv, net.deriv = net.deriv, None  # the warm-up flow is set-up, not the trainer under test
    fl = gradient_flow(net, theta0, target_log_loss=p["warm_log_loss"], rtol=1e-10, max_steps=50000)
    net.deriv = deriv
    q: dict = {"data": describe_run(ctx, seed, net), "degree": net.degree, "warm_flow_steps": fl.stats["steps"],
               "warm_log_loss": fl.stats["log_loss"]}
    values = {"reached_loss_below_one": float(fl.stats["log_loss"] < 0), "smooth_activation": float(net.smooth)}
    if not fl.stats["reached_target"]:
        return Measurement(seed=seed, values=values, quantities=q,
                           inconclusive=Inconclusive(Reason.NOT_CONVERGED, f"the warm-up flow stopped at log 𝓛 = {fl.stats['log_loss']:.2f}"))
    th0 = fl.theta[-1]
    if ctx.hooks.limit is not None:
        th0 = ctx.hooks.limit(th0)
    tr_kw = dict(ctx.hooks.trainer or {})
    power = tr_kw.pop("loss_based_power", 1.0)
    eta = p["eta"] * tr_kw.pop("step_factor", 1.0)
    const = gradient_descent(net, th0, p["steps"], eta=eta)
    lb = gradient_descent(net, th0, p["steps"], loss_based={}, loss_based_power=power)
    L = net.degree

    def margins(tr):
        TH = np.array([t.numpy() for t in tr.theta])
        qs = np.array([net.forward_np(t)[2] for t in TH])
        r2 = (TH * TH).sum(1) + net.perp_sq
        ll = np.array(tr.log_loss)
        return qs.min(1) / r2 ** (L / 2), -ll / r2 ** (L / 2), ll

    gb_c, gt_c, ll_c = margins(const)
    gb_l, gt_l, ll_l = margins(lb)
    e_c = euler_errors(net, const)
    e_l = euler_errors(net, lb)
    dgt = np.diff(gt_c)
    values.update({
        "euler_gd_max_rel": float(e_c.max()) if e_c.size else math.nan,
        "gd_smoothed_margin_decreases": float((dgt < 0).sum()),
        "loss_based_margin_ratio": float(gb_l[-1] / gb_c[-1]),
    })
    q.update(values)
    q.update(euler_gd_max_rel_loss_based=float(e_l.max()) if e_l.size else math.nan, normalized_margin_const=float(gb_c[-1]),
             normalized_margin_loss_based=float(gb_l[-1]), normalized_margin_start=float(gb_c[0]),
             log_loss_const=float(ll_c[-1]), log_loss_loss_based=float(ll_l[-1]),
             loss_based_accepted=len(lb.update), loss_based_rejected=lb.rejected,
             gd_min_smoothed_margin_step_rel=float((dgt / gt_c[:-1]).min()),
             gd_loss_increases=int((np.diff(ll_c) > 0).sum()))
    series = {"const": {"gamma_bar": gb_c.tolist(), "gamma_tilde": gt_c.tolist(), "log_loss": ll_c.tolist()},
              "loss_based": {"gamma_bar": gb_l.tolist(), "log_loss": ll_l.tolist()}}
    return Measurement(seed=seed, values=values, quantities=q, series=series)


def measure_loss_based(ctx: Context) -> list[Measurement]:
    """loss_based_lr also requires the Euler identity along the loss-based run."""
    ms = measure(ctx)
    for m in ms:
        if "euler_gd_max_rel_loss_based" in m.quantities:
            m.values["euler_gd_max_rel"] = m.quantities["euler_gd_max_rel_loss_based"]
    return ms


_INERT = {"act": INERT["act"], "p": INERT["p"], "data.rank": INERT["data.rank"], "steps": binding.HORIZON}
_EXPLORED = "the question is asked at the step given: an exploratory answer (observed), never a verdict credited to a paper"


def _spec(claim, measure_fn=measure, eta=_EXPLORED):
    return CheckSpec(claim=claim, params={**params(), **constant_params(claim)}, measure=measure_fn, quick=[{}],
                     full=[{"eta": 1.0}, {"seed": 1}], data_note="an .npz with X (n×d) and y = ±1",
                     inert={**_INERT, "eta": eta})


SPECS = [_spec(st.EULER_GD, eta="an exact algebraic identity of every GD step, for any step η"),
         _spec(st.GD_MARGIN), _spec(st.LOSS_BASED, measure_loss_based,
                                    eta="the constant step of the comparison run; the loss-based run sets its own")]
