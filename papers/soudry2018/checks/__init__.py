"""Checks of the soudry2018 claims."""
