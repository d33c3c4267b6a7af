"""gunasekar2018.md_bregman says what it covers of the theorem's strongly convex potential: ψ strongly convex on
the box spanned by w₀ and w_B (the entropy is, with μ_ψ = 1/max w; ⅓‖w‖₃³ is not where a coordinate changes sign)."""
from __future__ import annotations

import numpy as np
import pytest

from ibcheck.checks.registry import REGISTRY

ROW = "ψ strongly convex on the box spanned by w₀ and w_B (μ_ψ > 0), not on all of dom ψ"


def test_strong_convexity_on_the_box():
    from ibcheck.papers.gunasekar2018.theory.bregman import strong_convexity
    w0, wb = np.array([0.5, 2.0, 1.0]), np.array([1.5, 0.25, 4.0])
    assert strong_convexity(w0, wb, "entropy") == 1 / 4.0  # ψ'' = 1/w, smallest at the largest w
    assert strong_convexity(w0, wb, "l2") == 1.0
    assert strong_convexity(w0, wb, "pnorm", 1.5) == pytest.approx(0.5 * 4.0 ** -0.5)  # (p−1)|w|^{p−2} at max |w|
    assert strong_convexity(w0, wb, "pnorm", 3.0) == pytest.approx(2 * 0.25)  # at min |w| over the box
    assert strong_convexity(w0, -wb, "pnorm", 3.0) == 0.0  # a sign change: the box contains w_i = 0


def test_md_bregman_says_what_it_covers():
    from ibcheck.checks.runner import run_check
    cond = next(h for h in REGISTRY["gunasekar2018.md_bregman"].claim.hypotheses if h.name == ROW)
    assert "entropy" in cond.note and "simplex" in cond.note and "needs only strict convexity" in cond.note
    assert set(cond.reads) >= {"potential", "p", "init_scale"}
    r = run_check("gunasekar2018.md_bregman", {})
    assert r["verdict"] == "verified"
    q = r["quantities"]
    w0, wb = np.array(q["w0"]), np.array(q["w_B"])
    row = next(h for h in r["hypotheses"] if h["name"] == ROW)
    assert row["holds"] is True and row["lhs"] == pytest.approx(1 / np.maximum(w0, wb).max(), rel=1e-12)


def test_a_cap_that_freezes_float64_is_inconclusive_not_a_limit():
    """η₊ = 10⁻³⁰⁰/B² is finite (inside the hypotheses) but moves z·w by less than a rounding of L: the loss never
    changes in float64 and the margin 'settles' at the first direction's. Found by the conformance sweep (it was
    `violated`): a state floating point froze is inconclusive, naming why."""
    from ibcheck.checks.runner import run_check
    r = run_check("gunasekar2018.steepest", {"log10_eta_plus_B2": -300.0})
    assert r["verdict"] == "inconclusive" and r["reason_code"] == "numerics-failed", r["reason"]
    assert r["reason"].startswith("float64 froze the run")
    assert all(h["holds"] for h in r["hypotheses"])
