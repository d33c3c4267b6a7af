"""Checks of Woodworth et al. 2020 (docs/claims-ext.md §6b)."""
