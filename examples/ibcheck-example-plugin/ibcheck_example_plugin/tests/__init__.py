"""The example paper's own tests."""
