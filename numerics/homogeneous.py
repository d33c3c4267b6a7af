"""A user's positively homogeneous PyTorch model, prepared for the max-margin KKT check (float64, CPU).

* loading: a TorchScript file (``torch.jit.load``) or a pickled ``nn.Module`` (``torch.load(weights_only=False)``,
  which runs the pickle's code like any pickle); a TorchScript ``Sequential`` of known layers is rebuilt as the
  same eager model (outputs compared), other TorchScript modules are analysed as black boxes;
* refusal (``InputError``, one line naming the module) of what is not homogeneous: a bias anywhere, smooth or
  normalising layers, non-homogeneous functions called in ``forward``; then the degree ``L`` is measured by
  scaling the trainable parameters, ``f(x;cθ) = c^L f(x;θ)``, and must be a positive integer;
* per-sample gradients ``∇_θ q_i`` (``torch.func``: vmap of grad), and the activation kinks: every ReLU /
  leaky-ReLU call is seen through a ``TorchFunctionMode`` (modules, ``F.relu``, ``torch.relu``, ``Tensor.relu``,
  ``F.leaky_relu``), which records its pre-activations and can impose a derivative at chosen elements (the
  gradients of the Clarke subdifferential's pieces). Ties of max-pooling, ``maximum``, ``clamp`` and ``abs`` are
  counted (a sample with one is not certified); other non-smooth functions make every sample uncertified.
"""
from __future__ import annotations

import copy
import itertools
import math
import warnings
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import torch
import torch.nn.functional as F
from torch import nn
from torch.overrides import TorchFunctionMode

from .data import read_npz
from .errors import InputError

DEGREE_SCALES = (0.5, 2.0, 3.0)  # c in f(x;cθ) = c^L f(x;θ)
DEGREE_RTOL = 1e-9  # a homogeneous float64 network meets the identity to O(depth·1e-16); 1e-9 leaves 6 orders of margin
DEGREE_INT_TOL = 1e-6  # the fitted L must be this close to an integer
KINK_TOL = 1e-9  # |z| ≤ KINK_TOL·scale: the pre-activation is at the kink up to float64 rounding of the scale
MAX_KINKS_PER_SAMPLE = 12  # vertex enumeration: 2^k pieces per sample
MAX_VERTICES = 4096  # vertex enumeration: pieces over all samples
MAX_GRAD_ENTRIES = 50_000_000  # n × P per-sample gradient matrix (400 MB in float64)

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


def _first_line(exc: BaseException) -> str:
    s = str(exc).strip().splitlines()
    return f"{type(exc).__name__}: {s[0][:160]}" if s else type(exc).__name__


def _cls(mod) -> str:
    return getattr(mod, "original_name", None) or type(mod).__name__


def _path(name: str) -> str:
    return "model" + (f".{name}" if name else "")


# ----------------------------------------------------------------------------------------------- loading
def load_model(path: str | Path) -> nn.Module:
    """A TorchScript file or a pickled ``nn.Module`` (``torch.save(model)``) — the latter runs the pickle's code."""
    p = Path(path)
    if not p.is_file():
        raise InputError(f"--model {path}: no such file")
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)  # TorchScript is deprecated upstream, still supported
            return torch.jit.load(str(p), map_location="cpu")
    except Exception:  # noqa: BLE001  (not TorchScript: try a pickled module next)
        pass
    try:
        obj = torch.load(str(p), map_location="cpu", weights_only=False)
    except Exception as exc:  # noqa: BLE001  (any unpickling failure is the user's file)
        raise InputError(f"--model {path}: neither a TorchScript file nor a pickled nn.Module ({_first_line(exc)})") from None
    if isinstance(obj, dict):
        raise InputError(f"--model {path}: holds a dict (a state_dict?), not a model: save the module itself with "
                         f"torch.save(model) or torch.jit.save(torch.jit.script(model), path)")
    if not isinstance(obj, nn.Module):
        raise InputError(f"--model {path}: not an nn.Module (found {type(obj).__name__})")
    return obj


def load_data(path: str | Path) -> tuple[np.ndarray, np.ndarray]:
    """``X`` (n × input shape) and ``y`` (n, ±1) from an ``.npz`` (validated by ``validate_data``)."""
    arrays = read_npz(path)
    return arrays["X"], arrays["y"]


def validate_data(X, y, where: str = "data") -> tuple[torch.Tensor, torch.Tensor]:
    """float64 tensors; ``InputError`` for non-numeric, NaN/Inf, mismatched lengths or labels other than ±1."""
    X = X.detach().cpu().numpy() if isinstance(X, torch.Tensor) else np.asarray(X)
    y = y.detach().cpu().numpy() if isinstance(y, torch.Tensor) else np.asarray(y)
    if X.dtype.kind not in "fiub" or y.dtype.kind not in "fiu":
        raise InputError(f"{where}: X and y must be numeric (got {X.dtype}, {y.dtype})")
    if X.ndim < 2:
        raise InputError(f"{where}: X must have a leading example axis and at least one feature axis, got shape {X.shape}")
    y = y.reshape(-1) if y.ndim == 2 and 1 in y.shape else y
    if y.ndim != 1 or y.shape[0] != X.shape[0]:
        raise InputError(f"{where}: y must have shape ({X.shape[0]},) to match X {X.shape}, got {y.shape}")
    if X.shape[0] < 1:
        raise InputError(f"{where}: no examples")
    if not np.all(np.isfinite(X)):
        raise InputError(f"{where}: X contains NaN or Inf ({int((~np.isfinite(X)).sum())} entries)")
    if not np.all(np.isfinite(y)):
        raise InputError(f"{where}: y contains NaN or Inf")
    bad = ~((y == 1) | (y == -1))
    if bad.any():
        raise InputError(f"{where}: labels must be ±1 (found {float(y[bad][0]):g})")
    return torch.as_tensor(X, dtype=torch.float64), torch.as_tensor(y, dtype=torch.float64)


# ------------------------------------------------------------------------------------- TorchScript rebuild
_ACT = {"ReLU": lambda m: nn.ReLU(), "LeakyReLU": lambda m: nn.LeakyReLU(float(m.negative_slope)),
        "Identity": lambda m: nn.Identity(), "Dropout": lambda m: nn.Identity()}


def _rebuild(sm) -> nn.Module | None:
    """An eager copy of a scripted ``Sequential`` of known layers (same weights), or None."""
    name = _cls(sm)
    try:
        if name == "Sequential":
            kids = [_rebuild(c) for _, c in sm.named_children()]
            return None if any(k is None for k in kids) else nn.Sequential(*kids)
        if name == "Linear":
            m = nn.Linear(sm.in_features, sm.out_features, bias=False)
        elif name in ("Conv1d", "Conv2d", "Conv3d"):
            m = getattr(nn, name)(sm.in_channels, sm.out_channels, tuple(sm.kernel_size), stride=tuple(sm.stride),
                                  padding=sm.padding if isinstance(sm.padding, str) else tuple(sm.padding),
                                  dilation=tuple(sm.dilation), groups=int(sm.groups), bias=False,
                                  padding_mode=sm.padding_mode)
        elif name in ("MaxPool1d", "MaxPool2d", "MaxPool3d", "AvgPool1d", "AvgPool2d", "AvgPool3d"):
            kw = {k: getattr(sm, k) for k in ("kernel_size", "stride", "padding", "ceil_mode")}
            if name.startswith("Max"):
                kw["dilation"] = sm.dilation
            else:
                kw["count_include_pad"] = sm.count_include_pad
            m = getattr(nn, name)(**kw)
        elif name in ("AdaptiveAvgPool1d", "AdaptiveAvgPool2d", "AdaptiveAvgPool3d", "AdaptiveMaxPool1d",
                      "AdaptiveMaxPool2d", "AdaptiveMaxPool3d"):
            m = getattr(nn, name)(sm.output_size)
        elif name == "Flatten":
            m = nn.Flatten(sm.start_dim, sm.end_dim)
        elif name in _ACT:
            m = _ACT[name](sm)
        else:
            return None
    except (AttributeError, RuntimeError, TypeError):
        return None
    params = dict(sm.named_parameters(recurse=False))
    if set(params) - {"weight"}:
        return None
    m = m.double()  # before copying: a float64 weight must not pass through float32
    if "weight" in params:
        with torch.no_grad():
            m.weight.copy_(params["weight"])
        m.weight.requires_grad_(params["weight"].requires_grad)
    return m


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


class Probe(TorchFunctionMode):
    """Sees every torch function of a forward: records activations, refuses non-homogeneous calls, counts ties.

    ``overrides[site]`` (a tensor shaped like that site's pre-activations) replaces the activation's derivative
    in the backward pass (the value is unchanged); ``live`` keeps each pre-activation with its graph.
    """

    def __init__(self, stack: list, overrides: dict | None = None, live: bool = False, tol: float = KINK_TOL):
        super().__init__()
        self.stack, self.overrides, self.live, self.tol = stack, overrides or {}, live, tol
        self.sites: list[Site] = []
        self.ties: list[tuple[str, torch.Tensor]] = []  # (what, per-example count)
        self.uninspected: set[str] = set()
        self._affine = None  # (output tensor, kind, input, weight, conv args)

    def where(self) -> str:
        return self.stack[-1] if self.stack else "model"

    def __torch_function__(self, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        name = getattr(func, "__name__", "")
        if name in SMOOTH_NONHOM:
            raise InputError(f"{self.where()} calls {name}, which is not positively homogeneous")
        if name in ("linear", "conv1d", "conv2d", "conv3d"):
            bias = args[2] if len(args) > 2 else kwargs.get("bias")
            if bias is not None:
                raise InputError(f"{self.where()} has a bias")
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
        k = len(self.sites)
        with torch.no_grad():
            scale, data_input = self._unit_scale(z)
        self.sites.append(Site(self.where(), slope, z.detach().clone(), scale, data_input, z if self.live else None))
        if k in self.overrides:
            out = out.detach() + self.overrides[k] * (z - z.detach())
        return out

    def _unit_scale(self, z):
        """Cauchy–Schwarz scale ``‖w_j‖·‖patch_i‖`` of a pre-activation straight out of a Linear/Conv, else the
        largest |z| of the layer on the same example; and where that patch is zero and independent of θ."""
        zd = z.detach()
        if self._affine is not None and self._affine[0] is z:
            _, kind, args, kwargs = self._affine
            h, W = args[0].detach(), args[1].detach()
            if kind == "linear":
                wn = W.reshape(W.shape[0], -1).norm(dim=1)
                pn = h.norm(dim=-1, keepdim=True)
            else:
                rest = list(args[3:]) if len(args) > 3 else []
                kw = {k: v for k, v in kwargs.items() if k != "bias"}
                pn = getattr(F, kind)(h * h, torch.ones_like(W), None, *rest, **kw).clamp_min(0).sqrt()
                wn = W.reshape(W.shape[0], -1).norm(dim=1).reshape(1, -1, *([1] * (zd.ndim - 2)))
            # a zero input patch that does not depend on θ: z ≡ 0 near θ (a zero weight row is a genuine kink)
            data_input = (pn == 0) & (not args[0].requires_grad)
            return (pn * wn).expand_as(zd), data_input.expand_as(zd)
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
                flat = x.detach().flatten(2).clone()
                flat.scatter_(2, idx.flatten(2), -math.inf)
                second = wi(flat.reshape(x.shape), *args[1:], **kw)[0]
                scale = val.abs().flatten(1).amax(1).reshape(-1, *([1] * (val.ndim - 1)))
                tie = (second >= val - self.tol * scale) & (val.abs() > self.tol * scale)
                self.ties.append((f"max-pool tie in {self.where()}", tie.flatten(1).sum(1)))
        except (AttributeError, RuntimeError, TypeError):
            self.uninspected.add(f"{name} in {self.where()} (ties not checked)")
        return out

    def _tie(self, name, args, kwargs):
        with torch.no_grad():
            a = args[0].detach() if isinstance(args[0], torch.Tensor) else None
            if a is None or a.ndim == 0:
                return
            if name in ("maximum", "minimum"):
                b = args[1].detach() if len(args) > 1 and isinstance(args[1], torch.Tensor) else None
                if b is None:
                    return
                a, b = torch.broadcast_tensors(a, b)
                d, s = (a - b).abs(), torch.maximum(a.abs(), b.abs())
            elif name == "abs":
                d, s = a.abs(), a.abs()
            else:
                lo = kwargs.get("min", args[1] if len(args) > 1 else None)
                hi = kwargs.get("max", args[2] if len(args) > 2 else None)
                if name == "clamp_max":
                    lo, hi = None, lo
                bounds = [v for v in (lo, hi) if v is not None]
                if not bounds:
                    return
                d = torch.stack([(a - torch.as_tensor(v, dtype=a.dtype)).abs() for v in bounds]).amin(0)
                s = a.abs()
            scale = s.reshape(s.shape[0], -1).amax(1).reshape(-1, *([1] * (s.ndim - 1)))
            self.ties.append((f"{name} tie in {self.where()}", (d <= self.tol * scale).reshape(d.shape[0], -1).sum(1)))


# ------------------------------------------------------------------------------------------- preparation
@dataclass
class Prepared:
    """A float64, eval-mode copy of the user's model with its trainable parameters θ and the data."""

    model: nn.Module
    X: torch.Tensor
    y: torch.Tensor
    names: list[str]
    params: list[torch.Tensor]
    frozen: list[str]
    black_box: bool
    notes: list[str]
    stack: list = field(default_factory=list)

    @property
    def n(self) -> int:
        return int(self.y.shape[0])

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
        """``f(x;θ)`` as an (n,) tensor (grad enabled only if the caller enables it)."""
        X = self.X if X is None else X
        if probe is None:
            out = self.model(X)
        else:
            with probe:
                out = self.model(X)
        return out.reshape(X.shape[0])

    def margins(self) -> np.ndarray:
        with torch.no_grad():
            return (self.y * self.forward()).numpy()


def _push(stack, label):
    def pre(mod, inp):
        stack.append(label)

    def post(mod, inp, out):
        if stack:
            stack.pop()
    return pre, post


def prepare(model, X, y, where: str = "data") -> Prepared:
    """Copy, cast to float64, refuse what is not homogeneous, and run the data through it once."""
    if not isinstance(model, nn.Module):
        raise InputError(f"model: not an nn.Module (got {type(model).__name__})")
    Xt, yt = validate_data(X, y, where)
    notes = []
    scripted = isinstance(model, torch.jit.ScriptModule)
    dtypes = sorted({str(p.dtype).replace("torch.", "") for p in model.parameters()})
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        m = copy.deepcopy(model).cpu()  # the analysis runs on the CPU in float64 (a CUDA model is copied over)
    # structural refusals, by module (named in the message)
    for name, mod in m.named_modules():
        cls = _cls(mod)
        if cls in NONHOM_MODULES:
            raise InputError(f"{_path(name)} ({cls}) is {NONHOM_MODULES[cls]}")
        b = getattr(mod, "bias", None) if not scripted else dict(mod.named_parameters(recurse=False)).get("bias")
        if isinstance(b, torch.Tensor):
            raise InputError(f"{_path(name)} ({cls}) has a bias")
    for pname, _ in m.named_parameters():
        if pname.split(".")[-1].startswith("bias"):
            owner = pname.rsplit(".", 1)[0] if "." in pname else ""
            raise InputError(f"{_path(owner)} ({_cls(m.get_submodule(owner)) if owner else _cls(m)}) has a bias")
    black_box = False
    if scripted:
        eager = _rebuild(m)
        if eager is not None:
            eager = eager.double()
            with torch.no_grad(), warnings.catch_warnings():
                warnings.simplefilter("ignore")
                ok = _agree(m.double().eval(), eager.eval(), Xt)
            if ok is not None:
                notes.append(f"TorchScript Sequential rebuilt as the same eager model (outputs agree to {ok:.1e})")
                m = eager
            else:
                black_box = True
        else:
            black_box = True
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # ScriptModule.double() touches .grad of non-leaf tensors
        m = m.double().eval()
    if dtypes != ["float64"]:
        notes.append(f"model cast from {', '.join(dtypes) or 'no parameters'} to float64; data cast to float64")
    else:
        notes.append("computed in float64")
    if any(isinstance(mod, nn.Dropout) or _cls(mod).startswith("Dropout") for mod in m.modules()):
        notes.append("evaluated in eval mode (dropout off)")
    names, params, frozen = [], [], []
    for pname, p in m.named_parameters():
        if not torch.isfinite(p).all():
            raise InputError(f"model: parameter {pname} contains NaN or Inf")
        (names if p.requires_grad else frozen).append(pname)
        if p.requires_grad:
            params.append(p)
    if not params:
        raise InputError("model: no trainable parameters (requires_grad=True); θ is the trainable parameters")
    prep = Prepared(model=m, X=Xt, y=yt, names=names, params=params, frozen=frozen, black_box=black_box, notes=notes)
    if not black_box:
        for name, mod in m.named_modules():
            pre, post = _push(prep.stack, f"{_path(name)} ({_cls(mod)})")
            mod.register_forward_pre_hook(pre)
            mod.register_forward_hook(post)
    try:
        with torch.no_grad():
            out = m(Xt) if black_box else _run(prep)
    except InputError:
        raise
    except Exception as exc:  # noqa: BLE001  (the user's model rejected the data: a shape mismatch, usually)
        raise InputError(f"{where}: X of shape {tuple(Xt.shape)} does not fit the model ({_first_line(exc)})") from None
    if not isinstance(out, torch.Tensor) or out.shape[0] != Xt.shape[0] or out.numel() != Xt.shape[0]:
        shape = tuple(out.shape) if isinstance(out, torch.Tensor) else type(out).__name__
        raise InputError(f"model: output of shape {shape} for {Xt.shape[0]} examples; need one number per example "
                         f"(binary classification with labels ±1)")
    if not torch.isfinite(out).all():
        raise InputError("model: the output on the data contains NaN or Inf")
    if black_box:
        two = _two_layer_blackbox(m, Xt)
        if two is not None:
            m, note = two
            prep.model, prep.black_box = m, False
            prep.names = [nm for nm, p in m.named_parameters() if p.requires_grad]
            prep.params = [p for _, p in m.named_parameters() if p.requires_grad]
            prep.frozen = [nm for nm, p in m.named_parameters() if not p.requires_grad]
            for name, mod in m.named_modules():
                pre, post = _push(prep.stack, f"{_path(name)} ({_cls(mod)})")
                mod.register_forward_pre_hook(pre)
                mod.register_forward_hook(post)
            notes.append(note)
        else:
            notes.append("TorchScript module with a custom forward: analysed as a black box (activation kinks cannot "
                         "be inspected, so the KKT residuals are not certified)")
    return prep


def _run(prep: Prepared):
    probe = Probe(prep.stack)
    with probe:
        return prep.model(prep.X)


def _agree(a, b, X) -> float | None:
    try:
        fa, fb = a(X).reshape(-1), b(X).reshape(-1)
    except Exception:  # noqa: BLE001
        return None
    if fa.shape != fb.shape:
        return None
    dev = float((fa - fb).abs().max() / fa.abs().max().clamp_min(1e-300))
    return dev if dev <= 1e-12 else None


def _two_layer_blackbox(m, X):
    """A scripted ``x ↦ a·φ(W x)`` (two weight matrices, φ ReLU / leaky / identity) rebuilt as eager, or None."""
    ps = list(m.named_parameters())
    if len(ps) != 2 or X.ndim != 2:
        return None
    (n1, W), (n2, a) = ps
    if W.ndim != 2 or a.ndim != 2 or a.shape[0] != 1 or a.shape[1] != W.shape[0] or W.shape[1] != X.shape[1]:
        return None
    slopes = {0.0, 0.01} | {float(getattr(s, "negative_slope")) for s in m.modules() if hasattr(s, "negative_slope")}
    with torch.no_grad():
        f = m(X).reshape(-1)
    for act in [nn.Identity()] + [nn.ReLU() if s == 0 else nn.LeakyReLU(s) for s in sorted(slopes)]:
        e = nn.Sequential(nn.Linear(W.shape[1], W.shape[0], bias=False), act, nn.Linear(W.shape[0], 1, bias=False)).double()
        with torch.no_grad():
            e[0].weight.copy_(W)
            e[2].weight.copy_(a)
            g = e(X).reshape(-1)
        e[0].weight.requires_grad_(W.requires_grad)
        e[2].weight.requires_grad_(a.requires_grad)
        dev = float((f - g).abs().max() / f.abs().max().clamp_min(1e-300))
        if dev <= 1e-12:
            return e, (f"TorchScript module identified numerically as Linear–{type(act).__name__}–Linear "
                       f"(outputs agree to {dev:.1e}) and analysed as that eager model")
    return None


# ------------------------------------------------------------------------------------------- degree
@dataclass
class Degree:
    L: int
    estimates: dict  # c -> fitted L
    deviation: float  # max_c max_i |f(x_i;cθ) − c^L f(x_i;θ)| / (c^L max_i |f(x_i;θ)|)
    tol: float = DEGREE_RTOL


def degree(prep: Prepared) -> Degree:
    """The degree of positive homogeneity in the trainable parameters, measured on the data; ``InputError`` if
    ``f(x;cθ) ≠ c^L f(x;θ)`` for every positive integer L (within ``DEGREE_RTOL``)."""
    with torch.no_grad():
        f0 = prep.forward()
        n0 = float(f0.norm())
        if n0 == 0:
            raise InputError("model: outputs 0 on every example, so its degree cannot be measured and no margin is positive")
        outs, est = {}, {}
        saved = [p.detach().clone() for p in prep.params]
        for c in DEGREE_SCALES:
            try:
                for p, s in zip(prep.params, saved):
                    p.copy_(c * s)
                outs[c] = prep.forward()
            finally:  # restore θ bitwise (scaling back by 1/c would round)
                for p, s in zip(prep.params, saved):
                    p.copy_(s)
            est[c] = math.log(float(outs[c].norm()) / n0) / math.log(c) if float(outs[c].norm()) > 0 else -math.inf
        Lf = float(np.mean(list(est.values())))
        L = int(round(Lf)) if math.isfinite(Lf) else 0
        dev = max(float((outs[c] - c ** L * f0).abs().max()) / (c ** L * float(f0.abs().max())) for c in DEGREE_SCALES)
    if L < 1 or abs(Lf - L) > DEGREE_INT_TOL or dev > DEGREE_RTOL:
        hint = "; ".join(f"c={c:g}: L≈{v:.4g}" for c, v in est.items())
        raise InputError(f"model is not positively homogeneous in its trainable parameters: f(x;cθ) ≠ c^L f(x;θ) "
                         f"for a positive integer L ({hint}; deviation {dev:.2g} > {DEGREE_RTOL:g})")
    return Degree(L=L, estimates=est, deviation=dev)


# ------------------------------------------------------------------------------------------- gradients
def per_sample_grads(prep: Prepared) -> tuple[np.ndarray, str]:
    """``∇_θ q_i(θ)`` for every example as an (n, P) array (PyTorch's derivative at a kink: ReLU'(0) = 0, leaky: γ)."""
    P = sum(p.numel() for p in prep.params)
    if prep.n * P > MAX_GRAD_ENTRIES:
        raise InputError(f"problem too large for the machine: n·P = {prep.n}·{P} per-sample gradient entries "
                         f"exceed {MAX_GRAD_ENTRIES:.0e}")
    if not prep.black_box:
        try:
            from torch.func import functional_call, grad, vmap
            names = prep.names
            others = {k: v for k, v in itertools.chain(prep.model.named_parameters(), prep.model.named_buffers())
                      if k not in set(names)}

            def q1(ps, x, yy):
                return yy * functional_call(prep.model, {**others, **dict(zip(names, ps))}, (x.unsqueeze(0),)).reshape(())

            gs = vmap(grad(q1), in_dims=(None, 0, 0))(tuple(p.detach() for p in prep.params), prep.X, prep.y)
            return torch.cat([g.reshape(prep.n, -1) for g in gs], 1).numpy(), "torch.func (vmap of grad)"
        except InputError:
            raise
        except Exception:  # noqa: BLE001  (a model torch.func cannot transform: fall back to autograd)
            pass
    with torch.enable_grad():
        out = prep.y * prep.forward()
        try:
            gs = torch.autograd.grad(out, prep.params, grad_outputs=torch.eye(prep.n, dtype=out.dtype),
                                     is_grads_batched=True, allow_unused=True)
            G = torch.cat([(g if g is not None else torch.zeros((prep.n, *p.shape), dtype=out.dtype)).reshape(prep.n, -1)
                           for g, p in zip(gs, prep.params)], 1)
            method = "autograd (batched over examples)"
        except RuntimeError:
            try:
                G = torch.stack([torch.from_numpy(_grad(out[i], prep.params, retain=True)) for i in range(prep.n)])
            except RuntimeError as exc:
                raise InputError(f"model: per-example gradients failed ({_first_line(exc)})") from None
            method = "autograd (one example at a time)"
    return G.detach().numpy(), method


# ------------------------------------------------------------------------------------------- kinks
@dataclass
class Kinks:
    """Activation kinks per example: ``per_sample[i] = [(site, flat index), ...]``; ties and uninspected ops."""

    sites: list[Site]
    per_sample: list[list[tuple[int, int]]]
    pruned: int  # kinks whose input patch is zero and independent of θ (z ≡ 0 nearby: no influence)
    ties: dict  # example -> [what, ...]
    uninspected: list[str]
    inspected: bool  # False for a black box
    count: int


def find_kinks(prep: Prepared, tol: float = KINK_TOL) -> Kinks:
    """Every pre-activation of a ReLU/leaky-ReLU with ``|z| ≤ tol·scale`` (see ``Probe._unit_scale``)."""
    if prep.black_box:
        return Kinks([], [[] for _ in range(prep.n)], 0, {}, ["black-box TorchScript module"], False, 0)
    probe = Probe(prep.stack, tol=tol)
    with torch.enable_grad():
        prep.forward(probe=probe)
    per = [[] for _ in range(prep.n)]
    pruned = count = 0
    for s, site in enumerate(probe.sites):
        if site.z.shape[0] != prep.n:
            return Kinks(probe.sites, per, 0, {}, [f"activation in {site.module} has no example axis"], True, 0)
        mask = site.z.abs() <= tol * site.scale
        if site.data_input is not None:
            pruned += int((mask & site.data_input).sum())
            mask = mask & ~site.data_input
        idx = mask.reshape(prep.n, -1).nonzero().tolist()
        count += len(idx)
        for i, k in idx:
            per[i].append((s, k))
    ties: dict = {}
    for what, cnt in probe.ties:
        for i in cnt.nonzero().flatten().tolist():
            ties.setdefault(i, []).append(what)
    return Kinks(probe.sites, per, pruned, ties, sorted(probe.uninspected), True, count)


def _forward_one(prep: Prepared, i: int, overrides: dict, live: bool):
    probe = Probe(prep.stack, overrides=overrides, live=live)
    with torch.enable_grad():
        q = prep.y[i] * prep.forward(prep.X[i:i + 1], probe=probe)[0]
    return q, probe


def _derivs(prep: Prepared, kinks: Kinks, i: int, sites_needed, choice: dict) -> dict:
    """Derivative tensors for a one-example forward: the natural derivative, with ``choice[(site, k)]`` imposed."""
    ov = {}
    for s in sites_needed:
        site = kinks.sites[s]
        z = site.z[i:i + 1]
        D = torch.where(z > 0, torch.ones_like(z), torch.full_like(z, site.slope)).reshape(-1).clone()
        for (ss, k), v in choice.items():
            if ss == s:
                D[k] = v
        ov[s] = D.reshape(z.shape)
    return ov


def _grad(q, params, retain=False) -> np.ndarray:
    g = torch.autograd.grad(q, params, retain_graph=retain, allow_unused=True)
    return torch.cat([(gg if gg is not None else torch.zeros_like(p)).reshape(-1) for gg, p in zip(g, params)]).detach().numpy()


def clarke(prep: Prepared, kinks: Kinks, i: int, budget: list, max_kinks: int = MAX_KINKS_PER_SAMPLE) -> dict:
    """The Clarke subdifferential of ``q_i`` at the current θ: the fields of a ``theory.homogeneous_kkt.SampleGrad``.

    One activation layer kinked (all kinks at one site) with linearly independent pre-activation gradients: a box
    (``g₀ + Σ s_k v_k``, ``s_k ∈ [γ, 1]``; every sign pattern is realisable). Otherwise the gradients of every
    sign pattern of the kinks that is realisable to first order (a direction δ with ``sign⟨∇z_k, δ⟩`` as
    chosen, by an LP), capped by ``max_kinks`` per example and ``budget[0]`` pieces overall.
    """
    ks = kinks.per_sample[i]
    sites = sorted({s for s, _ in ks})
    if len(sites) == 1:
        base_choice = {kk: 0.0 for kk in ks}
        q, probe = _forward_one(prep, i, _derivs(prep, kinks, i, sites, base_choice), live=True)
        if len(probe.sites) != len(kinks.sites):
            return dict(kind="uncertified", reason="the forward of one example calls a different number of activations")
        g0 = _grad(q, prep.params, retain=True)
        live = probe.sites[sites[0]].live.reshape(-1)
        V, Z, keep = [], [], []
        for kk in ks:
            qk, _ = _forward_one(prep, i, _derivs(prep, kinks, i, sites, {**base_choice, kk: 1.0}), live=False)
            v = _grad(qk, prep.params) - g0
            zk = _grad(live[kk[1]], prep.params, retain=True)
            if np.linalg.norm(v) > 0:
                V.append(v)
                Z.append(zk)
                keep.append(kk)
        if not keep:
            return dict(kind="smooth", g=g0)
        sv = np.linalg.svd(np.stack(Z), compute_uv=False)
        if sv[-1] > 1e-10 * sv[0]:
            slope = kinks.sites[sites[0]].slope
            return dict(kind="box", g=g0, V=np.stack(V), lo=np.full(len(V), slope), hi=np.ones(len(V)))
        ks = keep
    if len(ks) > max_kinks:
        return dict(kind="uncertified", reason=f"{len(ks)} kinks at one example exceed the enumeration cap {max_kinks}")
    if 2 ** len(ks) > budget[0]:
        return dict(kind="uncertified", reason=f"2^{len(ks)} pieces exceed the remaining enumeration budget {budget[0]}")
    budget[0] -= 2 ** len(ks)
    verts = []
    lp_fail = 0
    for pattern in itertools.product((0, 1), repeat=len(ks)):
        choice = {kk: (1.0 if b else kinks.sites[kk[0]].slope) for kk, b in zip(ks, pattern)}
        q, probe = _forward_one(prep, i, _derivs(prep, kinks, i, sites, choice), live=True)
        g = _grad(q, prep.params, retain=True)
        Z, sgn = [], []
        for (s, k), b in zip(ks, pattern):
            zk = _grad(probe.sites[s].live.reshape(-1)[k], prep.params, retain=True)
            if np.linalg.norm(zk) > 0:
                Z.append(zk)
                sgn.append(1.0 if b else -1.0)
        ok, failed = _realisable(np.array(Z), np.array(sgn))
        lp_fail += failed
        if ok:
            verts.append(g)
    if not verts:
        return dict(kind="uncertified", reason="no sign pattern of its kinks is realisable to first order")
    return dict(kind="vertices", vertices=np.stack(verts),
                      reason=f"{len(verts)} of {2 ** len(ks)} sign patterns realisable" +
                             (f" ({lp_fail} LPs failed: counted as not realisable)" if lp_fail else ""))


def _realisable(Z: np.ndarray, s: np.ndarray) -> tuple[bool, int]:
    """Is there δ with ``s_k ⟨z_k, δ⟩ > 0`` for every row ``z_k``? (δ in their span: ``s ⊙ (Γc) ≥ 1``, ``Γ = ZZᵀ``)."""
    if len(Z) == 0:
        return True, 0
    G = Z @ Z.T
    sv = np.linalg.svd(G, compute_uv=False)
    if sv[-1] > 1e-10 * sv[0]:
        return True, 0
    from scipy.optimize import linprog
    A = -(s[:, None] * G) / sv[0]
    res = linprog(np.zeros(len(s)), A_ub=A, b_ub=-np.ones(len(s)) / 1.0, bounds=[(None, None)] * len(s),
                  method="highs")
    if res.status == 0:
        return True, 0
    return False, int(res.status != 2)
