"""wu2023's pinned quantities (``papers/wu2023/pinned.py``): every reported number recomputed in numpy/scipy."""
import pytest

from ibcheck.papers.wu2023 import pinned


@pytest.mark.parametrize("cid", sorted(pinned.PINNED))
def test_wu2023_quantities_recomputed(cid):
    pinned.check(cid)


def test_wu2023_quantities_recomputed_in_the_oscillating_regime():
    pinned.check("wu2023.orthogonal", eta=40.0)


def test_wu2023_exp_loss_at_a_large_step_recomputed():
    pinned.check("wu2023.exp_large_step", eta=30.0)
