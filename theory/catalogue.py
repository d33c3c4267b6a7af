"""Every claim of docs/claims.md by its stable ID."""
from __future__ import annotations

import importlib

from .statement import Claim

# Each paper's statements live in ``theory/<paper>/statements.py`` (a ``CLAIMS`` tuple, and ``ALIASES`` for renamed
# IDs); this is the catalogue's order (docs/catalogue.md, ``ibcheck list``, the report).
PAPERS = ("lai2026", "frei2023", "soudry2018", "jitelgarsky2019", "jitelgarsky2020", "lyuli2020", "boursier2022",
          "kou2023", "woodworth2020", "vardishamir2021", "razincohen2020")
_MODULES = {p: importlib.import_module(f".{p}.statements", __package__) for p in PAPERS}
# TEMP (until paper-folder discovery lands): the papers/ folders registered by hand
FOLDERS = ("zhang2024", "wu2023")
PAPERS = PAPERS + FOLDERS
_MODULES.update({p: importlib.import_module(f"ibcheck.papers.{p}.theory.statements") for p in FOLDERS})

CATALOGUE: dict[str, Claim] = {c.id: c for p in PAPERS for c in _MODULES[p].CLAIMS}
for _c in CATALOGUE.values():
    _c.check_symbols()


# Renamed claims: the former ID still resolves, for one release, with a deprecation line (``ibcheck check``; the light index ``checks.index.ALIASES`` mirrors this table).
ALIASES: dict[str, str] = {k: v for p in PAPERS for k, v in getattr(_MODULES[p], "ALIASES", {}).items()}
assert set(ALIASES.values()) <= set(CATALOGUE) and not set(ALIASES) & set(CATALOGUE), "bad alias table"


def canonical(claim_id: str) -> str:
    """The current ID of ``claim_id`` (itself unless it is a deprecated alias)."""
    return ALIASES.get(claim_id, claim_id)


def get(claim_id: str) -> Claim:
    return CATALOGUE[canonical(claim_id)]


# Claims of docs/claims.md whose statements and checks land with later issues: listed, not runnable yet.
PLANNED: dict[str, tuple[str, str, str]] = {}
