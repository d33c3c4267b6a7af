"""baek2025's documented non-verified outcomes, collected by ``checks.cases.EXPECTED`` (none: the quick and full
settings are inside the hypotheses and verified)."""
from __future__ import annotations

from ibcheck.checks.expected import Expected  # noqa: F401  (the form an entry takes)

EXPECTED: dict = {}
