"""Checks of Kou, Chen, Gu 2023 (CLAIMS-EXT §5)."""
