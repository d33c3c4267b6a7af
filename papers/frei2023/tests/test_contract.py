"""The contract's deprecated aliases on frei2023's GD claims: the former m1/m2 run with one deprecation line, and
m1/m2 that cannot map onto m are one-line errors (the contract's snapshot: tests/test_contract.py)."""
import json
import subprocess
import sys

from ibcheck.checks.schema import SCHEMA


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
    from ibcheck.numerics.runtime.errors import InputError
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
