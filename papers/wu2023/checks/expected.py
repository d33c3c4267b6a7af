"""wu2023's documented non-verified outcomes, collected by ``checks.cases.EXPECTED`` (see checks/soudry2018/expected.py)."""
from __future__ import annotations

from ibcheck.checks.expected import Expected

EXPECTED: dict[str, Expected] = {}
