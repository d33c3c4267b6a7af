"""CLI contract of jitelgarsky2020: every claim ID listed by ``ibcheck list`` and generated as a quick case."""
from ibcheck.testing.cli import run_cli

IDS = ["jitelgarsky2020.direction", "jitelgarsky2020.alignment"]


ibcheck = run_cli  # the command through ``main`` in this process; tests/test_cli.py starts real ones


def test_every_new_id_is_listed_and_generated():
    out = ibcheck("list").stdout
    assert len(IDS) == 2 and all(cid in out for cid in IDS)
    from ibcheck.checks.cases import cases
    ids = {c[0] for c in cases("quick")}
    assert set(IDS) <= ids
