"""The shipped conjecture of razincohen2020 (conj.gunasekar-nuclear) on tiny fixed parameter points: each quantity an
experiment returns is recomputed here in numpy from its definition (docs/usage.md, the conjecture's statement), or
explained.

Their experiments call the checks (whose quantities the other pinned tests recompute) or the trainers directly; the
trials a search draws are parameter points, so the fixed case of a conjecture is one such point."""
from __future__ import annotations

import numpy as np
from scipy.optimize import minimize_scalar

from ibcheck.checks.conjectures import SHIPPED

from ibcheck.testing.pinning import RECOMPUTED

import pytest

pytestmark = pytest.mark.machine  # outcome independent of the BLAS kernel and thread count (tests/machine_record.py)

PINNED = {
    "conj.gunasekar-nuclear": {"nuclear_min": RECOMPUTED, "W11_min": RECOMPUTED, "init_nuclear": RECOMPUTED,
                               "min_det_sign": RECOMPUTED,
                               **{k: "the depth-N flow's end state / record (an ODE; razincohen2020's trainer, whose "
                                  "formulas are pinned in papers/razincohen2020/tests/test_pinned.py)"
                                  for k in ("nuclear_gf", "W11_gf", "loss_ratio", "reached_end", "det_gf_sign")},
                               "reference_certified": "the SDP's certificate flag"},
}


def test_gunasekar_reference_recomputed():
    p = {"depth": 2, "alpha": 1e-2, "b12": 1.5, "b21": -0.5, "b22": 0.3}
    p = {**{k: 0 for k in SHIPPED["conj.gunasekar-nuclear"].space}, **p}
    got = SHIPPED["conj.gunasekar-nuclear"].experiment(p)
    best = minimize_scalar(lambda x: np.linalg.svd(np.array([[x, 1.5], [-0.5, 0.3]]), compute_uv=False).sum(),
                           bounds=(-20, 20), method="bounded", options={"xatol": 1e-12})
    W = np.array([[best.x, 1.5], [-0.5, 0.3]])
    exp = {"nuclear_min": best.fun, "W11_min": best.x, "init_nuclear": 2 * 1e-2 ** 2,
           "min_det_sign": float(np.sign(np.linalg.det(W)))}
    marked = {k for k, v in PINNED["conj.gunasekar-nuclear"].items() if v == RECOMPUTED}
    assert marked == set(exp) and set(got) == set(PINNED["conj.gunasekar-nuclear"])
    assert abs(got["nuclear_min"] - exp["nuclear_min"]) <= 1e-8 * exp["nuclear_min"]
    assert abs(got["W11_min"] - exp["W11_min"]) <= 1e-4  # the nuclear norm is flat to second order in W₁₁
    assert got["init_nuclear"] == exp["init_nuclear"] and got["min_det_sign"] == exp["min_det_sign"]
