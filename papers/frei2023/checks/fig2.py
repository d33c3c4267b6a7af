"""frei2023.fig2: ReLU network with biases, SGD; Glorot init keeps the stable rank high, 50× smaller drops it."""
from __future__ import annotations

from ..numerics.relu_sgd import load_cifar10, load_digits, train_relu_sgd
from ..theory import statements as st

from ibcheck.checks.base import CheckSpec, Context, Measurement
from ibcheck.checks.params import Param


def measure_fig2(ctx: Context) -> list[Measurement]:
    p = ctx.params
    out = []
    for seed in ctx.seeds:
        data = (load_cifar10(p["cifar_dir"], p["n_train"] or None, p["n_test"] or None) if p["cifar_dir"]
                else load_digits(seed))
        runs = {}
        for name, factor in (("default", 1.0), ("small", p["small_factor"])):
            tr = train_relu_sgd(data, p["m"], factor, lr=p["lr"], epochs=p["epochs"], batch=p["batch"], seed=seed)
            if ctx.hooks.limit is not None:
                tr = ctx.hooks.limit(name, tr)
            runs[name] = tr
        q = {"dataset": data.name, "n_train": len(data.ytr), "n_test": len(data.yte),
             "srank_min_default_init": min(runs["default"].srank), "srank_min_small_init": min(runs["small"].srank),
             "srank_init": runs["default"].srank[0],
             "final_train_acc_default": runs["default"].train_acc[-1], "final_test_acc_default": runs["default"].test_acc[-1],
             "final_train_acc_small": runs["small"].train_acc[-1], "final_test_acc_small": runs["small"].test_acc[-1],
             "paper_reference": "CIFAR-10, m=512: min stable rank 74.0 (default) vs 3.25 (small)"}
        series = {k: v.series() for k, v in runs.items()}
        out.append(Measurement(seed=seed, values={k: v for k, v in q.items() if isinstance(v, float)}, quantities=q,
                               series=series, note=f"dataset: {data.name}"))
    return out


SPECS = [CheckSpec(
    claim=st.FIG2, measure=measure_fig2, accepts_data=False, data_note="reads CIFAR-10 via --set cifar_dir=PATH",
    params={"cifar_dir": Param("cifar_dir", str, "", "folder in the cifar-10-batches-py layout (empty: digits)"),
            "m": Param("m", int, 512, "hidden width (paper: 512)", lambda v: v >= 1, ">= 1"),
            "lr": Param("lr", float, 0.05, "SGD step", lambda v: v > 0, "must be > 0"),
            "epochs": Param("epochs", int, 30, "epochs", lambda v: v >= 1, ">= 1"),
            "batch": Param("batch", int, 32, "mini-batch size", lambda v: v >= 1, ">= 1"),
            "small_factor": Param("small_factor", float, 0.02, "small init = this × Glorot (paper: 1/50)",
                                  lambda v: 0 < v < 1, "in (0, 1)"),
            "n_train": Param("n_train", int, 0, "CIFAR-10 training images used (0 = all)", lambda v: v >= 0, ">= 0"),
            "n_test": Param("n_test", int, 0, "CIFAR-10 test images used (0 = all)", lambda v: v >= 0, ">= 0"),
            "seed": Param("seed", int, 0, "seed", lambda v: v >= 0, ">= 0")},
    quick=[{}], full=[{"epochs": 100}],
    inert={k: "a setting of the figure's SGD runs (data, width, step, epochs, init factor): the claim states no "
              "hypothesis, its rows compare the small and the default init" for k in
           ("cifar_dir", "m", "lr", "epochs", "batch", "small_factor", "n_train", "n_test", "seed")})]
