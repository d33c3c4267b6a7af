"""The machine-independence recorder and comparer (.ci/run's second run): pinned comparisons reach the recording,
differences fail, and a recording with no pinned comparison at all fails (the recorder lost its hook)."""
import json
from types import SimpleNamespace

from ibcheck.testing import pinning
from tests import machine_compare, machine_record


def test_the_recorder_reaches_the_pinned_comparisons():
    rec = machine_record._Recorder("t::x")
    wrappers = machine_record._wrappers(rec)
    assert wrappers[(pinning, "RECORD")] == rec.compared  # the hook sits where compare() reads it
    m = SimpleNamespace(quantities={"a": 1.0}, values={})
    old, pinning.RECORD = pinning.RECORD, rec.compared
    try:
        pinning.compare("c", m, {"a": 1.0}, {"a": pinning.RECOMPUTED})
    finally:
        pinning.RECORD = old
    assert rec.entry["compared"] == {"c:a": {"ok": True, "value": 1.0}}
    machine_record._RECORDS.pop("t::x", None)


def _write(folder, compared, verdict="verified"):
    folder.mkdir()
    entry = {"outcome": "passed", "verdicts": [{"what": "run_check c", "verdict": verdict, "holds": {"r": True}}],
             "compared": compared, "values": {}}
    (folder / "gw0.json").write_text(json.dumps({"t::x": entry}), encoding="utf-8")
    return str(folder)


def test_same_runs_pass_a_moved_verdict_fails_and_no_comparison_fails(tmp_path, capsys):
    cmp = {"c:a": {"ok": True, "value": 1.0}}
    a = _write(tmp_path / "a", cmp)
    assert machine_compare.main([a, _write(tmp_path / "b", {"c:a": {"ok": True, "value": 1.0 + 2e-16}})]) == 0
    assert machine_compare.main([a, _write(tmp_path / "c", cmp, verdict="violated")]) == 1
    assert machine_compare.main([_write(tmp_path / "d", {}), _write(tmp_path / "e", {})]) == 1
    assert "no pinned comparison was recorded" in capsys.readouterr().out
