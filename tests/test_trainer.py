"""The span-reduced trainer against direct autograd GD in R^d; batching; bitwise reproducibility."""
import pytest
import torch

from ibcheck.numerics.data.sets import make_gaussian
from ibcheck.numerics.data.inits import positive_init, random_init
from ibcheck.numerics.trainers.relu_gd import checkpoint_steps, gd_direct, gd_span


def _data(n=12, d=300, seed=0):
    return make_gaussian(n, d, seed)


def _rel(a, b):
    return float((a - b).norm() / b.norm()) if float(b.norm()) > 0 else float((a - b).norm())


@pytest.mark.parametrize("a,activation", [([1.0], "relu"), ([1.0, -1.0], "relu"), ([1.0], "linear"),
                                          ([1.0, 1.0, -1.0, -1.0], "relu")])
def test_span_matches_direct_positive_init(a, activation):
    ds = _data()
    at = torch.tensor(a, dtype=torch.float64)
    eta = 1.0 / ds.trace_sigma
    a0 = positive_init(1, len(a), ds.n, ds.trace_sigma, 1e-3)
    if activation == "linear":
        a0 = torch.zeros_like(a0)
    span = gd_span(ds.K[None], ds.y[None], at, a0, eta, activation=activation, max_steps=200)
    direct = gd_direct(ds.X, ds.y, at, a0[0] @ ds.X, eta, activation=activation, max_steps=200)
    assert int(span.steps[0]) == direct.steps
    W_span = span.alpha[0] @ ds.X
    assert _rel(W_span, direct.W) <= 1e-10  # two exact implementations of the same float64 iteration
    for t, beta in zip(span.clock, span.betas):
        if t < len(direct.betas):
            # span-reduced vs direct GD: the same float64 iteration up to summation order
            assert _rel(beta[0], direct.betas[t]) <= 1e-10, t


def test_span_matches_direct_random_init_with_orthogonal_part():
    ds = _data(n=10, d=200, seed=3)
    a = torch.ones(1, dtype=torch.float64)
    alpha0, perp_sq, W0 = random_init(ds.X, ds.K, 1, 0.5, ds.trace_sigma, seed=1)
    eta = 1.0 / ds.trace_sigma
    span = gd_span(ds.K[None], ds.y[None], a, alpha0[None], eta, max_steps=300)
    direct = gd_direct(ds.X, ds.y, a, W0, eta, max_steps=300)
    # w = w⊥ + Xᵀα: the orthogonal part never moves under GD
    W_perp = W0 - alpha0 @ ds.X
    assert float((W_perp * W_perp).sum()) == pytest.approx(float(perp_sq[0]), rel=1e-8)
    # as above
    assert _rel(W_perp + span.alpha[0] @ ds.X, direct.W) <= 1e-10


def test_batched_seeds_equal_sequential_runs():
    dss = [_data(seed=s) for s in range(5)]
    K = torch.stack([d.K for d in dss])
    y = torch.stack([d.y for d in dss])
    tr = torch.tensor([d.trace_sigma for d in dss], dtype=torch.float64)
    a = torch.tensor([1.0, -1.0], dtype=torch.float64)
    a0 = positive_init(5, 2, 12, 1.0, 1e-3) / tr.view(-1, 1, 1)
    batched = gd_span(K, y, a, a0, 1.0 / tr)
    for s in range(5):
        one = gd_span(K[s:s + 1], y[s:s + 1], a, a0[s:s + 1], 1.0 / tr[s:s + 1])
        assert int(one.steps[0]) == int(batched.steps[s])
        # a batch of seeds vs one seed: the same arithmetic up to BLAS's summation order
        assert _rel(batched.alpha[s], one.alpha[0]) <= 1e-12
        assert int(one.pattern_changes_after_step1[0]) == int(batched.pattern_changes_after_step1[s])


def test_bitwise_reproducible_on_cpu():
    runs = []
    for _ in range(2):
        ds = _data(seed=7)
        a0 = positive_init(1, 1, ds.n, ds.trace_sigma, 1e-3)
        runs.append(gd_span(ds.K[None], ds.y[None], torch.ones(1, dtype=torch.float64), a0, 1 / ds.trace_sigma))
    assert torch.equal(runs[0].alpha, runs[1].alpha)
    assert torch.equal(runs[0].loss, runs[1].loss)


def test_stopping_rule_and_checkpoints():
    ds = _data()
    a0 = positive_init(1, 1, ds.n, ds.trace_sigma, 1e-3)
    r = gd_span(ds.K[None], ds.y[None], torch.ones(1, dtype=torch.float64), a0, 1 / ds.trace_sigma)
    assert bool(r.converged[0]) and float(r.grad_norm[0]) <= 1e-12 * float(r.grad_norm0[0])
    assert r.clock[:5] == [0, 1, 2, 3, 4]
    assert r.clock[-1] == int(r.steps[0])
    cps = sorted(checkpoint_steps(1000, every_until=10, factor=2.0))
    assert cps[:11] == list(range(11)) and 640 in cps and max(cps) <= 1000


def test_budget_exhaustion_is_reported_not_converged():
    ds = _data()
    a0 = positive_init(1, 1, ds.n, ds.trace_sigma, 1e-3)
    r = gd_span(ds.K[None], ds.y[None], torch.ones(1, dtype=torch.float64), a0, 1 / ds.trace_sigma, max_steps=3)
    assert not bool(r.converged[0]) and int(r.steps[0]) == 3


def test_divergence_is_flagged():
    ds = _data()
    a0 = positive_init(1, 1, ds.n, ds.trace_sigma, 1e-3)
    r = gd_span(ds.K[None], ds.y[None], torch.ones(1, dtype=torch.float64), a0, 5.0 / ds.trace_sigma,
                activation="linear", max_steps=5000)
    assert bool(r.diverged[0]) and not bool(r.converged[0])


@pytest.mark.skipif(not torch.cuda.is_available(), reason="no CUDA device on this machine")
def test_cuda_matches_cpu():
    ds = _data(n=40, d=4000)
    a0 = positive_init(1, 2, ds.n, ds.trace_sigma, 1e-3)
    a = torch.tensor([1.0, -1.0], dtype=torch.float64)
    cpu = gd_span(ds.K[None], ds.y[None], a, a0, 1 / ds.trace_sigma)
    gpu = gd_span(ds.K[None].cuda(), ds.y[None].cuda(), a, a0.cuda(), 1 / ds.trace_sigma)
    # GPU vs CPU: the same float64 iteration up to summation order (TF32 off)
    assert _rel(gpu.alpha.cpu(), cpu.alpha) <= 1e-10


def test_span_loss_is_half_the_squared_residual():
    """The reported loss is L = ½Σ_i(f(x_i) − y_i)², f = Σ_k a_k ReLU(⟨w_k, x_i⟩), recomputed from W = αX."""
    ds = _data(n=8, d=100, seed=2)
    a = torch.tensor([1.0, -1.0], dtype=torch.float64)
    alpha0, _, _ = random_init(ds.X, ds.K, 2, 0.5, ds.trace_sigma, seed=4)
    r = gd_span(ds.K[None], ds.y[None], a, alpha0[None], 1.0 / ds.trace_sigma, max_steps=7)
    for alpha, loss in [(alpha0, r.losses[0][0]), (r.alpha[0], r.loss[0])]:
        f = a @ torch.relu((alpha @ ds.X) @ ds.X.T)
        assert float(loss) == pytest.approx(0.5 * float(((f - ds.y) ** 2).sum()), rel=1e-12)


def test_positive_init_scale():
    """w₀ = εXᵀ𝟙/‖λ‖₁: every coefficient is ε/‖λ‖₁, so β₀ = εK𝟙/‖λ‖₁ ≈ ε𝟙 on near-orthogonal data."""
    a0 = positive_init(2, 3, 4, 50.0, 1e-3)
    assert a0.shape == (2, 3, 4) and torch.all(a0 == 1e-3 / 50.0)
    ds = _data(n=12, d=3000, seed=1)
    beta0 = positive_init(1, 1, ds.n, ds.trace_sigma, 1e-3)[0] @ ds.K
    assert torch.allclose(beta0, torch.full_like(beta0, 1e-3), rtol=0.2)  # K𝟙/‖λ‖₁ = 𝟙 + O(n/√d)


def test_span_gd_numpy_loop_matches_torch_loop_and_is_reproducible():
    """``gd_span``'s numpy loop (float64 CPU, no hooks) against the torch loop: ≤ 1e-12 relative, the same step
    counts, recorded steps and activation changes; two numpy runs bitwise equal."""
    g = torch.Generator().manual_seed(3)
    S, m, n = 3, 2, 30
    X = torch.randn(S, n, 90, generator=g, dtype=torch.float64)
    K = X @ X.transpose(1, 2) / 90
    y = torch.where(torch.arange(n) % 2 == 0, 1.0, -1.0).double() * (1 + torch.rand(S, n, generator=g, dtype=torch.float64))
    a = torch.tensor([1.0, -1.0], dtype=torch.float64)
    a0 = 1e-3 * torch.randn(S, m, n, generator=g, dtype=torch.float64)
    eta = 0.5 / torch.linalg.eigvalsh(K)[:, -1]
    ref = gd_span(K, y, a, a0, eta, max_steps=3000, backend="torch")
    fast, again = gd_span(K, y, a, a0, eta, max_steps=3000), gd_span(K, y, a, a0, eta, max_steps=3000)
    assert torch.equal(ref.steps, fast.steps) and torch.equal(ref.converged, fast.converged)
    assert torch.equal(ref.pattern_changes_after_step1, fast.pattern_changes_after_step1)
    assert ref.clock == fast.clock
    assert float((ref.alpha - fast.alpha).abs().max()) <= 1e-12 * float(ref.alpha.abs().max())
    assert float((ref.loss - fast.loss).abs().max()) <= 1e-12 * float(ref.losses[0].abs().max())
    assert torch.equal(fast.alpha, again.alpha) and torch.equal(fast.beta, again.beta)


@pytest.mark.parametrize("a", [[1.0], [2.0], [1.0, -1.0]])
def test_span_gd_one_seed_loop_matches_torch_loop_and_batched_runs(a):
    """The one-seed numpy loop (1-d BLAS views, scalar stopping rule, r = σ(β) − y when a = 1) against the torch
    loop: the same steps, stopping step, recorded steps and activation changes, and α to 1e-12 relative (the same
    float64 iteration; only BLAS's and torch's summation orders differ: measured ≤ 2e-15). A batch of seeds gives
    bitwise the one-seed runs (the same BLAS call per seed), including seeds that stop while others run on."""
    g = torch.Generator().manual_seed(5)
    S, m, n = 3, len(a), 24
    X = torch.randn(S, n, 96, generator=g, dtype=torch.float64)
    K = X @ X.transpose(1, 2) / 96
    y = torch.where(torch.arange(n) % 2 == 0, 1.0, -1.0).double() * (1 + torch.rand(S, n, generator=g, dtype=torch.float64))
    at = torch.tensor(a, dtype=torch.float64)
    a0 = 1e-2 * torch.rand(S, m, n, generator=g, dtype=torch.float64)
    eta = 0.5 / torch.linalg.eigvalsh(K)[:, -1]
    batched = gd_span(K, y, at, a0, eta, max_steps=5000)
    assert len(set(batched.steps.tolist())) == S and bool(batched.converged.all())  # seeds stop at different steps
    for s in range(S):
        one = gd_span(K[s:s + 1], y[s:s + 1], at, a0[s:s + 1], eta[s:s + 1], max_steps=5000)
        ref = gd_span(K[s:s + 1], y[s:s + 1], at, a0[s:s + 1], eta[s:s + 1], max_steps=5000, backend="torch")
        assert torch.equal(one.steps, ref.steps) and torch.equal(one.converged, ref.converged)
        assert torch.equal(one.pattern_changes_after_step1, ref.pattern_changes_after_step1)
        assert torch.equal(one.pattern_step1, ref.pattern_step1)
        assert one.clock == ref.clock
        # numpy loop vs torch loop: the same float64 iteration (measured ≤ 2e-15)
        assert _rel(one.alpha, ref.alpha) <= 1e-12 and _rel(one.loss, ref.loss) <= 1e-12
        # ‖∇L‖ at the stop is ≤ 1e-12‖∇L₀‖, the rounding of a sum of cancelling terms: compared against ‖∇L₀‖
        assert float((one.grad_norm - ref.grad_norm).abs()) <= 1e-14 * float(ref.grad_norm0)
        for name in ("alpha", "beta", "loss", "steps", "grad_norm", "pattern_changes_after_step1"):
            assert torch.equal(getattr(batched, name)[s], getattr(one, name)[0]), name
        again = gd_span(K[s:s + 1], y[s:s + 1], at, a0[s:s + 1], eta[s:s + 1], max_steps=5000)
        assert torch.equal(again.alpha, one.alpha) and torch.equal(again.beta, one.beta)
