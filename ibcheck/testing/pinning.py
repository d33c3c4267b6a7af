"""The pinned tests' common machinery: run a check's measuring function on a fixed case, and compare every
reported number with the test's own recomputation (or a stated reason why it is not recomputed)."""
from __future__ import annotations

import math

import numpy as np
import torch

from ibcheck.checks.base import Context, Measurement
from ibcheck.checks.params import resolve
from ibcheck.checks.registry import REGISTRY
from ibcheck.theory.asymptotic import Series

RECOMPUTED = "recomputed independently"
RECORD = None  # (key, ok, reported) per compared quantity, set by the `machine` marker's recorder (tests.machine_record)


def measure(cid: str, overrides: dict | None = None, dataset=None, seeds: int = 1, hooks=None) -> list[Measurement]:
    """The check's own measurements (``values`` feed the statement, ``quantities`` go to the JSON)."""
    spec = REGISTRY[cid]
    params = resolve(spec.params, overrides or {}, cid)
    if dataset is not None:
        params.update({k: v for k, v in (("n", dataset.n), ("d", dataset.d)) if k in params})
    ctx = Context(params=params, seeds=[params.get("seed", 0) + k for k in range(seeds)],
                  device=torch.device("cpu"), data=dataset, **({"hooks": hooks} if hooks is not None else {}))
    return spec.measure(ctx)


def _num(v):
    if isinstance(v, (bool, np.bool_)):
        return float(v)
    if isinstance(v, (int, float, np.integer, np.floating)):
        return float(v)
    if isinstance(v, torch.Tensor) and v.numel() == 1:
        return float(v)
    return None


# The default tolerances: both sides evaluate one closed-form formula in float64 on a small fixed case (≤ 50
# examples, well-conditioned data, cond ≲ 1e3), so they agree to 2·cond·γ_n ≲ 1e-11 relative (theory.tolerances.relative):
# rtol 1e-10. atol 1e-10 decides only for values near 0 that are differences of O(1) terms (rounding ≤ 2γ_n·Σ|terms|
# ≈ 1e-14). An ill-conditioned quantity (a singular-value ratio near 0, a solver's or an integrator's output) states
# its own in ``tols``, derived from its sensitivity (theory.tolerances.singular_ratio, gap, ...).
def compare(cid: str, m: Measurement, expected: dict, pinned: dict, *, rtol: float = 1e-10, atol: float = 1e-10,
            tols: dict | None = None) -> None:
    """Every key of ``m.quantities`` and ``m.values`` is either recomputed (in ``expected``, and equal to it within
    the tolerance; lists element-wise) or explained (``pinned[key]`` is the reason it is not recomputed).
    ``pinned`` is the claim's entry of the module's ``PINNED`` table (what docs/pinned.md lists): its
    "recomputed independently" keys must be exactly those of ``expected``. ``tols`` maps a key to its own
    ``(rtol, atol)`` where the documented tolerance is looser (an iterative solver's or a trainer's accuracy).
    A series-valued value (a ``limit``/``rate`` row's checkpoints) is compared as ``[clock, values]``: the test
    recomputes both which states are read (the checkpoint clocks) and the quantity at each."""
    marked = {k for k, v in pinned.items() if v == RECOMPUTED}
    assert marked == set(expected), (f"{cid}: PINNED says recomputed {sorted(marked - set(expected))} but the test "
                                     f"does not; recomputes {sorted(set(expected) - marked)} unlisted")
    reasons = {k: v for k, v in pinned.items() if v != RECOMPUTED}
    reported = {**m.quantities, **m.values}
    unexplained = sorted(set(reported) - set(expected) - set(reasons))
    assert not unexplained, f"{cid}: quantities neither recomputed nor explained: {unexplained}"
    missing = sorted(set(expected) - set(reported))
    assert not missing, f"{cid}: recomputed quantities the check no longer reports: {missing}"
    bad = []
    for k, want in expected.items():
        got = reported[k]
        r, a = (tols or {}).get(k, (rtol, atol))
        if isinstance(got, Series):
            why = _series_mismatch(got, want, r, a)
            if RECORD is not None:
                RECORD(f"{cid}:{k}", why is None, [list(got.clock), list(got.values)])
            if why:
                bad.append(f"{k}: {why}")
            continue
        if want is None:  # the check reports "none" (e.g. no separable point): so must the recomputation
            ok = got is None
        elif isinstance(want, (list, tuple, np.ndarray)):
            if isinstance(got, (list, tuple)) and got and isinstance(got[0], dict):  # rows of a table: by column
                got = [[float(v) for v in row.values()] for row in got]
            g, w = np.asarray(got, dtype=float), np.asarray(want, dtype=float)
            ok = g.shape == w.shape and np.allclose(g, w, rtol=r, atol=a, equal_nan=True)
        elif isinstance(want, str):
            ok = got == want
        else:
            g, w = _num(got), float(want)
            ok = g is not None and ((math.isnan(g) and math.isnan(w)) or g == w or abs(g - w) <= a + r * abs(w))
        if RECORD is not None:
            RECORD(f"{cid}:{k}", ok, got)
        if not ok:
            bad.append(f"{k}: reported {got!r}, recomputed {want!r}")
    assert not bad, f"{cid}: " + "; ".join(bad)


def _series_mismatch(got: Series, want, rtol: float, atol: float) -> str | None:
    """Why the recomputation ``want`` of a ``Series`` differs from it, or None: a series is pinned as
    ``[clocks, values]``, two lists of its length (``series(clock, values, idx)`` builds one) — the clocks say which
    states were read, the values what was measured there."""
    n = len(got.clock)
    shape = f"[clocks, values], two lists of {n} numbers each (ibcheck.testing.pinning.series(clock, values, idx))"
    try:
        w = np.asarray(want, dtype=float)
    except (TypeError, ValueError):
        w = None
    if w is None or w.shape != (2, n):
        gave = "None" if want is None else f"shape {w.shape}" if w is not None else f"a {type(want).__name__}"
        hint = " — the values alone? pair them with their clocks" if w is not None and w.shape == (n,) else ""
        return (f"a Series (a limit/rate row's {n} checkpoints) is pinned as {shape}; the recomputation gave {gave}"
                f"{hint}")
    parts = []
    # a tolerance given per element is laid out as the pin, [clocks, values]: each row goes with its own list
    rt, at = (np.broadcast_to(np.asarray(x, dtype=float), (2, n)) for x in (rtol, atol))
    for i, (name, g, e) in enumerate((("clocks", np.asarray(got.clock, dtype=float), w[0]),
                                      ("values", np.asarray(got.values, dtype=float), w[1]))):
        if not np.allclose(g, e, rtol=rt[i], atol=at[i], equal_nan=True):
            parts.append(f"{name} reported {[float(x) for x in g]!r}, recomputed {[float(x) for x in e]!r}")
    return "; ".join(parts) or None


def checkpoints(clock, targets) -> list[int]:
    """Indices of the recorded states a series reads: for each target clock value the recorded one nearest in
    log clock (ties to the earlier), each state once — written here from the statement of the geometric
    checkpoints, not by calling ``theory.asymptotic.series_at``."""
    c = np.asarray(clock, dtype=float)
    pos = np.flatnonzero(c > 0)
    out: list[int] = []
    for t in targets:
        k = int(pos[np.argmin(np.abs(np.log(c[pos]) - math.log(t)))])
        if k not in out:
            out.append(k)
    return out


def series(clock, values, idx) -> list:
    """``[clock, values]`` at the given indices (what ``compare`` compares a ``Series`` with)."""
    return [[float(clock[i]) for i in idx], [float(values[i]) for i in idx]]


def geometric(lo: float, hi: float, count: int) -> list:
    """``count`` clock values from ``lo`` to ``hi`` in geometric progression."""
    return list(lo * (hi / lo) ** (np.arange(count) / (count - 1)))


def table(recomputed, reasons: dict | None = None) -> dict:
    """A claim's PINNED entry: each recomputed key → "recomputed independently", each other key → its reason."""
    return {**{k: RECOMPUTED for k in recomputed.split()}, **(reasons or {})}
