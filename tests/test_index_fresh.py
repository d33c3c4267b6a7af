"""An installed paper's light index follows its author's edits (``checks.index_fresh``): a statement file newer than
``index.py`` makes ibcheck rebuild it, with one note line, so a new title or a claim added by hand shows up in
``ibcheck list`` and ``ibcheck check`` without a separate command; a read-only index is read from the modules."""
import importlib
import os
import sys
import time

import pytest

from ibcheck.checks import index_fresh
from ibcheck.checks.index import paper_tables
from ibcheck.scaffold import new_paper


@pytest.fixture
def paper(tmp_path):
    new_paper("fresh2099", str(tmp_path / "pkg"))
    root = tmp_path / "pkg"
    sys.path.insert(0, str(root))
    from ibcheck.theory.papers import manifest_of, paper_from_manifest
    try:
        yield paper_from_manifest("fresh2099", manifest_of("fresh2099"), "new", "local"), root / "fresh2099"
    finally:
        sys.path.remove(str(root))
        for m in [m for m in sys.modules if m == "fresh2099" or m.startswith("fresh2099.")]:
            del sys.modules[m]
        importlib.invalidate_caches()


def _retitle(folder, title):
    st = folder / "theory" / "statements.py"
    st.write_text(st.read_text(encoding="utf-8").replace('title="the sample mean is within 5/√n of 0"',
                                                         f'title="{title}"'), encoding="utf-8")
    _age_index(folder)


def _age_index(folder):
    """The index written well before the edit just made."""
    earlier = time.time() - 10 * index_fresh.SLACK_S
    os.utime(folder / "index.py", (earlier, earlier))


def test_a_fresh_index_is_read_as_it_is(paper, capsys):
    p, folder = paper
    assert index_fresh.newer_source(folder) is None
    assert paper_tables(p)["CLAIMS"]["fresh2099.mean"][2] == "the sample mean is within 5/√n of 0"
    assert capsys.readouterr().err == ""


def test_an_edited_statement_rebuilds_the_index(paper, capsys):
    p, folder = paper
    _retitle(folder, "a new title")
    assert index_fresh.newer_source(folder) == folder / "theory" / "statements.py"
    assert paper_tables(p)["CLAIMS"]["fresh2099.mean"][2] == "a new title"
    err = capsys.readouterr().err
    assert err.startswith("ibcheck: note: paper 'fresh2099': index.py was older than theory/statements.py: rebuilt")
    assert "python -m ibcheck.checks.index_build fresh2099" in err and err.count("\n") == 1
    assert "a new title" in (folder / "index.py").read_text(encoding="utf-8")
    assert index_fresh.newer_source(folder) is None and not list(folder.glob(".index-*"))  # rebuilt: current


def test_a_read_only_index_is_read_from_the_modules(paper, capsys, monkeypatch):
    p, folder = paper
    _retitle(folder, "read live")
    before = (folder / "index.py").read_text(encoding="utf-8")

    def refuse(path, text):
        raise PermissionError(13, "Permission denied")
    monkeypatch.setattr(index_fresh, "_write", refuse)
    assert paper_tables(p)["CLAIMS"]["fresh2099.mean"][2] == "read live"
    assert "read its claims from its modules" in capsys.readouterr().err
    assert (folder / "index.py").read_text(encoding="utf-8") == before


def test_an_edit_that_changes_no_entry_is_silent(paper, capsys):
    p, folder = paper
    exp = folder / "checks" / "expected.py"
    exp.write_text(exp.read_text(encoding="utf-8") + "\n# a comment\n", encoding="utf-8")
    _age_index(folder)
    before = (folder / "index.py").read_text(encoding="utf-8")
    paper_tables(p)
    assert capsys.readouterr().err == "" and (folder / "index.py").read_text(encoding="utf-8") == before
    assert index_fresh.newer_source(folder) is None  # touched: the next reading does not look again


def test_an_edit_that_breaks_the_statements_keeps_the_index_as_it_was(paper, capsys):
    """The claims stay listed; running one then names the error at its file and line (the broken-paper path)."""
    p, folder = paper
    st = folder / "theory" / "statements.py"
    st.write_text(st.read_text(encoding="utf-8") + "\nthis is not python\n", encoding="utf-8")
    _age_index(folder)
    before = (folder / "index.py").read_text(encoding="utf-8")
    assert "fresh2099.mean" in paper_tables(p)["CLAIMS"]
    assert capsys.readouterr().err == "" and (folder / "index.py").read_text(encoding="utf-8") == before
