"""The contract of boursier2022 through the command line: ``ibcheck list`` shows its claims."""
from ibcheck.testing.cli import run_cli

IDS = ["boursier2022.convergence", "boursier2022.min_variation_norm", "boursier2022.saddle_to_saddle",
       "boursier2022.early_alignment", "boursier2022.balancedness", "boursier2022.balancedness_gd"]


ibcheck = run_cli  # the command through ``main`` in this process; tests/test_cli.py starts real ones


def test_list_shows_the_claims():
    out = ibcheck("list").stdout
    for cid in IDS:
        assert cid in out, cid
