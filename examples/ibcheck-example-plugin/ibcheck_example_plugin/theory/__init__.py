"""The example paper's statements."""
