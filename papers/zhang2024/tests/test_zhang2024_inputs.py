"""zhang2024's inputs are bound: a constant Adam schedule is outside the theorem (its steps diminish), whatever
`--set a` says — the rows on a read the exponent of the schedule run."""
from __future__ import annotations

from ibcheck.checks.binding import bindings, explain
from ibcheck.checks.registry import REGISTRY
from ibcheck.testing.cli import run_cli


def _rows(r):
    return {row["name"]: row["holds"] for row in r["hypotheses"]}


def test_the_schedule_is_read_by_the_rows_on_a():
    sched = bindings(REGISTRY["zhang2024.adam_linf_margin"])["schedule"]
    assert sched.kind == "reads" and sched.why == "'a > 0 (η_t → 0)', 'a ≤ 1 (Σ η_t = ∞)'"
    assert bindings(REGISTRY["zhang2024.adam_linf_margin"])["eta0"].kind == "inert"


def test_a_constant_schedule_is_outside():
    r = run_cli("check", "zhang2024.adam_linf_margin", "--set", "schedule=constant", "--set", "eta0=0.01")
    assert r.returncode == 3, r.stdout[-500:] + r.stderr
    assert "hypothesis fails: a > 0 (η_t → 0) (0 >= 1e-12" in r.stdout
    from ibcheck.checks.runner import run_check
    res = run_check("zhang2024.adam_linf_margin", {"schedule": "constant", "eta0": 0.01, "a": 0.7})
    assert res["verdict"] == "outside-hypotheses" and _rows(res)["a > 0 (η_t → 0)"] is False
    assert _rows(res)["a ≤ 1 (Σ η_t = ∞)"] is True


def test_explain_prints_the_schedule_row():
    r = run_cli("check", "zhang2024.adam_linf_margin", "--explain")
    assert r.returncode == 0, r.stderr
    assert "  schedule: read by 'a > 0 (η_t → 0)', 'a ≤ 1 (Σ η_t = ∞)'" in r.stdout.splitlines()
    assert all("  " + line in r.stdout.splitlines() for line in explain(REGISTRY["zhang2024.adam_linf_margin"]))
