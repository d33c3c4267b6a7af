"""Every check by claim ID (the same IDs as ``theory.catalogue``)."""
from __future__ import annotations

from theory.catalogue import CATALOGUE

from .base import CheckSpec
from .lai2026 import m1

REGISTRY: dict[str, CheckSpec] = {s.id: s for s in m1.SPECS}

_missing = set(REGISTRY) - set(CATALOGUE)
assert not _missing, f"checks without a statement: {_missing}"
