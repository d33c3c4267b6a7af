"""Woodworth et al. (COLT 2020): kernel and rich regimes of diagonal linear networks (CLAIMS-EXT §6b)."""
