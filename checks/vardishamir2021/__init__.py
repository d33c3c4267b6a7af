"""Checks of Vardi & Shamir 2021 (CLAIMS-EXT §6)."""
