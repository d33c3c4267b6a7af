"""The light index of the catalogue, so that ``ibcheck list``, ``--help`` and an unknown-ID error start in well
under a second and ``ibcheck check ID`` imports only the module holding that check.

The tables ``CLAIMS``, ``ALIASES``, ``PLANNED`` and ``CONJECTURES`` are gathered, on first use, from each discovered
paper's generated ``<paper>/index.py`` (``python -m ibcheck.checks.index_build``; ``tests/test_startup.py`` fails
when a built-in one is stale). Discovery reads entry-point metadata and the papers' light manifests only; a paper
without an index (an installed one that ships none) is indexed from its live modules, once, when the tables are
first read. This module imports nothing heavy: no torch, cvxpy, sympy or scipy. Catalogues of the deprecated
entry-point group ``ibcheck.catalogues`` are not here: they load with the full registry (``checks.plugins``).
"""
from __future__ import annotations

import difflib
import importlib

from ibcheck.numerics.runtime.errors import InputError
from ibcheck.theory.papers import discover, skipped, warn

# claim ID → (source, kind: provenance or "exploratory", title, module holding its check or None)
CLAIMS: dict[str, tuple[str, str, str, str | None]]
# deprecated claim ID (kept for one release) → its current ID
ALIASES: dict[str, str]
# planned claim ID → (source, title, where)
PLANNED: dict[str, tuple[str, str, str]]
# shipped conjecture ID → (source, title, expected outcome, module)
CONJECTURES: dict[str, tuple[str, str, str, str]]
PAPER_OF: dict[str, str]  # claim or conjecture ID → its paper's name
# exploratory claim ID → its provenance (CLAIMS' kind reads "exploratory" there)
EXPLORATORY: dict[str, str]
# installed paper's name → why its modules would not import (``theory.paper_health.static_problem``)
BROKEN: dict[str, str]
_TABLES = ("CLAIMS", "ALIASES", "PLANNED", "CONJECTURES", "PAPER_OF", "EXPLORATORY", "BROKEN")


def paper_tables(paper) -> dict:
    """One paper's index tables with absolute module names: its generated ``index.py``, else its live modules."""
    try:
        idx = importlib.import_module(f"{paper.package}.index")
        if not paper.builtin:  # an author editing an installed paper: a stale index is rebuilt (checks.index_fresh)
            from pathlib import Path

            from .index_fresh import newer_source, refresh
            folder = Path(idx.__file__).parent
            source = newer_source(folder)
            try:
                if source is not None and refresh(paper, folder, source):
                    idx = importlib.reload(idx)
                elif source is not None:  # not writable: this process reads the live modules
                    from .index_build import tables
                    idx = type("Live", (), tables(paper))
            except Exception:  # noqa: BLE001  (the edited modules fail to import: the index as it was lists the
                pass  # claims, and running one names the error with its file and line, as for any broken paper)
        t = {k: dict(getattr(idx, k, {})) for k in ("CLAIMS", "ALIASES", "CONJECTURES", "EXPLORATORY")}
    except ModuleNotFoundError as exc:
        if exc.name != f"{paper.package}.index":
            raise
        from .index_build import tables
        t = tables(paper)
    if not paper.builtin:  # its own rows are reconstructed, also in an index an older build wrote with "seed"
        from .plugins import own_kind
        t["CLAIMS"] = {k: (v[0], own_kind(v[1]), *v[2:]) for k, v in t["CLAIMS"].items()}
        t["EXPLORATORY"] = {k: own_kind(v) for k, v in t.get("EXPLORATORY", {}).items()}
    absolute = lambda m: f"{paper.package}.{m}" if m else None  # noqa: E731
    t["CLAIMS"] = {k: (*v[:3], absolute(v[3])) for k, v in t["CLAIMS"].items()}
    t["CONJECTURES"] = {k: (*v[:3], absolute(v[3])) for k, v in t["CONJECTURES"].items()}
    return t


def _build() -> dict:
    out = {k: {} for k in _TABLES}
    conj = []
    for p in discover():
        try:
            t = paper_tables(p)
            taken = [c for c in [*t["CLAIMS"], *t["CONJECTURES"]] if c in out["PAPER_OF"]]
            if taken:
                raise ValueError(f"ID {taken[0]!r} is taken by {out['PAPER_OF'][taken[0]]}")
        except Exception as exc:  # noqa: BLE001  (an installed paper's fault: one line; a built-in raises)
            skipped(p, exc)
            continue
        out["CLAIMS"].update(t["CLAIMS"])
        out["ALIASES"].update(t["ALIASES"])
        out["EXPLORATORY"].update(t.get("EXPLORATORY", {}))
        keys = p.manifest.get("conjectures", {})
        conj += [(keys.get(m.rpartition(".")[2], p.order), p.order, p.name, m.rpartition(".")[2], cid, v)
                 for cid, v in t["CONJECTURES"].items() for m in [v[3]]]
        out["PAPER_OF"].update({c: p.name for c in [*t["CLAIMS"], *t["CONJECTURES"]]})
        if not p.builtin:  # its index lists its claims; would its code import? (a few ms, nothing imported)
            from ibcheck.theory.paper_health import static_problem
            why = static_problem(p.package)
            if why:
                out["BROKEN"][p.name] = f"paper {p.name!r} ({p.package}) fails to import: {why}: its claims cannot run"
    out["CONJECTURES"] = {cid: v for *_, cid, v in sorted(conj, key=lambda x: x[:4])}
    warn()
    return out


def __getattr__(name):
    if name in _TABLES:
        globals().update(_build())
        return globals()[name]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def table(name: str) -> dict:
    """One of the tables, built on first use (inside this module a bare name would not reach ``__getattr__``)."""
    return globals()[name] if name in globals() else __getattr__(name)


def notes() -> list[str]:
    """``ibcheck list``'s footer lines for the installed (not built-in) papers and the skipped ones."""
    paper_of = table("PAPER_OF")
    out = []
    for p in discover():
        ids = [c for c, n in paper_of.items() if n == p.name and c in table("CLAIMS")]
        if not p.builtin and ids:
            out.append(f"# plugin {p.name} ({p.dist}, {p.package}): {', '.join(ids)}")
    from ibcheck.theory.papers import ERRORS
    return out + [f"# warning: {line}" for line in [*ERRORS, *table("BROKEN").values()]]


def plugins_installed() -> bool:
    """Whether a catalogue of the deprecated entry-point group ``ibcheck.catalogues`` is installed (and not
    switched off by ``IBCHECK_NO_PLUGINS``): those are known only to the full registry."""
    from ibcheck.theory.papers import off
    if off():
        return False
    from ibcheck.theory.papers import entry_points_of

    from .plugins import GROUP
    try:
        return bool(list(entry_points_of(GROUP)))
    except Exception:  # noqa: BLE001  (unreadable metadata: the full registry reports it)
        return True


def suggest(word: str, known) -> str:
    """`` — did you mean 'x'?`` for the closest known ID (empty when nothing is close)."""
    close = difflib.get_close_matches(word, list(known), n=1, cutoff=0.6)
    return f"; did you mean {close[0]!r}?" if close else ""


def unknown_claim(claim_id: str, known) -> InputError:
    return InputError(f"unknown claim {claim_id!r}{suggest(claim_id, known)} (see `ibcheck list`)")


def spec(claim_id: str):
    """The check of ``claim_id``: from the registry when this process has imported it anyway, else it imports only
    its own module (a built-in or an installed paper alike), and an ID the index does not know loads the full
    registry only when a deprecated-group catalogue may define it. An unknown ID is an ``InputError`` naming the
    closest known one."""
    import sys
    loaded = sys.modules.get("ibcheck.checks.registry")  # already paid for: the registry decides (and may be patched)
    if loaded is not None and hasattr(loaded, "REGISTRY") and claim_id in loaded.REGISTRY:
        return loaded.REGISTRY[claim_id]
    claims = table("CLAIMS")
    module = claims.get(claim_id, (None,) * 4)[3]
    if module is not None:
        for s in importlib.import_module(module).SPECS:
            if s.id == claim_id:
                return s
    if claim_id not in claims and not plugins_installed():
        raise unknown_claim(claim_id, [c for c, v in claims.items() if v[3]])
    from .registry import REGISTRY
    if claim_id not in REGISTRY:
        raise unknown_claim(claim_id, REGISTRY)
    return REGISTRY[claim_id]
