"""The shipped conjecture of lai2026 (conj.lai-step) on tiny fixed parameter points: each quantity an experiment returns
is recomputed here in numpy from its definition (docs/usage.md, the conjecture's statement), or explained.

Their experiments call the checks (whose quantities the other pinned tests recompute) or the trainers directly; the
trials a search draws are parameter points, so the fixed case of a conjecture is one such point."""
from __future__ import annotations

import math

import numpy as np

from ibcheck.checks.conjectures import SHIPPED
from ibcheck.checks.runner import run_check
from ibcheck.numerics.data.sets import signed_labels

from ibcheck.testing.pinning import RECOMPUTED

import pytest

pytestmark = pytest.mark.machine  # outcome independent of the BLAS kernel and thread count (tests/machine_record.py)

PINNED = {
    "conj.lai-step": {"lower": RECOMPUTED, "upper": RECOMPUTED, "eta_threshold_predicted": RECOMPUTED,
                      "hypotheses_hold": RECOMPUTED,
                      "gap": "lai2026.m1.gap's gap on a generated dataset (recomputed on the fixed case in "
                      "papers/lai2026/tests/test_pinned.py)"},
}


def check(cid, got, exp, tol=1e-10):
    marked = {k for k, v in PINNED[cid].items() if v == RECOMPUTED}
    assert marked == set(exp) and set(got) == set(PINNED[cid]), f"{cid}: table out of date"
    for k, v in exp.items():
        if isinstance(v, float) and math.isnan(v):
            assert math.isnan(got[k]), f"{cid}.{k}: {got[k]} vs NaN"
            continue
        assert got[k] == v or abs(float(got[k]) - float(v)) <= tol * max(1.0, abs(float(v))), f"{cid}.{k}: {got[k]} vs {v}"


def test_lai_step_recomputed():
    p = {"n": 6, "d": 200, "eta_scale": 0.5, "labels": "uniform", "seed": 0}
    got = SHIPPED["conj.lai-step"].experiment(p)
    y = signed_labels(6, 0).numpy()
    neg = np.abs(y[y <= 0])
    tr = 200.0  # isotropic spectrum: ‖λ‖₁ = d
    r = run_check("lai2026.m1.gap", {"n": 6, "d": 200, "eta_scale": 0.5, "labels": "uniform", "seed": 0})
    check("conj.lai-step", got, {"lower": math.sqrt(neg.size * neg.min() ** 2 / tr),
                                 "upper": math.sqrt(16 * neg.size * neg.max() ** 2 / tr),
                                 "eta_threshold_predicted": neg.min() / math.sqrt((neg ** 2).mean()),
                                 "hypotheses_hold": float(all(h["holds"] for h in r["hypotheses"]))})
