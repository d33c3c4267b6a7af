"""lai2026: its conjectures."""
