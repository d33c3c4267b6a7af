"""Checks of Boursier, Pillaud-Vivien, Flammarion 2022 (docs/claims-ext.md §4)."""
