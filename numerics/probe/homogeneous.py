"""A positively homogeneous model with its data, as the max-margin KKT check sees it: constraints, degree, gradients.

``Prepared`` holds a float64 copy of the model (made by ``ibcheck.user_model.prepare``), its trainable parameters θ
and the constraints of the max-margin problem ``min ½‖θ‖² s.t. q_k(θ) ≥ 1``:

* one output per example (labels ±1): ``q_i = y_i f(x_i;θ)``, one constraint per example;
* C ≥ 2 outputs (labels 0..C−1; Lyu & Li 2020, multi-class): ``q_{ij} = f_{y_i}(x_i;θ) − f_j(x_i;θ)`` for every
  ``j ≠ y_i``, one constraint per pair, so the margin ``min_k q_k = min_i (f_{y_i}(x_i) − max_{j≠y_i} f_j(x_i))``.

Homogeneity is measured, not read off the layer list: ``f(x;cθ) = c^L f(x;θ)`` on the data for ``c`` in
``DEGREE_SCALES`` (a bias in the first layer only passes: it scales with that layer). When it fails, the parameter
whose scaling breaks it is found by re-scaling one tensor at a time as ``c^α`` (a bias after a degree-k layer is
fixed by ``α = k``). Per-constraint gradients ``∇_θ q_k``: ``torch.func`` (vmap of jacrev), else batched autograd.
"""
from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, field

import numpy as np
import torch
from torch import nn

from ..runtime.errors import InputError
from .homogeneous_probe import DEGREE_INT_TOL, DEGREE_RTOL, MAX_GRAD_ENTRIES, Probe, error_summary

DEGREE_SCALES = (0.5, 2.0, 3.0)  # c in f(x;cθ) = c^L f(x;θ)
DIAGNOSE_EXPONENTS = (2, 3, 4, 5, 6)  # α tried for one tensor scaled as c^α (a bias after layer k: α = k)
DIAGNOSE_MAX_TENSORS = 256  # the culprit search costs 3·6 forwards per tensor (per culprit found)
DIAGNOSE_MAX_FIXES = 6  # culprits named at most (a bias in each of 7 layers)
MAX_DEGREE = 12  # integer degrees tried when the fitted one is not an integer


@dataclass
class Prepared:
    """A float64, eval-mode copy of the user's model with its trainable parameters θ, the data and the constraints."""

    model: nn.Module
    X: torch.Tensor
    y: torch.Tensor  # ±1 (float64) for one output; class indices (int64) for C ≥ 2 outputs
    names: list[str]
    params: list[torch.Tensor]
    frozen: list[str]
    black_box: bool
    notes: list[str]
    classes: int = 1  # C: the number of outputs per example
    stack: list = field(default_factory=list)
    ci: torch.Tensor | None = None  # multi-class: the example of each constraint
    cj: torch.Tensor | None = None  # multi-class: the other class j ≠ y_i of each constraint
    fixed: dict = field(default_factory=dict)  # name -> the fixed floating tensors (frozen, buffers, attributes)
    native_dtype: str | None = None  # the user's precision when it was not float64
    native_out: torch.Tensor | None = None  # the outputs computed in that precision (as float64)
    source: str = ""  # how error messages name the model (its file or class), when its own code fails
    hint: str = ""

    def set_classes(self, C: int) -> None:
        """One constraint per example (C = 1) or per pair (i, j ≠ y_i) (C ≥ 2), in example-major order."""
        self.classes = C
        if C > 1:
            pairs = [(i, j) for i, yi in enumerate(self.y.tolist()) for j in range(C) if j != yi]
            self.ci = torch.tensor([p[0] for p in pairs], dtype=torch.long)
            self.cj = torch.tensor([p[1] for p in pairs], dtype=torch.long)

    @property
    def n(self) -> int:
        return int(self.y.shape[0])

    @property
    def K(self) -> int:
        """The number of constraints: n, or n(C−1)."""
        return self.n if self.classes == 1 else self.n * (self.classes - 1)

    def example_of(self, k: int) -> int:
        return k if self.classes == 1 else int(self.ci[k])

    def pair(self, k: int) -> tuple[int, int] | None:
        return None if self.classes == 1 else (int(self.ci[k]), int(self.cj[k]))

    @property
    def blocks(self) -> list[tuple[str, tuple]]:
        return [(nm, tuple(p.shape)) for nm, p in zip(self.names, self.params)]

    def theta(self) -> np.ndarray:
        return torch.cat([p.detach().reshape(-1) for p in self.params]).numpy()

    def scale_(self, c: float) -> None:
        with torch.no_grad():
            for p in self.params:
                p.mul_(c)

    def forward(self, X: torch.Tensor | None = None, probe: Probe | None = None) -> torch.Tensor:
        """``f(x;θ)``: (n,) for one output, (n, C) for C outputs (grad enabled only if the caller enables it)."""
        X = self.X if X is None else X
        if probe is None:
            out = self.model(X)
        else:
            with probe:
                out = self.model(X)
        return out.reshape(X.shape[0]) if self.classes == 1 else out.reshape(X.shape[0], self.classes)

    def constraints(self, out: torch.Tensor) -> torch.Tensor:
        """The constraint values ``q_k`` from the outputs of all examples."""
        if self.classes == 1:
            return self.y * out
        return out[self.ci, self.y[self.ci]] - out[self.ci, self.cj]

    def constraint_one(self, k: int, out1: torch.Tensor) -> torch.Tensor:
        """``q_k`` from the output of its own example alone (shape (1,) or (1, C))."""
        if self.classes == 1:
            return self.y[k] * out1.reshape(())
        i, j = self.pair(k)
        o = out1.reshape(-1)
        return o[self.y[i]] - o[j]

    def margins(self) -> np.ndarray:
        with torch.no_grad():
            return self.constraints(self.forward()).numpy()

    def example_margins(self, q: np.ndarray) -> np.ndarray:
        """Per example ``min_k q_k`` over its constraints (binary: ``q`` itself)."""
        return q if self.classes == 1 else q.reshape(self.n, self.classes - 1).min(1)


# ------------------------------------------------------------------------------------------- degree
@dataclass
class Degree:
    L: int
    estimates: dict  # c -> fitted L
    deviation: float  # max_c max_i |f(x_i;cθ) − c^L f(x_i;θ)| / (c^L max_i |f(x_i;θ)|)
    measured: float = math.nan  # mean of the fitted L over c
    tol: float = DEGREE_RTOL


def _scaled_outputs(prep: Prepared, saved, exps, c: float) -> torch.Tensor:
    """The outputs with trainable tensor t scaled by ``c^exps[t]`` (θ restored bitwise afterwards)."""
    try:
        for p, s, a in zip(prep.params, saved, exps):
            p.copy_(c ** a * s)
        return prep.forward().reshape(-1)
    finally:  # restore θ bitwise (scaling back by 1/c would round)
        for p, s in zip(prep.params, saved):
            p.copy_(s)


def _defect(f0: torch.Tensor, outs: dict) -> tuple[float, int]:
    """The smallest ``max_c max_i |f_c − c^L f_0| / (c^L max|f_0|)`` over integer L in 1..MAX_DEGREE, and that L."""
    scale = float(f0.abs().max())
    best = (math.inf, 0)
    for L in range(1, MAX_DEGREE + 1):
        d = max(float((o - c ** L * f0).abs().max()) / (c ** L * scale) for c, o in outs.items())
        best = min(best, (d, L))
    return best


def degree(prep: Prepared) -> Degree:
    """The degree of positive homogeneity in the trainable parameters, measured on the data; ``InputError`` naming
    the measured degree, its defect and the parameter whose scaling breaks it if ``f(x;cθ) ≠ c^L f(x;θ)``."""
    with torch.no_grad():
        f0 = prep.forward().reshape(-1)
        n0 = float(f0.norm())
        if n0 == 0:
            raise InputError("model: outputs 0 on every example, so its degree cannot be measured and no margin is positive")
        saved = [p.detach().clone() for p in prep.params]
        ones = [1] * len(saved)
        outs = {c: _scaled_outputs(prep, saved, ones, c) for c in DEGREE_SCALES}
        est = {c: math.log(float(o.norm()) / n0) / math.log(c) if float(o.norm()) > 0 else -math.inf
               for c, o in outs.items()}
        Lf = float(np.mean(list(est.values())))
        L = int(round(Lf)) if math.isfinite(Lf) else 0
        dev = (max(float((outs[c] - c ** L * f0).abs().max()) / (c ** L * float(f0.abs().max())) for c in DEGREE_SCALES)
               if L >= 1 else math.inf)
        if L < 1 or abs(Lf - L) > DEGREE_INT_TOL or dev > DEGREE_RTOL:
            d0, _ = _defect(f0, outs)
            hint = "; ".join(f"c={c:g}: L≈{v:.4g}" for c, v in est.items())
            raise InputError(f"model is not positively homogeneous in its trainable parameters: f(x;cθ) ≠ c^L f(x;θ) "
                             f"for every positive integer L (measured degree {Lf:.4g}: {hint}; degree defect "
                             f"{d0:.2g} > {DEGREE_RTOL:g}); {_culprit(prep, saved, f0, d0)}")
    return Degree(L=L, estimates=est, deviation=dev, measured=Lf)


def _culprit(prep: Prepared, saved, f0, d0: float) -> str:
    """The trainable tensors whose scaling breaks homogeneity: greedily, the tensor that, scaled as ``c^α`` (α ≠ 1)
    while the rest scale as ``c``, brings the degree defect down the most — then the next, with the first kept at
    its exponent (a bias in every layer: each later layer's bias needs its own α), up to ``DIAGNOSE_MAX_FIXES``."""
    if len(saved) > DIAGNOSE_MAX_TENSORS:
        return f"not attributed to one parameter ({len(saved)} tensors exceed the search cap {DIAGNOSE_MAX_TENSORS})"
    exps, found, d, L = [1] * len(saved), [], d0, None
    for _ in range(DIAGNOSE_MAX_FIXES):
        best = (d, None, None, None)
        for t, a in itertools.product(range(len(saved)), DIAGNOSE_EXPONENTS):
            if exps[t] != 1:
                continue
            trial = [a if s == t else e for s, e in enumerate(exps)]
            dd, LL = _defect(f0, {c: _scaled_outputs(prep, saved, trial, c) for c in DEGREE_SCALES})
            if dd < best[0]:
                best = (dd, t, a, LL)
        if best[1] is None or best[0] > 0.5 * d:
            break
        d, t, a, L = best
        exps[t] = a
        found.append((prep.names[t], a))
        if d <= DEGREE_RTOL:
            break
    if not found:
        return ("no parameter's scaling explains it (a constant, or a non-homogeneous operation in forward?)")
    names = ", ".join(nm for nm, _ in found)
    how = ", ".join(f"c^{a}" for _, a in found)
    one = len(found) == 1
    if d <= DEGREE_RTOL:
        return (f"the scaling of parameter{'' if one else 's'} {names} breaks it: scaled as {how} instead of c, the "
                f"model is homogeneous of degree {L} (defect {d:.1g}; "
                + ("a bias after the first layer, say)" if one else "biases after the first layer: remove them, or "
                   "keep a bias in the first layer only)"))
    return (f"the scaling of parameter{'' if one else 's'} {names} breaks it most: scaled as {how} instead of c, "
            f"the defect falls to {d:.2g}")


# ------------------------------------------------------------------------------------------- gradients
def per_constraint_grads(prep: Prepared) -> tuple[np.ndarray, str]:
    """``∇_θ q_k(θ)`` for every constraint as a (K, P) array (PyTorch's derivative at a kink: ReLU'(0) = 0, leaky: γ);
    above ``MAX_GRAD_ENTRIES`` the caller streams them instead (``numerics.probe.homogeneous_gram``)."""
    P = sum(p.numel() for p in prep.params)
    C = prep.classes
    if prep.n * C * P > MAX_GRAD_ENTRIES:
        raise InputError(f"problem too large to hold its per-example gradients: n·C·P = {prep.n}·{C}·{P} entries "
                         f"exceed {MAX_GRAD_ENTRIES:.0e} (stream them: chunk_size)")
    return constraint_rows(prep, 0, prep.n)


def constraint_rows(prep: Prepared, i0: int, i1: int) -> tuple[np.ndarray, str]:
    """The gradients of the constraints of examples ``i0..i1−1`` (contiguous in the example-major order), (k, P)."""
    C, b = prep.classes, i1 - i0
    X, y = prep.X[i0:i1], prep.y[i0:i1]
    k0, k1 = (i0, i1) if C == 1 else (i0 * (C - 1), i1 * (C - 1))
    ci = None if C == 1 else prep.ci[k0:k1] - i0
    cj = None if C == 1 else prep.cj[k0:k1]
    P = sum(p.numel() for p in prep.params)
    G = np.empty((k1 - k0, P))
    E = (torch.ones(b, 1, dtype=torch.float64) * y[:, None] if C == 1
         else torch.nn.functional.one_hot(y, C).double())
    if not prep.black_box:
        try:
            from torch.func import functional_call, jacrev, vmap
            names = prep.names
            others = {k: v for k, v in itertools.chain(prep.model.named_parameters(), prep.model.named_buffers())
                      if k not in set(names)}

            def qvec(ps, x, e):  # binary: y·f (1,); multi-class: f_y − f_j for every j (C,), 0 at j = y
                out = functional_call(prep.model, {**others, **dict(zip(names, ps))}, (x.unsqueeze(0),)).reshape(-1)
                return e * out if C == 1 else (e * out).sum() - out

            gs = vmap(jacrev(qvec), in_dims=(None, 0, 0))(tuple(p.detach() for p in prep.params), X, E)
            off = 0
            for g in gs:  # into one buffer, tensor by tensor (no concatenated copy: the block may be GBs)
                J = g.reshape(b, C, -1)
                G[:, off:off + J.shape[2]] = (J[:, 0] if C == 1 else J[ci, cj]).numpy()
                off += J.shape[2]
            return G, "torch.func (vmap of jacrev)"
        except InputError:
            raise
        except Exception:  # noqa: BLE001  (a model torch.func cannot transform: fall back to autograd)
            pass
    with torch.enable_grad():
        out = prep.forward(X)
        q = y * out if C == 1 else out[ci, y[ci]] - out[ci, cj]
        K = q.shape[0]
        try:
            gs = torch.autograd.grad(q, prep.params, grad_outputs=torch.eye(K, dtype=q.dtype),
                                     is_grads_batched=True, allow_unused=True)
            off = 0
            for g, p in zip(gs, prep.params):
                G[:, off:off + p.numel()] = 0.0 if g is None else g.reshape(K, -1).numpy()
                off += p.numel()
            method = "autograd (batched over constraints)"
        except RuntimeError:
            try:
                for k in range(K):
                    G[k] = grad_vector(q[k], prep.params, retain=True)
            except RuntimeError as exc:
                raise InputError(f"model: per-example gradients failed ({error_summary(exc)})") from None
            method = "autograd (one constraint at a time)"
    return G, method


def grad_vector(q, params, retain=False) -> np.ndarray:
    """``∇ q`` over ``params`` as one flat float64 vector (unused parameters: zeros)."""
    g = torch.autograd.grad(q, params, retain_graph=retain, allow_unused=True)
    return torch.cat([(gg if gg is not None else torch.zeros_like(p)).reshape(-1) for gg, p in zip(g, params)]).detach().numpy()
