"""Triage of the judge_rules group's survivors on the levelling window's break test (theory/asymptotic_rules.py):
the value-level test that kills each, or why it is equivalent."""
T = "tests/judge/test_levelling_window.py::"
TRIAGE: dict[str, str] = {
    "12016ef969": f"killed by {T}test_settling_at_its_rounding_ties",
    "47e5c73ab4": f"killed by {T}test_settling_at_its_rounding_ties",
    "8409e26983": f"killed by {T}test_settling_at_its_rounding_ties",
    "5ef27d3522": f"killed by {T}test_settling_at_its_rounding_ties",
    "bc8e84844f": ("equivalent: at start = 0 the slice g[start − 1:] is the last exponent alone, which _settling "
                   "accepts (no steps), so the break test is false either way"),
    "bf4a5daf35": "killed by tests/judge/test_confirmed.py::test_drifting",
    "a3e9880c04": "killed by tests/judge/test_confirmed.py::test_drifting",
    "9e1a36b454": "killed by tests/judge/test_confirmed.py::test_drifting",
    "9e93482d91": "killed by tests/judge/test_confirmed.py::test_drifting",
    "49df79172d": "killed by tests/judge/test_confirmed.py::test_drifting",
    "4ec822e45f": "killed by tests/judge/test_confirmed.py::test_drifting",
    "ef4113adbc": "killed by tests/judge/test_confirmed.py::test_drifting",
    "a8ea80fea9": "killed by tests/judge/test_confirmed.py::test_drifting",
    "c12001b76c": "killed by tests/judge/test_confirmed.py::test_drifting",
}
