"""Checks of the lyuli2020 claims."""
