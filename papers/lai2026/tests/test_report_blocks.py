"""lai2026 in the quick report (the ``quick_report`` fixture: tests/session_results.py): the η sweep's
counterexamples of lai2026.m1.gap as one block, and the seed document's Dutch quote with its translation."""
import pytest

pytestmark = pytest.mark.xdist_group("report")  # beside tests/test_report.py: the report is built once per worker


def test_the_eta_sweep_is_one_block_and_the_seed_quote_is_translated(quick_report):
    path, _, _ = quick_report
    text = path.read_text()
    gap = text[text.index('id="lai2026.m1.gap"'):]
    gap = gap[:gap.index("</section>")]
    # the η sweep's counterexamples as one block (η‖λ‖₁ = 0.6 … 0.2; 0.7 and ±1 labels fade: inconclusive)
    assert "4 settings" in gap and gap.count("as documented") >= 6
    assert "[GD converges to a solution" in text  # the Dutch seed quote with its translation
