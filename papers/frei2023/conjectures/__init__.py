"""frei2023: its conjectures."""
