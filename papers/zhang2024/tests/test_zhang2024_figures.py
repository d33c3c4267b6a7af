"""zhang2024's figures render from real (short) check results."""
import pytest

from ibcheck.checks.runner import run_check
from ibcheck.papers.zhang2024.figures import PLOTS


# one figure in the quick profile (the four share one plotting function); the others with --profile full
@pytest.mark.parametrize("cid", [c if c == "zhang2024.adam_linf_margin" else pytest.param(c, marks=pytest.mark.full)
                                 for c in sorted(PLOTS)])
def test_zhang2024_figure_renders(cid, request):
    if cid != "zhang2024.adam_linf_margin" and request.config.getoption("--profile", default="quick") != "full":
        pytest.skip("the same plotting function on another claim's run: --profile full")
    r = run_check(cid, {"steps": 1000 if "gd" not in cid else 10_000}, keep_series=True)
    figs = PLOTS[cid]([r], {})
    assert figs and all(f.startswith("<svg") for f in figs)
