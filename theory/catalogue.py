"""Every claim of the catalogue by its stable ID, collected from the discovered papers (``theory.papers``).

Each paper's statements live in ``<paper>/theory/statements.py`` (a ``CLAIMS`` tuple, and ``ALIASES`` for renamed
IDs); the catalogue's order (docs/catalogue.md, ``ibcheck list``, the report) is the papers' manifest ``order``,
then each paper's own order.
"""
from __future__ import annotations

from .papers import discover, skipped
from .statement import Claim

CATALOGUE: dict[str, Claim] = {}
# Renamed claims: the former ID still resolves, for one release, with a deprecation line (``ibcheck check``; the
# light index ``checks.index.ALIASES`` mirrors this table).
ALIASES: dict[str, str] = {}
PAPER_OF: dict[str, str] = {}  # claim ID → the name of its paper
for _p in discover():
    try:
        _mod = _p.module("theory.statements")
        _claims = tuple(_mod.CLAIMS)
        for _c in _claims:
            if not isinstance(_c, Claim):
                raise TypeError(f"CLAIMS holds a {type(_c).__name__}, not an ibcheck.theory.statement.Claim")
            if _c.id in CATALOGUE or _c.id.startswith("conj."):
                raise ValueError(f"claim ID {_c.id!r} is taken (by {PAPER_OF.get(_c.id, 'the conjectures')})")
            _c.check_symbols()
    except Exception as _exc:  # noqa: BLE001  (an installed paper's fault: skipped with one line; a built-in raises)
        skipped(_p, _exc)
        continue
    CATALOGUE.update({c.id: c for c in _claims})
    PAPER_OF.update({c.id: _p.name for c in _claims})
    ALIASES.update(getattr(_mod, "ALIASES", {}))
assert set(ALIASES.values()) <= set(CATALOGUE) and not set(ALIASES) & set(CATALOGUE), "bad alias table"


def canonical(claim_id: str) -> str:
    """The current ID of ``claim_id`` (itself unless it is a deprecated alias)."""
    return ALIASES.get(claim_id, claim_id)


def get(claim_id: str) -> Claim:
    return CATALOGUE[canonical(claim_id)]


# Claims whose statements and checks land later: listed, not runnable yet.
PLANNED: dict[str, tuple[str, str, str]] = {}
