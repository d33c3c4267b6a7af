"""Vardi & Shamir (COLT 2021): implicit regularisation of ReLU networks with the square loss (docs/claims-ext.md §6)."""
