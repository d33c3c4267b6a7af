"""zhang2024's pinned quantities (``papers/zhang2024/pinned.py``): every reported number recomputed in numpy/scipy."""
import pytest

from ibcheck.papers.zhang2024 import pinned


@pytest.mark.parametrize("cid", sorted(pinned.PINNED))
def test_zhang2024_quantities_recomputed(cid):
    pinned.check(cid)
