"""Checks of Boursier, Pillaud-Vivien, Flammarion 2022 (CLAIMS-EXT §4)."""
