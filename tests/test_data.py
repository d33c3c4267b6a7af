"""Data generators and the user-dataset loader (every bad input is an InputError naming the problem)."""
import numpy as np
import pytest
import torch

from ibcheck.numerics.data.sets import load_npz, make_gaussian, signed_labels, spectrum
from ibcheck.numerics.runtime.errors import InputError


def test_labels_have_exact_sign_counts_and_range():
    y = signed_labels(41, 0, "uniform", 1.0, 2.0, 0.5)
    assert int((y > 0).sum()) == 20 and int((y < 0).sum()) == 21
    assert float(y.abs().min()) >= 1.0 and float(y.abs().max()) <= 2.0


def test_labels_do_not_depend_on_d():
    assert torch.equal(make_gaussian(10, 100, 3).y, make_gaussian(10, 1000, 3).y)


def test_spectra():
    assert float(spectrum(100, "isotropic").sum()) == 100
    lam = spectrum(100, "power:0.5")
    assert lam[0] == 1 and lam[3] == pytest.approx(0.5)
    assert float(spectrum(10, "spike:2:5").sum()) == 18
    for bad in ("power", "power:x", "power:2", "spike:20:1", "weird"):
        with pytest.raises(InputError):
            spectrum(10, bad)


def test_gram_trace_matches_spectrum():
    ds = make_gaussian(5, 20000, 0, spec="power:0.3")
    assert float(ds.K.diagonal().mean()) == pytest.approx(ds.trace_sigma, rel=0.05)


def _save(tmp_path, name="d.npz", **arrays):
    p = tmp_path / name
    np.savez(p, **arrays)
    return p


def test_load_npz_ok_and_trace_estimated(tmp_path):
    X = np.random.default_rng(0).normal(size=(6, 50))
    y = np.array([1.0, -1, 2, -2, 1, -1])
    ds = load_npz(_save(tmp_path, X=X, y=y))
    assert ds.trace_sigma_estimated and ds.trace_sigma == pytest.approx((X ** 2).sum(1).mean())
    ds2 = load_npz(_save(tmp_path, "e.npz", X=X, y=y, trace_sigma=50.0))
    assert not ds2.trace_sigma_estimated and ds2.trace_sigma == 50.0


@pytest.mark.parametrize("arrays,msg", [
    (dict(X=np.array([[np.nan, 1.0], [1.0, 2.0]]), y=np.ones(2)), "NaN or Inf"),
    (dict(X=np.ones((3, 4)), y=np.ones(2)), "must have shape"),
    (dict(X=np.ones((3, 4))), "missing array 'y'"),
    (dict(X=np.ones(4), y=np.ones(4)), "2-D"),
    (dict(X=np.eye(3), y=np.array([1.0, np.inf, 1.0])), "y contains NaN"),
    (dict(X=np.eye(3), y=np.ones(3), trace_sigma=-1.0), "trace_sigma"),
    (dict(X=np.zeros((3, 3)), y=np.ones(3)), "all-zero row"),
])
def test_load_npz_rejects(tmp_path, arrays, msg):
    with pytest.raises(InputError, match=msg):
        load_npz(_save(tmp_path, **arrays))


def test_load_npz_not_an_archive(tmp_path):
    p = tmp_path / "x.npz"
    p.write_text("hello")
    with pytest.raises(InputError, match="not a readable .npz"):
        load_npz(p)
    with pytest.raises(InputError, match="no such file"):
        load_npz(tmp_path / "missing.npz")
    q = tmp_path / "a.npy"
    np.save(q, np.ones(3))
    with pytest.raises(InputError, match="not an .npz"):
        load_npz(q)
