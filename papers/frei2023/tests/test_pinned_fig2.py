"""frei2023.fig2 (ReLU+bias SGD on digits): every reported number re-read from the check's own per-epoch records."""
from __future__ import annotations

from ibcheck.testing.pinning import measure, table, compare

import pytest

pytestmark = pytest.mark.machine  # outcome independent of the BLAS kernel and thread count (tests/machine_record.py)

PINNED = {}
PINNED["frei2023.fig2"] = table("srank_min_default_init srank_min_small_init srank_init final_train_acc_default "
                                "final_test_acc_default final_train_acc_small final_test_acc_small n_train n_test",
                                {"dataset": "the dataset's name (a string)",
                                 "paper_reference": "the paper's figures (a constant string)"})


def test_frei2023_fig2_recomputed_from_its_runs():
    """The SGD runs themselves (digits, biases, mini-batches) are the check's; every reported number is re-read
    from their per-epoch records (min over the stable-rank series, last accuracies) and the data sizes."""
    [m] = measure("frei2023.fig2", {"m": 16, "epochs": 2})
    d, s = m.series["default"], m.series["small"]
    from ibcheck.papers.frei2023.numerics.relu_sgd import load_digits
    data = load_digits(0)
    exp = {"srank_min_default_init": min(d["srank"]), "srank_min_small_init": min(s["srank"]),
           "srank_init": d["srank"][0], "final_train_acc_default": d["train_acc"][-1],
           "final_test_acc_default": d["test_acc"][-1], "final_train_acc_small": s["train_acc"][-1],
           "final_test_acc_small": s["test_acc"][-1], "n_train": len(data.ytr), "n_test": len(data.yte)}
    compare("frei2023.fig2", m, exp, PINNED["frei2023.fig2"])
