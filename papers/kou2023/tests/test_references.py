"""Exact references of kou2023 against independent methods."""
import numpy as np
import pytest

from ibcheck.checks.runner import run_check
from ibcheck.papers.kou2023.theory.limit import full_srank_limit


@pytest.mark.parametrize("gamma", [0.1, 0.5])
def test_kou_derived_limit_on_exactly_orthogonal_data(gamma):
    """Balanced, orthogonal, equal-norm data: cos(v₊, v₋) = −2γ/(1+γ²) and srank = 2/(1 + |cos|) exactly."""
    n, m = 6, 5
    K = 3.0 * np.eye(n)
    y = np.array([1.0, -1, 1, -1, 1, -1])
    lim = full_srank_limit(K, y, m, gamma)
    assert lim["kkt_valid"]
    # the closed form of the limit: the same formula up to a few roundings of O(1) values
    assert lim["cos_vpm"] == pytest.approx(-2 * gamma / (1 + gamma ** 2), abs=1e-12)
    # as above
    assert lim["srank_full"] == pytest.approx(2 / (1 + abs(lim["cos_vpm"])), abs=1e-12)
    # as above: rank one exactly
    assert lim["srank_pos"] == pytest.approx(1.0, abs=1e-12)


def test_kou_reference_values_of_section_8():
    """§8 (n=10, d=3000, m=20 per class, σ₀=1e-4, 2e5 steps): per class 1.0003; full 1.62 (γ=0.1), 1.10 (γ=0.5);
    tL ≈ 2.0; ReLU per class 1.27, full 2.13. Ours at 2e4 steps (the quick profile): per class ≤ 1.001, full within
    3% (γ = 0.1) and 1% (γ = 0.5), tL within 5% of 2.0; ReLU per class within 7% of 1.27."""
    q = run_check("kou2023.leaky_srank_to_1", {})["quantities"]
    assert q["srank_excess_final"] <= 1e-3 and abs(q["srank_full_final"] / 1.62 - 1) <= 0.03
    q5 = run_check("kou2023.leaky_srank_to_1", {"gamma": 0.5})["quantities"]
    assert abs(q5["srank_full_final"] / 1.10 - 1) <= 0.01
    assert abs(run_check("kou2023.loss_rate", {})["quantities"]["tL_final"] / 2.0 - 1) <= 0.05
    r = run_check("kou2023.relu_srank_bounded", {})["quantities"]
    assert abs(0.5 * (r["srank_pos_final"] + r["srank_neg_final"]) / 1.27 - 1) <= 0.07
