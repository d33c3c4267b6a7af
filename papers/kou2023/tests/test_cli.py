"""The contract of kou2023 through the command line: ``ibcheck list`` shows its claims."""
from ibcheck.testing.cli import run_cli

IDS = ["kou2023.leaky_srank_to_1", "kou2023.relu_srank_bounded", "kou2023.margin_equalization", "kou2023.loss_rate",
       "kou2023.full_srank"]


def ibcheck(*args):
    """The command through ``main`` in this process (ibcheck.testing.cli: no 3–8 s of imports per call); the
    entry point's own exit status and stderr are tests/test_cli.py's, which start a process."""
    return run_cli(*args)


def test_list_shows_the_claims():
    out = ibcheck("list").stdout
    for cid in IDS:
        assert cid in out, cid
