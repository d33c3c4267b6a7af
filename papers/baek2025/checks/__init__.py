"""baek2025's checks and documented outcomes."""
