"""A refused command on lai2026's claims leaves nothing behind (exit 2, one line, the working directory as it was):
a parameter out of range, a missing --data file, a report pattern matching no claim (tests/test_no_debris.py: the
generic refusals)."""
from __future__ import annotations

import pytest

from ibcheck.testing.refusal import assert_refused_creates_nothing

REFUSED = [
    ["report", "--out", "r2/sub/deeper", "--claims", "lai2026.m9.*"],
    ["check", "lai2026.m1.gap", "--set", "n=-1", "--json", "o.json"],
    ["check", "lai2026.m1.gap", "--data", "missing.npz", "--json", "o.json"],
    ["sweep", "lai2026.m1.gap", "--grid", "n=-1,4", "--json", "s.json"],
    ["sweep", "lai2026.m1.gap", "--grid", "n=4,8", "--json", "nofolder/s.json"],
]


@pytest.mark.parametrize("argv", REFUSED, ids=[" ".join(a) for a in REFUSED])
def test_a_refused_command_creates_nothing(argv, tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert_refused_creates_nothing(argv, tmp_path, capsys)
