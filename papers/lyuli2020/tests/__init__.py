"""lyuli2020's own tests (pytest collects them)."""
