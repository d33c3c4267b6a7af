"""The contract of razincohen2020 through the command line: ``ibcheck list`` shows its claims."""
from ibcheck.testing.cli import run_cli

IDS = ["razincohen2020.norms_diverge", "razincohen2020.det_sign", "razincohen2020.effective_rank"]


ibcheck = run_cli  # the command through ``main`` in this process; tests/test_cli.py starts real ones


def test_list_shows_the_claims():
    out = ibcheck("list").stdout
    for cid in IDS:
        assert cid in out, cid
