"""Every check by claim ID (the same IDs as ``theory.catalogue``)."""
from __future__ import annotations

from theory.catalogue import CATALOGUE

from .base import CheckSpec
from .lai2026 import exploratory, gram, linear, m1, m2

REGISTRY: dict[str, CheckSpec] = {s.id: s for mod in (gram, m1, m2, linear, exploratory) for s in mod.SPECS}

_missing = set(REGISTRY) - set(CATALOGUE)
assert not _missing, f"checks without a statement: {_missing}"
