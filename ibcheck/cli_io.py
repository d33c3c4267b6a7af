"""What every ``ibcheck`` command shares: parsing ``KEY=VALUE`` options, refusing unwritable outputs before any
work, strict JSON output, aligned columns, and the help formatter."""
from __future__ import annotations

import argparse
import json
import os

from ibcheck.numerics.runtime.errors import InputError

REL = {"<=": "≤", ">=": "≥", "==": "="}


class HelpFormatter(argparse.ArgumentDefaultsHelpFormatter):
    """Appends ``(default: X)`` only where it says something: not for required options, flags, defaults of None,
    nor where the help text already names its default."""

    def _get_help_string(self, action):
        text = action.help or ""
        if (action.required or action.default in (None, False) or action.default is argparse.SUPPRESS
                or "default" in text):
            return text
        return super()._get_help_string(action)


def parse_sets(items: list[str] | None, flag: str = "--set") -> dict:
    """``["n=40", "d=4000"]`` → ``{"n": "40", "d": "4000"}`` (the values are parsed by the check's parameters)."""
    out = {}
    for it in items or []:
        if "=" not in it or not it.split("=", 1)[0].strip():
            raise InputError(f"{flag} {it!r}: expected KEY=VALUE")
        k, v = it.split("=", 1)
        out[k.strip()] = v.strip()
    return out


def parse_grids(items: list[str] | None) -> list[tuple[str, list[str]]]:
    """``--grid KEY=V1,V2`` options in order; a key given twice has its values merged (``--grid n=20 --grid n=40``
    is ``n=20,40``), a value given twice counts once."""
    grids: dict[str, list[str]] = {}
    for g in items or []:
        if "=" not in g or not g.split("=", 1)[0].strip():
            raise InputError(f"--grid {g!r}: expected KEY=V1,V2,...")
        k, vals = g.split("=", 1)
        values = [v.strip() for v in vals.split(",")]
        if not any(values):
            raise InputError(f"--grid {g!r}: no values")
        if not all(values):  # `n=20,,40`, `n=20,`: a value lost to a typo, not an empty point
            raise InputError(f"--grid {g!r}: an empty value (value {values.index('') + 1} of {len(values)}); "
                             "write KEY=V1,V2,...")
        merged = grids.setdefault(k.strip(), [])
        merged += [v for v in values if v not in merged]
    return list(grids.items())


def _probe(folder, what: str) -> None:
    """Create and remove a file in ``folder``: the only test that answers for every file system (``os.access``
    says yes to root everywhere, and to anyone on /proc or a read-only mount, where creating fails); raises
    ``OSError``. Nothing is left behind: the probe is deleted whether or not the write went through."""
    import tempfile
    fd, name = tempfile.mkstemp(prefix=".ibcheck-probe-", dir=folder)
    try:
        os.write(fd, b"")
    finally:
        os.close(fd)
        os.unlink(name)


def _why(exc: OSError) -> str:
    return exc.strerror or type(exc).__name__


def writable_file(path: str | None, flag: str) -> None:
    try:
        _writable_file(path, flag)
    except OSError as exc:  # a folder on the way that cannot be searched
        raise InputError(f"{flag} {path}: not writable ({_why(exc)})") from None


def _writable_file(path: str | None, flag: str) -> None:
    """Refuse an output file that cannot be written, before any work starts (exit 2, "not writable" in the line):
    its folder must exist and accept a new file (probed: ``_probe``), and an existing file must open for writing
    (opened for appending, which changes neither its contents nor its time stamps)."""
    if not path:
        return
    from pathlib import Path
    p = Path(path)
    parent = p.parent if str(p.parent) else Path(".")
    if p.is_dir():
        raise InputError(f"{flag} {path}: is a directory (not writable)")
    if not parent.is_dir():
        raise InputError(f"{flag} {path}: no such directory {parent} (not writable)")
    try:
        if p.exists():
            with open(p, "a"):
                pass
        else:
            _probe(parent, flag)
    except OSError as exc:
        raise InputError(f"{flag} {path}: not writable ({_why(exc)})") from None


def writable_dir(path: str | None, flag: str) -> None:
    try:
        _writable_dir(path, flag)
    except OSError as exc:  # a folder on the way that cannot be searched
        raise InputError(f"{flag} {path}: not writable ({_why(exc)})") from None


def _writable_dir(path: str | None, flag: str) -> None:
    """Refuse an output folder that could not be created or written (exit 2, "not writable" in the line) before
    any work starts — without leaving anything: a refused command leaves no debris, so the folder is made only when
    the output is written. It is writable when it exists as a folder that accepts a new file, or when its nearest
    existing ancestor is a folder that accepts a new sub-folder (both probed, then removed: ``_probe``); no part of
    the path may be an existing file."""
    if not path:
        return
    import shutil
    import tempfile
    from pathlib import Path
    p = Path(path).absolute()
    if p.exists() and not p.is_dir():
        raise InputError(f"{flag} {path}: is a file, not a folder (not writable)")
    anc = p
    while not anc.exists():
        anc = anc.parent
    if not anc.is_dir():
        raise InputError(f"{flag} {path}: cannot create the folder ({anc} is a file; not writable)")
    try:
        if anc == p:
            _probe(p, flag)
        else:
            shutil.rmtree(tempfile.mkdtemp(prefix=".ibcheck-probe-", dir=anc))
    except OSError as exc:
        where = "" if anc == p else f"cannot create the folder in {anc}: "
        raise InputError(f"{flag} {path}: not writable ({where}{_why(exc)})") from None


def write_json(path: str, obj) -> None:
    """Write ``obj`` as strict JSON, every object stamped with the contract's ``schema`` (checks.schema); an
    unwritable path is an input error (exit 2)."""
    from ibcheck.checks.runner import jsonable
    from ibcheck.checks.schema import stamp
    try:
        with open(path, "w") as fh:
            json.dump(jsonable(stamp(obj)), fh, indent=1, allow_nan=False, default=str)
    except OSError as exc:
        raise InputError(f"--json {path}: cannot write ({exc.strerror})") from None


def columns(rows: list[list[str]], widths: list[int | None]) -> list[str]:
    """Aligned columns; a column of width None takes the rest of the line."""
    w = [max((len(r[i]) for r in rows), default=0) if wd is None or wd == 0 else wd for i, wd in enumerate(widths)]
    w[-1] = 0
    return ["  ".join(c.ljust(w[i]) if w[i] else c for i, c in enumerate(r)).rstrip() for r in rows]


def clip(text: str, width: int) -> str:
    """Shorten at a word boundary with an ellipsis (never mid-word)."""
    if len(text) <= width:
        return text
    cut = text[:width - 1].rsplit(" ", 1)[0]
    return cut + "…"


def key_number(r: dict) -> str:
    """The first failing conclusion (else the first conclusion) as ``name: measured rel bound``."""
    from ibcheck.reports.fmt import fmt
    rows = r.get("conclusions") or []
    c = next((c for c in rows if c.get("holds") is False), rows[0] if rows else None)
    if not c:
        return ""
    return f"{c['name']}: {fmt(c['lhs'])} {REL.get(c['relation'], c['relation'])} {fmt(c['rhs'])}"
