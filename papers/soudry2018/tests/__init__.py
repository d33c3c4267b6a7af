"""soudry2018's own tests (pytest collects them)."""
