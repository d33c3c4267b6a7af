"""``ibcheck diff``: a planted change between two result sets is reported exactly (no more, no less), the exit
status follows the verdict ranks, and bad input is one line with exit 2."""
import copy
import json
import subprocess
import sys

import pytest

from ibcheck.result_diff import compare


def ibcheck(*args, cwd=None):
    return subprocess.run([sys.executable, "-m", "ibcheck", *args], capture_output=True, text=True, cwd=cwd,
                          timeout=300)


def _row(name, lhs, rhs, holds, tol=0.0):
    return {"name": name, "lhs": lhs, "rhs": rhs, "relation": "<=", "tolerance": tol, "slack": rhs - lhs,
            "holds": holds, "provenance": "seed", "kind": "bound"}


def _check(case, verdict, rows, quantities):
    return {"schema": 1, "kind": "check", "case": case, "claim": case.split("[")[0], "verdict": verdict,
            "hypotheses": [_row("h", 1.0, 2.0, True)], "conclusions": rows, "quantities": quantities, "params": {}}


OLD = [
    _check("a.one[seed=0]", "verified", [_row("gap", 1.0, 2.0, True, 1e-3)], {"gap": 1.0, "n": 40, "w": [1.0, 2.0]}),
    _check("a.two[seed=0]", "inconclusive", [_row("rate", 0.5, 1.0, None)], {"rate": 0.5}),
    _check("a.three[seed=0]", "verified", [_row("r1", 1.0, 2.0, True), _row("r2", 1.0, 2.0, True)], {"q": 3.0}),
    _check("a.four[seed=0]", "inconclusive", [_row("r", 1.0, 2.0, None)], {"q": 1.0}),
    _check("a.gone[seed=0]", "verified", [_row("r", 1.0, 2.0, True)], {"q": 1.0}),
    {"schema": 1, "kind": "conjecture", "conjecture": "conj.x", "status": "survived", "trials": 10},
]


def _planted():
    new = copy.deepcopy(OLD[:5]) + [dict(OLD[5], status="refuted")]
    one, two, three, four = new[0], new[1], new[2], new[3]
    one["verdict"] = "violated"  # regressed
    one["conclusions"][0].update(lhs=2.5, holds=False)  # flipped and moved (1.5 ≫ tolerance 1e-3)
    one["quantities"].update(gap=2.5, n=40, w=[1.0, 2.0 + 1e-12])  # w moves in the last bits only: not reported
    two["verdict"] = "verified"  # improved
    two["conclusions"][0].update(holds=True, lhs=0.5 + 1e-4)  # flipped; moved 1e-4 > rtol·1
    three["conclusions"][1].update(holds=False)  # a flip without a verdict change
    three["conclusions"].append(_row("r3", 0.0, 1.0, True))  # a row added
    del three["quantities"]["q"]  # a key removed
    four["verdict"] = "outside-hypotheses"  # same rank as inconclusive: changed, not regressed
    del new[4]  # a.gone removed
    new.append(_check("a.new[seed=0]", "verified", [], {}))  # a case added
    return new


def test_a_planted_change_is_reported_exactly():
    d = compare(OLD, _planted())
    assert [(c["case"], c["old"], c["new"], c["direction"]) for c in d["verdict_changes"]] == [
        ("a.one[seed=0]", "verified", "violated", "regressed"), ("a.two[seed=0]", "inconclusive", "verified", "improved"),
        ("a.four[seed=0]", "inconclusive", "outside-hypotheses", "changed"),
        ("conjecture conj.x", "survived", "refuted", "regressed")]
    assert [(c["case"], c["row"], c["old"], c["new"]) for c in d["row_flips"]] == [
        ("a.one[seed=0]", "gap", True, False), ("a.two[seed=0]", "rate", None, True), ("a.three[seed=0]", "r2", True, False)]
    assert [(c["case"], c["key"]) for c in d["moved"]] == [("a.one[seed=0]", "conclusions[gap].lhs"),
                                                          ("a.one[seed=0]", "quantities.gap"),
                                                          ("a.two[seed=0]", "conclusions[rate].lhs")]
    assert [(c["case"], c["row"]) for c in d["rows_added"]] == [("a.three[seed=0]", "r3")] and not d["rows_removed"]
    assert [(c["case"], c["key"]) for c in d["keys_removed"]] == [("a.three[seed=0]", "q")]
    assert d["cases_added"] == ["a.new[seed=0]"] and d["cases_removed"] == ["a.gone[seed=0]"] and d["matched"] == 5
    assert d["regressed"] is True


def test_identical_and_last_bit_results_show_nothing():
    new = copy.deepcopy(OLD)
    new[0]["quantities"]["gap"] *= 1 + 4e-16  # another machine's last bits
    new[0]["conclusions"][0]["lhs"] += 1e-15
    d = compare(OLD, new)
    assert d["matched"] == 6 and not any(d[k] for k in d["counts"]) and d["regressed"] is False


def test_cli_exit_status_json_and_strict(tmp_path):
    old, new, improved = tmp_path / "old.json", tmp_path / "new.json", tmp_path / "improved.json"
    old.write_text(json.dumps(OLD))
    new.write_text(json.dumps(_planted()))
    better = copy.deepcopy(OLD)
    better[1]["verdict"] = "verified"
    improved.write_text(json.dumps(better))
    p = ibcheck("diff", str(old), str(new), "--json", str(tmp_path / "d.json"))
    assert p.returncode == 1, p.stderr
    assert "REGRESSED" in p.stdout and "a.one[seed=0]: verified -> violated" in p.stdout
    d = json.loads((tmp_path / "d.json").read_text())
    assert d["schema"] == 1 and d["regressed"] is True and d["counts"]["verdict_changes"] == 4
    assert ibcheck("diff", str(old), str(old)).returncode == 0
    q = ibcheck("diff", str(old), str(improved))  # an improvement is not a regression ...
    assert q.returncode == 0 and "IMPROVED" in q.stdout
    s = ibcheck("diff", str(old), str(improved), "--strict")  # ... but it makes a committed baseline stale
    assert s.returncode == 1 and "regenerating" in s.stderr


@pytest.mark.parametrize("content, says", [
    (None, "cannot read"), ("{not json", "not JSON"), ("[]", "no results"), ('{"a": 1}', "not an ibcheck result"),
    ('[{"schema": 99, "claim": "x", "verdict": "verified"}]', "newer than this ibcheck reads")])
def test_bad_input_is_one_line_and_exit_2(tmp_path, content, says):
    f = tmp_path / "bad.json"
    if content is not None:
        f.write_text(content)
    good = tmp_path / "good.json"
    good.write_text(json.dumps(OLD))
    p = ibcheck("diff", str(good), str(f))
    assert p.returncode == 2 and says in p.stderr and len(p.stderr.strip().splitlines()) == 1, p.stderr
    assert "Traceback" not in p.stderr


def test_the_committed_baseline_is_a_normalized_quick_profile():
    """.ci/baseline/quick.json (what .ci/run diffs the quick profile against) loads as results, every object
    versioned and named by its case, and normalizing it again changes nothing."""
    import importlib.util
    from pathlib import Path

    from ibcheck.result_diff import load
    root = Path(__file__).resolve().parents[1]
    base = load(str(root / ".ci" / "baseline" / "quick.json"))
    spec = importlib.util.spec_from_file_location("normalize", root / ".ci" / "baseline" / "normalize.py")
    norm = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(norm)
    assert all(r["schema"] == 1 and r.get("case") for r in base) and norm.normalize(base) == base


def test_strict_fails_on_a_removed_case_alone(tmp_path):
    """A baseline case that disappears, every other result identical: no regression (exit 0), but ``--strict`` fails
    (exit 1) and names it — a check that silently stops running must not pass CI."""
    from ibcheck.result_diff import strict_failures
    kept = copy.deepcopy(OLD[:4]) + [copy.deepcopy(OLD[5])]  # a.gone[seed=0] removed, nothing else changed
    d = compare(OLD, kept)
    assert d["cases_removed"] == ["a.gone[seed=0]"] and d["matched"] == 5 and not d["regressed"]
    assert strict_failures(d) == ["case removed a.gone[seed=0]"]
    old, new = tmp_path / "old.json", tmp_path / "new.json"
    old.write_text(json.dumps(OLD))
    new.write_text(json.dumps(kept))
    assert ibcheck("diff", str(old), str(new)).returncode == 0
    s = ibcheck("diff", str(old), str(new), "--strict", "--json", str(tmp_path / "d.json"))
    assert s.returncode == 1 and "1 change(s)" in s.stderr, (s.stdout, s.stderr)
    assert "cases removed:\n  a.gone[seed=0]" in s.stdout
    assert json.loads((tmp_path / "d.json").read_text())["strict_failures"] == ["case removed a.gone[seed=0]"]
