"""frei2023's own tests (pytest collects them)."""
