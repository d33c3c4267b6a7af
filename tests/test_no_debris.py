"""A refused command leaves nothing behind: every command that takes an output folder or file (``report --out``,
``conjecture --out/--json``, ``check/sweep/kkt --json``, ``docs --out``) validates all of its input before it
creates anything, so a refusal (exit 2) leaves the working directory exactly as it was — no empty output folder.
Refusals of a paper's own claims (a parameter out of range, a missing --data file, a report pattern matching
none of its claims): that paper's tests/test_no_debris.py."""
from __future__ import annotations

import pytest

from ibcheck.checks import index
from ibcheck.testing.refusal import assert_refused_creates_nothing

CONJ = sorted(index.CONJECTURES)[0]  # any shipped conjecture: each refusal below is decided before its search
REFUSED = [
    ["conjecture", CONJ, "--budget", "-5", "--out", "c27"],
    ["conjecture", CONJ, "--min-decided", "-1", "--out", "c27", "--json", "c27.json"],
    ["conjecture", "conj.no-such", "--out", "c27", "--json", "c27.json"],
    ["conjecture", "broken.py", "--out", "c27"],
    ["conjecture", CONJ, "--replay", "n=oops", "--out", "c27"],
    ["conjecture", CONJ, "--out", "c27/deeper/still", "--json", "nofolder/c.json"],
    ["report", "--out", "r1", "--claims", "no-such.*"],
    ["report", "--out", "r3", "--device", "cuda"],
    ["report", "--out", "a_file/r4"],
    ["check", "no.such.claim", "--json", "o.json"],
    ["kkt", "--model", "missing.pt", "--data", "missing.npz", "--json", "k.json"],
    ["docs", "--out", "d1", "--results", "missing.json"],
]


@pytest.mark.parametrize("argv", REFUSED, ids=[" ".join(a) for a in REFUSED])
def test_a_refused_command_creates_nothing(argv, tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "broken.py").write_text("def (:\n")
    (tmp_path / "a_file").write_text("not a folder")
    assert_refused_creates_nothing(argv, tmp_path, capsys)


def test_an_accepted_out_folder_is_made_when_written(tmp_path, monkeypatch):
    """The folder a run writes into is created then (nested folders too), not at validation."""
    from ibcheck.cli_io import writable_dir
    from ibcheck.numerics.runtime.errors import InputError
    monkeypatch.chdir(tmp_path)
    writable_dir("new/nested/out", "--out")
    assert not (tmp_path / "new").exists()
    (tmp_path / "f").write_text("x")
    with pytest.raises(InputError, match="is a file"):
        writable_dir("f", "--out")
    with pytest.raises(InputError, match="f is a file"):
        writable_dir("f/sub", "--out")
