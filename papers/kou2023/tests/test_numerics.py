"""Trainers of kou2023 against independent implementations (direct forms, autograd, exact solutions)."""
import numpy as np
import torch

from ibcheck.papers.kou2023.numerics.kou_gd import kou_gd

B = np.array([[0.0, 1.0], [1.0, 0.0]])


def test_kou_span_gd_equals_direct_gd_and_sranks():
    from ibcheck.numerics.data.classification import gaussian_pm1
    from ibcheck.numerics.trainers.two_layer import gaussian_init, split_init
    n, d, m, gamma, eta = 6, 200, 4, 0.2, 0.5
    dat = gaussian_pm1(n, d, 0)
    W0 = torch.randn(2 * m, d, generator=torch.Generator().manual_seed(0), dtype=torch.float64) * 1e-2
    B0, P = split_init(dat.X, dat.K, W0)
    rec = kou_gd(dat.K[None], dat.y[None], B0[None], P[None], eta, gamma, 20)
    B = rec.B
    W = W0.clone()
    cls = torch.cat([torch.ones(m), -torch.ones(m)]).double()
    for _ in range(20):
        Wg = W.clone().requires_grad_(True)
        Z = Wg @ dat.X.T
        f = (cls[:, None] * torch.maximum(Z, gamma * Z)).sum(0) / m
        L = torch.nn.functional.softplus(-dat.y * f).mean()
        (g,) = torch.autograd.grad(L, Wg)
        W = W - eta * g
    W_span = W0 + (B[0] - B0) @ dat.X
    assert torch.allclose(W_span, W, rtol=0, atol=1e-12 * float(W.abs().max()))
    sv = torch.linalg.svdvals(W)
    # srank = Σσ²/σ₁² (condition ≈ 1: every σ_i ≤ σ₁) by torch's SVD vs the trainer's Gram route: Weyl, ≤ γ·srank
    assert abs(float((sv ** 2).sum() / sv[0] ** 2) - float(rec.srank_full[-1][0])) < 1e-9
    sv_p = torch.linalg.svdvals(W[:m])
    # as above, the positive neurons only
    assert abs(float((sv_p ** 2).sum() / sv_p[0] ** 2) - float(rec.srank_pos[-1][0])) < 1e-9
    assert gaussian_init  # the checks' init (used there) splits W₀ the same way


def test_kou_gd_records_a_trajectory():
    """The run's record is the one ``Trajectory``: every series on its checkpoint steps; the 0.1 name warns."""
    import pytest
    from ibcheck.numerics.trajectory import Trajectory
    from ibcheck.papers.kou2023.numerics import kou_gd as mod
    from ibcheck.numerics.data.classification import gaussian_pm1
    from ibcheck.numerics.trainers.two_layer import split_init
    dat = gaussian_pm1(6, 20, 0)
    W0 = torch.randn(4, 20, generator=torch.Generator().manual_seed(0), dtype=torch.float64) * 1e-2
    B0, P = split_init(dat.X, dat.K, W0)
    rec = kou_gd(dat.K[None], dat.y[None], B0[None], P[None], 0.5, 0.2, 5)
    assert type(rec) is Trajectory and rec.engine == "gd" and rec.steps[0] == 0
    assert all(len(v) == len(rec.steps) for v in rec.series().values())
    with pytest.warns(DeprecationWarning, match="KouRecord"):
        assert mod.KouRecord is Trajectory
