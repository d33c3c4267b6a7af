"""The conformance suite (``ibcheck.testing.conformance``) on every built-in paper, found by discovery.

The cases themselves (``case[…]``) are run once, by checks/test_catalogue.py, for every discovered paper: here
``run_cases=False`` keeps them from running twice; tests/test_degenerate_data.py feeds the duplicated and the
rank-deficient data sets to every ``--data`` claim, so here ``degenerate[…]`` feeds only the zero-projection one.
"""
from ibcheck.testing.conformance import conformance_tests
from ibcheck.theory.papers import discover

test_builtin_papers = conformance_tests(*(p.name for p in discover() if p.builtin), run_cases=False,
                                        degenerate=("zero-projection",))
