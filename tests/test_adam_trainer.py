"""The log-space Adam trainer (numerics.trainers.adam) against plain implementations: autograd Adam in R^d, torch.optim.Adam,
an exact shift symmetry of the exponential loss that the plain form cannot survive (gradients of e^{−800}), the
bound on Adam's update direction, and its checkpoints."""
import math

import numpy as np
import pytest
import torch

from ibcheck.numerics.trainers.adam import adam, adam_direct, initial_gradient_min, step_size
from ibcheck.numerics.runtime.errors import InputError
from ibcheck.numerics.data.linear_data import planted

# 300 steps of the same float64 recursion summed in another order (BLAS vs torch): observed ≤ 3e-16 relative; 1e-11
# leaves room for the growth of rounding through a recursion whose one-step map has Lipschitz constant ~1.
RTOL = 1e-11


@pytest.mark.parametrize("loss", ["logistic", "exp"])
@pytest.mark.parametrize("bias_correction,eps,reduction", [(False, 0.0, "mean"), (True, 1e-3, "mean"),
                                                          (False, 1e-2, "sum")])
def test_log_space_adam_matches_plain_adam(loss, bias_correction, eps, reduction):
    Z = planted(20, 5, 0).Z
    w0 = np.array([0.2, -0.1, 0.05, 0.0, 0.3])
    run = adam(Z, 300, checkpoints=[300], bias_correction=bias_correction, eps=eps, loss=loss, reduction=reduction,
               w0=w0)
    ref = adam_direct(Z, 300, bias_correction=bias_correction, eps=eps, loss=loss, reduction=reduction, w0=w0)
    assert np.linalg.norm(run.W[-1] - ref) <= RTOL * np.linalg.norm(ref)


def test_matches_torch_optim_adam():
    """torch.optim.Adam (bias-corrected, ε added to √v̂, constant lr) on the mean logistic loss: an independent code."""
    Z = planted(15, 4, 2).Z
    w = torch.zeros(4, dtype=torch.float64, requires_grad=True)
    opt = torch.optim.Adam([w], lr=0.05, betas=(0.8, 0.95), eps=1e-6)
    Zt = torch.as_tensor(Z)
    for _ in range(200):
        opt.zero_grad()
        torch.nn.functional.softplus(-(Zt @ w)).mean().backward()
        opt.step()
    run = adam(Z, 200, beta1=0.8, beta2=0.95, eps=1e-6, schedule="constant", eta0=0.05, bias_correction=True,
               checkpoints=[200])
    ref = w.detach().numpy()
    assert np.linalg.norm(run.W[-1] - ref) <= RTOL * np.linalg.norm(ref)


def test_exp_loss_shift_symmetry_in_log_space():
    """With n ≤ d pick h with Zh = H·𝟙: every gradient along the run from w₀ + h is e^{−H} times the one from w₀, and
    Adam without ε is invariant to that factor, so run(w₀ + h) = run(w₀) + h. At H = 800 the plain form's gradients
    are exactly 0 (e^{−800} underflows) and its update is 0/0; the log-space trainer follows the shifted run."""
    Z = planted(5, 8, 1).Z
    h = np.linalg.lstsq(Z, np.full(5, 800.0), rcond=None)[0]
    base = adam(Z, 2000, loss="exp", eta0=0.05)
    shifted = adam(Z, 2000, loss="exp", eta0=0.05, w0=h)
    # the shift is subtracted again: rounding of |h| ~ 1e2 at 2e-16 relative, per step, over 2000 steps
    np.testing.assert_allclose(shifted.W - h, base.W, rtol=0, atol=1e-9 * np.linalg.norm(h))
    np.testing.assert_allclose(shifted.log_loss + 800.0, base.log_loss, rtol=0, atol=1e-9 * 800)
    with np.errstate(invalid="ignore", divide="ignore"):
        plain = adam_direct(Z, 5, loss="exp", w0=h, eta=lambda t: 0.05 * (t + 2.0) ** -0.5)
    assert not np.all(np.isfinite(plain)) or np.allclose(plain, h)  # the plain form cannot move


def test_update_direction_bound_and_checkpoints():
    """|m_t/√v_t| ≤ (1−β₁)/√(1−β₂) · 1/(1 − β₁/√β₂) coordinate-wise when β₁ < √β₂ (geometric sums of
    |g_s| ≤ √(v_t/((1−β₂)β₂^{t−s})) ); the checkpoints hold 0 and every 10^k, and W[0] = w₀."""
    Z = planted(30, 6, 3).Z
    b1, b2 = 0.9, 0.99
    run = adam(Z, 20_000, beta1=b1, beta2=b2)
    bound = (1 - b1) / math.sqrt(1 - b2) / (1 - b1 / math.sqrt(b2))
    assert np.nanmax(run.update_inf) <= bound * (1 + 1e-12)
    assert {0, 1, 10, 100, 1000, 10_000, 20_000} <= set(run.t.tolist())
    assert np.all(run.W[0] == 0)
    assert np.all(np.diff(run.eta) <= 0) and run.eta[0] == 0.1 * 2 ** -0.5
    assert run.diverged_at == -1 and np.all(np.isfinite(run.log_loss))
    assert run.log_loss[-1] < run.log_loss[run.at(1000)] < run.log_loss[0] == pytest.approx(math.log(math.log(2)))


def test_initial_gradient_and_bad_input():
    Z = planted(10, 3, 0).Z
    assert initial_gradient_min(Z) > 0
    Z0 = np.hstack([Z, np.zeros((10, 1))])  # a coordinate no example uses: its gradient is 0 at every w
    assert initial_gradient_min(Z0) == 0.0
    with pytest.raises(InputError):
        adam(Z, 10, beta1=1.0)
    with pytest.raises(InputError):
        adam(Z, 10, schedule="cosine")
    with pytest.raises(InputError):
        step_size("poly", -1.0, 0.5)
    assert step_size("poly", 2.0, 0.5)(2) == pytest.approx(1.0)


def test_ascent_and_reproducible():
    Z = planted(12, 3, 4).Z
    up = adam(Z, 500, grad_sign=-1.0)
    assert up.log_loss[-1] > up.log_loss[0]
    a, b = adam(Z, 3000), adam(Z, 3000)
    assert np.array_equal(a.W, b.W)
