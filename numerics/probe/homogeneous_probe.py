"""Seeing a user's forward pass: every ReLU / leaky-ReLU call, every non-homogeneous function, every tie.

``Probe`` is a ``TorchFunctionMode``: it sees modules, ``F.relu``, ``torch.relu``, ``Tensor.relu`` and
``F.leaky_relu`` alike, records each activation's pre-activations ``z`` with a Cauchy–Schwarz scale
(``‖w_j‖·‖patch‖ + |b_j|`` straight after a Linear/Conv), and can impose a derivative at chosen elements (the
gradients of the pieces of the Clarke subdifferential). Functions that are not positively homogeneous (smooth
activations, normalisations, ``exp``, ...) are refused where they are called; ties of max-pooling, ``maximum``,
``clamp`` and ``abs`` are counted; other non-smooth functions are listed as not inspected.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import torch
import torch.nn.functional as F
from torch.overrides import TorchFunctionMode

from ..runtime.errors import InputError

DEGREE_RTOL = 1e-9  # a homogeneous float64 network meets the identity to O(depth·1e-16); 1e-9 leaves 6 orders of margin
DEGREE_INT_TOL = 1e-6  # the fitted L must be this close to an integer
UNIT_ROUNDOFF = 2.0 ** -53  # float64
KINK_HEADROOM = 4.0  # over γ_N: the upstream layers' errors reach each pre-activation through its Cauchy–Schwarz scale
MAX_KINKS_PER_SAMPLE = 12  # vertex enumeration: 2^k pieces per sample
MAX_VERTICES = 4096  # vertex enumeration: pieces over all samples
MAX_GRAD_ENTRIES = 50_000_000  # n × P per-sample gradient matrix (400 MB in float64): above it, a streamed Gram
MAX_TIE_LEVELS = 16  # a pooling window's entries compared with its maximum: the 2nd, ..., 17th largest

ACTIVATIONS = ("relu", "relu_", "leaky_relu", "leaky_relu_")
SMOOTH_NONHOM = {  # functions that break positive homogeneity wherever they are called
    "sigmoid", "tanh", "gelu", "softplus", "silu", "elu", "selu", "celu", "mish", "hardtanh", "relu6", "hardswish",
    "hardsigmoid", "logsigmoid", "softmax", "log_softmax", "softsign", "tanhshrink", "exp", "log", "log1p", "expm1",
    "erf", "sin", "cos", "batch_norm", "layer_norm", "group_norm", "instance_norm", "rms_norm", "normalize",
    "local_response_norm", "sigmoid_", "tanh_", "exp_", "glu", "rrelu", "prelu", "threshold",
}
TIE_FUNCS = {"maximum", "minimum", "clamp", "clamp_min", "clamp_max", "abs", "clip"}
UNINSPECTED = {"max", "min", "amax", "amin", "where", "sign", "topk", "sort", "median", "hardshrink", "softshrink",
               "round", "floor", "ceil", "fractional_max_pool2d", "fractional_max_pool3d", "lp_pool1d", "lp_pool2d"}
NONHOM_MODULES = {
    **{k: "a smooth activation that is not positively homogeneous" for k in (
        "Sigmoid", "Tanh", "GELU", "Softplus", "SiLU", "ELU", "SELU", "CELU", "Mish", "Hardtanh", "ReLU6",
        "Hardswish", "Hardsigmoid", "LogSigmoid", "Softmax", "LogSoftmax", "Softsign", "Tanhshrink", "GLU", "RReLU",
        "PReLU", "Threshold", "Softmin", "Hardshrink", "Softshrink")},
    **{k: "a normalisation layer (not homogeneous in the parameters)" for k in (
        "BatchNorm1d", "BatchNorm2d", "BatchNorm3d", "LayerNorm", "GroupNorm", "InstanceNorm1d", "InstanceNorm2d",
        "InstanceNorm3d", "LocalResponseNorm", "RMSNorm", "SyncBatchNorm", "LazyBatchNorm1d", "LazyBatchNorm2d")},
    **{k: "not a homogeneous map of its parameters" for k in ("Embedding", "EmbeddingBag", "RNN", "LSTM", "GRU",
                                                                 "MultiheadAttention", "Transformer", "Bilinear")},
}
GRAPH_EDITS = {"detach", "detach_", "register_hook", "requires_grad_", "data"}  # a backward other than the forward's
LOGIT_HINT = {"softmax", "log_softmax"}  # a classifier's last step: the margin needs the logits before it


def error_summary(exc: BaseException) -> str:
    s = str(exc).strip().splitlines()
    return f"{type(exc).__name__}: {s[0][:160]}" if s else type(exc).__name__


def class_name(mod) -> str:
    return getattr(mod, "original_name", None) or type(mod).__name__


def module_path(name: str) -> str:
    return "model" + (f".{name}" if name else "")


# ------------------------------------------------------------------------------------------- the probe
@dataclass
class Site:
    """One ReLU / leaky-ReLU call of the forward: its pre-activations and unit scales."""

    module: str
    slope: float
    z: torch.Tensor  # (batch, ...) detached
    scale: torch.Tensor  # same shape: ‖w_j‖·‖patch‖ after a Linear/Conv, else the layer's max |z| per example
    data_input: torch.Tensor | None  # (batch, ...) bool: the unit's input patch is zero and does not depend on θ
    live: torch.Tensor | None = None  # the pre-activation with its graph (per-example gradient computations)
    tol: float = 0.0  # |z| ≤ tol·scale: at the kink (the rounding bound of z relative to its scale, or the user's)
    rounding: float = 0.0  # the rounding bound of z relative to its scale (whatever the user's tolerance)
    affine: tuple | None = None  # (kind, input, weight, bias, args, kwargs) when z = affine(data): exactly computable


def rounding_tol(terms: int) -> float:
    """How far from 0 a computed pre-activation may lie, relative to its Cauchy–Schwarz scale, when the exact one is 0.

    A dot product of length N with a bias is computed to ``|fl(z) − z| ≤ γ_{N+2}(|w|ᵀ|h| + |b|) ≤ γ_{N+2}·scale``
    (Higham, ``γ_N = Nu/(1 − Nu)``); each earlier layer's error reaches z the same way, relative to its own scale, so
    the chain of ``terms = Σ (fan-in + 2)`` over the affine maps so far bounds it, with ``KINK_HEADROOM``. A
    pre-activation beyond it has a certain sign (smooth there); within it, it may be exactly at its kink.
    """
    n = max(int(terms), 2)
    return KINK_HEADROOM * n * UNIT_ROUNDOFF / (1 - n * UNIT_ROUNDOFF)


class Probe(TorchFunctionMode):
    """Sees every torch function of a forward: records activations, refuses non-homogeneous calls, counts ties.

    ``overrides[site]`` (a tensor shaped like that site's pre-activations) replaces the activation's derivative
    in the backward pass (the value is unchanged); ``live`` keeps each pre-activation with its graph.
    """

    def __init__(self, stack: list, overrides: dict | None = None, live: bool = False, tol: float | None = None,
                 branches: bool = False, light: bool = False):
        super().__init__()
        self.stack, self.overrides, self.live, self.user_tol = stack, overrides or {}, live, tol
        self.branches: list | None = [] if branches else None  # which side of each kink/tie (numerics.probe.gradient_check)
        self.graph_edits: set[str] = set()  # detach / tensor hooks / .data in the forward: named in the report
        self.light = light  # branches only (no sites, scales or tie counts): a finite-difference forward
        self.sites: list[Site] = []
        self.ties: list[tuple[str, torch.Tensor]] = []  # (what, per-example count)
        self.tie_terms: list[tuple[str, torch.Tensor, torch.Tensor, torch.Tensor]] = []  # live: (what, a−b, a+b, tied)
        self.uninspected: set[str] = set()
        self._affine = None  # (output tensor, kind, input, weight, conv args)
        self.chain_terms = 0  # Σ (fan-in + 2) over the affine maps so far: the length of the longest rounding chain

    @property
    def tol(self) -> float:
        """The kink/tie tolerance here: the user's, else the rounding bound of what the forward computed so far."""
        return self.user_tol if self.user_tol is not None else rounding_tol(self.chain_terms)

    def where(self) -> str:
        return self.stack[-1] if self.stack else "model"

    def __torch_function__(self, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        name = getattr(func, "__name__", "")
        if isinstance(func, torch._ops.OpOverload):  # torch.ops.aten.relu.default: the op's own name
            name = name.partition(".")[0]
        if name == "__get__":  # a property: .data (a view outside autograd) matters
            name = getattr(getattr(func, "__self__", None), "__name__", "")
        if name in GRAPH_EDITS:
            self.graph_edits.add(f"{name} in {self.where()}")
        if name in SMOOTH_NONHOM:
            hint = " (return the logits: the multi-class margin is computed from them)" if name in LOGIT_HINT else ""
            raise InputError(f"{self.where()} calls {name}, which is not positively homogeneous{hint}")
        if name in ("linear", "conv1d", "conv2d", "conv3d"):  # a bias is allowed: homogeneity is measured
            out = func(*args, **kwargs)
            self._affine = (out, name, args, kwargs)
            return out
        if name in ACTIVATIONS:
            return self._activation(name, args, kwargs)
        if "max_pool" in name:
            return self._pool(func, name, args, kwargs)
        out = func(*args, **kwargs)
        if name in TIE_FUNCS:
            self._tie(name, args, kwargs)
        elif name in UNINSPECTED:
            self.uninspected.add(f"{name} in {self.where()}")
        return out

    def _activation(self, name, args, kwargs):
        z = args[0]
        slope = 0.0 if name.startswith("relu") else float(args[1] if len(args) > 1 else kwargs.get("negative_slope", 0.01))
        out = F.relu(z) if slope == 0.0 else F.leaky_relu(z, slope)
        if self.light:
            self.branches.append(("sign", z.detach().clone(), None))
            return out
        k = len(self.sites)
        with torch.no_grad():
            scale, data_input = self._unit_scale(z)
        self.sites.append(Site(self.where(), slope, z.detach().clone(), scale, data_input, z if self.live else None,
                               self.tol, rounding_tol(self.chain_terms), self._data_affine(z)))
        if self.branches is not None:  # the sign of z; |z| ≤ tol·scale is the kink itself
            self.branches.append(("sign", z.detach().clone(), self.tol * scale))
        if k in self.overrides:
            out = out.detach() + self.overrides[k] * (z - z.detach())
        return out

    def _data_affine(self, z):
        """The affine map that produced ``z`` from inputs independent of θ (the data), for an exact evaluation."""
        if self._affine is None or self._affine[0] is not z:
            return None
        _, kind, args, kwargs = self._affine
        if args[0].requires_grad:
            return None
        b = args[2] if len(args) > 2 else kwargs.get("bias")
        return (kind, args[0].detach(), args[1], b, tuple(args[3:]), {k: v for k, v in kwargs.items() if k != "bias"})

    def _unit_scale(self, z):
        """Cauchy–Schwarz scale ``‖w_j‖·‖patch_i‖`` of a pre-activation straight out of a Linear/Conv, else the
        largest |z| of the layer on the same example; and where that patch is zero and independent of θ."""
        zd = z.detach()
        if self._affine is not None and self._affine[0] is z:
            _, kind, args, kwargs = self._affine
            h, W = args[0].detach(), args[1].detach()
            b = args[2] if len(args) > 2 else kwargs.get("bias")
            b = None if b is None else b.detach().abs()
            self.chain_terms += W[0].numel() + 2
            if kind == "linear":
                wn = W.reshape(W.shape[0], -1).norm(dim=1)
                pn = h.norm(dim=-1, keepdim=True)
            else:
                rest = list(args[3:]) if len(args) > 3 else []
                kw = {k: v for k, v in kwargs.items() if k != "bias"}
                pn = getattr(F, kind)(h * h, torch.ones_like(W), None, *rest, **kw).clamp_min(0).sqrt()
                wn = W.reshape(W.shape[0], -1).norm(dim=1).reshape(1, -1, *([1] * (zd.ndim - 2)))
            scale = pn * wn
            if b is not None:  # |z_j| ≤ ‖w_j‖‖patch‖ + |b_j|
                scale = scale + b.reshape(1, -1, *([1] * (zd.ndim - 2)))
            # a zero input patch that does not depend on θ: z ≡ 0 near θ (a zero weight row is a genuine kink); with
            # a bias z = b_j there, which moves with θ: a genuine kink when b_j = 0
            data_input = (pn == 0) & (not args[0].requires_grad) & (b is None)
            return scale.expand_as(zd), data_input.expand_as(zd)
        self.chain_terms = max(self.chain_terms, zd[0].numel() + 2)  # not straight after an affine map: as long as the layer
        m = zd.reshape(zd.shape[0], -1).abs().amax(dim=1).reshape(-1, *([1] * (zd.ndim - 1)))
        return m.expand_as(zd), None

    def _pool(self, func, name, args, kwargs):
        out = func(*args, **kwargs)
        x = args[0]
        try:
            with torch.no_grad():
                wi = getattr(F, name.rstrip("_") + "_with_indices")
                kw = {k: v for k, v in kwargs.items() if k != "return_indices"}
                val, idx = wi(x.detach(), *args[1:], **kw)
                if self.light:
                    self.branches.append(("argmax", None, idx.flatten(2).clone(), None))
                    return out
                flat = x.detach().flatten(2).clone()
                scale = val.abs().flatten(1).amax(1).reshape(-1, *([1] * (val.ndim - 1)))
                if self.branches is not None:  # the winner of each window; a winner within tol·scale is a tie
                    self.branches.append(("argmax", x.detach().flatten(2).clone(), idx.flatten(2).clone(),
                                          (self.tol * scale).reshape(-1, 1, 1)))
                count = torch.zeros(x.shape[0], dtype=torch.long)
                for _ in range(MAX_TIE_LEVELS):  # the 2nd, 3rd, ... largest entry of each window, while any ties
                    flat.scatter_(2, idx.flatten(2), -math.inf)
                    second, idx2 = wi(flat.reshape(x.shape), *args[1:], **kw)
                    tie = (second >= val - self.tol * scale) & (val.abs() > self.tol * scale)
                    if not tie.any():
                        break
                    count += tie.flatten(1).sum(1)
                    if self.live:  # the tied pair (first, this one) with its graph: are they the same function of θ?
                        with torch.enable_grad():
                            xf = x.flatten(2)
                            a, b = xf.gather(2, idx.flatten(2)), xf.gather(2, idx2.flatten(2))
                            self.tie_terms.append((f"max-pool tie in {self.where()}", (a - b).flatten(1),
                                                   (a + b).flatten(1), tie.flatten(1)))
                    idx = idx2
                self.ties.append((f"max-pool tie in {self.where()}", count))
        except (AttributeError, RuntimeError, TypeError):
            self.uninspected.add(f"{name} in {self.where()} (ties not checked)")
        return out

    def _tie(self, name, args, kwargs):
        """Count the ties of ``maximum``/``minimum`` (a = b), ``clamp`` (x at a bound) and ``abs`` (x = 0); live:
        record each tied pair's difference and sum with their graph (``clarke_ties``: the same function of θ?)."""
        a = args[0] if isinstance(args[0], torch.Tensor) else None
        if a is None or a.ndim == 0:
            return
        if name in ("maximum", "minimum"):
            b = args[1] if len(args) > 1 and isinstance(args[1], torch.Tensor) else None
            if b is None:
                return
            a, b = torch.broadcast_tensors(a, b)
            pairs = [(a, b)]
        elif name == "abs":
            pairs = [(a, torch.zeros_like(a))]
        else:
            lo = kwargs.get("min", args[1] if len(args) > 1 else None)
            hi = kwargs.get("max", args[2] if len(args) > 2 else None)
            if name == "clamp_max":
                lo, hi = None, lo
            pairs = [(a, torch.as_tensor(v, dtype=a.dtype).expand_as(a)) for v in (lo, hi) if v is not None]
            if not pairs:
                return
        with torch.no_grad():
            s = torch.stack([torch.maximum(p.detach().abs(), q.detach().abs()) for p, q in pairs]).amax(0)
            scale = s.reshape(s.shape[0], -1).amax(1).reshape(-1, *([1] * (s.ndim - 1)))
            ties = [((p.detach() - q.detach()).abs() <= self.tol * scale).reshape(s.shape[0], -1) for p, q in pairs]
        self.ties.append((f"{name} tie in {self.where()}", sum(t.sum(1) for t in ties)))
        if self.branches is not None:
            for p, q in pairs:
                d = (p.detach() - q.detach()).reshape(s.shape[0], -1)
                self.branches.append(("sign", d.clone(), (self.tol * scale).reshape(-1, 1).expand_as(d)))
        if self.live:
            for (p, q), t in zip(pairs, ties):
                if t.any():  # a kink unless both sides are the same function of θ (a constant bound: ∇x = 0)
                    self.tie_terms.append((f"{name} tie in {self.where()}", (p - q).reshape(t.shape),
                                           (p + q).reshape(t.shape), t))


def output_scale(probe: Probe, out: torch.Tensor) -> tuple[torch.Tensor, int]:
    """The Cauchy–Schwarz scale ``‖w_j‖·‖h‖ + |b_j|`` of each output when the model's output comes straight out of a
    Linear/Conv (else each example's largest |output|), and the rounding chain's length including that last map."""
    with torch.no_grad():
        if probe._affine is not None and probe._affine[0] is out:
            scale, _ = probe._unit_scale(out)
            return scale.reshape(out.shape[0], -1), probe.chain_terms
        m = out.detach().reshape(out.shape[0], -1).abs()
        return m.amax(1, keepdim=True).expand_as(m), probe.chain_terms


def custom_functions(out: torch.Tensor) -> list[str]:
    """The custom ``torch.autograd.Function`` classes in the graph of ``out``: their backward is the user's own
    (a surrogate gradient, say), not the derivative of their forward, so gradients through them are not checked."""
    seen, names, todo = set(), set(), [out.grad_fn]
    while todo:
        fn = todo.pop()
        if fn is None or id(fn) in seen:
            continue
        seen.add(id(fn))
        if isinstance(fn, torch.autograd.function.BackwardCFunction):
            names.add(type(fn).__name__.removesuffix("Backward"))
        todo.extend(f for f, _ in getattr(fn, "next_functions", ()))
    return sorted(names)
