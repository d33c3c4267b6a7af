"""TorchScript modules as eager models: a scripted ``Sequential`` of known layers rebuilt layer by layer, a scripted
custom forward identified numerically as ``Linear–φ–Linear``; both only when the outputs agree to 1e-12.
"""
from __future__ import annotations

import torch
from torch import nn

from ibcheck.numerics.probe.homogeneous_probe import class_name

_ACT = {"ReLU": lambda m: nn.ReLU(), "LeakyReLU": lambda m: nn.LeakyReLU(float(m.negative_slope)),
        "Identity": lambda m: nn.Identity(), "Dropout": lambda m: nn.Identity()}


def rebuild(sm) -> nn.Module | None:
    """An eager copy of a scripted ``Sequential`` of known layers (same weights), or None."""
    name = class_name(sm)
    try:
        if name == "Sequential":
            kids = [rebuild(c) for _, c in sm.named_children()]
            return None if any(k is None for k in kids) else nn.Sequential(*kids)
        has_bias = "bias" in dict(sm.named_parameters(recurse=False))
        if name == "Linear":
            m = nn.Linear(sm.in_features, sm.out_features, bias=has_bias)
        elif name in ("Conv1d", "Conv2d", "Conv3d"):
            m = getattr(nn, name)(sm.in_channels, sm.out_channels, tuple(sm.kernel_size), stride=tuple(sm.stride),
                                  padding=sm.padding if isinstance(sm.padding, str) else tuple(sm.padding),
                                  dilation=tuple(sm.dilation), groups=int(sm.groups), bias=has_bias,
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
    if set(params) - {"weight", "bias"}:
        return None
    m = m.double()  # before copying: a float64 weight must not pass through float32
    for k, p in params.items():
        with torch.no_grad():
            getattr(m, k).copy_(p)
        getattr(m, k).requires_grad_(p.requires_grad)
    return m



def agree(a, b, X) -> float | None:
    try:
        fa, fb = a(X).reshape(-1), b(X).reshape(-1)
    except Exception:  # noqa: BLE001
        return None
    if fa.shape != fb.shape:
        return None
    dev = float((fa - fb).abs().max() / fa.abs().max().clamp_min(1e-300))
    return dev if dev <= 1e-12 else None


def two_layer_blackbox(m, X):
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



# ------------------------------------------------------------------------------------------- traced modules
class Traced(nn.Module):
    """A ``torch.jit.trace`` module run as eager code: its (straight-line) inlined graph interpreted node by node,
    every aten op called as a PyTorch function, so ``Probe`` sees the activations, pools and affine maps as in the
    eager model; the parameters are this module's own (same names, float64 copies)."""

    def __init__(self, traced):
        super().__init__()
        for name, sub in traced.named_modules():
            if name:
                parent = self._sub(name.rpartition(".")[0])
                parent.add_module(name.rpartition(".")[2], nn.Module())
        for name, p in traced.named_parameters():
            mod, _, leaf = name.rpartition(".")
            self._sub(mod).register_parameter(leaf, nn.Parameter(p.detach().clone(), requires_grad=p.requires_grad))
        for name, b in traced.named_buffers():
            mod, _, leaf = name.rpartition(".")
            self._sub(mod).register_buffer(leaf, b.detach().clone())
        self.graph_nodes = list(traced.inlined_graph.nodes())
        self.graph_io = (list(traced.inlined_graph.inputs()), list(traced.inlined_graph.outputs()))
        self.original_name = getattr(traced, "original_name", "Traced")

    def _sub(self, path):
        m = self
        for part in [p for p in path.split(".") if p]:
            m = getattr(m, part)
        return m

    def forward(self, *xs):
        ins, outs = self.graph_io
        env = {ins[0].unique(): self}
        env.update({v.unique(): x for v, x in zip(ins[1:], xs)})
        for node in self.graph_nodes:
            args = [env[i.unique()] for i in node.inputs()]
            res = _run(node, args)
            vals = list(node.outputs())
            if len(vals) == 1:
                env[vals[0].unique()] = res
            else:
                env.update({v.unique(): r for v, r in zip(vals, res)})
        out = [env[o.unique()] for o in outs]
        return out[0] if len(out) == 1 else tuple(out)


def _run(node, args):
    """One node of a traced graph (``ValueError`` for what a straight-line interpreter cannot run)."""
    import torch.nn.functional as F
    kind = node.kind()
    if kind == "prim::Constant":
        return node.output().toIValue()
    if kind == "prim::GetAttr":
        return getattr(args[0], node.s("name"))
    if kind == "prim::ListConstruct":
        return list(args)
    if kind == "prim::TupleConstruct":
        return tuple(args)
    if kind in ("prim::ListUnpack", "prim::TupleUnpack"):
        return list(args[0])
    if not kind.startswith("aten::"):
        raise ValueError(f"{kind} in the traced graph")
    name = str(node.schema()).split("(")[0].removeprefix("aten::")
    base, _, overload = name.partition(".")
    if base == "_convolution" and not args[6]:  # (input, weight, bias, stride, padding, dilation, transposed, ...)
        return getattr(F, f"conv{len(args[3])}d")(args[0], args[1], args[2], args[3], args[4], args[5], args[8])
    if base in ("relu", "relu_"):
        return torch.relu(args[0])
    if base in ("leaky_relu", "leaky_relu_"):
        return F.leaky_relu(args[0], float(args[1]))
    return getattr(getattr(torch.ops.aten, base), overload or "default")(*args)


def retrace(sm) -> nn.Module | None:
    """An eager interpreter of a traced module's graph, or None (a graph it cannot run)."""
    try:
        return Traced(sm).double()
    except (AttributeError, RuntimeError, ValueError, TypeError):
        return None


def looks_traced(sm) -> bool:
    """A loaded TorchScript file that was traced: its Linear/Conv submodules keep no constructor constants
    (``in_features``, ``in_channels``), which scripting keeps."""
    layers = [m for m in sm.modules() if class_name(m) in ("Linear", "Conv1d", "Conv2d", "Conv3d")]
    return bool(layers) and all(not hasattr(m, "in_features") and not hasattr(m, "in_channels") for m in layers)
