"""zhang2024's figures render from real (short) check results."""
import pytest

from ibcheck.checks.runner import run_check
from ibcheck.papers.zhang2024.figures import PLOTS


@pytest.mark.parametrize("cid", sorted(PLOTS))
def test_zhang2024_figure_renders(cid):
    r = run_check(cid, {"steps": 1000 if "gd" not in cid else 10_000}, keep_series=True)
    figs = PLOTS[cid]([r], {})
    assert figs and all(f.startswith("<svg") for f in figs)
