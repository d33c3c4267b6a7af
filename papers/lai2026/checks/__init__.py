"""Checks of the lai2026 claims (one module per claim family)."""
