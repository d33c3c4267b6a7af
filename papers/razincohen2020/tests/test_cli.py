"""The contract of razincohen2020 through the command line: ``ibcheck list`` shows its claims."""
from ibcheck.testing.cli import run_cli

IDS = ["razincohen2020.norms_diverge", "razincohen2020.det_sign", "razincohen2020.effective_rank"]


def ibcheck(*args):
    """The command through ``main`` in this process (ibcheck.testing.cli: no 3–8 s of imports per call); the
    entry point's own exit status and stderr are tests/test_cli.py's, which start a process."""
    return run_cli(*args)


def test_list_shows_the_claims():
    out = ibcheck("list").stdout
    for cid in IDS:
        assert cid in out, cid
