"""``ibcheck diff``: a planted change between two result sets is reported exactly (no more, no less), the exit
status follows the verdict ranks, and bad input is one line with exit 2."""
import copy
import math
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


def test_strict_fails_on_a_removed_case_alone():
    """A baseline case that disappears, every other result identical: no regression (exit 0), but ``--strict`` fails
    (exit 1) and names it — a check that silently stops running must not pass CI."""
    from ibcheck.result_diff import strict_failures
    kept = copy.deepcopy(OLD[:4]) + [copy.deepcopy(OLD[5])]  # a.gone[seed=0] removed, nothing else changed
    d = compare(OLD, kept)
    assert d["cases_removed"] == ["a.gone[seed=0]"] and d["matched"] == 5 and not d["regressed"]
    assert strict_failures(d) == ["case removed a.gone[seed=0]"]


def test_cli_strict_fails_on_a_removed_case_alone(tmp_path):
    kept = copy.deepcopy(OLD[:4]) + [copy.deepcopy(OLD[5])]  # a.gone[seed=0] removed, nothing else changed
    old, new = tmp_path / "old.json", tmp_path / "new.json"
    old.write_text(json.dumps(OLD))
    new.write_text(json.dumps(kept))
    assert ibcheck("diff", str(old), str(new)).returncode == 0
    s = ibcheck("diff", str(old), str(new), "--strict", "--json", str(tmp_path / "d.json"))
    assert s.returncode == 1 and "1 change(s)" in s.stderr, (s.stdout, s.stderr)
    assert "cases removed:\n  a.gone[seed=0]" in s.stdout
    assert json.loads((tmp_path / "d.json").read_text())["strict_failures"] == ["case removed a.gone[seed=0]"]


# ---- value-level tests of each branch, in process (the mutation run's survivors: docs/mutation.md) ---------------

def _raises(tmp_path, content, message, raw=False):
    from ibcheck.numerics.runtime.errors import InputError
    from ibcheck.result_diff import load
    f = tmp_path / "f.json"
    if raw:
        f.write_bytes(content)
    elif content is not None:
        f.write_text(content)
    with pytest.raises(InputError) as e:
        load(str(f))
    assert str(e.value) == message.format(f=f), str(e.value)


def test_load_says_exactly_what_is_wrong(tmp_path):
    _raises(tmp_path, None, "{f}: cannot read (No such file or directory)")
    _raises(tmp_path, b"\xff\xfe\x00", "{f}: not a JSON file (not UTF-8 text)", raw=True)
    _raises(tmp_path, "{not json", "{f}: not JSON (Expecting property name enclosed in double quotes at line 1)")
    _raises(tmp_path, "[]", "{f}: holds no results (an empty list)")
    _raises(tmp_path, '[{"claim": "x", "verdict": "verified"}, 3]', "{f} (object 1): not an ibcheck result (a check "
            "object has 'claim' and 'verdict', a conjecture 'conjecture' and 'status')")
    _raises(tmp_path, '{"claim": "x"}', "{f}: not an ibcheck result (a check object has 'claim' and 'verdict', a "
            "conjecture 'conjecture' and 'status')")
    _raises(tmp_path, '{"conjecture": "x"}', "{f}: not an ibcheck result (a check object has 'claim' and 'verdict', "
            "a conjecture 'conjecture' and 'status')")
    _raises(tmp_path, '{"claim": "x", "verdict": "verified", "schema": "1"}',
            "{f}: schema '1' is newer than this ibcheck reads (<= 1): upgrade")
    _raises(tmp_path, '{"claim": "x", "verdict": "verified", "schema": 2}',
            "{f}: schema 2 is newer than this ibcheck reads (<= 1): upgrade")
    from ibcheck.result_diff import load
    ok = tmp_path / "ok.json"
    ok.write_text('{"conjecture": "c", "status": "survived"}')
    assert load(str(ok)) == [{"conjecture": "c", "status": "survived"}]  # one object, no schema (schema 0)
    ok.write_text('[{"claim": "x", "verdict": "verified", "schema": 1}]')
    assert load(str(ok))[0]["claim"] == "x"


def test_keys_match_by_case_claim_and_sorted_parameters():
    from ibcheck.result_diff import key
    assert key({"case": "a[seed=0]", "claim": "a"}) == "a[seed=0]"
    assert key({"conjecture": "conj.x", "status": "survived"}) == "conjecture conj.x"
    assert key({"claim": "a", "params": {"n": 4, "d": 2}}) == "a[d=2,n=4]"
    assert key({"claim": "a"}) == "a[]"


def test_one_object_against_one_object_is_matched_whatever_its_parameters():
    a = {"claim": "c", "verdict": "verified", "params": {"n": 4}}
    b = {"claim": "c", "verdict": "violated", "params": {"n": 5}}
    d = compare([a], [b])
    assert d["matched"] == 1 and d["cases_added"] == [] and d["cases_removed"] == []
    assert [(c["case"], c["direction"]) for c in d["verdict_changes"]] == [("c[n=5]", "regressed")]
    other = dict(b, claim="e")  # a different claim: two cases, one added and one removed
    d = compare([a], [other])
    assert d["matched"] == 0 and d["cases_added"] == ["e[n=5]"] and d["cases_removed"] == ["c[n=4]"]
    c1, c2 = {"conjecture": "x", "status": "survived"}, {"conjecture": "x", "status": "inconclusive"}
    d = compare([c1], [c2])
    assert d["matched"] == 1 and d["verdict_changes"][0]["claim"] == "conjecture x"


def test_moved_is_beyond_the_rows_tolerance_plus_rtol():
    from ibcheck.result_diff import _moved
    assert _moved(1.0, 1.0 + 2e-6, 0.0, 1e-6) == pytest.approx(2e-6)
    assert _moved(1.0, 1.0 + 0.5e-6, 0.0, 1e-6) is None
    assert _moved(1.0, 1.0015, 1e-3, 1e-6) == pytest.approx(0.0015)  # the row's tolerance is added
    assert _moved(1.0, 1.0009, 1e-3, 1e-6) is None
    assert _moved(-4.0, -4.0 - 3e-6, 0.0, 1e-6) is None  # rtol scales with max(|old|, |new|) = 4
    assert _moved(-4.0, -4.0 - 5e-6, 0.0, 1e-6) == pytest.approx(5e-6)
    assert _moved(1.0, 1.0 + 1e-6, 0.0, 1e-6) is None  # exactly at the line: not moved
    nan = float("nan")
    assert _moved(nan, nan, 0.0, 1e-6) is None and math.isnan(_moved(1.0, nan, 0.0, 1e-6))
    assert _moved([1.0, 2.0], [1.0, 2.5], 0.0, 1e-6) == pytest.approx(0.5)
    assert _moved([1.0, 2.0], [1.0, 2.0], 0.0, 1e-6) is None and _moved([1.0], [1.0, 2.0], 0.0, 0.0) == math.inf
    assert _moved("a", "a", 0.0, 0.0) is None and _moved("a", "b", 0.0, 0.0) == math.inf
    assert _moved(True, False, 0.0, 0.0) == math.inf and _moved(True, True, 0.0, 0.0) is None  # flags: not numbers
    assert _moved(3, 4, 0.0, 0.0) == 1.0 and _moved(None, 1.0, 0.0, 0.0) == math.inf


def test_rows_and_keys_removed_and_moved_rows_keep_their_tolerance():
    old = [_check("a[seed=0]", "verified", [_row("r1", 1.0, 2.0, True, 0.1), _row("r2", 1.0, 2.0, True)],
                  {"q": 1.0, "gone": 2.0, "v": [1.0, 2.0]})]
    new = [_check("a[seed=0]", "verified", [_row("r1", 1.05, 2.0, True, 0.1)], {"q": 1.0, "v": [1.0, 3.0]})]
    new[0]["conclusions"][0]["rhs"] = 2.5  # rhs moved beyond the tolerance 0.1; lhs within it
    d = compare(old, new)
    assert d["rows_removed"] == [{"case": "a[seed=0]", "claim": "a", "section": "conclusions", "row": "r2"}]
    assert d["keys_removed"] == [{"case": "a[seed=0]", "claim": "a", "key": "gone"}]
    assert [(c["key"], c["old"], c["new"], c["tolerance"]) for c in d["moved"]] == [
        ("conclusions[r1].rhs", 2.0, 2.5, 0.1), ("quantities.v", "<list of 2>", "<list of 2>", 0.0)]
    assert d["moved"][0]["change"] == pytest.approx(0.5) and d["moved"][1]["change"] == pytest.approx(1.0)
    assert d["counts"] == {"verdict_changes": 0, "row_flips": 0, "rows_added": 0, "rows_removed": 1, "moved": 2,
                           "keys_removed": 1, "cases_added": 0, "cases_removed": 0}
    assert d["matched"] == 1 and d["regressed"] is False


def test_verdict_directions_and_strict_failures():
    from ibcheck.result_diff import RANK, diff_object, strict_failures
    assert RANK == {"verified": 0, "observed": 0, "outside-hypotheses": 1, "inconclusive": 1, "violated": 2}
    v = lambda case, verdict: _check(case, verdict, [], {})  # noqa: E731
    old = [v("a[s]", "verified"), v("b[s]", "violated"), v("c[s]", "observed"), v("e[s]", "inconclusive"),
           v("f[s]", "verified")]
    new = [v("a[s]", "inconclusive"), v("b[s]", "inconclusive"), v("c[s]", "verified"), v("e[s]", "mystery"),
           v("f[s]", "verified"), v("g[s]", "verified")]
    d = compare(old, new)
    assert [(c["case"], c["direction"]) for c in d["verdict_changes"]] == [
        ("a[s]", "regressed"), ("b[s]", "improved"), ("c[s]", "changed"), ("e[s]", "changed")]
    assert strict_failures(d) == ["verdict a[s]: verified -> inconclusive", "verdict b[s]: violated -> inconclusive",
                                  "verdict c[s]: observed -> verified", "verdict e[s]: inconclusive -> mystery",
                                  "case added g[s]"]
    o = diff_object("old.json", "new.json", 1e-6, d)
    assert (o["schema"], o["old"], o["new"], o["rtol"]) == (1, "old.json", "new.json", 1e-6)
    assert o["strict_failures"] == strict_failures(d) and o["regressed"] is True


def test_the_printed_summary():
    from ibcheck.result_diff import lines
    d = compare(OLD, _planted())
    out = lines(d)
    assert out[0] == ("matched 5 results; verdict changes 4, row flips 3, rows added 1, rows removed 0, moved 3, "
                      "keys removed 1, cases added 1, cases removed 1")
    assert "verdict changes:" in out and "  REGRESSED a.one[seed=0]: verified -> violated" in out
    assert "  IMPROVED  a.two[seed=0]: inconclusive -> verified" in out
    assert "  a.one[seed=0]: conclusions 'gap': holds True -> False" in out
    assert "  a.three[seed=0]: conclusions 'r3'" in out and "  a.three[seed=0]: q" in out
    assert "  a.one[seed=0]: conclusions[gap].lhs: 1 -> 2.5 (change 1.5, tolerance 0.001)" in out
    assert out[-5:] == ["cases added:", "  a.new[seed=0]", "cases removed:", "  a.gone[seed=0]",
                        "REGRESSED: a verdict got worse"]
    short = lines(d, limit=1)
    assert "  ... and 3 more (--json FILE has them all)" in short and "  ... and 2 more (--json FILE has them all)" in short
    assert lines(compare(OLD, OLD))[-1] == "no verdict regressed"


def test_conjecture_ranks_and_directions():
    from ibcheck.result_diff import CONJECTURE_RANK, ROWS
    assert CONJECTURE_RANK == {"survived": 0, "inconclusive": 1, "refuted": 2}
    assert ROWS == ("hypotheses", "conclusions")
    c = lambda name, status: {"conjecture": name, "status": status}  # noqa: E731
    old = [c("a", "survived"), c("b", "refuted"), c("e", "inconclusive"), c("f", "refuted")]
    new = [c("a", "inconclusive"), c("b", "inconclusive"), c("e", "refuted"), c("f", "survived")]
    d = compare(old, new)
    assert [(x["case"], x["direction"]) for x in d["verdict_changes"]] == [
        ("conjecture a", "regressed"), ("conjecture b", "improved"), ("conjecture e", "regressed"),
        ("conjecture f", "improved")]


def test_every_pair_is_compared_after_a_conjecture_and_every_removal_is_kept():
    """A conjecture first, then checks: each check is still compared; rows removed in two cases are both listed;
    a hypothesis row's flip is reported under hypotheses; an improvement alone is no regression."""
    con = {"conjecture": "x", "status": "survived"}
    a = _check("a[s]", "inconclusive", [_row("r1", 1.0, 2.0, True), _row("r2", 1.0, 2.0, True)], {})
    b = _check("b[s]", "verified", [_row("r1", 1.0, 2.0, True), _row("r2", 1.0, 2.0, True)], {})
    a2, b2 = copy.deepcopy(a), copy.deepcopy(b)
    a2["verdict"] = "verified"
    del a2["conclusions"][1], b2["conclusions"][1]
    b2["hypotheses"][0]["holds"] = False
    d = compare([con, a, b], [con, a2, b2])
    assert [(x["case"], x["direction"]) for x in d["verdict_changes"]] == [("a[s]", "improved")]
    assert d["regressed"] is False
    assert [(x["case"], x["row"]) for x in d["rows_removed"]] == [("a[s]", "r2"), ("b[s]", "r2")]
    assert [(x["case"], x["section"], x["row"]) for x in d["row_flips"]] == [("b[s]", "hypotheses", "h")]


def test_a_rows_tolerance_is_the_larger_of_its_two_records():
    """Either file may carry the row's tolerance (0.1): a move of 0.05 stays inside it both ways, 0.15 does not."""
    for tol_old, tol_new in ((0.1, None), (None, 0.1)):
        rows = []
        for tol, lhs in ((tol_old, 1.0), (tol_new, 1.05)):
            r = _row("r", lhs, 2.0, True)
            r["tolerance"] = tol
            rows.append(r)
        mk = lambda r: [_check("a[s]", "verified", [r], {})]  # noqa: E731
        assert compare(mk(rows[0]), mk(rows[1]))["moved"] == []
        rows[1]["lhs"] = 1.15
        assert [m["key"] for m in compare(mk(rows[0]), mk(rows[1]))["moved"]] == ["conclusions[r].lhs"]


def test_moved_edges_and_the_default_rtol():
    from ibcheck.result_diff import _moved
    assert _moved(0.0, 0.5, 0.5, 0.0) is None  # exactly the tolerance: not moved
    assert _moved([1.0], 1.0, 0.0, 0.0) == math.inf and _moved(1.0, [1.0], 0.0, 0.0) == math.inf
    old = [_check("a[s]", "verified", [], {"q": 1.0})]
    new = [_check("a[s]", "verified", [], {"q": 1.0 + 1.5e-6})]
    assert [m["key"] for m in compare(old, new)["moved"]] == ["quantities.q"]  # rtol 1e-6 by default


def test_the_summarys_sections_and_their_limits():
    from ibcheck.result_diff import lines
    out = lines(compare(OLD, _planted()))
    for title in ("verdict changes:", "rows whose holds flipped:", "rows added:", "quantities moved beyond tolerance:",
                  "quantities removed:", "cases added:", "cases removed:"):
        assert title in out, title
    old = [_check("a[s]", "verified", [_row("r1", 1.0, 2.0, True), _row("r2", 1.0, 2.0, True)], {})]
    new = copy.deepcopy(old)
    del new[0]["conclusions"][1]
    out = lines(compare(old, new), limit=1)
    assert out[1:3] == ["rows removed:", "  a[s]: conclusions 'r2'"] and not any("more" in x for x in out)
    many = {"matched": 0, "counts": {}, "regressed": False, "verdict_changes": [], "row_flips": [], "rows_added": [],
            "rows_removed": [], "moved": [], "keys_removed": [], "cases_added": [f"c{i}" for i in range(41)],
            "cases_removed": []}
    out = lines(many)
    assert out[-3:] == ["  c39", "  ... and 1 more (--json FILE has them all)", "no verdict regressed"]
