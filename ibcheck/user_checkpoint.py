"""A ``state_dict`` checkpoint with the model's class: ``ibcheck kkt --model ckpt.pt --model-class pkg.module:Class
--model-kwargs '{"width": 1000}'`` (how most training scripts save their models)."""
from __future__ import annotations

import torch
from torch import nn

from ibcheck.numerics.runtime.errors import InputError
from ibcheck.numerics.probe.homogeneous_probe import error_summary

STATE_KEYS = ("state_dict", "model_state_dict", "model", "net")  # where training scripts put the weights


def from_state_dict(path, model_class: str, model_kwargs, unpickle) -> nn.Module:
    """Build ``pkg.module:Class(**kwargs)`` and load the checkpoint's state_dict into it (strict: every key)."""
    import importlib
    import json
    import os
    import sys
    mod_name, _, cls_name = model_class.partition(":")
    if not mod_name or not cls_name:
        raise InputError(f"--model-class {model_class}: expected pkg.module:Class")
    if isinstance(model_kwargs, str):
        try:
            model_kwargs = json.loads(model_kwargs)
        except json.JSONDecodeError as exc:
            raise InputError(f"--model-kwargs {model_kwargs}: not JSON ({exc.msg} at character {exc.pos})") from None
    model_kwargs = model_kwargs or {}
    if not isinstance(model_kwargs, dict):
        raise InputError(f"--model-kwargs: expected a JSON object of keyword arguments, got {type(model_kwargs).__name__}")
    if os.getcwd() not in sys.path:  # as `python -m` would: a module in the current folder is importable
        sys.path.append(os.getcwd())
    try:
        cls = getattr(importlib.import_module(mod_name), cls_name)
    except ModuleNotFoundError as exc:
        raise InputError(f"--model-class {model_class}: module not importable ({error_summary(exc)}): put its folder "
                         f"on PYTHONPATH") from None
    except AttributeError:
        raise InputError(f"--model-class {model_class}: module {mod_name} has no {cls_name}") from None
    if not callable(cls):
        raise InputError(f"--model-class {model_class}: {cls_name} is not a class (found {type(cls).__name__})")
    try:
        sd = torch.load(str(path), map_location="cpu", weights_only=True)
    except Exception:  # noqa: BLE001  (a checkpoint with other objects: load it fully, as a pickle)
        sd = unpickle(path)
    if isinstance(sd, nn.Module):
        sd = sd.state_dict()
    if isinstance(sd, dict) and not any(isinstance(v, torch.Tensor) for v in sd.values()):
        sd = next((sd[k] for k in STATE_KEYS if isinstance(sd.get(k), dict)), sd)
    if not isinstance(sd, dict) or not sd:
        raise InputError(f"--model {path}: no state_dict found (a dict of tensors, or one under {', '.join(STATE_KEYS)})")
    if all(k.startswith("module.") for k in sd):  # saved from nn.DataParallel / DistributedDataParallel
        sd = {k.removeprefix("module."): v for k, v in sd.items()}
    dtype = checkpoint_dtype(sd)
    try:
        with default_dtype(dtype):  # built in the checkpoint's precision: loading must not round float64 weights
            model = cls(**model_kwargs)
    except Exception as exc:  # noqa: BLE001  (the user's constructor rejected the arguments)
        raise InputError(f"--model-class {model_class} --model-kwargs {_kw(model_kwargs)}: {cls_name}(**kwargs) "
                         f"failed ({error_summary(exc)})") from None
    if not isinstance(model, nn.Module):
        raise InputError(f"--model-class {model_class}: not an nn.Module (found {type(model).__name__})")
    own = model.state_dict()
    missing = [k for k in own if k not in sd]
    unexpected = [k for k in sd if k not in own]
    shapes = [f"{k} {tuple(sd[k].shape)} in the checkpoint, {tuple(own[k].shape)} in the model" for k in own
              if k in sd and isinstance(sd[k], torch.Tensor) and tuple(sd[k].shape) != tuple(own[k].shape)]
    if missing or unexpected or shapes:
        raise InputError(f"--model {path}: the state_dict does not fit {cls_name}(**{_kw(model_kwargs)}): "
                         + "; ".join(f"{w} {_some(ks)}" for w, ks in (("missing", missing), ("unexpected", unexpected),
                                                                     ("shape of", shapes)) if ks)
                         + " (check --model-kwargs)")
    _match_dtypes(model, sd)
    try:
        model.load_state_dict(sd, strict=True)
    except RuntimeError as exc:
        lines = [ln.strip() for ln in str(exc).splitlines()[1:] if ln.strip()]
        raise InputError(f"--model {path}: does not fit {cls_name}(**{_kw(model_kwargs)}) "
                         f"({'; '.join(lines)[:300] or error_summary(exc)}): check --model-kwargs") from None
    return model


def _kw(kwargs) -> str:
    """The constructor arguments as the user wrote them (JSON), or their repr when given from Python."""
    import json
    try:
        return json.dumps(kwargs)
    except (TypeError, ValueError):
        return repr(kwargs)


def _some(ks: list, k: int = 5) -> str:
    return ", ".join(ks[:k]) + (f" … ({len(ks)} in all)" if len(ks) > k else "")


def checkpoint_dtype(sd: dict) -> torch.dtype:
    """The floating dtype the checkpoint's tensors hold (the widest, if mixed): the precision to build the model in."""
    ds = {v.dtype for v in sd.values() if isinstance(v, torch.Tensor) and v.is_floating_point()}
    return max(ds, key=lambda d: torch.finfo(d).bits) if ds else torch.get_default_dtype()


class default_dtype:
    """``torch.set_default_dtype`` for the duration of a block (restored afterwards, also on an exception)."""

    def __init__(self, dtype):
        self.dtype, self.saved = dtype, None

    def __enter__(self):
        self.saved = torch.get_default_dtype()
        if self.dtype in (torch.float32, torch.float64):  # the only default dtypes PyTorch accepts
            torch.set_default_dtype(self.dtype)

    def __exit__(self, *exc):
        torch.set_default_dtype(self.saved)


def _match_dtypes(model: nn.Module, sd: dict) -> None:
    """Each floating parameter/buffer takes its checkpoint tensor's dtype before loading (a class that fixes a dtype
    in its constructor would otherwise round a float64 checkpoint into float32)."""
    with torch.no_grad():
        for name, t in list(model.named_parameters()) + list(model.named_buffers()):
            src = sd.get(name)
            if isinstance(src, torch.Tensor) and t.is_floating_point() and src.is_floating_point() \
                    and src.dtype != t.dtype:
                t.data = t.data.to(src.dtype)
