"""The contract users script against does not change silently: the command-line options, every claim's
parameters (with their deprecated aliases) and the JSON keys of each object the CLI writes are compared with the
committed snapshot (tests/contract/snapshot.json; how to regenerate it: tests/contract/surface.py). An addition
must be recorded there; a removal or rename must also be announced in CHANGELOG.md."""
import json

from ibcheck.checks.schema import SCHEMA

from .contract import surface as S


def test_the_surface_matches_the_snapshot():
    snap = S.snapshot()
    assert snap["schema"] == SCHEMA, f"snapshot of schema {snap['schema']}, code at {SCHEMA}: regenerate the snapshot"
    now, old = S.surface(), set(snap["surface"])
    removed = sorted(old - now)
    unannounced = [p for p in removed if p not in S.announced()]
    assert not unannounced, (f"removed or renamed without an announcement in CHANGELOG.md (a '- Removed `path`' or "
                             f"'- Renamed `path` ...' bullet), then `python -m tests.contract.surface --update`: "
                             f"{unannounced}")
    assert not removed, f"announced removals not yet recorded: `python -m tests.contract.surface --update`: {removed}"
    added = sorted(now - old)
    assert not added, f"additions are allowed but must be recorded: `python -m tests.contract.surface --update`: {added}"


def test_the_changelog_leads_with_this_release_and_names_the_schema():
    from ibcheck import __version__
    text = S.CHANGELOG.read_text(encoding="utf-8")
    first = next(line for line in text.splitlines() if line.startswith("## "))
    assert __version__ in first, f"CHANGELOG.md's first release heading {first!r} is not this version {__version__}"
    assert f'"schema": {SCHEMA}' in text


def test_every_json_object_the_cli_writes_carries_the_schema(tmp_path):
    from ibcheck.checks.schema import stamp
    from ibcheck.cli_io import write_json
    write_json(str(tmp_path / "a.json"), [{"claim": "x"}, {"conjecture": "y", "schema": 0}])
    assert json.loads((tmp_path / "a.json").read_text()) == [{"schema": SCHEMA, "claim": "x"},
                                                             {"schema": 0, "conjecture": "y"}]
    assert list(stamp({"a": 1, "schema": 1})) == ["schema", "a"]
