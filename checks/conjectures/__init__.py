"""The shipped conjectures (``ibcheck list`` shows them; ``ibcheck conjecture conj.…`` runs one), collected from each
discovered paper's ``conjectures/`` package: every module there that defines ``conjecture`` (a
``checks.conjecture.Conjecture``). They are sorted by the key the paper's manifest gives a module
(``PAPER["conjectures"]``, default the paper's ``order``), then by paper and module name.
"""
from __future__ import annotations

from ibcheck.theory.papers import discover, skipped

from ..conjecture import Conjecture


def _collect() -> dict:
    found = []
    for p in discover():
        keys = p.manifest.get("conjectures", {})
        for name in p.submodules("conjectures"):
            try:
                c = getattr(p.module(f"conjectures.{name}"), "conjecture", None)
            except Exception as exc:  # noqa: BLE001  (an installed paper's fault: one line; a built-in raises)
                skipped(p, exc)
                continue
            if isinstance(c, Conjecture):
                found.append((keys.get(name, p.order), p.order, p.name, name, c))
    return {c.id: c for *_, c in sorted(found, key=lambda t: t[:4])}


SHIPPED = _collect()
