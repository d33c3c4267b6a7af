"""Conjecture search: a planted false conjecture is refuted and shrunk, a true one survives, runs are
reproducible for a seed, and malformed files are one-line errors with exit 2."""
import json
import subprocess
import sys
from pathlib import Path

import pytest

from ibcheck.checks.conjecture import load, search

DATA = Path(__file__).parent / "data"


def test_planted_false_conjecture_is_refuted_and_shrunk():
    conj, _ = load(str(DATA / "planted_false.py"))
    r = search(conj, budget=10, seed=1)
    assert r["status"] == "refuted"
    cx, first = r["counterexample"]["params"], r["first_failure"]["params"]
    assert cx["n"] == 4 and cx["d"] == 2000 and cx["seed"] == 0  # shrunk to the smallest case
    assert (cx["n"], cx["d"], cx["seed"]) <= (first["n"], first["d"], first["seed"])
    assert r["counterexample"]["quantities"]["gap"] > r["counterexample"]["quantities"]["lower"] / 2


def test_true_conjecture_survives_its_budget():
    conj, _ = load(str(DATA / "planted_true.py"))
    r = search(conj, budget=200, seed=0)
    assert r["status"] == "survived" and r["trials"] >= 200 and r["counterexample"] is None
    assert r["coverage"]["z"]["min"] < -100 and r["coverage"]["z"]["max"] > 100


def test_undecided_trials_are_inconclusive_not_survived():
    """Every trial's conclusion is NaN (undecidable): nothing refuted it, but nothing decided it either."""
    import math

    import sympy as sp

    from ibcheck.checks.conjecture import Conjecture, Float
    q = sp.Symbol("q", real=True)
    conj = Conjecture(id="planted.undecided", title="q ≥ 0 with q never measured", space={"z": Float(-1.0, 1.0)},
                      experiment=lambda p: {"q": math.nan}, quantities=("q",), conclusion=sp.Ge(q, 0))
    r = search(conj, budget=10, seed=0)
    assert r["decided_trials"] == 0 and r["undecided_trials"] > 0
    assert r["status"] == "inconclusive" and r["counterexample"] is None


def test_search_is_reproducible_for_a_seed():
    conj, _ = load(str(DATA / "planted_false.py"))
    a, b = search(conj, budget=8, seed=3), search(conj, budget=8, seed=3)
    assert a["counterexample"] == b["counterexample"] and a["trials"] == b["trials"]
    assert a["first_failure"] == b["first_failure"]


def ibcheck(*args):
    return subprocess.run([sys.executable, "-m", "ibcheck", *args], capture_output=True, text=True, timeout=600)


@pytest.mark.parametrize("name,msg", [("syntax_error.py", "syntax error at line 1"), ("unknown_symbol.py", "unknown symbol 'bogus'"),
                                      ("empty_space.py", "is empty"), ("no_space.py", "empty parameter space"),
                                      ("missing.py", "neither a shipped conjecture")])
def test_malformed_conjecture_files(name, msg, capsys):
    """One line and exit 2: the first file through a real process (the entry point's own exit status and stderr),
    the others through ``main`` in this process (the same code path, without 8 s of imports each)."""
    if name == "syntax_error.py":
        p = ibcheck("conjecture", str(DATA / name))
        rc, err = p.returncode, p.stderr
    else:
        from ibcheck.cli import main
        try:
            rc = main(["conjecture", str(DATA / name)])
        except SystemExit as exc:
            rc = exc.code
        err = capsys.readouterr().err
    assert rc == 2 and msg in err and len(err.strip().splitlines()) == 1, err


def test_cli_refutes_writes_json_page_and_replays(tmp_path):
    j = tmp_path / "c.json"
    p = ibcheck("conjecture", str(DATA / "planted_false.py"), "--budget", "5", "--out", str(tmp_path / "out"),
                "--json", str(j))
    assert p.returncode == 1, p.stderr
    r = json.loads(j.read_text())
    assert set(r) >= {"conjecture", "status", "trials", "budget", "seed", "seconds", "counterexample", "first_failure",
                      "replay"}
    assert (tmp_path / "out" / "index.html").is_file() and "trials/minute" in p.stdout
    replay = r["replay"].split(" --replay ")[1].strip('"')
    q = ibcheck("conjecture", str(DATA / "planted_false.py"), "--replay", replay)
    assert q.returncode == 1 and json.loads(q.stdout)["quantities"] == r["counterexample"]["quantities"]
