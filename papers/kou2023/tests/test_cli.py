"""The contract of kou2023 through the command line: ``ibcheck list`` shows its claims."""
from ibcheck.testing.cli import run_cli

IDS = ["kou2023.leaky_srank_to_1", "kou2023.relu_srank_bounded", "kou2023.margin_equalization", "kou2023.loss_rate",
       "kou2023.full_srank"]


ibcheck = run_cli  # the command through ``main`` in this process; tests/test_cli.py starts real ones


def test_list_shows_the_claims():
    out = ibcheck("list").stdout
    for cid in IDS:
        assert cid in out, cid
