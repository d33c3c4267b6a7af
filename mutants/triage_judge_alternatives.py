"""Triage of the judge_alternatives group's survivors (theory/asymptotic_alternatives.py) up to line 140: the
value-level test that kills each."""
T = "tests/judge/test_alternatives_values.py::"
TRIAGE: dict[str, str] = {
    "1e2e32f5cd": ("equivalent: the rate fit's model label is only compared with \"τ\"; \"XXrXX\" ≠ \"τ\" as \"r\" is"),
}
