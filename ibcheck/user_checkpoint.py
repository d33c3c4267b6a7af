"""A ``state_dict`` checkpoint with the model's class: ``ibcheck kkt --model ckpt.pt --model-class pkg.module:Class
--model-kwargs '{"width": 1000}'`` (how most training scripts save their models)."""
from __future__ import annotations

import torch
from torch import nn

from ibcheck.numerics.errors import InputError
from ibcheck.numerics.homogeneous_probe import _first_line

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
        raise InputError(f"--model-class {model_class}: module not importable ({_first_line(exc)}): put its folder "
                         f"on PYTHONPATH") from None
    except AttributeError:
        raise InputError(f"--model-class {model_class}: module {mod_name} has no {cls_name}") from None
    try:
        model = cls(**model_kwargs)
    except Exception as exc:  # noqa: BLE001  (the user's constructor rejected the arguments)
        raise InputError(f"--model-class {model_class}: {cls_name}(**{model_kwargs}) failed ({_first_line(exc)})") from None
    if not isinstance(model, nn.Module):
        raise InputError(f"--model-class {model_class}: not an nn.Module (found {type(model).__name__})")
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
    missing, unexpected = [], []
    try:
        res = model.load_state_dict(sd, strict=False)
        missing, unexpected = list(res.missing_keys), list(res.unexpected_keys)
    except RuntimeError as exc:
        raise InputError(f"--model {path}: does not fit {cls_name}(**{model_kwargs}) ({_first_line(exc)}): check "
                         f"--model-kwargs") from None
    if missing or unexpected:
        raise InputError(f"--model {path}: the state_dict does not match {cls_name}(**{model_kwargs}): "
                         + "; ".join(f"{w} {', '.join(ks[:5])}{' …' if len(ks) > 5 else ''}"
                                     for w, ks in (("missing", missing), ("unexpected", unexpected)) if ks))
    return model
