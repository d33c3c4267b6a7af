"""Every check by claim ID (the same IDs as ``theory.catalogue``), collected from the discovered papers.

A paper's checks are the ``SPECS`` lists of the modules of its ``checks/`` package (one ``CheckSpec`` per claim);
its modules are taken in the catalogue order of their first check, each module's ``SPECS`` in its own order.
Importing this module imports every check (torch, cvxpy, …) and the plugins of the deprecated entry-point group
``ibcheck.catalogues`` (``checks.plugins``). A command that needs one check imports only that check's module
through ``checks.index.spec`` (each paper's light index names it).
"""
from __future__ import annotations

from ibcheck.theory.catalogue import CATALOGUE, PAPER_OF
from ibcheck.theory.catalogue import PLANNED as _PLANNED
from ibcheck.theory.papers import ERRORS as PAPER_ERRORS
from ibcheck.theory.papers import discover, skipped, warn

from .base import CheckSpec
from .plugins import Plugin
from .plugins import load as _load_plugins

REGISTRY: dict[str, CheckSpec] = {}
MODULE_OF: dict[str, str] = {}  # claim ID → the module holding its check
_POS = {cid: i for i, cid in enumerate(CATALOGUE)}
_EXTERNAL: list[Plugin] = []  # installed (not built-in) papers, listed as plugins
for _p in discover():
    if _p.name not in PAPER_OF.values():  # its statements were skipped
        continue
    try:
        _mods = []
        for _name in _p.submodules("checks"):
            _m = _p.module(f"checks.{_name}")
            _specs = list(getattr(_m, "SPECS", []) or [])
            for _s in _specs:
                if not isinstance(_s, CheckSpec) or PAPER_OF.get(_s.id) != _p.name or _s.id in REGISTRY:
                    raise ValueError(f"{_m.__name__}: SPECS entry {getattr(_s, 'id', _s)!r} is not a check of one "
                                     f"of {_p.name}'s own claims (or repeated)")
            if _specs:
                _mods.append((min(_POS[s.id] for s in _specs), _m.__name__, _specs))
        _missing = [c for c, p in PAPER_OF.items() if p == _p.name and not any(c == s.id for *_, ss in _mods
                                                                               for s in ss)]
        if _missing and not _p.builtin:
            raise ValueError(f"claim {_missing[0]!r} has no check")
    except Exception as _exc:  # noqa: BLE001  (an installed paper's fault: one line; a built-in raises)
        skipped(_p, _exc)
        for _c in [c for c, p in PAPER_OF.items() if p == _p.name]:  # its claims leave the catalogue with it
            CATALOGUE.pop(_c, None)
            PAPER_OF.pop(_c, None)
        continue
    for _, _name, _specs in sorted(_mods, key=lambda t: t[0]):
        for _s in _specs:
            REGISTRY[_s.id] = _s
            MODULE_OF[_s.id] = _name
    if not _p.builtin:
        _ids = tuple(c for c, p in PAPER_OF.items() if p == _p.name)
        _EXTERNAL.append(Plugin(name=_p.name, target=_p.package, dist=_p.dist,
                                claims=tuple(CATALOGUE[c] for c in _ids), specs=tuple(REGISTRY[c] for c in _ids)))

_missing = set(REGISTRY) - set(CATALOGUE)
assert not _missing, f"checks without a statement: {_missing}"

# Catalogues of the deprecated entry-point group "ibcheck.catalogues", loaded once, after the papers (checks.plugins).
_RESERVED = {k: "a planned claim" for k in _PLANNED}
_RESERVED.update({c.id: f"plugin {p.name!r}'s claim" for p in _EXTERNAL for c in p.claims})
PLUGINS = _load_plugins(CATALOGUE, REGISTRY, reserved=_RESERVED)
PLUGINS.plugins[:0] = _EXTERNAL
PLUGINS.errors[:0] = [e for e in PAPER_ERRORS if e not in PLUGINS.errors]
warn()
