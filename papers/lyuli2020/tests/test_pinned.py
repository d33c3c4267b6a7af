"""lyuli2020 quantities: the shared homogeneous flow on its fixed case (recomputed by
``ibcheck.testing.homogeneous_flow``) for the six flow claims, and GD (§4.2) recomputed here."""
from __future__ import annotations

import math

import numpy as np

from ibcheck.checks.base import Hooks
from ibcheck.numerics.trainers.homogeneous_net import make_net, teacher_data
from ibcheck.testing.homogeneous_flow import FLOW_TABLE, flow_case, forward

from ibcheck.testing.pinning import compare, measure, table

FLOW_CLAIMS = ("lyuli2020.smoothed_margin_monotone", "lyuli2020.sandwich", "lyuli2020.lemma5_1",
               "lyuli2020.euler_identity", "lyuli2020.rates", "lyuli2020.kkt")
PINNED = {cid: FLOW_TABLE for cid in FLOW_CLAIMS}


def test_flow_quantities_recomputed():
    m, exp, tols = flow_case(FLOW_CLAIMS[0])
    for cid in FLOW_CLAIMS:
        compare(cid, m, exp, PINNED[cid], tols=tols)


# ---- gradient descent (lyuli2020 §4.2): relu³ (L = 4), constant step from the warm-up flow's end point -----
GD_SET = {"n": 6, "d": 8, "m": 6, "steps": 200}
WARM = "the warm-up gradient flow's record (an ODE), which only provides GD's starting point"
LB = "the loss-based run (accept/reject steps of the authors' LossBasedLRv1, the check's trainer)"
_GD = ("reached_loss_below_one smooth_activation degree euler_gd_max_rel gd_smoothed_margin_decreases "
       "loss_based_margin_ratio normalized_margin_const normalized_margin_start log_loss_const "
       "gd_min_smoothed_margin_step_rel gd_loss_increases")
_GD_WHY = {"data": "the data description (a dict)", "warm_flow_steps": WARM, "warm_log_loss": WARM,
           "euler_gd_max_rel_loss_based": LB, "normalized_margin_loss_based": LB, "log_loss_loss_based": LB,
           "loss_based_accepted": LB, "loss_based_rejected": LB}
for _c in ("lyuli2020.euler_identity_gd", "lyuli2020.gd_margin", "lyuli2020.loss_based_lr"):
    PINNED[_c] = table(_GD, _GD_WHY)


def test_gd_quantities_recomputed():
    start = []
    ms = {c: measure(c, GD_SET, hooks=Hooks(limit=lambda th: start.append(th) or th))[0]
          for c in ("lyuli2020.euler_identity_gd", "lyuli2020.loss_based_lr")}
    Xd, yd = teacher_data(6, 8, 0)
    net, _ = make_net(Xd, yd, 6, "relu", 3.0, init_scale=0.1, seed=0)
    X, y = net.X.numpy(), net.y.numpy()
    Lg, eta = 4.0, 0.1

    def fwd(th):
        a, W = th[:6], th[6:].reshape(6, -1)
        Z = W @ X.T
        q = y * (a @ np.maximum(Z, 0) ** 3)
        e = np.exp(-q)  # the sum loss 𝓛 = Σ e^{−q} (log 𝓛 ≈ −10 here: no underflow)
        g = -np.concatenate([np.maximum(Z, 0) ** 3 @ (e * y), ((a[:, None] * 3 * np.maximum(Z, 0) ** 2) * (e * y)[None, :] @ X).ravel()])
        return q, e, g
    th = start[0].numpy().copy()
    gb, gt, ll, eu = [], [], [], []
    for t in range(201):
        q, e, g = fwd(th)
        r2 = th @ th + net.perp_sq
        gb.append(q.min() / r2 ** (Lg / 2)), gt.append(-math.log(e.sum()) / r2 ** (Lg / 2)), ll.append(math.log(e.sum()))
        if t == 200:
            break
        new = th - eta * g
        rhs = 2 * eta * Lg * (e @ q) + eta ** 2 * (g @ g)  # ‖θ_{t+1}‖² − ‖θ_t‖², exactly (Euler: ⟨θ, ∇q_n⟩ = Lq_n)
        eu.append(abs((new @ new - th @ th) - rhs) / abs(rhs))
        th = new
    gt, gb, ll = np.array(gt), np.array(gb), np.array(ll)
    dgt = np.diff(gt)
    lb = np.array(ms["lyuli2020.euler_identity_gd"].series["loss_based"]["gamma_bar"])
    exp = {"reached_loss_below_one": 1.0, "smooth_activation": 1.0, "degree": Lg, "euler_gd_max_rel": max(eu),
           "gd_smoothed_margin_decreases": int((dgt < 0).sum()), "loss_based_margin_ratio": lb[-1] / gb[-1],
           "normalized_margin_const": gb[-1], "normalized_margin_start": gb[0], "log_loss_const": ll[-1],
           "gd_min_smoothed_margin_step_rel": (dgt / gt[:-1]).min(), "gd_loss_increases": int((np.diff(ll) > 0).sum())}
    tols = {"euler_gd_max_rel": (0.0, 1e-9),  # an exact identity: both sides' rounding (~1e-12 of ‖θ‖²) only
            "gd_min_smoothed_margin_step_rel": (1e-6, 1e-14)}  # a difference of nearby γ̃ (cancellation)
    compare("lyuli2020.euler_identity_gd", ms["lyuli2020.euler_identity_gd"], exp, PINNED["lyuli2020.euler_identity_gd"],
            rtol=1e-9, tols=tols)
    compare("lyuli2020.gd_margin", ms["lyuli2020.euler_identity_gd"], exp, PINNED["lyuli2020.gd_margin"], rtol=1e-9, tols=tols)
    # loss_based_lr judges the Euler identity along the loss-based run (its value replaces euler_gd_max_rel)
    m = ms["lyuli2020.loss_based_lr"]
    assert m.values["euler_gd_max_rel"] == m.quantities["euler_gd_max_rel_loss_based"]
    m.values["euler_gd_max_rel"] = m.quantities["euler_gd_max_rel"]
    compare("lyuli2020.loss_based_lr", m, exp, PINNED["lyuli2020.loss_based_lr"], rtol=1e-9, tols=tols)


# Quantities a deciding row reads that this paper's pinned tests do not recompute yet (each needs state the check
# does not expose); tests/pinned/test_listing.py collects every paper's set, which may only shrink.
PENDING = {
    ("lyuli2020.euler_identity", "euler_integrated"),
    ("lyuli2020.kkt", "kkt_delta_series"),
    ("lyuli2020.kkt", "kkt_eps_series"),
    ("lyuli2020.kkt", "kkt_euler_gap"),
    ("lyuli2020.kkt", "kkt_stationarity"),
    ("lyuli2020.kkt", "kkt_undefined"),
    ("lyuli2020.lemma5_1", "dlogrho_min"),
    ("lyuli2020.lemma5_1", "lemma51_min_rel"),
    ("lyuli2020.lemma5_1", "max_log_loss"),
}
