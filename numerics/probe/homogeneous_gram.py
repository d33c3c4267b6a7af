"""Per-constraint gradients streamed into their Gram matrix: the KKT check of a model whose n·C × P gradient matrix
does not fit in memory (Haim et al.'s MLP: n = 500, P = 1.79·10⁶ is 7 GB in float64).

The stationarity problem needs the gradients only through inner products (``theory.kkt_columns``): the Gram
``G_kl = ⟨∇q_k, ∇q_l⟩`` (K × K), ``⟨∇q_k, θ⟩`` (the Euler identity and the NNLS target) and the products with the
few explicit Clarke vectors of kinked examples. They are accumulated block by block: a *panel* of example chunks
is held while every later chunk is recomputed and multiplied against it (``torch.func`` per-example Jacobians,
as ``homogeneous.constraint_rows``), so peak memory is the panel plus one chunk, whatever n. A residual
``θ − Σ_k w_k ∇q_k`` is never formed from the Gram: it is ``θ − ∇_θ Σ_k w_k q_k(θ)``, one backward pass over the
data (``apply``), exact to rounding. Chunk sizes change only the order of floating-point sums.
"""
from __future__ import annotations

import math
import sys
import time
from dataclasses import dataclass, field

import numpy as np
import torch

from ..runtime.errors import InputError
from .homogeneous import Prepared, constraint_rows
from .homogeneous_probe import UNIT_ROUNDOFF
from ..runtime.memory import USABLE_FRACTION, available_bytes

PANEL_BYTES = 3 * 2 ** 30  # the held panel of gradient rows (and at most as much again for one streamed chunk)
CHUNK_BYTES = 256 * 2 ** 20  # one streamed chunk of gradient rows, unless the user sets the chunk size


@dataclass
class Plan:
    n: int
    P: int
    per_example: int  # constraints per example (C − 1, or 1)
    chunk: int  # examples per streamed chunk
    panel: int  # examples held per panel
    extra: int  # explicit Clarke vectors
    passes: int = 0  # per-example gradient evaluations the plan makes (≥ n: recomputation of later chunks)
    bytes: int = 0  # peak of the main arrays
    parts: dict = field(default_factory=dict)

    def describe(self) -> str:
        p = self.parts
        return (f"streaming per-example gradients into the {self.n * self.per_example}×{self.n * self.per_example} "
                f"Gram: about {self.bytes / 2 ** 30:.2f} GiB (panel of {self.panel} examples "
                f"{p['panel'] / 2 ** 30:.2f} GiB, chunk of {self.chunk} {p['chunk'] / 2 ** 30:.2f} GiB, Gram "
                f"{p['gram'] / 2 ** 20:.1f} MiB, explicit Clarke vectors {p['extra'] / 2 ** 20:.1f} MiB), "
                f"{self.passes} per-example gradient passes for n = {self.n}")


def plan(prep: Prepared, extra: int = 0, chunk: int | None = None) -> Plan:
    """Chunk and panel sizes and the memory they take; ``InputError`` when even one chunk or the Gram cannot fit."""
    P = sum(p.numel() for p in prep.params)
    per = 1 if prep.classes == 1 else prep.classes - 1
    row = 8 * P * prep.classes  # a chunk's Jacobian holds all C outputs' rows before the constraints are picked
    if chunk is not None and (not isinstance(chunk, int) or chunk < 1):
        raise InputError(f"--chunk-size {chunk}: must be a positive integer (examples per chunk)")
    ch = chunk or max(1, min(prep.n, CHUNK_BYTES // row))
    ch = min(ch, prep.n)
    fit = PANEL_BYTES // (8 * P * per)
    panel = prep.n if fit >= prep.n else max(ch, fit // ch * ch)  # all of it, or whole chunks
    K = prep.n * per
    parts = {"panel": panel * per * 8 * P, "chunk": 2 * ch * row, "gram": 8 * K * K + 8 * K * extra,
             "extra": 8 * P * extra}
    sizes = [min(ch, prep.n - i0) for i0 in range(0, prep.n, ch)]
    per_panel = math.ceil(panel / ch)
    passes = sum(sum(sizes[start:]) for start in range(0, len(sizes), per_panel))  # each panel, then all after it
    out = Plan(prep.n, P, per, ch, panel, extra, passes, int(sum(parts.values())), parts)
    usable = USABLE_FRACTION * available_bytes()
    if out.bytes > usable:
        raise InputError(f"problem too large for the machine: {out.describe()} exceeds the {usable / 2 ** 30:.2g} GiB "
                         f"usable; a smaller --chunk-size lowers the chunk, not the Gram")
    return out


@dataclass
class Stream:
    """``gram`` (K+m × K+m) of the constraint gradients and the explicit vectors, ``ct`` = ``⟨·, θ⟩``."""

    prep: Prepared
    plan: Plan
    gram: np.ndarray
    ct: np.ndarray
    explicit: list
    seconds: float = 0.0
    along: np.ndarray | None = None  # (K, m): each constraint's derivative along the given directions

    @property
    def rounding(self) -> float:
        """``γ_P``: the worst-case relative rounding of one Gram entry, a dot product of length P."""
        P = self.plan.P
        return P * UNIT_ROUNDOFF / (1 - P * UNIT_ROUNDOFF)

    def apply(self, w: np.ndarray) -> np.ndarray:
        """``Σ_k w_k ∇q_k + Σ_j w_{K+j} e_j`` (e_j the explicit vectors): one backward pass of ``Σ w_k q_k``."""
        prep, K = self.prep, self.gram.shape[0] - len(self.explicit)
        out = np.zeros(self.plan.P)
        wk = torch.as_tensor(w[:K], dtype=torch.float64)
        per = self.plan.per_example
        for i0 in range(0, prep.n, self.plan.chunk):
            i1 = min(prep.n, i0 + self.plan.chunk)
            sl = wk[i0 * per:i1 * per]
            if not bool(sl.any()):
                continue
            with torch.enable_grad():
                o = prep.forward(prep.X[i0:i1])
                q = _constraints(prep, o, i0, i1)
                g = torch.autograd.grad((sl * q).sum(), prep.params, allow_unused=True)
            out += torch.cat([(gg if gg is not None else torch.zeros_like(p)).reshape(-1)
                              for gg, p in zip(g, prep.params)]).numpy()
        for j, e in enumerate(self.explicit):
            if w[K + j] != 0:
                out += w[K + j] * e
        return out


def _constraints(prep: Prepared, out: torch.Tensor, i0: int, i1: int) -> torch.Tensor:
    y = prep.y[i0:i1]
    if prep.classes == 1:
        return y * out.reshape(-1)
    C = prep.classes
    ci, cj = prep.ci[i0 * (C - 1):i1 * (C - 1)] - i0, prep.cj[i0 * (C - 1):i1 * (C - 1)]
    out = out.reshape(i1 - i0, C)
    return out[ci, y[ci]] - out[ci, cj]


def stream(prep: Prepared, pl: Plan, explicit: list, progress: bool = False,
           directions: np.ndarray | None = None) -> Stream:
    """The Gram of the constraint gradients (and of ``explicit`` vectors), panel by panel (module docstring); with
    ``directions`` (P × m) also ``J·D``, the constraints' derivatives along them (``numerics.probe.gradient_check``)."""
    t0 = time.perf_counter()
    per, ch, n = pl.per_example, pl.chunk, prep.n
    K, m = n * per, len(explicit)
    theta = prep.theta()
    E = np.stack(explicit) if m else np.zeros((0, pl.P))
    gram = np.zeros((K + m, K + m))
    ct = np.zeros(K + m)
    along = None if directions is None else np.zeros((K, directions.shape[1]))
    starts = list(range(0, n, ch))
    per_panel = math.ceil(pl.panel / ch)
    done = [0]

    def rows(b):
        i0, i1 = starts[b], min(n, starts[b] + ch)
        J, _ = constraint_rows(prep, i0, i1)
        done[0] += i1 - i0
        if progress:
            _bar(done[0], pl.passes, time.perf_counter() - t0)
        return slice(i0 * per, i1 * per), J

    for p0 in range(0, len(starts), per_panel):
        held = [rows(b) for b in range(p0, min(len(starts), p0 + per_panel))]
        for a, (sa, Ja) in enumerate(held):
            ct[sa] = Ja @ theta
            if along is not None:
                along[sa] = Ja @ directions
            if m:
                gram[sa, K:] = Ja @ E.T
            for sb, Jb in held[a:]:
                gram[sa, sb] = Ja @ Jb.T
        for b in range(p0 + per_panel, len(starts)):
            sb, Jb = rows(b)
            for sa, Ja in held:
                gram[sa, sb] = Ja @ Jb.T
        del held
    iu = np.triu_indices(K + m, 1)
    if m:
        gram[K:, K:] = E @ E.T
        ct[K:] = E @ theta
    gram[(iu[1], iu[0])] = gram[iu]  # the blocks above the diagonal mirrored
    if progress:
        sys.stderr.write("\n")
    return Stream(prep, pl, gram, ct, list(explicit), time.perf_counter() - t0, along)


def _bar(done: int, total: int, secs: float) -> None:
    w = 30
    f = min(1.0, done / max(total, 1))
    eta = secs / f - secs if f > 0 else math.nan
    sys.stderr.write(f"\r  per-example gradients [{'#' * int(w * f):<{w}s}] {done}/{total}  {secs:.0f} s"
                     + (f", about {eta:.0f} s left" if f < 1 and math.isfinite(eta) else "   "))
    sys.stderr.flush()
