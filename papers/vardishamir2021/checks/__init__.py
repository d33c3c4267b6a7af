"""Checks of Vardi & Shamir 2021 (docs/claims-ext.md §6)."""
