"""frei2023: its numerics."""
