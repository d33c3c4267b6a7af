"""ibcheck kkt on frei2023's architecture (a = ±1/√m frozen, leaky ReLU): a user's model of that shape gets the
residuals of the paper's own KKT checker (tests/test_kkt_model.py tests the command on any homogeneous model)."""
import math

import numpy as np
import pytest
import torch
from torch import nn

from ibcheck.model_kkt import kkt


def test_frozen_second_layer_has_degree_one_and_matches_the_frei2023_checker():
    """frei2023's architecture (a = ±1/√m frozen, leaky ReLU): our residuals equal theory.frei2023.kkt's (span metric)."""
    from ibcheck.papers.frei2023.theory.kkt import kkt_check
    from ibcheck.theory.two_layer_margin import second_layer
    rng = np.random.default_rng(1)
    n, d, m1, m2, gamma = 6, 40, 2, 2, 0.5
    X = rng.normal(size=(n, d)) / math.sqrt(d)
    B = rng.normal(size=(m1 + m2, n))
    a = second_layer(m1, m2)
    W = B @ X
    q = (a @ np.maximum(gamma * W @ X.T, W @ X.T))
    y = np.sign(q)
    net = nn.Sequential(nn.Linear(d, m1 + m2, bias=False), nn.LeakyReLU(gamma), nn.Linear(m1 + m2, 1, bias=False)).double()
    with torch.no_grad():
        net[0].weight.copy_(torch.tensor(W))
        net[2].weight.copy_(torch.tensor(a)[None])
    net[2].weight.requires_grad_(False)
    r = kkt(net, X, y)
    ref = kkt_check(X @ X.T, y, a, gamma, B)
    assert r.degree == 1 and r.kkt_stationarity == pytest.approx(ref.stationarity, rel=1e-8)
    assert r.kkt_complementarity == pytest.approx(ref.complementarity, rel=1e-6)
    assert r.normalized_margin == pytest.approx(float((y * q).min() / np.linalg.norm(W)), rel=1e-12)
    assert "Problem (1)" in r.references["reference"] and r.references["problem1_aligned_margin"] > 0
