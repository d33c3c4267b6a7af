"""The contract of razincohen2020 through the command line: ``ibcheck list`` shows its claims."""
import subprocess
import sys

IDS = ["razincohen2020.norms_diverge", "razincohen2020.det_sign", "razincohen2020.effective_rank"]


def ibcheck(*args):
    return subprocess.run([sys.executable, "-m", "ibcheck", *args], capture_output=True, text=True, timeout=600)


def test_list_shows_the_claims():
    out = ibcheck("list").stdout
    for cid in IDS:
        assert cid in out, cid
