"""Every claim of docs/claims.md by its stable ID."""
from __future__ import annotations

from .frei2023.statements import CLAIMS as _FREI
from .lai2026.statements import CLAIMS as _LAI
from .jitelgarsky2019.statements import CLAIMS as _JT19
from .jitelgarsky2020.statements import CLAIMS as _JT20
from .lyuli2020.statements import CLAIMS as _LYULI
from .soudry2018.statements import CLAIMS as _SOUDRY
from .statement import Claim

CATALOGUE: dict[str, Claim] = {c.id: c for c in _LAI + _FREI}
CATALOGUE.update({c.id: c for c in _SOUDRY + _JT19 + _JT20 + _LYULI})  # issue 14, part A
# issue 14 part B (Boursier, Kou, Vardi–Shamir, Woodworth, Razin–Cohen)
from .boursier2022.statements import CLAIMS as _BO  # noqa: E402
from .kou2023.statements import CLAIMS as _KOU  # noqa: E402
from .razincohen2020.statements import CLAIMS as _RC  # noqa: E402
from .vardishamir2021.statements import ALIASES as _VS_ALIASES  # noqa: E402
from .vardishamir2021.statements import CLAIMS as _VS  # noqa: E402
from .woodworth2020.statements import CLAIMS as _WW  # noqa: E402

CATALOGUE.update({c.id: c for c in _BO + _KOU + _WW + _VS + _RC})
for _c in CATALOGUE.values():
    _c.check_symbols()


# Renamed claims: the former ID still resolves, for one release, with a deprecation line (``ibcheck check``; the light index ``checks.index.ALIASES`` mirrors this table).
ALIASES: dict[str, str] = {**_VS_ALIASES}
assert set(ALIASES.values()) <= set(CATALOGUE) and not set(ALIASES) & set(CATALOGUE), "bad alias table"


def canonical(claim_id: str) -> str:
    """The current ID of ``claim_id`` (itself unless it is a deprecated alias)."""
    return ALIASES.get(claim_id, claim_id)


def get(claim_id: str) -> Claim:
    return CATALOGUE[canonical(claim_id)]


# Claims of docs/claims.md whose statements and checks land with later issues: listed, not runnable yet.
PLANNED: dict[str, tuple[str, str, str]] = {}
