"""A random θ fed to lyuli2020.kkt (checks' Hooks) is ``violated``: it misclassifies some point, a definite failure."""
import numpy as np

from ibcheck.checks.base import Hooks
from ibcheck.checks.runner import run_check

import pytest

pytestmark = pytest.mark.machine  # outcome independent of the BLAS kernel and thread count (tests/machine_record.py)


def failed(r):
    return [c["name"] for c in r["conclusions"] if c["holds"] is False]


def test_kkt_rejects_a_random_theta():
    """A random θ misclassifies some point (q_min ≤ 0): θ̃ is undefined, ε/‖θ̃‖ = ∞ — a definite failure, not a NaN."""
    rng = np.random.default_rng(0)
    r = run_check("lyuli2020.kkt", {"target_log_loss": -300.0},
                  hooks=Hooks(limit=lambda th: rng.normal(size=np.shape(th)) * np.linalg.norm(th) / np.sqrt(np.size(th))))
    assert r["verdict"] == "violated", r["reason"]
    assert "θ̃ defined at every checkpoint after t₀ (𝓛 < 1 ⇒ q_min > 0)" in failed(r)
