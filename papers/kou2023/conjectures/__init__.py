"""kou2023: its conjectures."""
