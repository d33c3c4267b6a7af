"""Figure 2 of frei2023: a two-layer ReLU network with biases trained by SGD (cross-entropy, 10 classes).

Glorot-uniform initialisation (``U[±√(6/(fan_in+fan_out))]``, TensorFlow's default) vs the same scaled
down 50×; the first layer's stable rank and the train/test accuracy are tracked. Data: CIFAR-10 from a
user folder in the ``cifar-10-batches-py`` layout, else scikit-learn's bundled digits.
"""
from __future__ import annotations

import math
import pickle
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import torch

from ibcheck.numerics.runtime.device import generator
from ibcheck.numerics.runtime.errors import InputError
from ibcheck.numerics.trajectory import Trajectory, former_names


@dataclass
class ImageData:
    Xtr: torch.Tensor
    ytr: torch.Tensor
    Xte: torch.Tensor
    yte: torch.Tensor
    name: str


def _standardise(Xtr, Xte):
    mu, sd = Xtr.mean(0, keepdims=True), Xtr.std(0, keepdims=True) + 1e-8
    return (Xtr - mu) / sd, (Xte - mu) / sd


def load_cifar10(folder: str | Path, n_train: int | None = None, n_test: int | None = None) -> ImageData:
    """Read ``data_batch_1..5`` and ``test_batch`` (pickled dicts with ``data`` N×3072 uint8 and ``labels``)."""
    root = Path(folder)
    if root.is_dir() and (root / "cifar-10-batches-py").is_dir():
        root = root / "cifar-10-batches-py"
    if not root.is_dir():
        raise InputError(f"CIFAR-10 folder {folder!r} does not exist")

    def read(name):
        f = root / name
        if not f.is_file():
            raise InputError(f"CIFAR-10 folder {folder!r} lacks {name} (expected the cifar-10-batches-py layout)")
        try:
            with open(f, "rb") as fh:
                d = pickle.load(fh, encoding="bytes")
            X = np.asarray(d[b"data"], dtype=np.float64)
            y = np.asarray(d[b"labels"], dtype=np.int64)
        except Exception as exc:  # noqa: BLE001  (any unpickling problem is a malformed input)
            raise InputError(f"CIFAR-10 file {f}: malformed ({type(exc).__name__})") from None
        if X.ndim != 2 or X.shape[1] != 3072 or len(y) != len(X) or (y.size and (y.min() < 0 or y.max() > 9)):
            raise InputError(f"CIFAR-10 file {f}: expected data N×3072 and labels in 0..9, got {X.shape}")
        return X, y
    parts = [read(f"data_batch_{i}") for i in range(1, 6)]
    Xtr, ytr = np.concatenate([p[0] for p in parts]), np.concatenate([p[1] for p in parts])
    Xte, yte = read("test_batch")
    Xtr, Xte = Xtr[:n_train], Xte[:n_test]
    Xtr_t, Xte_t = _standardise(torch.as_tensor(Xtr / 255.0), torch.as_tensor(Xte / 255.0))
    return ImageData(Xtr_t, torch.as_tensor(ytr[:n_train]), Xte_t, torch.as_tensor(yte[:n_test]), "CIFAR-10")


def load_digits(seed: int = 0) -> ImageData:
    """scikit-learn's bundled 8×8 digits (1797 images, 10 classes), split 75/25 by the seed."""
    from sklearn.datasets import load_digits as _ld
    X, y = _ld(return_X_y=True)
    perm = torch.randperm(len(y), generator=generator(seed)).numpy()
    cut = int(0.75 * len(y))
    tr, te = perm[:cut], perm[cut:]
    Xtr, Xte = _standardise(torch.as_tensor(X[tr], dtype=torch.float64), torch.as_tensor(X[te], dtype=torch.float64))
    return ImageData(Xtr, torch.as_tensor(y[tr]), Xte, torch.as_tensor(y[te]), "scikit-learn digits (CIFAR-10 not given)")


def srank(W: torch.Tensor) -> float:
    s = torch.linalg.svdvals(W)
    return float((s ** 2).sum() / s[0] ** 2)


def train_relu_sgd(data: ImageData, m: int, init_factor: float, *, lr: float, epochs: int, batch: int, seed: int,
                   record_every: int = 10) -> Trajectory:
    """SGD on ``x ↦ V relu(Wx + b) + c`` (cross-entropy); ``init_factor`` scales the Glorot-uniform range.

    A ``Trajectory`` (engine ``sgd``) on every ``record_every``-th step and the last (``steps``): states ``srank``
    (stable rank of W), ``train_acc`` and ``test_acc``; no loss recorded (``log_loss`` is None).
    """
    g = generator(seed)
    d, k = data.Xtr.shape[1], int(max(data.ytr.max(), data.yte.max())) + 1

    def glorot(fan_in, fan_out):
        lim = init_factor * math.sqrt(6 / (fan_in + fan_out))
        return ((torch.rand(fan_out, fan_in, generator=g, dtype=torch.float64) * 2 - 1) * lim).requires_grad_(True)
    W, V = glorot(d, m), glorot(m, k)
    b = torch.zeros(m, dtype=torch.float64, requires_grad=True)
    c = torch.zeros(k, dtype=torch.float64, requires_grad=True)
    params = [W, b, V, c]
    fwd = lambda X: torch.relu(X @ W.T + b) @ V.T + c  # noqa: E731
    acc = lambda X, y: float((fwd(X).argmax(1) == y).double().mean())  # noqa: E731
    tr = Trajectory(clock=[], states={"srank": [], "train_acc": [], "test_acc": []}, engine="sgd", clock_name="steps")
    N, step = len(data.ytr), 0
    for _ in range(epochs):
        perm = torch.randperm(N, generator=g)
        for i in range(0, N, batch):
            if step % record_every == 0:
                with torch.no_grad():
                    tr.steps.append(step), tr.srank.append(srank(W)), tr.train_acc.append(acc(data.Xtr, data.ytr))
                    tr.test_acc.append(acc(data.Xte, data.yte))
            idx = perm[i:i + batch]
            loss = torch.nn.functional.cross_entropy(fwd(data.Xtr[idx]), data.ytr[idx])
            grads = torch.autograd.grad(loss, params)
            with torch.no_grad():
                for p_, g_ in zip(params, grads):
                    p_ -= lr * g_
            step += 1
    with torch.no_grad():
        tr.steps.append(step), tr.srank.append(srank(W)), tr.train_acc.append(acc(data.Xtr, data.ytr))
        tr.test_acc.append(acc(data.Xte, data.yte))
    return tr


__getattr__ = former_names(__name__, {"SGDTrace": Trajectory})  # 0.1's record, until 0.3.0
