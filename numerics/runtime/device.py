"""Device and dtype resolution: float64 by default, TF32 off, explicit seeds."""
from __future__ import annotations

import torch

from .errors import InputError

DEFAULT_DTYPE = torch.float64

# TF32 silently rounds float32 matmuls to 10-bit mantissas on Ampere+ GPUs; a verification suite must not.
torch.backends.cuda.matmul.allow_tf32 = False
torch.backends.cudnn.allow_tf32 = False


def resolve_device(name: str = "cpu") -> torch.device:
    """Map ``cpu|cuda|auto`` to a torch device; ``cuda`` without a GPU is an input error."""
    if name == "auto":
        return torch.device("cuda" if torch.cuda.is_available() else "cpu")
    if name == "cpu":
        return torch.device("cpu")
    if name == "cuda":
        if not torch.cuda.is_available():
            raise InputError("--device cuda requested but no CUDA device is available")
        return torch.device("cuda")
    raise InputError(f"unknown device {name!r} (expected cpu, cuda or auto)")


def generator(seed: int) -> torch.Generator:
    """A CPU generator: data drawn from it are identical on every device (bitwise on CPU)."""
    g = torch.Generator(device="cpu")
    g.manual_seed(int(seed))
    return g
