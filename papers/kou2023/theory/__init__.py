"""Kou, Chen, Gu (NeurIPS 2023): GD on two-layer (leaky) ReLU networks, nearly-orthogonal data (docs/claims-ext.md §5)."""
