"""Boursier, Pillaud-Vivien, Flammarion (NeurIPS 2022): shallow ReLU on orthogonal inputs (CLAIMS-EXT §4)."""
