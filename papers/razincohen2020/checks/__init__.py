"""Checks of Razin & Cohen 2020 (docs/claims-ext.md §6c)."""
