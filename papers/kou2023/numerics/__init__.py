"""kou2023: its numerics."""
