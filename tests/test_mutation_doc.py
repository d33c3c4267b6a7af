"""docs/mutation.md is the generator's text of the recorded mutmut runs (mutants/results/*.json) and their triage
(mutants/triage.py): stale when either changed; every surviving mutant is triaged; each listed module reaches 90 %."""
from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _report():
    sys.path.insert(0, str(ROOT / "mutants"))
    try:
        spec = importlib.util.spec_from_file_location("mutation_report", ROOT / "mutants" / "report.py")
        mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)
        return mod
    finally:
        sys.path.remove(str(ROOT / "mutants"))


def test_docs_mutation_md_is_current():
    assert (ROOT / "docs" / "mutation.md").read_text() == _report().render(), \
        "docs/mutation.md is stale: python mutants/run.py report"


def test_every_survivor_is_triaged_and_every_triage_is_used():
    rep = _report()
    survivors = {m["key"]: m for rec in rep.load().values() for m in rec["mutants"] if m["status"] == "survived"}
    untriaged = sorted(k for k, m in survivors.items() if rep.outcome(m) == "survived")
    assert not untriaged, f"surviving mutants without a kill or an equivalence reason: {untriaged}"
    # a group still in triage (mutants/partial/) is not held to "every survivor triaged", but its entries are used
    in_triage = {m["key"]: m for rec in rep.load(rep.PARTIAL).values() for m in rec["mutants"]
                 if m["status"] == "survived"}
    unused = sorted(set(rep.TRIAGE) - set(survivors) - set(in_triage))
    assert not unused, f"triage entries for no recorded survivor: {unused}"
    for k, why in rep.TRIAGE.items():
        assert why.startswith(("killed by ", "equivalent: ")), (k, why)
        if why.startswith("killed by "):
            assert {**in_triage, **survivors}[k].get("retest") == "killed", \
                f"{k}: triaged killed, but its re-test did not fail"
            path, _, name = why[len("killed by "):].split(" ")[0].partition("::")
            assert (ROOT / path).is_file() and re.search(rf"^def {re.escape(name)}\(", (ROOT / path).read_text(), re.M), \
                f"{k}: {why} names no test"


def test_each_module_reaches_the_target():
    rep = _report()
    low = {(g, mod): c["score"] for g, rec in rep.load().items() for mod, c in rep.scores(rec).items()
           if c["run"] and c["score"] < rep.TARGET}
    assert not low, f"modules below {rep.TARGET:.0%} of non-equivalent mutants killed: {low}"
