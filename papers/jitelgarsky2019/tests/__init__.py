"""jitelgarsky2019's own tests (pytest collects them)."""
