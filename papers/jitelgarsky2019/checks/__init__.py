"""Checks of the jitelgarsky2019 claims."""
