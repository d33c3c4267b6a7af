"""The contract of boursier2022 through the command line: ``ibcheck list`` shows its claims."""
import subprocess
import sys

IDS = ["boursier2022.convergence", "boursier2022.min_variation_norm", "boursier2022.saddle_to_saddle",
       "boursier2022.early_alignment", "boursier2022.balancedness", "boursier2022.balancedness_gd"]


def ibcheck(*args):
    return subprocess.run([sys.executable, "-m", "ibcheck", *args], capture_output=True, text=True, timeout=600)


def test_list_shows_the_claims():
    out = ibcheck("list").stdout
    for cid in IDS:
        assert cid in out, cid
