"""``ibcheck diff`` on two real ``check --json`` outputs of lai2026.m1.gap (planted changes on synthetic results:
tests/test_diff.py)."""
import json
import subprocess
import sys


def ibcheck(*args, cwd=None):
    return subprocess.run([sys.executable, "-m", "ibcheck", *args], capture_output=True, text=True, cwd=cwd,
                          timeout=300)


def test_two_real_check_outputs_of_different_settings(tmp_path):
    """Two ``check --json`` outputs of one claim (a change that makes lai2026.m1.gap's lower bound fail: η‖λ‖₁ = ½,
    a documented finding): exactly the verdict and the rows that changed, exit 1."""
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    assert ibcheck("check", "lai2026.m1.gap", "--json", str(a)).returncode == 0
    assert ibcheck("check", "lai2026.m1.gap", "--set", "eta_scale=0.5", "--json", str(b)).returncode == 1
    p = ibcheck("diff", str(a), str(b), "--json", str(tmp_path / "d.json"))
    assert p.returncode == 1, p.stdout + p.stderr
    d = json.loads((tmp_path / "d.json").read_text())
    ra, rb = (json.loads(f.read_text()) for f in (a, b))
    flipped = sorted(r["name"] for r in rb["conclusions"] + rb["hypotheses"]
                     if r["holds"] != next(x["holds"] for x in ra["conclusions"] + ra["hypotheses"]
                                           if x["name"] == r["name"]))
    assert [(c["old"], c["new"]) for c in d["verdict_changes"]] == [("verified", "violated")]
    assert sorted(c["row"] for c in d["row_flips"]) == flipped and flipped
