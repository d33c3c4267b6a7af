"""CLI contract of lyuli2020: every claim ID listed by ``ibcheck list`` and generated as a quick case."""
from ibcheck.testing.cli import run_cli

IDS = ["lyuli2020.smoothed_margin_monotone", "lyuli2020.lemma5_1", "lyuli2020.euler_identity", "lyuli2020.rates",
       "lyuli2020.kkt", "lyuli2020.loss_based_lr", "lyuli2020.sandwich", "lyuli2020.euler_identity_gd",
       "lyuli2020.gd_margin"]


ibcheck = run_cli  # the command through ``main`` in this process; tests/test_cli.py starts real ones


def test_every_new_id_is_listed_and_generated():
    out = ibcheck("list").stdout
    assert len(IDS) == 9 and all(cid in out for cid in IDS)
    from ibcheck.checks.cases import cases
    ids = {c[0] for c in cases("quick")}
    assert set(IDS) <= ids
