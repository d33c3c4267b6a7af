"""Assertions for researchers' own test suites: ``assert_kkt`` and ``assert_verified`` (see docs/api.md).

Each fails with an ``AssertionError`` naming every violated row (condition, measured value, bound), and returns
the result on success so a test can assert more.
"""
from __future__ import annotations

import math

from ibcheck.kkt_defaults import DELTA, EPS


def _num(v) -> str:
    return "null" if v is None else f"{v:.6g}" if isinstance(v, float) else str(v)


def assert_kkt(model, X, y, eps: float = EPS, delta: float = DELTA, *, loss: str = "exp",
               degree: int | None = None, min_normalized_margin: float | None = None, **kwargs):
    """Assert the model is an (ε, δ)-KKT point of ``min ½‖θ‖² s.t. q_k(θ) ≥ 1`` (after rescaling; Lyu–Li): one
    multiplier vector with ``kkt_stationarity ≤ eps`` and ``kkt_complementarity ≤ delta`` (normalisations:
    ``ibcheck.theory.kkt_residual``; decided as ``ibcheck kkt`` decides its verdict, ``theory.kkt_verdict``),
    every margin positive, and optionally the degree and a lower bound on the normalised margin. A residual that
    could not be certified fails (it is never assumed small). Returns the ``KKTResult``."""
    from ibcheck.model_kkt import kkt
    res = kkt(model, X, y, loss=loss, eps=eps, delta=delta, **kwargs)
    bad = []
    if res.verdict != "verified":
        for row in res.rows(eps, delta):
            if row["holds"] is None:
                bad.append(f"{row['name']}: not certified ({res.certification})")
            elif not row["holds"]:
                bad.append(f"{row['name']}: measured {_num(row['measured'])}, required {row['relation']} "
                           f"{_num(row['bound'])}")
        bad.append(f"verdict {res.verdict}: {res.reason}")
    if degree is not None and res.degree != degree:
        bad.append(f"degree: measured {res.degree}, required == {degree}")
    if min_normalized_margin is not None and not res.normalized_margin >= min_normalized_margin:
        bad.append(f"normalized_margin: measured {_num(res.normalized_margin)}, required >= {_num(min_normalized_margin)}")
    if bad:
        raise AssertionError("not an (ε, δ)-KKT point: " + "; ".join(bad))
    return res


def _row(kind: str, r: dict) -> str:
    state = "undecided (NaN)" if r["holds"] is None else "fails"
    tol = r.get("tolerance")
    tol_s = f" ± {tol:.2g}" if isinstance(tol, float) and math.isfinite(tol) and tol > 0 else ""
    return f"{kind} {r['name']!r}: measured {_num(r['lhs'])} {r['relation']} {_num(r['rhs'])}{tol_s} {state}"


def assert_verified(claim_id: str, **kwargs) -> dict:
    """Run a claim's check (``ibcheck.run_check(claim_id, **kwargs)``) and assert its verdict is ``verified``;
    the message names each failing or undecided hypothesis and conclusion. Returns the JSON result."""
    from ibcheck.api import run_check
    r = run_check(claim_id, **kwargs)
    if r["verdict"] != "verified":
        rows = [_row("hypothesis", h) for h in r["hypotheses"] if h["holds"] is not True]
        rows += [_row("conclusion", c) for c in r["conclusions"] if c["holds"] is not True]
        raise AssertionError(f"{claim_id} {r['params']}: {r['verdict']} — " + ("; ".join(rows) or r.get("reason", "")))
    return r
