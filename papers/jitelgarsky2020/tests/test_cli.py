"""CLI contract of jitelgarsky2020: every claim ID listed by ``ibcheck list`` and generated as a quick case."""
from ibcheck.testing.cli import run_cli

IDS = ["jitelgarsky2020.direction", "jitelgarsky2020.alignment"]


def ibcheck(*args):
    """The command through ``main`` in this process (ibcheck.testing.cli: no 3–8 s of imports per call); the
    entry point's own exit status and stderr are tests/test_cli.py's, which start a process."""
    return run_cli(*args)


def test_every_new_id_is_listed_and_generated():
    out = ibcheck("list").stdout
    assert len(IDS) == 2 and all(cid in out for cid in IDS)
    from ibcheck.checks.cases import cases
    ids = {c[0] for c in cases("quick")}
    assert set(IDS) <= ids
