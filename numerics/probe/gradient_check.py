"""The gradients the KKT residuals use, checked against the forward pass they should differentiate.

Euler's identity ``⟨θ, ∇q_k⟩ = L q_k`` tests only the radial component of a gradient: a backward that scales one
layer's gradient (``W.detach() + c·(W − W.detach())``, a tensor hook) or keeps only the radial part meets it
exactly. Here each trainable tensor ``t`` gets ``DIRECTIONS`` seeded Gaussian directions ``d`` (supported on ``t``,
each row scaled to that row of θ), and every constraint's derivative along ``d`` by the analysis's own gradients
(the rows of the gradient matrix, the streamed Jacobians, the Clarke pieces) is compared with finite differences of the forward at
``θ ± h d`` and ``θ ± (h/2) d`` (float64, ``h = STEP``; 4 forward passes per direction, all examples at once):

* smooth constraint: central differences ``C(h)``, ``C(h/2)``, Richardson ``R = (4C(h/2) − C(h))/3`` against the
  single autograd value;
* kinked constraint (a Clarke box or enumerated pieces): the one-sided derivatives ``D±``, each Richardson-
  extrapolated (``2D(h/2) − D(h)``), must lie in the interval ``{⟨g, d⟩ : g in the Clarke description}``.

Tolerance (derived from the differences themselves): along the line the network is a polynomial in the step as long
as no activation, max-pool winner or tie changes side (checked: an example whose pattern changes within the step
is retried at ``h·2⁻⁸`` and ``h·2⁻¹⁶``, then skipped for that direction and counted), so ``C(h) = q' + a h² + O(h⁴)`` and ``|C(h) − C(h/2)|`` (= ¾|a|h²)
bounds what Richardson leaves; rounding adds at most ``3·ε/h`` to ``R`` (``10·ε/h`` to ``D±``), ``ε = (ρ + L·u)·A_k``
the forward's error on ``q_k`` (``ρ``: its relative rounding bound, ``homogeneous_probe.rounding_tol``; ``A_k``: the
Cauchy–Schwarz scale of the outputs; ``L·u``: rounding the perturbed θ), and the autograd value its own
``(ρ + γ_P)·‖∇q_k‖‖d‖``. The sum, times ``HEADROOM``, is the tolerance: a true gradient meets it by construction,
a surrogate that moves one tensor's derivative by a fraction ``r`` exceeds it once ``r`` is above ~1e-5.
"""
from __future__ import annotations

import math
import time
from dataclasses import dataclass, field

import numpy as np
import torch

from .homogeneous import Prepared
from .homogeneous_probe import UNIT_ROUNDOFF, Probe, output_scale, rounding_tol

STEP = 2.0 ** -20  # relative to each row of θ: few activations change side within it, rounding/h stays ≤ 1e-6 relative
STEPS = (STEP, STEP * 2.0 ** -8, STEP * 2.0 ** -16)  # retried for examples whose pattern changes within a step
DIRECTIONS = 2  # random directions per trainable tensor (a surrogate differs along almost every direction)
HEADROOM = 8.0  # over the sum of the derived error bounds
SEED = 7919  # the directions: the same on every run


@dataclass
class GradientCheck:
    """Finite differences of the forward against the analysis's gradients, per trainable tensor."""

    passed: bool | None  # None: not run (a black box), or a tensor with nothing comparable
    tensors: dict = field(default_factory=dict)  # name -> checked, skipped, worst ratio to tolerance, discrepancy
    worst: dict | None = None  # the comparison furthest beyond (or nearest to) its tolerance
    forwards: int = 0
    seconds: float = 0.0
    reason: str = ""

    def to_json(self) -> dict:
        return {"passed": self.passed, "tensors": self.tensors, "worst": self.worst, "forward_passes": self.forwards,
                "steps": list(STEPS), "directions_per_tensor": DIRECTIONS, "reason": self.reason}


def directions(prep: Prepared) -> tuple[np.ndarray, list[int]]:
    """``D`` (P × m): ``DIRECTIONS`` Gaussian directions per trainable tensor, each supported on its tensor, every
    row (output unit; an entry of a 1-d tensor) scaled to the norm of that row of θ — a step ``h`` then moves each
    pre-activation by at most ``h`` times its Cauchy–Schwarz scale, whatever the spread of the rows' norms (an
    all-zero row gets the mean row norm of its tensor, an all-zero tensor the mean over tensors)."""
    g = torch.Generator().manual_seed(SEED)
    sizes = [p.numel() for p in prep.params]
    rows = [p.detach().reshape(p.shape[0] if p.ndim else 1, -1) for p in prep.params]
    means = [float(r.norm(dim=1).mean()) for r in rows]
    fallback = float(np.mean([v for v in means if v > 0])) if any(v > 0 for v in means) else 1.0
    D = np.zeros((sum(sizes), DIRECTIONS * len(sizes)))
    owner, off = [], 0
    for t, (n, r) in enumerate(zip(sizes, rows)):
        rn = r.norm(dim=1, keepdim=True)
        rn = torch.where(rn > 0, rn, means[t] or fallback)
        for k in range(DIRECTIONS):
            d = torch.randn(r.shape, generator=g, dtype=torch.float64)
            d = d * (rn / d.norm(dim=1, keepdim=True).clamp_min(1e-300))
            D[off:off + n, t * DIRECTIONS + k] = d.reshape(-1).numpy()
            owner.append(t)
        off += n
    return D, owner


def _forward(prep: Prepared, tol, light: bool = False):
    """``q`` (K), the branches the forward took, and (not ``light``) ``ε/(ρ + L·u)`` per constraint (the outputs'
    Cauchy–Schwarz scale) and ``ρ``; ``light``: branches only (the perturbed forwards)."""
    probe = Probe(prep.stack, tol=tol, branches=True, light=light)
    with torch.no_grad(), probe:
        raw = prep.model(prep.X)
    out = raw.reshape(prep.n) if prep.classes == 1 else raw.reshape(prep.n, prep.classes)
    q = prep.constraints(out).numpy()
    if light:
        return q, probe.branches, None, None
    sc, terms = output_scale(probe, raw)
    if prep.classes == 1:
        A = sc.reshape(-1).numpy()
    else:
        A = (sc[prep.ci, prep.y[prep.ci]] + sc[prep.ci, prep.cj]).numpy()
    return q, probe.branches, A, rounding_tol(terms)


def _changed(base: list, other: list, n: int) -> np.ndarray:
    """Examples whose forward took another branch than at θ at an element that was not at its kink/tie there."""
    bad = torch.zeros(n, dtype=torch.bool)
    if len(base) != len(other):
        return np.ones(n, dtype=bool)
    for b, o in zip(base, other):
        if b[0] == "sign":
            _, z, thr = b
            flip = ((z > 0) != (o[1] > 0)) & (z.abs() > thr)
        else:
            _, x, idx, thr = b
            moved = idx != o[2]
            gap = x.gather(2, idx) - x.gather(2, o[2])
            flip = moved & (gap > thr)
        bad |= flip.reshape(n, -1).any(1)
    return bad.numpy()


def _intervals(sample, d: np.ndarray) -> tuple[float, float] | None:
    """``[min, max]`` of ``⟨g, d⟩`` over a sample's Clarke description (None: not described)."""
    if sample.kind == "box":
        base = float(sample.g @ d)
        vd = sample.V @ d
        lo = np.minimum(sample.lo * vd, sample.hi * vd).sum()
        hi = np.maximum(sample.lo * vd, sample.hi * vd).sum()
        return base + float(lo), base + float(hi)
    if sample.kind == "vertices":
        vals = sample.vertices @ d
        return float(vals.min()), float(vals.max())
    return None


def check(prep: Prepared, samples: list, autograd: np.ndarray, D: np.ndarray, owner: list[int], L: int,
          grad_norms: np.ndarray, tol: float | None) -> GradientCheck:
    """Compare ``autograd`` (K × m: each smooth constraint's derivative along each column of ``D`` by the analysis's
    gradients) and the Clarke descriptions of kinked ones with finite differences of the forward (module docstring)."""
    t0 = time.perf_counter()
    K, m = autograd.shape
    q0, br0, A, rho = _forward(prep, tol)
    ex = np.array([prep.example_of(k) for k in range(K)])
    eps = (rho + L * UNIT_ROUNDOFF) * A  # the forward's error on each q_k
    gamma = D.shape[0] * UNIT_ROUNDOFF
    saved = [p.detach().clone() for p in prep.params]
    offs = np.cumsum([0] + [p.numel() for p in prep.params])
    stats = {nm: {"checked": 0, "skipped": 0, "worst_ratio": 0.0, "discrepancy": 0.0} for nm in prep.names}
    worst, forwards, failed = None, 1, False
    for j in range(m):
        t = owner[j]
        d = D[offs[t]:offs[t + 1], j]
        dt = torch.as_tensor(d, dtype=torch.float64).reshape(prep.params[t].shape)
        ag_round = (rho + gamma) * grad_norms * float(np.linalg.norm(d))
        st = stats[prep.names[t]]
        todo = np.array([samples[k].kind != "uncertified" for k in range(K)])
        st["skipped"] += int((~todo).sum())
        for h in STEPS:  # an example whose pattern changes within the step is retried with a smaller one
            vals, moved = {}, np.zeros(prep.n, dtype=bool)
            try:
                for s in (h, -h, h / 2, -h / 2):
                    with torch.no_grad():
                        prep.params[t].copy_(saved[t] + s * dt)
                    vals[s], br, _, _ = _forward(prep, tol, light=True)
                    forwards += 1
                    moved |= _changed(br0, br, prep.n)
            finally:
                with torch.no_grad():
                    prep.params[t].copy_(saved[t])
            ok = todo & ~moved[ex]
            todo &= moved[ex]
            worst, bad = _compare(prep, samples, autograd, D, offs, t, j, d, q0, vals, h, eps, ag_round,
                                  np.nonzero(ok)[0], st, worst)
            failed |= bad
            if not todo.any():
                break
        st["skipped"] += int(todo.sum())
    out = GradientCheck(passed=None, tensors=stats, worst=worst, forwards=forwards,
                        seconds=time.perf_counter() - t0)
    empty = [nm for nm, st in stats.items() if st["checked"] == 0]
    if failed:
        w = worst
        out.passed = False
        out.reason = (f"the gradient of {w['tensor']} disagrees with the forward pass: along a random direction "
                      f"({_constraint(prep, w['constraint'])}) the analysis's derivative is {_fmt(w['autograd'])}, "
                      f"finite differences give {w['finite_difference']:.6g} (relative discrepancy "
                      f"{w['discrepancy']:.3g}, {w['ratio']:.3g}× the tolerance {w['tolerance']:.2g})")
    elif empty:
        out.reason = (f"the gradient of {', '.join(empty)} could not be checked: every example's activation pattern "
                      f"changes within the finite-difference step")
    else:
        out.passed = True
        out.reason = (f"gradients agree with finite differences of the forward ({DIRECTIONS} random directions per "
                      f"tensor; worst {worst['ratio']:.2g}× the tolerance)" if worst else "nothing to compare")
    return out


def _compare(prep, samples, autograd, D, offs, t, j, d, q0, vals, h, eps, ag_round, ks, st, worst):
    """The comparisons of constraints ``ks`` along direction ``j`` at step ``h``; updates ``st``; (worst, failed)."""
    C1, C2 = (vals[h] - vals[-h]) / (2 * h), (vals[h / 2] - vals[-h / 2]) / h
    R = (4 * C2 - C1) / 3
    Dp1, Dp2 = (vals[h] - q0) / h, (vals[h / 2] - q0) / (h / 2)
    Dm1, Dm2 = (q0 - vals[-h]) / h, (q0 - vals[-h / 2]) / (h / 2)
    Rp, Rm = 2 * Dp2 - Dp1, 2 * Dm2 - Dm1
    failed = False
    for k in ks:
        smp = samples[k]
        if smp.kind == "smooth":
            lo = hi = float(autograd[k, j])
            pairs = [(float(R[k]), HEADROOM * (abs(C1[k] - C2[k]) + 3 * eps[k] / h + ag_round[k]))]
        else:
            full = np.zeros(D.shape[0])
            full[offs[t]:offs[t + 1]] = d
            lo, hi = _intervals(smp, full)
            pairs = [(float(Rp[k]), HEADROOM * (abs(Dp1[k] - Dp2[k]) + 10 * eps[k] / h + ag_round[k])),
                     (float(Rm[k]), HEADROOM * (abs(Dm1[k] - Dm2[k]) + 10 * eps[k] / h + ag_round[k]))]
        st["checked"] += 1
        for fd, tl in pairs:
            off = max(lo - fd, fd - hi, 0.0)
            ratio = float(off / tl) if tl > 0 else (math.inf if off > 0 else 0.0)
            scale = max(abs(fd), abs(lo), abs(hi))
            rel = off / scale if scale > 0 else 0.0
            st["worst_ratio"] = max(st["worst_ratio"], ratio)
            st["discrepancy"] = max(st["discrepancy"], rel)
            if worst is None or ratio > worst["ratio"]:
                worst = {"tensor": prep.names[t], "constraint": int(k), "example": prep.example_of(int(k)),
                         "finite_difference": fd, "autograd": [lo, hi] if lo != hi else lo, "tolerance": float(tl),
                         "ratio": ratio, "discrepancy": rel, "step": h}
            failed |= ratio > 1.0
    return worst, failed


def _constraint(prep: Prepared, k: int) -> str:
    return f"example {k}" if prep.classes == 1 else "example {}, class {}".format(*prep.pair(k))


def _fmt(v) -> str:
    return f"in [{v[0]:.6g}, {v[1]:.6g}] (Clarke)" if isinstance(v, list) else f"{v:.6g}"
