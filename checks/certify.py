"""``--set certify=true``: interval certificates (``ibcheck.theory.certify``) attached to a measurement.

Each helper returns the contract's ``certificate`` object (a JSON-ready dict), or ``None`` when the check
runs without ``certify`` (the float path is then untouched). A check calls one helper per seed and passes
the result as ``Measurement(certificate=...)``; the runner copies it into the JSON. The helpers of each paper's
certificates live in its folder (``<paper>/checks/certify.py``); this module holds the parameter and the data rules. python-flint is imported
only when a certificate is requested, so the float path costs nothing more.
"""
from __future__ import annotations

import numpy as np
import torch

from .base import Context
from .params import Param

PARAM = {"certify": Param("certify", bool, False,
                          "also certify the exact reference in interval arithmetic (python-flint arb balls): adds a "
                          "`certificate` object {status, conditions, enclosures} to the JSON")}

_NO_X = "X is not kept for generated data (only K): the certificate is about this float64 K, taken as exact"
_HOOKED = "a test hook replaced the Gram matrix: the certificate is about the K the check used, taken as exact"


def to_numpy(t) -> np.ndarray | None:
    if t is None:
        return None
    return t.detach().cpu().numpy() if isinstance(t, torch.Tensor) else np.asarray(t)


def given_data(ctx: Context, X, K):
    """``(X, K, why)``: the data to certify — X when it is the data the check used, else this K."""
    if ctx.hooks.gram is not None:
        return None, to_numpy(K), _HOOKED
    X = to_numpy(X)
    return X, (None if X is not None else to_numpy(K)), ("" if X is not None else _NO_X)
