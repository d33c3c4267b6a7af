"""Shared pieces of the lai2026 checks: parameters, data per seed, hypotheses, the GD run."""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import torch

from ibcheck.numerics.data.sets import LABELS_HELP, SAMPLER_HELP, SAMPLERS, SPECTRA_HELP, Dataset, make_gaussian
from ibcheck.numerics.runtime.errors import InputError
from ibcheck.numerics.data.inits import positive_init
from ibcheck.numerics.trainers.relu_gd import gd_span
from ibcheck.numerics.trajectory import Trajectory

from ibcheck.checks import binding
from ibcheck.checks.base import Context, Inconclusive, Reason
from ibcheck.checks.params import Param, constant_params, pos  # noqa: F401  (constant_params: used as C.constant_params)

DATA_PARAMS = {
    "n": Param("n", int, 40, "number of examples", lambda v: v >= 2, "must be >= 2"),
    "d": Param("d", int, 4000, "input dimension", lambda v: v >= 1, "must be >= 1"),
    "spectrum": Param("spectrum", str, "isotropic", SPECTRA_HELP),
    "labels": Param("labels", str, "uniform", LABELS_HELP, lambda v: v in ("uniform", "gaussian", "pm1"),
                    "uniform, gaussian or pm1"),
    "y_low": pos("y_low", float, 1.0, "smallest |y| of uniform labels"),
    "y_high": pos("y_high", float, 2.0, "largest |y| of uniform labels"),
    "pos_frac": Param("pos_frac", float, 0.5, "fraction of positive labels", lambda v: 0 <= v <= 1, "in [0, 1]"),
    "seed": Param("seed", int, 0, "first seed (seed k uses seed+k)", lambda v: v >= 0, "must be >= 0"),
    "sampler": Param("sampler", str, "auto", SAMPLER_HELP, lambda v: v in SAMPLERS, " | ".join(SAMPLERS)),
}
GD_PARAMS = {
    "eta_scale": pos("eta_scale", float, 1.0, "step η = eta_scale/‖λ‖₁"),
    "init_scale": pos("init_scale", float, 1e-3, "ε of the positive init w₀ = εXᵀ𝟙/‖λ‖₁"),
    "max_steps": Param("max_steps", int, 20000, "GD step budget", lambda v: v >= 1, "must be >= 1"),
}


def datasets(ctx: Context, *, keep_X: bool = False, min_ratio: float = 1.0) -> list[Dataset]:
    """One dataset per seed (generated), or the user's dataset for every seed; validated for lai2026."""
    p = ctx.params
    if ctx.data is not None:
        dss = [ctx.data] * len(ctx.seeds)
    else:
        if p["d"] < min_ratio * p["n"]:
            raise InputError(f"d={p['d']} < n={p['n']}: lai2026 claims need d ≫ n (K = XXᵀ would be singular)")
        if p["y_low"] > p["y_high"]:
            raise InputError(f"y_low={p['y_low']} > y_high={p['y_high']}")
        dss = [make_gaussian(p["n"], p["d"], s, spec=p["spectrum"], labels=p["labels"], y_low=p["y_low"],
                             y_high=p["y_high"], pos_frac=p["pos_frac"], device=ctx.device, keep_X=keep_X,
                             sampler=p["sampler"]) for s in ctx.seeds]
    ds = dss[0]
    if ctx.data is not None:
        if ds.d < ds.n:
            raise InputError(f"--data: d={ds.d} < n={ds.n}: lai2026 claims need d ≫ n (K = XXᵀ is singular)")
        if torch.any(ds.y == 0):
            raise InputError("--data: labels must be non-zero for lai2026 (the sign of y_i decides its pattern)")
    if ctx.hooks.gram is not None:
        for d_ in dss:
            d_.K = ctx.hooks.gram(d_.K)
    return dss


def stack(dss: list[Dataset]) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    """Batch the seeds: ``K`` (S,n,n), ``y`` (S,n), ``‖λ‖₁`` (S,)."""
    K = torch.stack([d.K for d in dss])
    y = torch.stack([d.y for d in dss])
    tr = torch.tensor([d.trace_sigma for d in dss], dtype=K.dtype, device=K.device)
    return K, y, tr


def hypothesis_values(K: torch.Tensor, y: torch.Tensor, trace: torch.Tensor, eta: torch.Tensor,
                      alpha0: torch.Tensor, eps: float) -> list[dict]:
    """Per seed: ``‖K/‖λ‖₁ − I‖₂``, ``max|y|/min|y|``, ``η λ_max(K)`` and ``min_i β⁽⁰⁾_i/ε`` (all neurons)."""
    n = K.shape[-1]
    E = K / trace.view(-1, 1, 1) - torch.eye(n, dtype=K.dtype, device=K.device)
    orth = torch.linalg.eigvalsh(E).abs().amax(-1)
    lmax = torch.linalg.eigvalsh(K)[..., -1]
    beta0 = alpha0 @ K
    init_min = beta0.flatten(1).amin(1) / eps
    spread = y.abs().amax(1) / y.abs().amin(1)
    return [{"orth_dev": float(o), "label_spread": float(sp), "eta_lmax": float(e * l),
             "init_min_beta_over_eps": float(b)} for o, sp, e, l, b in zip(orth, spread, eta, lmax, init_min)]


@dataclass
class Run:
    """A batched positive-init GD run with its inputs (for the comparisons downstream)."""

    K: torch.Tensor
    y: torch.Tensor
    trace: torch.Tensor
    eta: torch.Tensor
    alpha0: torch.Tensor
    a: torch.Tensor
    res: Trajectory
    alpha: torch.Tensor  # final coefficients after the hooks
    hyp: list[dict]
    datasets: list[Dataset]


def run_gd(ctx: Context, a: list[float], *, alpha0: torch.Tensor | None = None, activation: str = "relu",
           dss: list[Dataset] | None = None) -> Run:
    """Positive init ``w₀ = εXᵀ𝟙/‖λ‖₁`` for every neuron (unless ``alpha0``), step ``η = η̄/‖λ‖₁``."""
    p = ctx.params
    dss = dss if dss is not None else datasets(ctx)
    K, y, tr = stack(dss)
    S, n = y.shape
    m = len(a)
    at = torch.tensor(a, dtype=K.dtype, device=K.device)
    if alpha0 is None:
        alpha0 = positive_init(S, m, n, 1.0, p["init_scale"], device=K.device) / tr.view(-1, 1, 1)
    if activation == "linear":
        alpha0 = torch.zeros_like(alpha0)
    if ctx.hooks.init is not None:
        alpha0 = ctx.hooks.init(alpha0)
    eta = p["eta_scale"] / tr
    res = gd_span(K, y, at, alpha0, eta, activation=activation, max_steps=p["max_steps"], deriv=ctx.hooks.deriv)
    alpha = res.alpha
    if ctx.hooks.limit is not None:
        alpha = ctx.hooks.limit(K, y, tr, alpha)
    hyp = hypothesis_values(K, y, tr, eta, alpha0, p["init_scale"])
    return Run(K=K, y=y, trace=tr, eta=eta, alpha0=alpha0, a=at, res=res, alpha=alpha, hyp=hyp, datasets=dss)


def knorm(K: np.ndarray, v: np.ndarray) -> float:
    """``‖Xᵀv‖₂ = √(vᵀKv)`` for one coefficient vector or a stack (rows summed)."""
    v = np.atleast_2d(v)
    return float(np.sqrt(max(sum(float(r @ K @ r) for r in v), 0.0)))


def not_converged(res: Trajectory, s: int) -> str | None:
    if bool(res.diverged[s]):
        return Inconclusive(Reason.NOT_CONVERGED, f"GD diverged (loss became non-finite) after {int(res.steps[s])} steps")
    if not bool(res.converged[s]):
        ratio = float(res.grad_norm[s] / res.grad_norm0[s])
        return Inconclusive(Reason.NOT_CONVERGED, f"GD did not reach ‖∇L‖ ≤ 1e-12‖∇L₀‖ in {int(res.steps[s])} steps (ratio {ratio:.2e})")
    return None


# Inputs no hypothesis of the GD claims reads (CheckSpec.inert): how long the run is and how its numbers are computed.
INERT = {"max_steps": binding.HORIZON, "certify": binding.CERTIFY}
ASKED = "an exploratory question with no hypotheses: answered `observed`, never a verdict credited to a paper"
