"""The shipped conjectures' experiments on tiny fixed parameter points: each quantity an experiment returns is
recomputed here in numpy from its definition (docs/usage.md, the conjecture's statement), or explained.

Their experiments call the checks (whose quantities the other pinned tests recompute) or the trainers directly;
the trials a search draws are parameter points, so the fixed case of a conjecture is one such point."""
from __future__ import annotations

import math

import numpy as np
import torch
from scipy.optimize import minimize_scalar

from ibcheck.checks.conjectures import SHIPPED
from ibcheck.checks.runner import run_check
from ibcheck.numerics.classification import gaussian_pm1
from ibcheck.numerics.data import signed_labels
from ibcheck.numerics.two_layer import gaussian_init

from ibcheck.testing.pinning import RECOMPUTED

import pytest

pytestmark = pytest.mark.machine  # outcome independent of the BLAS kernel and thread count (tests/machine_record.py)

PINNED = {
    "conj.lai-step": {"lower": RECOMPUTED, "upper": RECOMPUTED, "eta_threshold_predicted": RECOMPUTED,
                      "hypotheses_hold": RECOMPUTED,
                      "gap": "lai2026.m1.gap's gap on a generated dataset (recomputed on the fixed case in "
                      "papers/lai2026/tests/test_pinned.py)"},
    "conj.relu-boundary": {"trained": RECOMPUTED,
                           "log_loss_final": "the loss-normalised GD's own log L̂ (its iterate is not returned)",
                           "boundary_agreement": "Monte Carlo over the experiment's random test points",
                           "normalized_margin": "of the experiment's final iterate (not returned)"},
    "conj.frei-beyond-H": {"d": RECOMPUTED, "d_over_n2_actual": RECOMPUTED, "conclusions_hold": RECOMPUTED,
                           "H_slack": RECOMPUTED, "failing": "names of the failing rows (a string; the rows are the "
                           "frei2023 checks' own, pinned in papers/frei2023/tests/test_pinned.py)",
                           "undecided": "the inconclusive reasons (a string)"},
    "conj.kou-relu-srank": {"srank_init": RECOMPUTED, "srank_max_after_step1": RECOMPUTED, "loss_final": RECOMPUTED,
                            "init_to_first_step": RECOMPUTED},
    "conj.gunasekar-nuclear": {"nuclear_min": RECOMPUTED, "W11_min": RECOMPUTED, "init_nuclear": RECOMPUTED,
                               "min_det_sign": RECOMPUTED,
                               **{k: "the depth-N flow's end state / record (an ODE; razincohen2020's trainer, whose "
                                  "formulas are pinned in papers/razincohen2020/tests/test_pinned.py)"
                                  for k in ("nuclear_gf", "W11_gf", "loss_ratio", "reached_end", "det_gf_sign")},
                               "reference_certified": "the SDP's certificate flag"},
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


def test_relu_boundary_trained_flag():
    p = {"n": 4, "d": 50, "m1": 1, "m2": 1, "init_scale": 1e-3, "seed": 0}
    p = {k: p.get(k, v) for k, v in {**{k: 0 for k in SHIPPED["conj.relu-boundary"].space}, **p}.items()}
    got = SHIPPED["conj.relu-boundary"].experiment(p)
    assert set(got) == set(PINNED["conj.relu-boundary"])
    # "trained" is whether the loss-normalised GD ever went below log(log 2/n); its log L̂ is non-increasing
    # (normalised GD with a small step), so the last value decides
    assert got["trained"] == float(got["log_loss_final"] < math.log(math.log(2) / p["n"]))


def test_frei_beyond_h_recomputed():
    p = {"n": 3, "d_over_n2": 20.0, "gamma": 0.5, "m1": 1, "m2": 1, "seed": 0}
    p = {**{k: 0 for k in SHIPPED["conj.frei-beyond-H"].space}, **p}
    got = SHIPPED["conj.frei-beyond-H"].experiment(p)
    d = max(3 + 1, round(20.0 * 9))
    K = gaussian_pm1(3, d, 0, sampler="auto").K.numpy()
    r = np.sqrt(np.diag(K))
    off = np.abs(K - np.diag(np.diag(K))).max()
    from ibcheck.papers.frei2023.conjectures.frei_beyond_h import CLAIMS, setting
    rs = [run_check(c, dict(setting(p), global_rtol=1e-3) if c.endswith("global") else setting(p)) for c in CLAIMS]
    decided = all(x["verdict"] in ("verified", "violated", "outside-hypotheses") for x in rs)
    hold = all(c["holds"] for x in rs for c in x["conclusions"])
    check("conj.frei-beyond-H", got, {"d": d, "d_over_n2_actual": d / 9,
                                      "conclusions_hold": float(hold) if decided else math.nan,
                                      "H_slack": r.min() ** 2 / (3 * 0.5 ** -3 * (r.max() / r.min()) ** 2 * 3 * off)})


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


_ = torch  # the experiments' trainers are torch-based; nothing here calls torch itself
