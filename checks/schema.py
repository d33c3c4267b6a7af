"""The version of the JSON contract (CONTRACT.md, "Versioning and comparison").

Every JSON object the command line writes — ``check``/``sweep`` results, ``kkt``, ``conjecture`` (and its
``--replay`` object and ``result.json``), ``diff``, each object of a report's ``results.json`` — carries
``"schema": SCHEMA`` as its first key, so a script can branch on it. The number changes when a key users script
against is removed, renamed or changes meaning (additions keep it); every change is listed in CHANGELOG.md and
frozen in tests/contract/snapshot.json (tests/test_contract.py).

History: 1 — the first versioned contract (0.2.0); objects without ``schema`` are the unversioned 0.1 shape,
which ``ibcheck diff`` reads as schema 0 (the same keys).
"""
from __future__ import annotations

SCHEMA = 1


def stamp(obj):
    """``obj`` with ``"schema"`` as its first key (a dict), or each dict of a list stamped; other values as they are.
    An object that already carries a schema keeps it (a result read back from an older file stays what it was)."""
    if isinstance(obj, dict):
        return {"schema": obj.get("schema", SCHEMA), **{k: v for k, v in obj.items() if k != "schema"}}
    if isinstance(obj, list):
        return [stamp(o) for o in obj]
    return obj
