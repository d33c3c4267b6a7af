"""An installed paper's light index kept current while its author edits it.

``<paper>/index.py`` (``checks.index_build``) holds each claim's title, kind and check module, so that ``ibcheck
list`` and ``ibcheck check ID`` need not import the paper's statements. While an author edits an installed paper
(``pip install -e``), a new title, a changed provenance or a claim added by hand would otherwise stay invisible —
``ibcheck list`` showing the old title, ``ibcheck check`` answering "unknown claim" — until ``python -m
ibcheck.checks.index_build PAPER`` is run. So: when a source file of an installed paper (``theory/statements.py``,
``checks/*.py``, ``conjectures/*.py``) is newer than its ``index.py`` by more than ``SLACK_S``, the tables are read from
the paper's live modules and ``index.py`` is rewritten (one ``ibcheck: note:`` line on stderr says so; where the
folder is read-only, the note says the index was read from the modules instead). Only file times are read here
(a few ``stat`` calls): nothing heavy is imported unless the index is stale. Built-in papers are never rewritten
(``tests/test_startup.py`` fails while one is stale); the conformance suite still compares an installed paper's index
with what ``index_build`` writes, which also catches an edit this time test cannot see (a helper module elsewhere).
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

# A wheel or a `pip install` writes every file of a package within a second, in any order: a source file newer than
# the index by less than this is the same install, not an edit.
SLACK_S = 2.0


def newer_source(folder: Path) -> Path | None:
    """The newest of the paper's statement, check and conjecture modules when it is newer than ``index.py`` by more
    than ``SLACK_S`` (the index is stale), else None (also when there is no index: the caller builds it live)."""
    index = folder / "index.py"
    try:
        built = index.stat().st_mtime
    except OSError:
        return None
    sources = [folder / "theory" / "statements.py", *(folder / "checks").glob("*.py"),
               *(folder / "conjectures").glob("*.py")]
    times = []
    for f in sources:
        try:
            times.append((f.stat().st_mtime, f))
        except OSError:
            continue
    if not times:
        return None
    t, f = max(times)
    return f if t > built + SLACK_S else None


def _write(path: Path, text: str) -> None:
    """Atomically (parallel test workers may rebuild it at once; a reader never sees half a file)."""
    import tempfile
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".index-", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def refresh(paper, folder: Path, source: Path) -> bool:
    """Rewrite the stale ``index.py`` of the installed ``paper`` from its live modules (``index_build.generate``) and
    say so on stderr; whether it was written (where it cannot be, the note says the tables come from the modules).
    An index whose text would not change (an edit of a documented outcome, a docstring) is only touched, silently."""
    from .index_build import generate
    text = generate(paper)
    index = folder / "index.py"
    try:
        same = index.read_text(encoding="utf-8") == text
    except OSError:
        same = False
    if same:  # an edit that changes no title, kind or module: say nothing
        try:
            os.utime(index)
        except OSError:
            pass
        return True
    rel = source.relative_to(folder).as_posix()
    cmd = f"python -m ibcheck.checks.index_build {paper.name}"
    try:
        _write(folder / "index.py", text)
        written, what = True, f"rebuilt {folder / 'index.py'} (what `{cmd}` writes)"
    except OSError as exc:
        written, what = False, f"read its claims from its modules ({folder / 'index.py'} not writable: {exc.strerror})"
    print(f"ibcheck: note: paper {paper.name!r}: index.py was older than {rel}: {what}", file=sys.stderr)
    return written
