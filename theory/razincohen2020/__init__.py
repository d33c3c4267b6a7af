"""Gunasekar et al. (NeurIPS 2017) conjecture and Razin & Cohen (NeurIPS 2020) counterexample (CLAIMS-EXT §6c)."""
