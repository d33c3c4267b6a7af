"""Third-party catalogues of the deprecated entry-point group ``ibcheck.catalogues`` (a paper package declared in
``ibcheck.papers`` replaces it: ``theory.papers``; this group keeps working, with a one-line note per process).

An entry point names a module, or a callable returning an object or a dict, that provides

* ``CLAIMS``: ``ibcheck.theory.statement.Claim`` objects (IDs new to the catalogue),
* ``SPECS``: one ``ibcheck.checks.base.CheckSpec`` per claim,
* optionally ``EXPECTED``: ``{case id: (verdict, reason, holds)}`` for documented non-verified cases (``checks.cases``).

``checks.registry`` loads them once per process, in entry-point-name order, after the built-in checks: their claims
join ``theory.catalogue.CATALOGUE`` and their checks ``REGISTRY``, so ``ibcheck list``, ``check``, ``sweep``,
``report`` and the generated pytest cases see them. A broken plugin (import error, missing or malformed
attributes, a claim ID already taken by a built-in or an earlier plugin) is skipped with one warning line on stderr,
repeated by ``ibcheck list``; the built-in catalogue is never affected. ``IBCHECK_NO_PLUGINS=1`` skips them all.
A plugin module should import only ``ibcheck.theory.statement``, ``ibcheck.checks.base``/``params`` and
``ibcheck.numerics`` at import time (the registry is still being built while it loads).
"""
from __future__ import annotations

import os
import sys
import types
from dataclasses import dataclass, field

from ibcheck.theory.papers import entry_points_of

GROUP = "ibcheck.catalogues"
NOTE = ("entry-point group 'ibcheck.catalogues' is deprecated: declare the paper package in 'ibcheck.papers' "
        "instead (docs/architecture.md)")


def entry_points(group: str) -> list:
    """The installed entry points of ``group`` (one metadata scan per process: ``theory.papers``)."""
    return entry_points_of(group)
RESERVED_PREFIXES = ("conj.",)  # shipped conjectures (``ibcheck conjecture``) live there


class PluginError(Exception):
    """Why a plugin was skipped (one line)."""


@dataclass
class Plugin:
    name: str  # entry-point name
    target: str  # "module:attr"
    dist: str  # distribution that declared it
    claims: tuple = ()
    specs: tuple = ()
    expected: dict = field(default_factory=dict)


@dataclass
class Loaded:
    plugins: list = field(default_factory=list)
    errors: list = field(default_factory=list)  # one line per skipped plugin


def _get(obj, key):
    return obj.get(key) if isinstance(obj, dict) else getattr(obj, key, None)


def _one(ep, taken: dict) -> Plugin:
    try:
        return _validate(ep, taken)
    except PluginError:
        raise
    except Exception as exc:  # noqa: BLE001  (malformed attributes of any kind: that plugin's fault, one line)
        raise PluginError(f"malformed ({type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''})") from None


def constant_param(name: str, value):
    """A constant of a plugin's statement as an overridable ``--set`` parameter (any finite number)."""
    import math

    from .params import Param
    return Param(name, float, float(value), "constant of the statement", lambda x: math.isfinite(x), "finite")


def own_kind(provenance: str) -> str:
    """A plugin row's provenance: ``seed`` names this project's seed documents, which a user's own paper does not
    have, so its ``seed`` is ``reconstructed``; any other provenance is kept."""
    return "reconstructed" if provenance == "seed" else provenance


def own_provenance(claim):
    """A plugin's claim with every row of provenance ``seed`` made ``reconstructed``: ``seed`` names this project's
    seed documents, which a user's own paper does not have (and ``Condition``'s default is ``seed``); a row the
    plugin derived itself is ``reconstructed`` until it says ``paper`` or ``standard``."""
    from dataclasses import replace
    fix = lambda rows: tuple(replace(r, provenance=own_kind(r.provenance)) for r in rows)  # noqa: E731
    return replace(claim, hypotheses=fix(claim.hypotheses), conclusions=fix(claim.conclusions))


def _validate(ep, taken: dict) -> Plugin:
    from ibcheck.theory.statement import Claim

    from .base import CheckSpec
    try:
        obj = ep.load()
        if callable(obj) and not isinstance(obj, types.ModuleType):
            obj = obj()
    except Exception as exc:  # noqa: BLE001  (whatever a third-party import raises, it is that plugin's fault)
        lines = str(exc).strip().splitlines()
        raise PluginError(f"{type(exc).__name__}: {lines[0] if lines else ''}".rstrip(": ")) from None
    claims, specs, expected = _get(obj, "CLAIMS"), _get(obj, "SPECS"), _get(obj, "EXPECTED") or {}
    if claims is None or specs is None:
        raise PluginError(f"provides no {'CLAIMS' if claims is None else 'SPECS'}")
    try:
        claims, specs = tuple(claims), tuple(specs)
    except TypeError:
        raise PluginError("CLAIMS and SPECS must be sequences") from None
    if not claims:
        raise PluginError("CLAIMS is empty")
    ids = []
    for c in claims:
        if not isinstance(c, Claim):
            raise PluginError(f"CLAIMS holds a {type(c).__name__}, not an ibcheck.theory.statement.Claim")
        if not isinstance(c.id, str) or not c.id.strip() or c.id != c.id.strip():
            raise PluginError(f"claim ID {c.id!r} is not a plain string")
        if c.id in taken:
            raise PluginError(f"claim ID {c.id!r} duplicates {taken[c.id]}")
        if c.id.startswith(RESERVED_PREFIXES) or c.id in ids:
            raise PluginError(f"claim ID {c.id!r} is reserved or repeated")
        try:
            c.check_symbols()
        except ValueError as exc:
            raise PluginError(str(exc)) from None
        ids.append(c.id)
    spec_ids = []
    for s in specs:
        if not isinstance(s, CheckSpec):
            raise PluginError(f"SPECS holds a {type(s).__name__}, not an ibcheck.checks.base.CheckSpec")
        if s.id not in ids or s.id in spec_ids:
            raise PluginError(f"check {s.id!r} is not for one of its CLAIMS (or repeated)")
        if not callable(s.measure) or not isinstance(s.params, dict) or not all(
                isinstance(q, dict) for q in [*s.quick, *s.full]):
            raise PluginError(f"check {s.id!r}: measure must be callable, params a dict, quick/full lists of dicts")
        spec_ids.append(s.id)
    missing = [c for c in ids if c not in spec_ids]
    if missing:
        raise PluginError(f"claim {missing[0]!r} has no check in SPECS")
    if not isinstance(expected, dict) or not all(isinstance(k, str) and k.split("[", 1)[0] in ids for k in expected):
        raise PluginError("EXPECTED must map case ids of its own claims to (verdict, reason, holds)")
    claims = tuple(own_provenance(c) for c in claims)
    for s in specs:  # the claim's constants are parameters, as for the built-ins: a wrong constant can be tried
        claim = next(c for c in claims if c.id == s.id)
        s.claim = claim
        s.params = {**s.params, **{k: constant_param(k, v) for k, v in claim.constants.items() if k not in s.params}}
    dist = getattr(getattr(ep, "dist", None), "name", None) or "?"
    return Plugin(name=ep.name, target=ep.value, dist=dist, claims=claims, specs=specs, expected=dict(expected))


def load(catalogue: dict, registry: dict, reserved: dict | None = None, stream=None) -> Loaded:
    """Add every installed plugin's claims to ``catalogue`` and checks to ``registry`` (see the module docstring)."""
    out = Loaded()
    if os.environ.get("IBCHECK_NO_PLUGINS", "").strip() not in ("", "0"):
        return out
    taken = {cid: "a built-in claim" for cid in catalogue}
    taken.update(reserved or {})
    try:
        eps = sorted(entry_points(group=GROUP), key=lambda e: (e.name, e.value))
    except Exception as exc:  # noqa: BLE001  (broken metadata on sys.path must not break ibcheck)
        out.errors.append(f"entry points of group {GROUP!r} unreadable ({type(exc).__name__}): plugins skipped")
        eps = []
    for ep in eps:
        try:
            p = _one(ep, taken)
        except PluginError as exc:
            out.errors.append(f"plugin {ep.name!r} ({ep.value}) skipped: {exc}")
            continue
        for c in p.claims:
            catalogue[c.id] = c
            taken[c.id] = f"plugin {p.name!r}'s claim"
        for s in p.specs:
            registry[s.id] = s
        out.plugins.append(p)
    if eps:
        print(f"ibcheck: note: {NOTE}", file=stream or sys.stderr)
    for line in out.errors:
        print(f"ibcheck: warning: {line}", file=stream or sys.stderr)
    return out
