"""lai2026's own tests (pytest collects them)."""
