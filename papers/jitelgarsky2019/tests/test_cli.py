"""CLI contract of jitelgarsky2019: every claim ID listed by ``ibcheck list`` and generated as a quick case."""
from ibcheck.testing.cli import run_cli

IDS = ["jitelgarsky2019.ray", "jitelgarsky2019.risk", "jitelgarsky2019.separable_edge",
       "jitelgarsky2019.nonseparable_edge"]


ibcheck = run_cli  # the command through ``main`` in this process; tests/test_cli.py starts real ones


def test_every_new_id_is_listed_and_generated():
    out = ibcheck("list").stdout
    assert len(IDS) == 4 and all(cid in out for cid in IDS)
    from ibcheck.checks.cases import cases
    ids = {c[0] for c in cases("quick")}
    assert set(IDS) <= ids
