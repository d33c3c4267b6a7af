"""Families of plausible wrong answers and the claims × families table (tests only; see families.py)."""
from .families import FAMILIES, NA, REJECTING, Probe  # noqa: F401
from .table import TABLE  # noqa: F401
