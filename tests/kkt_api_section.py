"""The kkt section of docs/api.md (``## 1. A trained model`` up to ``## 2. Python API``), run once per test session.

Two tests read what it printed: ``tests/test_docs_run.py`` (each documented command exits as the docs say, no
traceback) and ``tests/test_kkt_docs.py`` (the verdicts and messages the prose promises). Running the section twice
— once per test file, as before — trained every example twice; the session fixture ``kkt_api_section`` runs it once
(both files are in the ``docs-run`` xdist group, so one worker holds it).

Every line of a ``bash`` block is one command, and a ``python`` block runs as ``python -c BLOCK``, in document
order, in a scratch folder holding ``examples/`` (a link to the repository's), as from the repository root; each
command is its own process (``tests/forked_commands.py``: forked from a parent that imported torch once).
"""
from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
START, END = "## 1. A trained model", "## 2. Python API"


def section() -> str:
    text = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    return text[text.index(START):text.index(END)]


def blocks() -> list[tuple[str, str]]:
    """``(language, source)`` of the section's fenced bash and python blocks, in order."""
    return re.findall(r"```(bash|python)\n(.*?)```", section(), re.S)


def block_commands(lang: str, source: str) -> list[str]:
    """The command lines of one block: each non-blank, non-comment line of a bash block; a python block whole."""
    if lang == "python":
        return [f"python -c {shlex.quote(source)}"]
    return [ln for ln in source.splitlines() if shlex.split(ln, comments=True)]


def in_section(path: Path, source: str) -> bool:
    """Whether a fenced block of ``path`` (as tests/test_docs_run.py collects it) is one of the section's."""
    return path.name == "api.md" and path.parent.name == "docs" and any(
        source.strip() == s.strip() for _, s in blocks())


@pytest.fixture(scope="session")
def kkt_api_section(tmp_path_factory) -> dict:
    """``{block source (stripped): [result per command]}``, each result ``{"cmd", "rc", "out", "err", "cpu"}``, and
    ``"_order"``: every result in document order."""
    from tests import forked_commands
    where = tmp_path_factory.mktemp("kkt-api-section")
    (where / "examples").symlink_to(ROOT / "examples", target_is_directory=True)
    bl = blocks()
    lines = [cmd for lang, src in bl for cmd in block_commands(lang, src)]
    results = forked_commands.run(lines, where)
    out, i = {"_order": results}, 0
    for lang, src in bl:
        k = len(block_commands(lang, src))
        out[src.strip()] = results[i:i + k]
        i += k
    return out
