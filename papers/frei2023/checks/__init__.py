"""Checks of the frei2023 claims."""
