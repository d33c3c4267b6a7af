"""The contract of vardishamir2021 through the command line: a renamed claim keeps its old ID for one release, and
``ibcheck list``."""
import json
from ibcheck.testing.cli import run_cli


IDS = ["vardishamir2021.single_neuron_construction", "vardishamir2021.not_min_norm", "vardishamir2021.approximate",
       "vardishamir2021.balancedness_conserved", "vardishamir2021.zero_loss_set"]


ibcheck = run_cli  # the command through ``main`` in this process; tests/test_cli.py starts real ones


def test_a_renamed_claim_keeps_its_old_id_for_one_release(tmp_path):
    """vardishamir2021.balancedness_only → balancedness_conserved: `list` names the alias, `check` runs the new
    claim under the old ID with one deprecation line on stderr (stdout and the JSON carry the new ID)."""
    assert "# deprecated alias vardishamir2021.balancedness_only -> vardishamir2021.balancedness_conserved" in \
        ibcheck("list").stdout
    r = ibcheck("check", "vardishamir2021.balancedness_only", "--json", str(tmp_path / "r.json"))
    assert r.returncode == 0, r.stderr
    notes = [ln for ln in r.stderr.splitlines() if "deprecated" in ln]
    assert len(notes) == 1 and "vardishamir2021.balancedness_conserved" in notes[0], r.stderr
    assert json.loads((tmp_path / "r.json").read_text())["claim"] == "vardishamir2021.balancedness_conserved"


def test_list_shows_the_claims():
    out = ibcheck("list").stdout
    for cid in IDS:
        assert cid in out, cid
