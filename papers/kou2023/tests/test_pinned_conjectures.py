"""The shipped conjecture of kou2023 (conj.kou-relu-srank) on tiny fixed parameter points: each quantity an experiment
returns is recomputed here in numpy from its definition (docs/usage.md, the conjecture's statement), or explained.

Their experiments call the checks (whose quantities the other pinned tests recompute) or the trainers directly; the
trials a search draws are parameter points, so the fixed case of a conjecture is one such point."""
from __future__ import annotations

import math

import numpy as np

from ibcheck.checks.conjectures import SHIPPED
from ibcheck.numerics.data.classification import gaussian_pm1
from ibcheck.numerics.trainers.two_layer import gaussian_init

from ibcheck.testing.pinning import RECOMPUTED

import pytest

pytestmark = pytest.mark.machine  # outcome independent of the BLAS kernel and thread count (tests/machine_record.py)

PINNED = {
    "conj.kou-relu-srank": {"srank_init": RECOMPUTED, "srank_max_after_step1": RECOMPUTED, "loss_final": RECOMPUTED,
                            "init_to_first_step": RECOMPUTED},
}


def check(cid, got, exp, tol=1e-10):
    marked = {k for k, v in PINNED[cid].items() if v == RECOMPUTED}
    assert marked == set(exp) and set(got) == set(PINNED[cid]), f"{cid}: table out of date"
    for k, v in exp.items():
        if isinstance(v, float) and math.isnan(v):
            assert math.isnan(got[k]), f"{cid}.{k}: {got[k]} vs NaN"
            continue
        assert got[k] == v or abs(float(got[k]) - float(v)) <= tol * max(1.0, abs(float(v))), f"{cid}.{k}: {got[k]} vs {v}"


def test_kou_relu_srank_recomputed():
    p = {"m_half": 2, "n": 4, "d": 100, "init_scale": 1e-5, "seed": 0, "steps": 30}
    p = {**{k: 0 for k in SHIPPED["conj.kou-relu-srank"].space}, **p}
    got = SHIPPED["conj.kou-relu-srank"].experiment(p)
    dat = gaussian_pm1(4, 100, 0, sampler="gram")
    K, y = dat.K.numpy(), dat.y.numpy()
    B0, P = gaussian_init(None, dat.K, 4, 1e-5 / 10.0, 0, d=100)
    B, P = B0.numpy().copy(), P.numpy()
    a = np.array([1.0, 1.0, -1.0, -1.0]) / 2.0
    eta = 1.0 / np.diag(K).max()
    sr, B1 = [], None
    for t in range(p["steps"] + 1):  # GD on the mean logistic loss of Σ_j a_j relu(⟨w_j,x⟩) (first step recorded too)
        Z = B @ K
        q = y * (a @ np.maximum(Z, 0))
        ev = np.linalg.eigvalsh(B @ K @ B.T + P)
        sr.append(ev.sum() / ev.max())
        loss = np.logaddexp(0, -q).mean()
        if t == p["steps"]:
            break
        B = B + eta * a[:, None] * (Z > 0) * (0.5 * (1 - np.tanh(q / 2)) * y / len(y))[None, :]
        B1 = B.copy() if t == 0 else B1
    dB = B1 - B0.numpy()
    ratio = math.sqrt(np.trace(B0.numpy() @ K @ B0.numpy().T + P)) / math.sqrt(np.trace(dB @ K @ dB.T))
    # the experiment records the stable rank at its checkpoints (every step up to 20): all 31 steps here
    check("conj.kou-relu-srank", got, {"srank_init": sr[0], "srank_max_after_step1": max(sr[1:]), "loss_final": loss,
                                       "init_to_first_step": ratio}, tol=1e-9)
