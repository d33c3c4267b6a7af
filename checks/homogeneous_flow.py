"""The homogeneous-network gradient flow several papers share: one flow, every per-step quantity.

The flow (``numerics.trainers.homogeneous_net``: two-layer, both layers trained, exponential SUM loss) is integrated by the
horizon engine (``numerics.integrators.horizon``: LSODA in ``ds = 𝓛 dt`` to 𝓛 = 1/e, then LSODA in the log-loss clock) at rtol
1e-10 with every accepted step and the geometric checkpoints of log(1/𝓛) (``per_decade``) recorded; the state
is augmented by ``J(s) = ∫ LΣe^{−q}q dt`` for the integrated Euler identity. One memoised measurement per setting
feeds every claim built on it (``spec_for``: the papers' ``checks/flow.py`` name them).

Default: teacher data n = 8, d = 20 (labels of a random width-3 ReLU teacher), student width m = 10,
σ = relu² (L = 3), init scale 1e-3, to log 𝓛 = −1000; trends are read at log(1/𝓛) = 10, 100, 1000.
* relu², not ReLU: the ReLU field is discontinuous on the kinks, the flow slides along them (Filippov) and an
  explicit Runge–Kutta solver chatters there (measured: 3000 steps stalled at s ≈ 0.9); relu² has a locally
  Lipschitz gradient, which is also Ji–Telgarsky's alignment hypothesis.
* small init: ‖θ‖ grows only like (log t)^{1/L}, so an O(1) init weighs (ρ₀/ρ) ≈ 10% of θ at log t = 1000
  (L = 3) and dominates every KKT residual; from 1e-3 the init is negligible once 𝓛 < 1.
* the spec's end tolerances (ε ≤ 1e-2, margins moving < 1e-3 per decade) are not reached at log(1/𝓛) = 1000:
  documented findings (EXPECTED) with the measured numbers.
The full profile adds −3000, relu³ (L = 4), another seed, and −10000 read over three decades (10 … 10⁴).
A claim may change the defaults in its own ``checks/flow.py`` (the directional-convergence claim defaults to σ = z²:
relu²'s direction converges visibly by log(1/𝓛) = 1e5 for only 6 of 16 seeds); ``kink_gap_series`` records how close a weight-carrying
neuron's pre-activation sits to σ's kink, the slow mode of relu²'s drifting draws.
"""
from __future__ import annotations

import math

import numpy as np
import torch

from ibcheck.numerics.runtime.device import generator
from ibcheck.numerics.runtime.errors import InputError
from ibcheck.numerics.trainers.homogeneous_net import ACTIVATIONS, make_net, teacher_data
from ibcheck.theory.asymptotic import Series, geometric
from ibcheck.theory.kkt_residual import jacobian_residuals
from ibcheck.theory.homogeneous_trajectory import euler_real_time

from . import binding
from .base import CheckSpec, Context, Inconclusive, Measurement, Reason
from .horizon import log_loss_target
from .params import Param, constant_params, pos
from .trends import Memo, measure_memoised


def params(act="relu", p=2.0, target=-1000.0) -> dict:
    return {
        "n": Param("n", int, 8, "examples (teacher data)", lambda v: v >= 2, "must be >= 2"),
        "d": Param("d", int, 20, "input dimension", lambda v: v >= 1, "must be >= 1"),
        "seed": Param("seed", int, 0, "data and init seed", lambda v: v >= 0, "must be >= 0"),
        "m": Param("m", int, 10, "hidden width (both layers trained)", lambda v: v >= 1, "must be >= 1"),
        "act": Param("act", str, act, "relu (σ = max(z,0)^p) | square | linear", lambda v: v in ACTIVATIONS,
                     "relu, square or linear"),
        "p": Param("p", float, p, "power of relu^p (1: ReLU, L = 1 + p)", lambda v: v >= 1, "must be >= 1"),
        "init_scale": pos("init_scale", float, 1e-3, "init scale (a ~ N(0, s²/m), W ~ N(0, s²/d))"),
        "target_log_loss": Param("target_log_loss", float, target, "stop at log 𝓛 ≤ this (≤ −10)",
                                 lambda v: v <= -10, "must be <= -10"),
        "rtol": Param("rtol", float, 1e-10, "Dormand–Prince relative tolerance", lambda v: 0 < v <= 1e-6, "in (0, 1e-6]"),
        "max_steps": Param("max_steps", int, 60000, "RK step budget", lambda v: v >= 10, "must be >= 10"),
        "samples": Param("samples", int, 1000, "θ samples of the static Lemma 5.1 test", lambda v: v >= 10, "must be >= 10"),
        "decades": Param("decades", int, 2, "decades of log(1/𝓛) read by the trends: checkpoints ℓ·10^{−k}, k ≤ decades",
                         lambda v: 2 <= v <= 4, "2, 3 or 4"),
        "per_decade": Param("per_decade", int, 4, "geometric checkpoints of log(1/𝓛) recorded exactly per decade",
                            lambda v: 1 <= v <= 20, "in 1..20"),
    }


_KEYS = set(params())
_MEMO = Memo(9)  # one run per setting, shared by the claims


def validate_pm1(y: np.ndarray, claim: str) -> None:
    bad = ~np.isin(y, (-1.0, 1.0))
    if bad.any():
        raise InputError(f"--data: labels must be ±1 for {claim} (found {y[bad][0]!r})")


def data_and_net(ctx: Context, seed: int, *, claim: str):
    p = ctx.params
    if ctx.data is not None:
        X = ctx.data.X.detach().cpu().numpy()
        y = ctx.data.y.detach().cpu().numpy().astype(float)
        validate_pm1(y, claim)
    else:
        X, y = teacher_data(p["n"], p["d"], seed)
    tr = ctx.hooks.trainer or {}
    return make_net(X, y, p["m"], p["act"], p["p"], init_scale=p["init_scale"], seed=seed,
                    reduction=tr.get("reduction", "sum"), deriv=ctx.hooks.deriv)


def describe_run(ctx: Context, seed: int, net) -> dict:
    if ctx.data is not None:
        return ctx.data.describe()
    return {"kind": "teacher (width-3 ReLU)", "n": net.n, "d": ctx.params["d"], "seed": seed}


def measure(ctx: Context) -> list[Measurement]:
    return measure_memoised(ctx, _MEMO, _KEYS, _measure_one)


def _flow(net, theta0, p):
    """Augmented flow ``(θ, J)``, ``dθ/ds = −∇𝓛/𝓛``, ``dJ/ds = LΣ softmax(−q)_n q_n`` (= d(½‖θ‖²)/ds): explicit
    DP5 to 𝓛 = 1/e, then the log-loss clock with LSODA (``numerics.integrators.horizon``, ``method="LSODA"``: measured
    faster than Radau at equal error on both default nets, benchmarks/peers.py's clock rows); every step recorded, and
    the geometric checkpoints ``log(1/𝓛) = 10^{k/per_decade}`` exactly (``rec["geometric"]``: their indices)."""
    from ibcheck.numerics.integrators.horizon import horizon_flow
    rec = {"s": [], "log_t": [], "log_loss": [], "y": [], "geometric": []}

    def record(s, log_t, log_loss, steps, y):
        rec["s"].append(float(s)), rec["log_t"].append(float(log_t)), rec["log_loss"].append(float(log_loss))
        rec["y"].append(np.array(y, dtype=np.float64))

    info = horizon_flow(net, theta0.numpy(), target_log_loss=p["target_log_loss"], rtol=p["rtol"],
                        max_steps=p["max_steps"], record=record, per_decade=p["per_decade"], method="LSODA")
    ll = np.array(rec["log_loss"])
    for c in info["checkpoints"]:
        rec["geometric"].append(int(np.argmin(np.abs(ll + c))))
    return rec, info


def _misalignment(net, th: np.ndarray) -> float:
    """1 − cos∠(θ, −∇log 𝓛) with the gradient by autograd (independent of the trainer's analytic gradient)."""
    t = torch.from_numpy(th).clone().requires_grad_(True)
    (gr,) = torch.autograd.grad(net.log_loss(t), t)
    v = -gr.detach().numpy()
    return 1.0 - float(th @ v) / (math.sqrt(th @ th) * np.linalg.norm(v))


def _exp_or_nan(x: float) -> float:
    """e^x, NaN where it is beyond float64: an underflow to 0 would read as "the limit reached" (an overflow as ∞)."""
    return math.exp(x) if -745.0 < x < 709.0 else math.nan


def _kink_gap(net, th: np.ndarray) -> float:
    """``min |⟨w_j, x_n⟩|/‖w_j‖`` over the neurons that carry weight (``‖w_j‖ ≥ 1e-2·max_k‖w_k‖``; the others
    stay at init scale) × points: how close a pre-activation sits to σ's kink (relu^p) or to σ'(0) = 0 (square).
    A gap falling with log(1/𝓛) is a slow mode: the pull on it ∝ σ'(z) vanishes as z → 0 (NaN for linear)."""
    if net.act == "linear":
        return math.nan
    W = th[net.m:].reshape(net.m, net.r)
    wn = np.linalg.norm(W, axis=1)
    live = wn >= 1e-2 * wn.max()
    Z = W[live] @ net.X.numpy().T
    return float((np.abs(Z) / wn[live, None]).min())


def _increases(xs) -> int:
    return int(sum(b > a for a, b in zip(xs[:-1], xs[1:])))


def _measure_one(ctx: Context, seed: int) -> Measurement:
    p = ctx.params
    net, theta0 = data_and_net(ctx, seed, claim="the homogeneous-network flow")
    L, N = net.degree, net.n
    rec, info = _flow(net, theta0, p)
    P = theta0.shape[0]
    Y = np.array(rec["y"])
    TH = Y[:, :P]
    if ctx.hooks.limit is not None:
        TH = np.array([np.asarray(ctx.hooks.limit(th)) for th in TH])
    Jint = Y[:, P]
    ll = np.array(rec["log_loss"])
    log_t = np.array(rec["log_t"])
    q: dict = {"data": describe_run(ctx, seed, net), "degree": L, "n": N, "m": net.m, "act": net.act, "p": net.p,
               "flow_steps": info["steps"],
               "flow_rejected": info["rejected"], "log_loss_final": info["log_loss"], "log_t_final": info["log_t"],
               "s_final": info["s"]}
    inconc = None
    if not info["reached_target"]:
        inconc = Inconclusive(Reason.NOT_CONVERGED, f"flow stopped at log 𝓛 = {info['log_loss']:.1f} above the target after {info['steps']} steps")
    below = np.flatnonzero(ll < 0)
    reached = below.size > 0
    values: dict = {"reached_loss_below_one": float(reached), "reached_target": float(info["reached_target"]),
                    "lipschitz_gradient": float(net.lipschitz_gradient), "smooth_activation": float(net.smooth),
                    "local_error": 10 * p["rtol"]}
    if not reached:
        q["note"] = "the loss never fell below 1"
        return Measurement(seed=seed, values=values, quantities=q, inconclusive=inconc)
    k0 = int(below[0])
    q["t0_log_t"] = float(log_t[k0])
    # per-record quantities (numpy forward and the trainer's gradient)
    rho2 = (TH * TH).sum(1) + net.perp_sq
    margins = np.array([net.forward_np(th)[2] for th in TH])  # (K, N), at the (possibly mapped) states
    # training errors of the trajectory as given, from t₀ (the first record with the SUM loss below 1) on
    k_sum = np.flatnonzero(ll + (math.log(N) if net.reduction == "mean" else 0.0) < 0)
    misclassified = int((margins[k_sum[0]:].min(1) <= 0).sum()) if k_sum.size else 0
    lls = np.array([net.forward_np(th)[3] for th in TH])  # log 𝓛 recomputed at the (possibly mapped) states
    full = lls + (math.log(N) if net.reduction == "mean" else 0.0)
    rhoL = rho2 ** (L / 2)
    gbar = margins.min(1) / rhoL
    gtil = -lls / rhoL
    # Euler pointwise: ⟨θ, −∇𝓛/𝓛⟩ vs LΣ softmax q
    eu = []
    for th, qq, f in zip(TH[k0:], margins[k0:], full[k0:]):
        g, _, _ = net.grad_over_loss_np(th)
        rhs = L * float(np.exp(-qq - f) @ qq)
        eu.append(abs(float(th @ g) - rhs) / abs(rhs))
    sl = slice(k0, None)
    dgt = np.diff(gtil[sl]) / gtil[sl][:-1]
    drho = np.diff(rho2[sl]) / rho2[sl][:-1]
    half_drho = 0.5 * (rho2[-1] - rho2[k0])
    eu_int = abs(half_drho - (Jint[-1] - Jint[k0])) / abs(half_drho)
    # sandwich (relative to γ̄), every record after t₀
    sw_up = float(((gtil[sl] - gbar[sl]) / gbar[sl]).max())
    sw_lo = float(((gbar[sl] - math.log(N) / rhoL[sl] - gtil[sl]) / gbar[sl]).max())
    # checkpoints: the last `decades` decades of log(1/𝓛) (ℓ_end/100, ℓ_end/10, ℓ_end by default), past the saddle
    l_end = -p["target_log_loss"]
    idx = []
    for c in [l_end / 10 ** k for k in range(p["decades"], -1, -1)]:
        hit = np.flatnonzero(-ll >= c * (1 - 1e-9))
        if hit.size:
            idx.append(int(hit[0]))
    ck = {"log_inv_loss": [float(-ll[i]) for i in idx], "log_t": [float(log_t[i]) for i in idx]}
    lt = log_t[idx]
    with np.errstate(divide="ignore", invalid="ignore"):
        loss_rate = np.array([_exp_or_nan(v) for v in full[idx] + lt]) * lt ** (2 - 2 / L)  # SUM loss, given states
        norm_rate = np.sqrt(rho2[idx]) / lt ** (1 / L)
    ck["loss_rate"], ck["norm_rate"] = loss_rate.tolist(), norm_rate.tolist()
    kk = [jacobian_residuals(net, torch.from_numpy(TH[i])) for i in idx]
    ck["kkt_stationarity"] = [r.stationarity for r in kk]
    ck["kkt_complementarity"] = [r.complementarity_max for r in kk]
    # alignment: autograd gradient of log 𝓛 (independent of the trainer's analytic gradient)
    cos = [_misalignment(net, TH[i]) for i in idx]
    ck["alignment_gap"] = cos
    # path length of θ̂ between checkpoints; normalised-margin move over the last decade
    hat = TH / np.sqrt(rho2)[:, None]
    steps_len = np.linalg.norm(np.diff(hat, axis=0), axis=1)
    seg = [float(steps_len[a:b].sum()) for a, b in zip(idx[:-1], idx[1:])]
    ck["path_length"] = seg
    nm = margins / rhoL[:, None]
    move = (float(np.abs(nm[idx[-1]] - nm[idx[-2]]).max() / np.abs(nm[idx[-1]]).max())
            if len(idx) >= 2 else math.nan)
    rel_gap = (gbar[idx] - gtil[idx]) / gbar[idx]
    ck["margin_gap_rel"] = rel_gap.tolist()
    ck["normalized_margin"] = gbar[idx].tolist()
    ck["smoothed_margin"] = gtil[idx].tolist()
    if len(idx) < p["decades"] + 1:
        inconc = inconc or Inconclusive(Reason.NOT_CONVERGED, f"the flow did not reach log(1/𝓛) = {l_end:g}: missing decade checkpoints")
    values.update({
        "smoothed_margin_min_step_rel": float(dgt.min()) if dgt.size else math.nan,
        "norm_min_step_rel": float(drho.min()) if drho.size else math.nan,
        "margin_gap_increases": float(_increases(rel_gap.tolist())),
        "sandwich_upper": sw_up, "sandwich_lower": sw_lo,
        "euler_pointwise": float(max(eu)), "euler_integrated": float(eu_int),
        "loss_rate_band": float(loss_rate.max() / loss_rate.min()) if np.all(loss_rate > 0) else math.nan,
        "norm_rate_band": float(norm_rate.max() / norm_rate.min()) if np.all(norm_rate > 0) else math.nan,
        "kkt_eps_increases": float(_increases(ck["kkt_stationarity"])),
        "kkt_delta_increases": float(_increases(ck["kkt_complementarity"])),
        "kkt_stationarity": kk[-1].stationarity, "kkt_complementarity": kk[-1].complementarity_max,
        "kkt_euler_gap": kk[-1].euler_gap,
        "path_increment_ratio": seg[-1] / seg[-2] if len(seg) >= 2 and seg[-2] > 0 else math.nan,
        "normalized_margin_move": move,
        "alignment_increases": float(_increases(cos)), "alignment_gap": cos[-1],
        "misclassified_states": float(misclassified),
    })
    # asymptotic rows: 3 recorded states per decade of ℓ = log(1/𝓛) over the last `decades` decades (geometric)
    targets = geometric(l_end / 10 ** p["decades"], l_end, 3 * p["decades"] + 1)
    aidx = sorted({int(np.flatnonzero(-ll >= c * (1 - 1e-9))[0]) for c in targets if np.any(-ll >= c * (1 - 1e-9))})
    akk = {i: (kk[idx.index(i)] if i in idx else jacobian_residuals(net, torch.from_numpy(TH[i]))) for i in aidx}
    clock = [float(-ll[i]) for i in aidx]
    path = np.concatenate([[0.0], np.cumsum(steps_len)])
    values.update(kkt_eps_series=Series(clock, [akk[i].stationarity for i in aidx]),
                  kkt_delta_series=Series(clock, [akk[i].complementarity_max for i in aidx]),
                  kkt_undefined=float(sum(not math.isfinite(akk[i].stationarity) for i in aidx)),
                  path_series=Series(clock, [float(path[i] - path[k0]) for i in aidx]),
                  align_series=Series(clock, [_misalignment(net, TH[i]) for i in aidx]),
                  margin_gap_series=Series(clock, [float((gbar[i] - gtil[i]) / gbar[i]) for i in aidx]),
                  # Theorem 4.3's clock is log T (T = t for GF): 𝓛·T → 0 like (log T)^{−(2−2/L)}, 1/‖θ‖ like (log T)^{−1/L}
                  loss_t_series=Series([float(log_t[i]) for i in aidx], [_exp_or_nan(full[i] + log_t[i]) for i in aidx]),
                  loss_power_series=Series([float(log_t[i]) for i in aidx],
                                           [float((full[i] + log_t[i]) / log_t[i]) for i in aidx]),
                  inv_norm_series=Series([float(log_t[i]) for i in aidx], [float(rho2[i] ** -0.5) for i in aidx]),
                  degree=float(L))
    # eq. (6) in real time between the decade checkpoints, read on the given states (theory.homogeneous_trajectory)
    values["euler_real_time"] = euler_real_time(log_t, rho2, margins, L, sorted({k0, *idx, len(ll) - 1}))
    lm = lemma51_samples(net, TH[k0:], p["samples"], seed)
    values.update({k: lm[k] for k in ("max_log_loss", "dlogrho_min", "lemma51_min_rel")})
    q["lemma51"] = lm
    q["checkpoints"] = ck
    q["kink_gap_series"] = [_kink_gap(net, TH[i]) for i in aidx]  # at the asymptotic rows' checkpoints
    q["kkt_multipliers"] = kk[-1].lam.tolist()
    q["normalized_margin"] = float(gbar[-1])
    q["smoothed_margin"] = float(gtil[-1])
    q.update({k: (list(v.values) if isinstance(v, Series) else v) for k, v in values.items() if k not in q})
    series = {"log_t": log_t.tolist(), "log_loss": ll.tolist(), "gamma_bar": gbar.tolist(), "gamma_tilde": gtil.tolist(),
              "lower": (gbar - math.log(N) / rhoL).tolist(), "k0": k0, "checkpoint_index": idx,
              "alignment_gap": cos, "kkt_stationarity": ck["kkt_stationarity"], "geometric_index": rec["geometric"]}
    return Measurement(seed=seed, values=values, quantities=q, inconclusive=inconc, series=series)


def lemma51_samples(net, thetas: np.ndarray, count: int, seed: int) -> dict:
    """Lemma 5.1's pointwise form at ``count`` θ with 𝓛 < 1: flow points, perturbed (relative noise 1e-4…1e-1)
    and rescaled (×1…3); all in the log domain: ``g = 𝓛ĝ`` with ``ĝ = −∇𝓛/𝓛``."""
    g_ = generator(4_000_037 + seed)
    K, P = thetas.shape
    L = net.degree
    idx = torch.randint(0, K, (4 * count,), generator=g_).numpy()
    noise = torch.randn(4 * count, P, generator=g_, dtype=torch.float64).numpy()
    lvl = 10.0 ** (-4 + 3 * torch.rand(4 * count, generator=g_, dtype=torch.float64).numpy())
    scl = 1 + 2 * torch.rand(4 * count, generator=g_, dtype=torch.float64).numpy()
    slack, amin, lmax, used = [], math.inf, -math.inf, 0
    for i in range(4 * count):
        th = thetas[idx[i]]
        th = scl[i] * (th + lvl[i] * np.linalg.norm(th) * noise[i] / math.sqrt(P))
        gh, ll, _ = net.grad_over_loss_np(th)
        if not ll < 0:
            continue
        rho2 = float(th @ th) + net.perp_sq
        a_hat = float(th @ gh) / rho2
        proj = gh - (float(th @ gh) / rho2) * th
        b_hat = float(proj @ proj) / rho2
        lead = float(gh @ gh) / (-ll)  # ‖g‖²/(𝓛 log(1/𝓛)), divided by 𝓛: the leading term
        lhs = lead - L * a_hat
        rhs = L * b_hat / a_hat if a_hat > 0 else math.inf
        slack.append((lhs - rhs) / lead)  # relative to the scale at which float64 rounds (LHS is a difference)
        amin, lmax = min(amin, a_hat), max(lmax, ll)
        used += 1
        if used >= count:
            break
    return {"samples": used, "max_log_loss": lmax, "dlogrho_min": amin,
            "lemma51_min_rel": float(min(slack)) if slack else math.nan}


FULL = [{"target_log_loss": -3000.0}, {"p": 3.0}, {"seed": 1}, {"target_log_loss": -10000.0, "decades": 3}]


# The run reaches 𝓛 < 1 (the hypothesis every claim on this flow has) from the data, the width and the init: that row
# reads them (Condition.reads); the rest cannot move a hypothesis.
READS_REACHED = ("n", "d", "seed", "m", "init_scale", "data.labels")
INERT = {"act": "every choice (relu^p with p ≥ 1, square, linear; two layers, both trained) is a positively "
                "homogeneous net with a locally Lipschitz gradient away from 0: the class the flow theorems assume",
         "p": "relu^p for any p ≥ 1 stays in the theorems' class (positively homogeneous of degree 1 + p)",
         "target_log_loss": binding.HORIZON, "max_steps": binding.HORIZON,
         "rtol": binding.RESOLUTION, "samples": binding.RESOLUTION, "decades": binding.RESOLUTION,
         "per_decade": binding.RESOLUTION,
         "data.rank": "no rank condition: the flow theorems need only a point with 𝓛 < 1 (a separable data set)"}


def spec_for(claim, prm=None, quick=None, full=None):
    prm = prm or params()
    return CheckSpec(claim=claim, params={**prm, **constant_params(claim)}, measure=measure, quick=quick or [{}],
                     inert=INERT,
                     full=full if full is not None else FULL, data_note="an .npz with X (n×d) and y = ±1",
                     horizon=log_loss_target(lead={"log_T": lambda log_t: log_t + 2 * math.log(log_t)}))

