"""Checks of Woodworth et al. 2020 (CLAIMS-EXT §6b)."""
