"""A refused command leaves nothing behind: run ``ibcheck ARGV`` in-process in a folder and assert it exits 2 with a
one-line error and leaves the folder's tree exactly as it was (tests/test_no_debris.py, a paper's own refusals)."""
from __future__ import annotations

import os


def tree(root) -> set[str]:
    """Every file and folder under ``root``, relative to it."""
    return {os.path.relpath(os.path.join(d, f), root) for d, ds, fs in os.walk(root) for f in fs + ds}


def assert_refused_creates_nothing(argv: list[str], root, capsys) -> None:
    """``ibcheck ARGV`` run from ``root`` (the caller's working directory) is refused (exit 2, one ``error`` line on
    stderr, read through pytest's ``capsys``) and creates nothing under ``root``."""
    from ibcheck.cli import main
    before = tree(root)
    code = main(argv)
    err = capsys.readouterr().err
    assert code == 2, (argv, code, err)
    assert len(err.strip().splitlines()) == 1 and "error" in err, err
    assert tree(root) == before, (argv, sorted(tree(root) - before))
