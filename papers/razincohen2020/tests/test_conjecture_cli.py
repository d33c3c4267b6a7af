"""The shipped conjecture conj.gunasekar-nuclear through the command line: ``ibcheck list`` shows it, and a search
refutes it with a replay that refutes it again (each paper's own command-line contract:
papers/<paper>/tests/test_cli.py)."""
import json
import math
import subprocess
import sys

def ibcheck(*args):
    return subprocess.run([sys.executable, "-m", "ibcheck", *args], capture_output=True, text=True, timeout=600)


def test_list_shows_the_conjecture():
    out = ibcheck("list").stdout
    for cid in ["conj.gunasekar-nuclear"]:
        assert cid in out, cid


def test_gunasekar_conjecture_is_refuted_with_a_replay(tmp_path):
    j = tmp_path / "c.json"
    p = ibcheck("conjecture", "conj.gunasekar-nuclear", "--budget", "6", "--json", str(j))
    assert p.returncode == 1, p.stdout + p.stderr
    r = json.loads(j.read_text())
    assert r["status"] == "refuted" and r["replay"].startswith("ibcheck conjecture conj.gunasekar-nuclear --replay")
    q = r["counterexample"]["quantities"]
    assert q["nuclear_gf"] > 1.001 * q["nuclear_min"] and q["det_gf_sign"] == 1.0
    replay = r["replay"].split("--replay ", 1)[1].strip('"')
    p2 = ibcheck("conjecture", "conj.gunasekar-nuclear", "--replay", replay)
    assert p2.returncode == 1 and json.loads(p2.stdout)["status"] == "refuted"
    assert math.isfinite(q["nuclear_gf"])
