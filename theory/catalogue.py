"""Every claim of docs/claims.md by its stable ID."""
from __future__ import annotations

from .frei2023.statements import CLAIMS as _FREI
from .lai2026.statements import CLAIMS as _LAI
from .statement import Claim

CATALOGUE: dict[str, Claim] = {c.id: c for c in _LAI + _FREI}
for _c in CATALOGUE.values():
    _c.check_symbols()


def get(claim_id: str) -> Claim:
    return CATALOGUE[claim_id]


# Claims of docs/claims.md whose statements and checks land with later issues: listed, not runnable yet.
PLANNED: dict[str, tuple[str, str, str]] = {}
