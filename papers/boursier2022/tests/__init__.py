"""boursier2022's own tests (pytest collects them)."""
