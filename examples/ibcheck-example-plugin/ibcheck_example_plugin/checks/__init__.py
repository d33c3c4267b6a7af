"""The example paper's checks and documented outcomes."""
