"""Negative controls: every lai2026 check must say `violated` when fed a wrong limit, a wrong constant
or a broken trainer — proof that the checks can fail. Hypotheses must still hold in each case."""
import numpy as np
import torch

from ibcheck.checks.base import Hooks
from ibcheck.checks.runner import run_check
from ibcheck.papers.lai2026.theory.minnorm import min_norm_m2_decoupled

import pytest

pytestmark = pytest.mark.machine  # outcome independent of the BLAS kernel and thread count (tests/machine_record.py)

Q = {"n": 40, "d": 4000}


def inverted_relu_derivative(beta):
    """σ'(β) = 𝟙{β < 0}: a sign error in the activation derivative."""
    return (beta < 0).to(beta.dtype)


def shift_negatives(factor):
    """Push the limit's coefficients on negative labels by ``factor·y/‖λ‖₁`` (a far-off limit)."""
    def f(K, y, tr, alpha):
        return alpha + factor * (y * (y < 0)).unsqueeze(1) / tr.view(-1, 1, 1)
    return f


def bump(scale):
    """Add a d-independent perturbation of norm ≈ ``scale`` to the limit (breaks every scaling law)."""
    def f(K, y, tr, alpha):
        v = torch.zeros_like(alpha)
        v[..., 0] = scale / torch.sqrt(K[:, 0, 0]).view(-1, 1)
        return alpha + v
    return f


def assert_violated(r, hypotheses_hold=True):
    """``violated``, or for an exploratory claim its answer ``observed`` (a question's answer never exits 1)."""
    assert r["verdict"] == ("observed" if r["exploratory"] else "violated"), (r["verdict"], r["reason"])
    if hypotheses_hold:
        assert all(h["holds"] for h in r["hypotheses"]), r["hypotheses"]


def test_gram_wrong_constant():
    assert_violated(run_check("lai2026.gram", {**Q, "c_gram": 0.05}))


def test_m1_pattern_broken_derivative():
    assert_violated(run_check("lai2026.m1.pattern", Q, hooks=Hooks(deriv=inverted_relu_derivative)))


def test_m1_limit_broken_derivative_never_converges():
    r = run_check("lai2026.m1.limit", {**Q, "max_steps": 500}, hooks=Hooks(deriv=torch.ones_like))
    assert_violated(r)
    assert not r["quantities"]["converged"]


def test_m1_limit_perturbed_limit():
    assert_violated(run_check("lai2026.m1.limit", Q, hooks=Hooks(limit=bump(0.05))))


def test_m1_gap_perturbed_beyond_upper_bound():
    r = run_check("lai2026.m1.gap", Q, hooks=Hooks(limit=shift_negatives(10.0)))
    assert_violated(r)
    assert r["quantities"]["gap"] > r["quantities"]["upper"]


def test_m1_gap_wrong_constant():
    assert_violated(run_check("lai2026.m1.gap", {**Q, "c_up": 0.1}))


def test_m1_rate_d_independent_error():
    assert_violated(run_check("lai2026.m1.rate", {"reps": 1}, hooks=Hooks(limit=bump(0.3))))


def test_m2_decoupling_broken_derivative():
    assert_violated(run_check("lai2026.m2.decoupling", Q, hooks=Hooks(deriv=inverted_relu_derivative)))


def test_m2_gap_perturbed_and_wrong_constant():
    assert_violated(run_check("lai2026.m2.gap", Q, hooks=Hooks(limit=shift_negatives(10.0))))
    assert_violated(run_check("lai2026.m2.gap", {**Q, "c_low": 4.0}))


def test_linear_perturbed_limit():
    assert_violated(run_check("lai2026.linear", Q, hooks=Hooks(limit=bump(1e-4))))


def test_random_init_replaced_by_positive_init():
    r = run_check("lai2026.random-init", {"runs": 4}, hooks=Hooks(init=lambda a0: a0.abs() * 0 + 1e-3 / 4000))
    assert_violated(r, hypotheses_hold=False)


def test_moderate_d_exactly_orthogonal_data():
    ortho = lambda K: torch.diag(K.diagonal())  # noqa: E731  (no cross-talk at any d/n)
    assert_violated(run_check("lai2026.moderate-d", {"runs": 4}, hooks=Hooks(gram=ortho)), hypotheses_hold=False)


def test_m_gt_2_limit_replaced_by_the_min_norm_interpolator():
    def to_shared(K, y, tr, alpha):
        wp, wm = min_norm_m2_decoupled(K[0].numpy(), y[0].numpy(), float(tr[0]))
        h = alpha.shape[1] // 2
        sh = np.concatenate([np.repeat(wp.alpha[None] / h, h, 0), np.repeat(wm.alpha[None] / h, h, 0)])
        return torch.as_tensor(sh)[None]
    assert_violated(run_check("lai2026.m-gt-2", {}, hooks=Hooks(limit=to_shared)), hypotheses_hold=False)


def test_m2_gap_without_a_certificate_is_not_verified(monkeypatch):
    """The dual certificate fails (forced) and n = 40 > 6 leaves no enumeration: global optimality is then
    unknown — NaN, "not certified" — never reported true, so the claim cannot be verified."""
    import dataclasses

    from ibcheck.papers.lai2026.checks import m2
    real = m2.certify_decoupled
    monkeypatch.setattr(m2, "certify_decoupled", lambda *a: dataclasses.replace(
        real(*a), certified=False, reasons=["forced failure (test)"]))
    r = run_check("lai2026.m2.gap", Q)
    assert r["quantities"]["decoupled_is_global"] is None
    assert r["verdict"] != "verified", r["reason"]
    assert r["quantities"]["global_certificate"]["certified"] is False
