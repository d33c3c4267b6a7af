"""Gunasekar et al. (NeurIPS 2017) conjecture and Razin & Cohen (NeurIPS 2020) counterexample (docs/claims-ext.md §6c)."""
