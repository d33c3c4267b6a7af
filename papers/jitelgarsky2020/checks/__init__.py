"""Checks of the jitelgarsky2020 claims."""
