"""jitelgarsky2019's report figures render (inline SVG) from real check results with series."""
import pytest

from ibcheck.checks.runner import run_check
from ibcheck.reports.plots import PLOTS

SHORT = {"steps": 10_000}


@pytest.mark.parametrize("cid", sorted(k for k in PLOTS if k.startswith("jitelgarsky2019.")))
def test_figure_renders(cid):
    r = run_check(cid, SHORT, keep_series=True)
    figs = PLOTS[cid]([r], {})
    assert figs and all(f.startswith("<svg") for f in figs)
