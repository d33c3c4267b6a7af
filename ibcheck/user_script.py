"""TorchScript modules as eager models: a scripted ``Sequential`` of known layers rebuilt layer by layer, a scripted
custom forward identified numerically as ``Linear–φ–Linear``; both only when the outputs agree to 1e-12.
"""
from __future__ import annotations

import torch
from torch import nn

from ibcheck.numerics.homogeneous_probe import _cls

_ACT = {"ReLU": lambda m: nn.ReLU(), "LeakyReLU": lambda m: nn.LeakyReLU(float(m.negative_slope)),
        "Identity": lambda m: nn.Identity(), "Dropout": lambda m: nn.Identity()}


def rebuild(sm) -> nn.Module | None:
    """An eager copy of a scripted ``Sequential`` of known layers (same weights), or None."""
    name = _cls(sm)
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

