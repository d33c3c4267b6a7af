"""The command line per CONTRACT.md: the listing, exit 2 on bad usage, exit 5 on a crash (tables, JSON, user data,
seeds and bad input on a paper's claims: that paper's tests/test_cli.py)."""
import subprocess
import sys

import pytest


def ibcheck(*args, cwd=None):
    return subprocess.run([sys.executable, "-m", "ibcheck", *args], capture_output=True, text=True, cwd=cwd,
                          timeout=300)


def test_list_has_every_claim_of_the_catalogue():
    from ibcheck.checks import index
    out = ibcheck("list").stdout
    for cid in [*index.CLAIMS, *index.CONJECTURES]:
        assert cid in out


@pytest.mark.parametrize("args,msg", [
    (["check"], "error"),
])
def test_bad_usage_is_one_line_exit_2(args, msg):
    p = ibcheck(*args)
    assert p.returncode == 2, p.stdout
    assert msg in p.stderr and "Traceback" not in p.stderr
    assert len(p.stderr.strip().splitlines()) == 1


# ---- the CLI a researcher expects --------------------------------------------------------------------------
def test_version_and_bare_invocation():
    v = ibcheck("--version")
    assert v.returncode == 0 and v.stdout.startswith("ibcheck ")
    bare = ibcheck()
    assert bare.returncode == 2 and "check" in bare.stderr and "conjecture" in bare.stderr


def test_a_crash_is_exit_5_never_a_verdict():
    data = str((__import__("pathlib").Path(__file__).parent / "data" / "crashing.py"))
    p = ibcheck("conjecture", data)
    assert p.returncode == 5, (p.stdout, p.stderr)
    assert "internal error" in p.stderr and "Traceback" not in p.stderr and len(p.stderr.strip().splitlines()) == 1
    d = ibcheck("--debug", "conjecture", data)
    assert d.returncode == 5 and "Traceback" in d.stderr


def test_list_is_a_readable_table():
    out = ibcheck("list", "-v").stdout
    assert out.splitlines()[0].split()[:2] == ["ID", "SOURCE"]
    assert "Int(lo=" not in out and "0.08333333333333333" not in out
    assert "integers 2..16" in out  # a conjecture's parameter space in words
