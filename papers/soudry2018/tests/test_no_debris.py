"""A refused command on soudry2018's claims leaves nothing behind (exit 2, one line, the working directory as it
was): a step budget out of its range, not a power of 10 (tests/test_no_debris.py: the generic refusals)."""
from __future__ import annotations

import pytest

from ibcheck.testing.refusal import assert_refused_creates_nothing

REFUSED = [
    ["check", "soudry2018.direction_rate", "--set", "steps=3162278", "--json", "o.json"],
]


@pytest.mark.parametrize("argv", REFUSED, ids=[" ".join(a) for a in REFUSED])
def test_a_refused_command_creates_nothing(argv, tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert_refused_creates_nothing(argv, tmp_path, capsys)
