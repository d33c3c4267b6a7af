"""Vardi & Shamir (COLT 2021): implicit regularisation of ReLU networks with the square loss (CLAIMS-EXT §6)."""
