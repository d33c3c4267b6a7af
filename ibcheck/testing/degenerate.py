"""Degenerate user data sets, and the smallest run a check accepts on them (tests/test_degenerate_data.py and the
conformance suite's ``degenerate[ID]`` feed them to every claim taking ``--data``).

``n = 6`` examples in ``d = 40`` dimensions, ±1 labels:

* ``duplicated``: rows 1 and 3 identical;
* ``rank-deficient``: rows 2–5 in the span of rows 0 and 1 (rank 2 < n);
* ``zero-projection``: two support vectors along the max-margin direction ``û = e₁`` (``z₀ = z₁ = e₁``: x₀ = e₁,
  y₀ = 1; x₁ = −e₁, y₁ = −1) and four examples ``z = 2e₁ + e_j`` off it: ``ŵ = e₁``, the support vectors project to
  zero off û, rank Z_S = 1 < rank Z = 5 (Soudry et al.'s and Wu et al.'s rank condition fails; the orthogonal
  potential lives on V = {0});
* ``single-class`` and ``one-example`` (tests/test_degenerate_data.py).

A paper lists in its ``checks/expected.py`` the known false counterexamples of its checks on these data
(``DEGENERATE_FALSE_VIOLATIONS``: (claim, data set) → why) and the claims whose smallest run takes ≥ 60 s on them
(``DEGENERATE_FULL_ONLY``), collected by discovery.
"""
from __future__ import annotations

from pathlib import Path

import numpy as np

ALLOWED = (0, 2, 3, 4)  # never 5 (an internal error), never 1 (a counterexample manufactured by degenerate data)
KINDS = ("duplicated", "rank-deficient", "zero-projection", "single-class", "one-example")
# the smallest values tried for the parameters that set a run's length (the first one a check accepts is used)
CHEAP = {"steps": (10_000, 1_000, 100, 10), "target_log_loss": (-20.0, -11.0), "t_max": (20.0,), "samples": (10,),
         "n_test": (100,), "reps": (1,), "max_steps": (5_000,)}


def arrays() -> dict[str, tuple[np.ndarray, np.ndarray]]:
    """``{kind: (X, y)}`` for every kind of ``KINDS`` (deterministic)."""
    rng = np.random.default_rng(0)
    n, d = 6, 40
    X = rng.standard_normal((n, d))
    y = np.array([1.0, -1.0, 1.0, -1.0, 1.0, -1.0])
    dup = X.copy()
    dup[3] = dup[1]
    rank = X.copy()
    rank[2:] = np.outer(rng.standard_normal(4), X[0]) + np.outer(rng.standard_normal(4), X[1])
    zp = np.zeros((n, d))
    zp[0, 0], zp[1, 0] = 1.0, -1.0
    for i in range(2, n):
        zp[i, 0], zp[i, i - 1] = 2.0, 1.0
        zp[i] *= y[i]  # x_i = y_i z_i
    return {"duplicated": (dup, y), "rank-deficient": (rank, y), "zero-projection": (zp, y),
            "single-class": (X, np.ones(n)), "one-example": (X[:1], y[:1])}


def datasets(root, kinds=KINDS) -> dict[str, str]:
    """``{kind: path}``: each kind of ``kinds`` written to ``root/<kind>.npz``."""
    out = {}
    for name, (X, y) in arrays().items():
        if name in kinds:
            path = Path(root) / f"{name}.npz"
            np.savez(path, X=X, y=y)
            out[name] = str(path)
    return out


def smallest_run(cid: str) -> list[str]:
    """``--set`` arguments setting each run-length parameter of the check to the smallest value of ``CHEAP`` it
    accepts (never above its default)."""
    from ibcheck.checks.registry import REGISTRY
    params = REGISTRY[cid].params
    out = []
    for k, values in CHEAP.items():
        if k not in params:
            continue
        for v in values:
            try:
                ok = params[k].parse(str(v)) is not None
            except ValueError:
                ok = False
            if ok and abs(v) <= abs(params[k].default):
                out += ["--set", f"{k}={v}"]
                break
    return out


def _tables() -> tuple[dict, set]:
    from ibcheck.theory.catalogue import PAPER_OF
    from ibcheck.theory.papers import discover
    false, full = {}, set()
    for p in discover():
        if p.name in PAPER_OF.values() and p.has("checks.expected"):
            mod = p.module("checks.expected")
            false.update(getattr(mod, "DEGENERATE_FALSE_VIOLATIONS", {}))
            full |= set(getattr(mod, "DEGENERATE_FULL_ONLY", ()))
    return false, full


def known_false() -> dict[tuple[str, str], str]:
    """(claim, data set) → why its check may still exit 1 there (documented, each paper's checks/expected.py)."""
    return _tables()[0]


def full_only() -> set[str]:
    """Claims whose smallest run on these data takes ≥ 60 s: run in the full profile only."""
    return _tables()[1]
