"""The CLI on a soudry2018 fixture: a fixture's own sizes are what `check` prints (tests/test_cli_usability.py: the
generic usability tests)."""
from ibcheck.cli import main


def test_a_fixture_shows_its_own_sizes(capsys):
    main(["check", "soudry2018.fig1"])
    out = capsys.readouterr().out
    params = next(x for x in out.splitlines() if x.startswith("params:"))
    assert "n=16 d=2" in params and "n=16 d=2" in out.splitlines()[1]
