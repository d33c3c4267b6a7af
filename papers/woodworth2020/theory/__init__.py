"""Woodworth et al. (COLT 2020): kernel and rich regimes of diagonal linear networks (docs/claims-ext.md §6b)."""
