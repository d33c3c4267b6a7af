"""The contract of kou2023 through the command line: ``ibcheck list`` shows its claims."""
import subprocess
import sys

IDS = ["kou2023.leaky_srank_to_1", "kou2023.relu_srank_bounded", "kou2023.margin_equalization", "kou2023.loss_rate",
       "kou2023.full_srank"]


def ibcheck(*args):
    return subprocess.run([sys.executable, "-m", "ibcheck", *args], capture_output=True, text=True, timeout=600)


def test_list_shows_the_claims():
    out = ibcheck("list").stdout
    for cid in IDS:
        assert cid in out, cid
