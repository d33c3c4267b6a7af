"""wu2023's figures render from real (short) check results."""
from ibcheck.checks.runner import run_check
from ibcheck.papers.wu2023.figures import PLOTS


def test_wu2023_figure_renders():
    r = run_check("wu2023.orthogonal", {"steps": 10_000, "eta": 30.0}, keep_series=True)
    figs = PLOTS["wu2023.orthogonal"]([r], {})
    assert figs and all(f.startswith("<svg") for f in figs)
