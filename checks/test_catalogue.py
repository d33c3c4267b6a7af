"""One test per claim × setting: the check must be ``verified`` unless ``EXPECTED`` documents otherwise."""
from __future__ import annotations

from ibcheck.checks.cases import EXPECTED
from ibcheck.checks.cases import assert_expected
from ibcheck.checks.runner import run_check


def assert_horizon_commands(cid: str, result: dict) -> None:
    """Every command a result prints to reach a horizon is accepted by `ibcheck check` (parsed and validated, not
    run), and an inconclusive verdict that names a horizon its check can reach ends with that command."""
    import shlex

    from ibcheck.cli import dry_run_check
    rows = [r for s in result.get("per_seed", [result]) for r in s["hypotheses"] + s["conclusions"]]
    for r in rows:
        if r.get("horizon_command"):
            words = shlex.split(r["horizon_command"])
            assert words[:3] == ["ibcheck", "check", result["claim"]], r["horizon_command"]
            dry_run_check(words[1:])
    commands = [r["horizon_command"] for r in result["conclusions"] if r.get("horizon_command")]
    if result["verdict"] == "inconclusive" and commands:
        assert "ibcheck check " + result["claim"] in result["reason"], f"{cid}: the reason omits the command"


def test_claim(case, request, session_results):
    claim_id, setting, cid = case
    # computed once per session: the report's test (tests/test_report.py) renders the same quick-profile results
    result = session_results(claim_id, setting, lambda: run_check(claim_id, setting, keep_series=True))
    from ibcheck.reports.status import annotate  # role, expectation and status, as in `ibcheck report`
    annotate(result, claim_id, setting)
    request.config._ibcheck_results.append(result)
    assert_expected(cid, result)
    assert_same_under_ulps(result)
    assert_horizon_commands(cid, result)


def assert_same_under_ulps(result: dict, ulps: int = 8) -> None:
    """Every limit/rate row re-judged from its own checkpoints with each value moved by up to ``ulps`` ulps
    (seeded; another CPU's summation order) holds as before: the judge decides from differences large against the
    quantity's rounding, never from its last bits. Cheap: the judge alone, no trainer re-run."""
    import math
    import random

    from ibcheck.theory.asymptotic import Series
    from ibcheck.theory.catalogue import CATALOGUE
    claim = CATALOGUE[result["claim"]]
    scalars = {k: v for k, v in {**claim.constants, **result["params"], **result["quantities"]}.items()
               if isinstance(v, (int, float)) and not isinstance(v, bool)}
    rng = random.Random(result["claim"])
    for cond, row in zip(claim.hypotheses + claim.conclusions, result["hypotheses"] + result["conclusions"]):
        if not cond.asymptotic or not row.get("checkpoints") or any(v is None for v in row["values"]):
            continue
        name = cond.rel.lhs.name

        def judged(vals):
            return cond.evaluate({**scalars, name: Series(row["checkpoints"], vals)})["holds"]
        if judged(row["values"]) is not row["holds"]:  # a row whose inputs the JSON does not carry: not re-judgeable
            continue
        moved = [v + rng.randint(-ulps, ulps) * math.ulp(v) for v in row["values"]]
        assert judged(moved) is row["holds"], f"{result['claim']}: {row['name']!r} flips under {ulps} ulps"


def test_expected_table_is_consistent():
    """Every documented outcome names a real case of some profile and pins every row of its claim by name."""
    from ibcheck.checks.cases import cases
    from ibcheck.checks.registry import REGISTRY
    known = {c[2] for c in cases("full")}
    stale = sorted(k for k in EXPECTED if k not in known)
    assert not stale, f"EXPECTED keys that match no case: {stale}"
    for key, e in EXPECTED.items():
        claim = REGISTRY[key.split("[", 1)[0]].claim
        assert e.verdict in ("violated", "outside-hypotheses", "inconclusive", "observed"), key
        assert e.verdict != "observed" or claim.exploratory, f"{key}: only an exploratory claim answers 'observed'"
        assert e.named, f"{key}: name the rows (fails=…, undecided=…), not their positions"
        assert not e.unknown_rows(claim), f"{key}: no such row in {claim.id}: {e.unknown_rows(claim)}"
        assert not set(e.fails) & set(e.undecided), key
        assert e.reason and any(ch.isdigit() for ch in e.reason), f"{key}: the reason must quote what was measured"
