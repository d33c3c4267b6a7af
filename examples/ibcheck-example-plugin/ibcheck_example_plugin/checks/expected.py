"""The example paper's documented non-verified outcomes (none: every case is expected verified)."""
from ibcheck.checks.expected import Expected

EXPECTED: dict[str, Expected] = {}
