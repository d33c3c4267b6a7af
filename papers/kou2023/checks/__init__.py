"""Checks of Kou, Chen, Gu 2023 (docs/claims-ext.md §5)."""
