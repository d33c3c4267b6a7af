"""The report's figures render (inline SVG) from real check results with series."""
import pytest

from ibcheck.checks.runner import run_check
from ibcheck.reports.plots import PLOTS

SHORT = {"soudry2018": {"steps": 10_000}, "jitelgarsky2019": {"steps": 10_000},
         "lyuli2020": {"target_log_loss": -100.0}, "jitelgarsky2020": {"target_log_loss": -100.0}}


@pytest.mark.parametrize("cid", sorted(k for k in PLOTS if k.startswith(("soudry", "jitelgarsky", "lyuli"))))
def test_figure_renders(cid):
    r = run_check(cid, SHORT[cid.split(".")[0]], keep_series=True)
    figs = PLOTS[cid]([r], {})
    assert figs and all(f.startswith("<svg") for f in figs)
