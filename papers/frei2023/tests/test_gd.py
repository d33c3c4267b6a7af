"""frei2023 Section 4: span GD vs autograd GD, stable-rank bookkeeping, symbolic proof, CIFAR-10 reader."""
import pickle

import numpy as np
import pytest
import torch

from ibcheck.checks.base import Hooks
from ibcheck.checks.runner import run_check
from ibcheck.numerics.data.classification import gaussian_pm1
from ibcheck.numerics.runtime.errors import InputError
from ibcheck.papers.frei2023.numerics.relu_sgd import load_cifar10, srank
from ibcheck.numerics.trainers.smooth_gd import gd_direct_smooth, gd_smooth, weight_stats
from ibcheck.numerics.trainers.two_layer import gaussian_init, second_layer
from ibcheck.papers.frei2023.theory.activation import prove_leaky_smooth, prove_smoothed


def _setup(n=10, d=400, m=8, seed=0, std=1e-3):
    dat = gaussian_pm1(n, d, seed)
    a = second_layer(m // 2, m // 2)
    B0, P = gaussian_init(dat.X, dat.K, m, std, seed)
    return dat, a, B0, P


def test_span_gd_matches_autograd_gd_and_srank():
    dat, a, B0, P = _setup()
    eta = 0.5 / float(dat.K.diagonal().max())
    rec = gd_smooth(dat.K[None], dat.y[None], a, B0[None], P[None], eta, 0.5, 30)
    B = rec.B
    from ibcheck.numerics.runtime.device import generator
    W0 = torch.randn(8, 400, generator=generator(5_000_011 + 0), dtype=torch.float64) * 1e-3
    W = gd_direct_smooth(dat.X, dat.y, a, W0, eta, 0.5, 30)
    W_span = (W0 - B0 @ dat.X) + B[0] @ dat.X
    # span-reduced vs direct GD, 30 steps of the same float64 iteration: rounding grows ~linearly, ~1e-14
    assert float((W_span - W).norm() / W.norm()) <= 1e-10
    assert float(rec.srank[-1][0]) == pytest.approx(srank(W), rel=1e-9)


def test_batched_equals_sequential():
    runs = [_setup(seed=s) for s in range(3)]
    K = torch.stack([r[0].K for r in runs])
    y = torch.stack([r[0].y for r in runs])
    B0 = torch.stack([r[2] for r in runs])
    P = torch.stack([r[3] for r in runs])
    a = runs[0][1]
    Bb = gd_smooth(K, y, a, B0, P, 1e-4, 0.5, 50).B
    for s in range(3):
        Bs = gd_smooth(K[s:s + 1], y[s:s + 1], a, B0[s:s + 1], P[s:s + 1], 1e-4, 0.5, 50).B
        # a batch of seeds vs one seed: the same arithmetic up to BLAS's summation order (~1e-15 per step, 50 steps)
        assert float((Bs[0] - Bb[s]).norm() / Bb[s].norm()) <= 1e-12


def test_weight_stats_of_a_known_matrix():
    K = torch.eye(3, dtype=torch.float64)[None]
    B = torch.diag(torch.tensor([3.0, 1.0, 1.0], dtype=torch.float64))[None]
    sr, spec, fro = weight_stats(B, K, torch.zeros(1, 3, 3, dtype=torch.float64))
    assert float(sr) == pytest.approx(11 / 9) and float(spec) == pytest.approx(3.0)


def test_symbolic_proofs():
    good = prove_smoothed(1)
    assert all(s.result is True for s in good.steps)
    sharp = prove_smoothed(2)
    assert sharp.result("φ''(z) ≤ (1−γ)/4") is False and "witness" in sharp.steps[4].how
    assert prove_leaky_smooth().steps[1].result is False


def _fake_cifar(root, n=20, bad=None):
    root.mkdir()
    rng = np.random.default_rng(0)
    for name in [f"data_batch_{i}" for i in range(1, 6)] + ["test_batch"]:
        if bad == "missing" and name == "data_batch_3":
            continue
        data = rng.integers(0, 256, size=(n, 3072 if bad != "shape" else 100), dtype=np.uint8)
        with open(root / name, "wb") as fh:
            if bad == "garbage" and name == "test_batch":
                fh.write(b"not a pickle")
            else:
                pickle.dump({b"data": data, b"labels": list(rng.integers(0, 10, size=n))}, fh)
    return root


def test_cifar_reader_and_fig2_on_a_fake_folder(tmp_path):
    root = _fake_cifar(tmp_path / "cifar-10-batches-py")
    d = load_cifar10(tmp_path)  # accepts the parent folder too
    assert d.Xtr.shape == (100, 3072) and d.Xte.shape == (20, 3072)
    r = run_check("frei2023.fig2", {"cifar_dir": str(root), "m": 16, "epochs": 2, "batch": 10})
    assert r["quantities"]["dataset"] == "CIFAR-10" and "dataset: CIFAR-10" in r["reason"]


@pytest.mark.parametrize("bad,msg", [("missing", "lacks data_batch_3"), ("shape", "expected data N×3072"),
                                     ("garbage", "malformed")])
def test_cifar_reader_rejects_malformed_folders(tmp_path, bad, msg):
    root = _fake_cifar(tmp_path / "c", bad=bad)
    with pytest.raises(InputError, match=msg):
        load_cifar10(root)
    with pytest.raises(InputError, match="does not exist"):
        load_cifar10(tmp_path / "nowhere")


# ---- negative controls -------------------------------------------------------------------------
def test_large_init_violates_the_one_step_bound():
    """Scale 1e-2 (row norm) leaves srank(W⁽¹⁾) ≈ srank(W⁽⁰⁾); with the init hypothesis's constant relaxed
    (a wrong constant), the check must report the violated row: the first step does not reduce the stable rank."""
    r = run_check("frei2023.thm4.2.srank", {"n": 6, "d": 400000, "m": 50, "init_scale": 1e-2, "c_init": 1e9,
                                            "steps": 200})
    assert all(h["holds"] for h in r["hypotheses"]), r["hypotheses"]
    assert r["verdict"] == "violated" and r["quantities"]["srank_after_step1"] > 10
    failed = {c["name"] for c in r["conclusions"] if c["holds"] is False and c["provenance"] != "threshold"}
    assert failed == {"the first step reduces the stable rank: srank(W⁽¹⁾) < srank(W⁽⁰⁾)"}, failed


def test_non_smooth_activations_are_refused():
    assert run_check("frei2023.activation", {"activation": "leaky"})["verdict"] == "violated"
    assert run_check("frei2023.activation", {"activation": "smoothed-c2"})["verdict"] == "violated"


def test_growing_rank_trajectory():
    def grow(se):
        se = dict(se)
        se["srank"] = [se["srank"][0]] + [1.0 + 0.01 * t for t in se["steps"][1:]]
        return se
    r = run_check("frei2023.thm4.2.srank", {"n": 6, "d": 400000, "m": 50, "steps": 300}, hooks=Hooks(limit=grow))
    # the seed's C has no value: exceeding our C = 2 is a threshold not reached, not a counterexample
    assert r["verdict"] == "inconclusive", r["reason"]
    failed = {c["name"]: c["provenance"] for c in r["conclusions"] if c["holds"] is False}
    assert failed == {"max_{t≥1} srank(W⁽ᵗ⁾) ≤ C over the sweep": "threshold"}, failed
    assert r["quantities"]["srank_max_after_step1"] > 2


def test_fig2_with_equal_ranks_is_violated():
    def flat(name, tr):
        tr.srank = [30.0] * len(tr.srank)
        return tr
    assert run_check("frei2023.fig2", {"epochs": 1}, hooks=Hooks(limit=flat))["verdict"] == "violated"


INSIDE4 = {"n": 6, "d": 400000, "m": 50, "steps": 2000}


def test_loss_that_goes_up_is_violated():
    def bump(se):
        se = dict(se)
        se["loss"] = se["loss"][:-1] + [se["loss"][0]]
        return se
    r = run_check("frei2023.thm4.2.loss", INSIDE4, hooks=Hooks(limit=bump))
    assert all(h["holds"] for h in r["hypotheses"]) and r["verdict"] == "violated"


def test_bounded_spectral_norm_is_violated():
    def flat(se):
        se = dict(se)
        se["spectral"] = [se["spectral"][1]] * len(se["spectral"])
        return se
    r = run_check("frei2023.thm4.2.norm", INSIDE4, hooks=Hooks(limit=flat))
    assert all(h["holds"] for h in r["hypotheses"]) and r["verdict"] == "violated"


def test_fig1_reduction_shrinking_with_d_is_violated():
    def wrong(se):
        se = dict(se)
        se["srank"] = se["srank"][:-1] + [se["srank"][0] ** 2 / 100]
        return se
    assert run_check("frei2023.fig1", {"steps": 50}, hooks=Hooks(limit=wrong))["verdict"] == "violated"
