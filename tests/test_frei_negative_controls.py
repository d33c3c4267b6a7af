"""Negative controls for frei2023: a non-KKT W, a rank-3 W, a nonlinear boundary, a wrong factor → violated."""
import numpy as np
import torch

from ibcheck.checks.base import Hooks
from ibcheck.checks.runner import run_check

INSIDE = {"n": 6, "d": 200000, "gamma": 1.0, "m1": 3, "m2": 3}
INSIDE_LEAKY = {"n": 4, "d": 400000, "gamma": 0.8, "m1": 3, "m2": 3}


def random_W(K, y, B):
    g = torch.Generator().manual_seed(0)
    return torch.randn(B.shape, generator=g, dtype=B.dtype) * B.abs().max()


def rank3(K, y, B):
    """The trained limit plus a rank-3 component of relative size 1e-2."""
    g = torch.Generator().manual_seed(1)
    U = torch.randn(B.shape[0], 3, generator=g, dtype=B.dtype)
    V = torch.randn(3, B.shape[1], generator=g, dtype=B.dtype)
    P = U @ V
    return B + 1e-2 * P * (B.norm() / P.norm())


def assert_violated(r):
    assert all(h["holds"] for h in r["hypotheses"]), r["hypotheses"]
    assert r["verdict"] == "violated", (r["verdict"], r["reason"])


def test_non_kkt_W():
    assert_violated(run_check("frei2023.thm3.1", INSIDE_LEAKY, hooks=Hooks(limit=random_W)))
    assert_violated(run_check("frei2023.thm3.2.global", INSIDE_LEAKY, hooks=Hooks(limit=random_W)))
    assert_violated(run_check("frei2023.thm3.2.margins", INSIDE_LEAKY, hooks=Hooks(limit=random_W)))
    assert_violated(run_check("frei2023.thm3.2.neurons", INSIDE_LEAKY, hooks=Hooks(limit=random_W)))


def test_rank3_W():
    r = run_check("frei2023.thm3.2.rank", INSIDE, hooks=Hooks(limit=rank3))
    assert_violated(r)
    assert r["quantities"]["sigma3_over_sigma1"] > 1e-3


def test_nonlinear_boundary():
    r = run_check("frei2023.thm3.2.boundary", INSIDE_LEAKY, hooks=Hooks(limit=random_W))
    assert_violated(r)
    assert r["quantities"]["boundary_agreement"] < 0.999


def test_wrong_margin_factor():
    assert_violated(run_check("frei2023.thm3.2.margin-factor", {**INSIDE, "c_factor": 1.5}))


def test_gmm_with_a_wrong_network():
    r = run_check("frei2023.sec5.gmm", {}, hooks=Hooks(limit=lambda K, y, B: -B))
    assert_violated(r)
    assert r["quantities"]["test_error"] > 0.9


def test_xor_solved_by_a_nonlinear_network():
    """Replace the GF limit by a network that solves XOR (|x₁| − |x₂| through ±e₁, ±e₂ projected on the
    data span): its boundary is not linear and its test error is far below ½ → violated."""
    from ibcheck.numerics.classification import xor
    p = {"n": 10, "d": 400000, "mu_norm": 30.0, "gamma": 0.7, "m1": 2, "m2": 2}
    data = xor(p["n"], p["d"], 0, p["mu_norm"])
    C = torch.linalg.solve(data.K, data.axes)  # Pe_k = Xᵀ K⁻¹ X e_k

    def solver(K, y, B):
        return torch.stack([C[:, 0], -C[:, 0], C[:, 1], -C[:, 1]])
    r = run_check("frei2023.sec5.xor", p, hooks=Hooks(limit=solver))
    assert_violated(r)
    assert r["quantities"]["test_error"] < 0.3
