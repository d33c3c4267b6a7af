"""Boursier, Pillaud-Vivien, Flammarion (NeurIPS 2022): shallow ReLU on orthogonal inputs (docs/claims-ext.md §4)."""
