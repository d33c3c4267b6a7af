"""baek2025's own tests (pytest collects them)."""
