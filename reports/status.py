"""What a report result is and how it is counted: its role, its expectation, its verdict.

* ``role``: ``default`` (the claim's default setting), ``finding`` (a case documented in
  ``checks.cases.EXPECTED``) or ``setting`` (any other setting, expected ``verified``).
* ``expected``: the ``EXPECTED`` entry (verdict, reason, pinned row pattern) of a documented case;
  ``matches_expected``: whether the result has that verdict and pattern (``verified`` when undocumented).
* ``status``: what a row of the report counts as — its verdict, always: an ``inconclusive`` default counts as
  inconclusive even when it is documented. Whether a documented case behaves as documented is a separate count
  and column (``as_documented``), and ``unexpected`` lists the results that differ from their expectation.

The terminal summary, the HTML filter buttons, the summary rows and their badges all count through ``counts``
here, so they cannot disagree, and they equal the verdict counts of ``results.json``.
"""
from __future__ import annotations

from ibcheck.checks.cases import EXPECTED, case_id, pattern, setting_key
from ibcheck.checks.expected import differences
from ibcheck.checks.registry import REGISTRY
from ibcheck.theory import verdict as V

ROLES = ("default", "setting", "finding")
FINDING = "finding"  # the role of a documented case
DOCUMENTED = "documented"  # the filter of the results that behave as documented (not a status)
STATUSES = (V.VERIFIED, V.OBSERVED, V.VIOLATED, V.OUTSIDE, V.INCONCLUSIVE)  # button order: good, bad, the rest
LABELS = {DOCUMENTED: "as documented"}
CONJECTURE = "conjecture"
PLANNED = "planned"


def label(status: str) -> str:
    return LABELS.get(status, status)


def case_of(claim_id: str, setting: dict) -> str | None:
    """The case id of a claim × setting (``None`` for a claim no check is registered for)."""
    return case_id(claim_id, setting) if claim_id in REGISTRY else None


def is_default(claim_id: str, setting: dict) -> bool:
    """The setting is the check's default: empty, or every value equal to its parameter's default."""
    spec = REGISTRY.get(claim_id)
    if not setting:
        return True
    if spec is None or any(k not in spec.params for k in setting):
        return False
    try:
        return all(spec.params[k].parse(v) == spec.params[k].default for k, v in setting.items())
    except Exception:  # noqa: BLE001  (an unparsable value is not the default)
        return False


def expectation(case: str | None) -> dict | None:
    e = EXPECTED.get(case) if case else None
    if e is None:
        return None
    claim = REGISTRY[case.split("[", 1)[0]].claim
    return {"verdict": e.verdict, "reason": e.reason, "holds": e.pattern(claim), "rows": e.rows(claim)}


def matches(result: dict, expected: dict | None) -> bool:
    """The verdict, and for a documented case every pinned row, by name (``checks.expected``)."""
    if expected is None:
        return result["verdict"] == V.VERIFIED
    if result["verdict"] != expected["verdict"]:
        return False
    if expected.get("rows"):
        return not differences(result, expected["rows"])
    holds = expected.get("holds")
    return not isinstance(holds, str) or pattern(result) == holds


def annotate(result: dict, claim_id: str, setting: dict, role: str | None = None) -> dict:
    """Add ``case``, ``role``, ``expected`` (documented cases only) and ``matches_expected`` in place."""
    case = case_of(claim_id, setting)
    exp = expectation(case)
    if role not in ROLES:
        role = "default" if is_default(claim_id, setting) else FINDING if exp is not None else "setting"
    result["case"] = case
    result["role"] = role
    if exp is not None:
        result["expected"] = exp
    else:
        result.pop("expected", None)
    result["matches_expected"] = matches(result, exp)
    result["_setting"] = dict(setting)
    return result


def ensure(result: dict) -> dict:
    """Annotate a result that did not come through ``reports.run`` (e.g. a test's injected one)."""
    if "role" not in result:
        annotate(result, result["claim"], result.get("_setting", {}), result.get("_role"))
    return result


def status(result: dict) -> str:
    """The verdict: what the row counts as, documented or not."""
    return ensure(result)["verdict"]


def as_documented(result: dict) -> bool:
    """A documented case (``EXPECTED``) whose verdict and row pattern are exactly the documented ones."""
    return ensure(result).get("expected") is not None and result["matches_expected"]


def note(result: dict) -> str:
    """The check's label of this setting (``CheckSpec.notes``), '' if none."""
    spec = REGISTRY.get(result["claim"])
    return spec.notes.get(setting_key(result.get("_setting") or {}), "") if spec else ""


def counts(results: list[dict], conjectures: int = 0, planned: int = 0) -> dict:
    """Rows per status, in the order of the report's filter buttons (zero counts kept)."""
    out = {s: 0 for s in STATUSES}
    for r in results:
        out[status(r)] += 1
    if planned:
        out[PLANNED] = planned
    if conjectures:
        out[CONJECTURE] = conjectures
    return out


def report_counts(results: list[dict], conjectures: dict | None = None) -> dict:
    """The report's rows per status: the results, the planned claims and one row per conjecture search that ran
    (``conjectures``: the report's ``{id: search result}``; one the profile skipped is not counted)."""
    from ibcheck.theory.catalogue import PLANNED as _PLANNED
    ran = sum(1 for r in (conjectures or {}).values() if r and r.get("status") in ("refuted", "survived", "inconclusive"))
    return counts(results, conjectures=ran, planned=len(_PLANNED))


def unexpected(results: list[dict]) -> list[dict]:
    """Results that differ from their expectation (``verified``, or the documented entry)."""
    return [r for r in results if not ensure(r)["matches_expected"]]


def documented_counts(results: list[dict]) -> tuple[int, int]:
    """``(as documented, documented)``: the documented cases that ran, and how many behave as documented."""
    docs = [r for r in results if ensure(r).get("expected") is not None]
    return sum(as_documented(r) for r in docs), len(docs)


def summary_line(results: list[dict], conjectures: dict | None = None) -> str:
    """The terminal line: the verdict counts (the report's buttons), how many documented cases behave as
    documented, and how many results differ from their expectation."""
    bad = unexpected(results)
    ok, docs = documented_counts(results)
    return (", ".join(f"{label(k)} {v}" for k, v in report_counts(results, conjectures).items())
            + f"; as documented {ok} of {docs} documented" + f"; {len(bad)} unexpected"
            + (f" ({', '.join(r['case'] or r['claim'] for r in bad)})" if bad else ""))


def conjecture_status(result: dict | None, expected: str) -> str:
    """``refuted (expected)``, ``survived, N decided trials``, ``inconclusive (N decided, M undecided)``."""
    if not result:
        return "not run"
    s = result["status"]
    if s == "refuted":
        text = "refuted"
    elif s == "survived":
        text = f"survived, {result['decided_trials']} decided trials"
    else:
        text = f"inconclusive ({result['decided_trials']} decided, {result['undecided_trials']} undecided)"
    if expected:
        text += " (expected)" if s == expected else f" (documented: {expected})"
    return text
