"""The contract users script against does not change silently: the command-line options, every claim's
parameters (with their deprecated aliases) and the JSON keys of each object the CLI writes are compared with the
committed snapshot (tests/contract/snapshot.json; how to regenerate it: tests/contract/surface.py). An addition
must be recorded there; a removal or rename must also be announced in CHANGELOG.md."""
import json
import subprocess
import sys

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


def test_old_m1_m2_run_with_one_deprecation_line(tmp_path):
    """The frei2023 GD claims' former m1/m2 (numbers of neurons with a = ±1/√m) map onto m = m1 + m2 (m1 = m2)."""
    j = tmp_path / "r.json"
    p = subprocess.run([sys.executable, "-m", "ibcheck", "check", "frei2023.thm4.2.loss", "--set", "m1=3", "--set",
                        "m2=3", "--set", "n=6", "--set", "d=400", "--set", "steps=10", "--json", str(j)],
                       capture_output=True, text=True, timeout=300)
    assert p.returncode in (0, 3, 4), p.stderr
    dep = [line for line in p.stderr.splitlines() if line.startswith("deprecated:")]
    assert len(dep) == 1 and "use --set m=6" in dep[0] and "0.3.0" in dep[0], p.stderr
    r = json.loads(j.read_text())
    assert r["schema"] == SCHEMA and r["params"]["m"] == 6 and "m1" not in r["params"]


def test_m1_m2_that_cannot_map_are_one_line_errors():
    from ibcheck.checks.params import apply_aliases
    from ibcheck.checks.registry import REGISTRY
    from ibcheck.numerics.errors import InputError
    spec = REGISTRY["frei2023.thm4.2.srank"]
    assert apply_aliases(spec.aliases, {"m1": "128", "m2": "128"}, spec.id) == {"m": 256}
    assert apply_aliases(spec.aliases, {"m1": 64, "m2": 64, "m": "128.0"}, spec.id) == {"m": 128}
    for bad, says in (({"m1": 3, "m2": 5}, "m1 must equal m2"), ({"m1": 3}, "alone cannot be mapped"),
                      ({"m1": 2, "m2": 2, "m": 8}, "but m=8 is also given"), ({"m1": "x", "m2": 2}, "expected int")):
        try:
            apply_aliases(spec.aliases, bad, spec.id)
        except InputError as exc:
            assert says in str(exc) and "\n" not in str(exc)
        else:
            raise AssertionError(f"{bad} was accepted")
    for cid in ("frei2023.thm4.2.loss", "frei2023.thm4.2.norm", "frei2023.fig1", "frei2023.sec5.gmm"):
        assert REGISTRY[cid].aliases == spec.aliases, cid
    assert not REGISTRY["frei2023.thm3.1"].aliases  # the flows take m1 and m2 themselves


def test_every_json_object_the_cli_writes_carries_the_schema(tmp_path):
    from ibcheck.checks.schema import stamp
    from ibcheck.cli_io import write_json
    write_json(str(tmp_path / "a.json"), [{"claim": "x"}, {"conjecture": "y", "schema": 0}])
    assert json.loads((tmp_path / "a.json").read_text()) == [{"schema": SCHEMA, "claim": "x"},
                                                             {"schema": 0, "conjecture": "y"}]
    assert list(stamp({"a": 1, "schema": 1})) == ["schema", "a"]
