"""baek2025's statements and exact references."""
