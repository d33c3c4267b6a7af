"""lai2026.m1.gap's failures under its threshold hypothesis: a failure that persists deeper inside it is a
counterexample, one that fades is not (checks.persistence on a real claim)."""
from ibcheck.checks.runner import run_check
from ibcheck.theory import verdict as V


def test_lai2026_step_failure_persists_and_the_pm1_correction_fades():
    """lai2026.m1.gap: at η‖λ‖₁ = 0.5 the lower bound fails by ~28% at d, 10d and 100d (a counterexample); with
    ±1 labels it fails by 3.6% at d = 4000 and 0.34% at 400000 (a finite-d correction: inconclusive)."""
    r = run_check("lai2026.m1.gap", {"eta_scale": 0.5})
    assert r["verdict"] == V.VIOLATED and "persists as the chosen level is tightened" in r["reason"]
    assert "d = 400000: lower bound relative slack -0.279" in r["reason"]
    r = run_check("lai2026.m1.gap", {"labels": "pm1"})
    assert r["verdict"] == V.INCONCLUSIVE and "not a counterexample" in r["reason"] and "fades" in r["reason"]
