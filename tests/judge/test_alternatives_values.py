"""Value-level tests for theory/asymptotic_alternatives.py written for the mutation run's survivors (mutants/
triage_judge_alternatives*.py)."""
